// The requests behind the inbox: every report message in the moderation request channel with its
// Markdown (GET /messages, spec 7, paged by anchor past the 5000-message limit), and marking a report's
// topic read (spec 13).
import { getMessages, markTopicAsRead, RECOMMENDED_MESSAGES_PER_FETCH, type Message, type Narrow, type ReplyOf } from '../../../shared/api';
import type { ApiClient } from '../client/api-client';

/** What the inbox keeps of a report message: its Markdown, its time, and the topic to mark read. */
export interface ReportMessage {
  id: number;
  content: string;
  timestamp: number;
  topic: string;
}

export const toReportMessage = (message: Message): ReportMessage => ({ id: message.id, content: message.content, timestamp: message.timestamp, topic: message.subject });

export interface ReportSource {
  channelId: number;
  /** The notification bot; null when the server does not say which user it is. */
  botId: number | null;
}

/**
 * The notification bot's messages in the channel, oldest first, in pages of `pageSize` (the spec's
 * recommended 1000 by default: a report can be 10,000 characters, so 5000 of them would make one reply
 * of tens of megabytes). Markdown, not HTML: the parser reads the template's syntax.
 */
export async function fetchReportMessages(client: ApiClient, source: ReportSource, pageSize = RECOMMENDED_MESSAGES_PER_FETCH): Promise<ReportMessage[]> {
  const narrow: Narrow = [{ operator: 'channel', operand: source.channelId }];
  if (source.botId !== null) narrow.push({ operator: 'sender', operand: source.botId });
  const pages: ReportMessage[][] = [];
  let anchor: number | 'newest' = 'newest';
  for (;;) {
    const { value }: { value: ReplyOf<typeof getMessages> } = await client.call(getMessages, {
      anchor,
      include_anchor: false,
      num_before: pageSize,
      num_after: 0,
      narrow,
      apply_markdown: false,
      client_gravatar: true,
    });
    pages.unshift(value.messages.map(toReportMessage));
    const oldest: number | undefined = value.messages[0]?.id;
    if (value.found_oldest || oldest === undefined) return pages.flat();
    anchor = oldest;
  }
}

/** spec 13: one request per topic (a topic holds every report about one user). */
export async function markTopicsRead(client: ApiClient, channelId: number, topics: Iterable<string>): Promise<void> {
  for (const topic of new Set(topics)) await client.call(markTopicAsRead, { stream_id: channelId, topic_name: topic });
}

/** Up to `count` messages on each side of `anchor` in a conversation, rendered (HTML). */
export async function fetchAround(client: ApiClient, narrow: Narrow, anchor: number, count: number) {
  const { value } = await client.call(getMessages, { anchor, num_before: count, num_after: count, narrow, apply_markdown: true, client_gravatar: true });
  return value;
}

/**
 * One message by ID, as Markdown, if the user can see it (else undefined). `within` narrows further: a
 * channel operator is what lets the server search a public channel's history the user was never sent.
 */
export async function fetchOne(client: ApiClient, id: number, within: Narrow = []): Promise<Message | undefined> {
  const narrow: Narrow = [...within, { operator: 'id', operand: id }];
  const { value } = await client.call(getMessages, { anchor: id, num_before: 0, num_after: 0, narrow, apply_markdown: false, client_gravatar: true });
  return value.messages.find((message) => message.id === id);
}

/** Messages of a conversation before `before`, newest last, as Markdown (to find a reported DM by its text). */
export async function fetchBefore(client: ApiClient, narrow: Narrow, before: number, count: number): Promise<Message[]> {
  const { value } = await client.call(getMessages, { anchor: before, include_anchor: false, num_before: count, num_after: 0, narrow, apply_markdown: false, client_gravatar: true });
  return value.messages;
}
