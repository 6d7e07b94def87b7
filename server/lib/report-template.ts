// The moderation report message, in upstream's exact template
// (https://github.com/zulip/zulip/blob/main/zerver/lib/message_report.py at commit 0814fb88, and its
// zerver/tests/test_message_report.py): the topic, the header for a DM, group DM or channel message, the reason and notes, and the reported content in a spoiler with an unused fence.
import { MAX_MESSAGE_LENGTH, TRUNCATED_MESSAGE_MARKER, truncateContent } from './limits';
import { narrowHash } from './narrow-url';

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
  const reportedContent = truncateContent(input.content, MAX_REPORTED_CONTENT, TRUNCATED_MESSAGE_MARKER);
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

export function messageLinkSyntax(channelId: number, channelName: string, topic: string, messageId: number): string {
  if (BREAKS_LINK.test(channelName) || BREAKS_LINK.test(topic)) {
    const url = narrowHash({ id: channelId, name: channelName }, topic, messageId);
    return `[#${escapeLinkText(channelName)} > ${escapeLinkText(topic)} @ 💬](${url})`;
  }
  return `#**${channelName}>${topic}@${messageId}**`;
}
