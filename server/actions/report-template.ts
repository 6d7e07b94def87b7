// The moderation report message, in upstream's exact template (reference/upstream-behaviour.md
// section 5; zerver/lib/message_report.py at 0814fb88 and its test_message_report.py): the topic, the header for a DM, group DM or channel
// message, the reason and notes, and the reported content in a spoiler with an unused fence.
export const MAX_MESSAGE_LENGTH = 10_000;
const TRUNCATED_SUFFIX = '\n[message truncated]';
/** upstream: truncate_content(..., MAX_MESSAGE_LENGTH - 1000 - 500, "\n[message truncated]") */
export const MAX_REPORTED_CONTENT = MAX_MESSAGE_LENGTH - 1000 - 500;

export interface ReportParty {
  id: number;
  full_name: string;
}

export type ReportedMessageWhere =
  | { kind: 'dm' }
  | { kind: 'group_dm'; participants: ReportParty[] }
  | { kind: 'channel'; channelId: number; channelName: string; topic: string };

export interface ReportInput {
  reporter: ReportParty;
  reportedUser: ReportParty;
  messageId: number;
  where: ReportedMessageWhere;
  reportType: string;
  description: string;
  content: string;
}

export const silentMention = (user: ReportParty) => `@_**${user.full_name}|${user.id}**`;

export const reportTopic = (reportedUser: ReportParty) => `${reportedUser.full_name}'s moderation requests`;

export function reportContent(input: ReportInput): string {
  const reporter = silentMention(input.reporter);
  const reported = silentMention(input.reportedUser);
  let header: string;
  if (input.where.kind === 'dm') {
    header = `${reporter} reported a DM sent by ${reported}.`;
  } else if (input.where.kind === 'group_dm') {
    // upstream lists every participant, the reported user too, in display_recipient order (by ID):
    // "reported a DM sent by B to A, C, and B." (test_gdm_report).
    const recipients = [...input.where.participants].sort((a, b) => a.id - b.id).map(silentMention);
    const last = recipients.pop() ?? '';
    header = `${reporter} reported a DM sent by ${reported} to ${recipients.join(', ')}, and ${last}.`;
  } else {
    const link = messageLinkSyntax(input.where.channelId, input.where.channelName, input.where.topic, input.messageId);
    header = `${reporter} reported ${link} sent by ${reported}.`;
  }
  const reportedContent = truncate(input.content, MAX_REPORTED_CONTENT);
  const fence = unusedFence(reportedContent);
  // The notes block is there even when the description is empty, as in upstream's format string, and
  // the spoiler starts on the line right after the quote's closing fence (no blank line between).
  const content =
    `${header}\n- Reason: **${input.reportType}**\n- Notes:\n\`\`\`quote\n${input.description}\n\`\`\`` +
    `\n${fence} spoiler **Message sent by ${reported}**\n${reportedContent}\n${fence}\n`;
  return content.trim();
}

/** upstream get_unused_fence: one backtick more than the longest run of three or more in the content. */
export function unusedFence(content: string): string {
  let longest = 2;
  for (const match of content.matchAll(/`{3,}/g)) longest = Math.max(longest, match[0].length);
  return '`'.repeat(longest + 1);
}

function truncate(content: string, max: number): string {
  if (content.length <= max) return content;
  return content.slice(0, max - TRUNCATED_SUFFIX.length) + TRUNCATED_SUFFIX;
}

/** upstream topic_link_util: characters that would break the #**channel>topic** syntax. */
const BREAKS_LINK = /(?<!\\)((\\{2})+)|([\\>*`$]|&[a-z]+;)/;
const ESCAPES: [RegExp, string][] = [
  [/&/g, '&amp;'],
  [/`/g, '&#96;'],
  [/>/g, '&gt;'],
  [/\*/g, '&#42;'],
  [/\$\$/g, '&#36;&#36;'],
  [/\[/g, '&#91;'],
  [/\]/g, '&#93;'],
];

const escapeLinkText = (text: string) => ESCAPES.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);

/** upstream encodeHashComponent: URL-encode, then '.' for '%' so the hash survives. */
export function encodeHashComponent(text: string): string {
  return encodeURIComponent(text).replace(/[.()']/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).replace(/%/g, '.');
}

export function messageLinkSyntax(channelId: number, channelName: string, topic: string, messageId: number): string {
  if (BREAKS_LINK.test(channelName) || BREAKS_LINK.test(topic)) {
    const slug = `${channelId}-${encodeHashComponent(channelName.replace(/ /g, '-'))}`;
    const url = `#narrow/channel/${slug}/topic/${encodeHashComponent(topic)}/near/${messageId}`;
    return `[#${escapeLinkText(channelName)} > ${escapeLinkText(topic)} @ 💬](${url})`;
  }
  return `#**${channelName}>${topic}@${messageId}**`;
}
