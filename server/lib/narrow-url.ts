// Links into the web app's narrows (`#narrow/channel/…/topic/…/near/…`), as upstream builds them in
// message HTML (channel and topic links) and in moderation reports (a link to the reported message).

/** upstream encodeHashComponent: URL-encode, then '.' for '%' so the hash survives. */
export function encodeHashComponent(text: string): string {
  return encodeURIComponent(text).replace(/[.()']/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).replace(/%/g, '.');
}

/** upstream encode_stream: the channel's part of a narrow URL, `ID-name-with-dashes`. */
const channelSlug = (id: number, name: string) => `${id}-${encodeHashComponent(name.replace(/ /g, '-'))}`;

/** The narrow of a channel, of a topic in it, or of a message in that topic: `#narrow/channel/…`. */
export function narrowHash(channel: { id: number; name: string }, topic?: string, messageId?: number | string): string {
  let hash = `#narrow/channel/${channelSlug(channel.id, channel.name)}`;
  if (topic !== undefined) hash += `/topic/${encodeHashComponent(topic)}`;
  if (messageId !== undefined) hash += `/near/${messageId}`;
  return hash;
}
