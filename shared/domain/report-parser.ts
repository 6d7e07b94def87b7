// Reads a moderation report back from the notification bot's message (spec 16), written in upstream's
// template (https://github.com/zulip/zulip/blob/main/zerver/lib/message_report.py; the sandbox writes it in
// server/lib/report-template.ts). Only the Markdown is read: the message has no structured copy.
//
//   @_**Mark Member|5** reported a DM sent by @_**Gina Guest|6**.
//   - Reason: **spam**
//   - Notes:
//   ```quote
//   {description, possibly empty}
//   ```
//   ``` spoiler **Message sent by @_**Gina Guest|6****
//   {reported content, possibly ending in "\n[message truncated]"}
//   ```
//
// The spoiler's fence is longer than any run of backticks in the content. A message that does not
// follow the template is returned unparsed with its text, so the inbox shows it rather than drop it.
import type { Report, ReportedWhere } from '../ipc/moderation';

export type ParsedReport = Pick<Report, 'parsed' | 'raw' | 'reportType' | 'reporter' | 'reportedUser' | 'reportedMessageId' | 'where' | 'notes' | 'content' | 'truncated'>;

interface Person {
  id: number;
  name: string;
}

/** upstream truncate_content's marker (MAX_MESSAGE_LENGTH - 1000 - 500 characters at most). */
export const TRUNCATION_MARKER = '\n[message truncated]';

// upstream silent_mention_syntax_for_user: @_**Full Name|id**. A name never holds "**" (it would end the
// mention's bold), and the first "|digits**" after it ends the mention.
const MENTION = String.raw`@_\*\*((?:[^*\n]|\*(?!\*))+?)\|(\d+)\*\*`;
const MENTION_GLOBAL = new RegExp(MENTION, 'g');
const DM_HEADER = new RegExp(`^${MENTION} reported a DM sent by ${MENTION}\\.$`);
const GROUP_DM_HEADER = new RegExp(`^${MENTION} reported a DM sent by ${MENTION} to (.+)\\.$`);
// Greedy link: a topic may hold " sent by "; the reported user's mention is anchored at the end.
const CHANNEL_HEADER = new RegExp(`^${MENTION} reported (.+) sent by ${MENTION}\\.$`);
// #**channel>topic@id**: used only when neither name holds `>`, `*`, `` ` ``, `\` or `$`, so the first
// `>` ends the channel and the last `@digits` starts the message ID.
const CHANNEL_LINK = /^#\*\*([^>]+)>(.*)@(\d+)\*\*$/;
// upstream topic_link_util's fallback: [#channel > topic @ 💬](#narrow/channel/ID-slug/topic/…/near/ID),
// the text's `>` escaped as &gt;, so the first " > " separates channel and topic.
const FALLBACK_LINK = /^\[#([^>]*) > (.*) @ 💬\]\([^()\s]*#narrow\/(?:channel|stream)\/(\d+)-[^/()\s]*\/topic\/[^/()\s]*\/near\/(\d+)\)$/;
const REASON = /^- Reason: \*\*(.+)\*\*$/;
const FENCE_LINE = /^`{3,}$/;

const ENTITIES: Record<string, string> = { amp: '&', gt: '>', '#96': '`', '#42': '*', '#36': '$', '#91': '[', '#93': ']' };

/** Undoes topic_link_util's escapes in one pass, so an escaped "&amp;gt;" stays the text "&gt;". */
function unescapeLinkText(text: string): string {
  return text.replace(/&(amp|gt|#96|#42|#36|#91|#93);/g, (_match, name: string) => ENTITIES[name] ?? '');
}

const person = (name: string | undefined, id: string | undefined): Person => ({ name: name ?? '', id: Number(id) });

export function unparsedReport(raw: string): ParsedReport {
  return {
    parsed: false,
    raw,
    reportType: null,
    reporter: null,
    reportedUser: null,
    reportedMessageId: null,
    where: null,
    notes: null,
    content: null,
    truncated: false,
  };
}

interface Header {
  reporter: Person;
  reportedUser: Person;
  reportedMessageId: number | null;
  where: ReportedWhere;
}

/** The first line: who reported whom, and where the message was (the DM forms carry no message ID). */
function parseHeader(line: string): Header | null {
  const dm = DM_HEADER.exec(line);
  if (dm) return { reporter: person(dm[1], dm[2]), reportedUser: person(dm[3], dm[4]), reportedMessageId: null, where: { kind: 'dm' } };

  const group = GROUP_DM_HEADER.exec(line);
  if (group) {
    const participants = parseMentionList(group[5] ?? '');
    if (participants) {
      return { reporter: person(group[1], group[2]), reportedUser: person(group[3], group[4]), reportedMessageId: null, where: { kind: 'group_dm', participants } };
    }
  }

  const channel = CHANNEL_HEADER.exec(line);
  if (!channel) return null;
  const link = parseChannelLink(channel[3] ?? '');
  if (!link) return null;
  return { reporter: person(channel[1], channel[2]), reportedUser: person(channel[4], channel[5]), reportedMessageId: link.messageId, where: link.where };
}

/** "A, B, and C": every participant, checked to be exactly that list and nothing else. */
function parseMentionList(text: string): Person[] | null {
  const matches = [...text.matchAll(MENTION_GLOBAL)];
  if (matches.length < 2) return null;
  const mentions = matches.map((match) => match[0]);
  const last = mentions[mentions.length - 1];
  if (`${mentions.slice(0, -1).join(', ')}, and ${last}` !== text) return null;
  return matches.map((match) => person(match[1], match[2]));
}

function parseChannelLink(text: string): { messageId: number; where: ReportedWhere } | null {
  const plain = CHANNEL_LINK.exec(text);
  if (plain) {
    return { messageId: Number(plain[3]), where: { kind: 'channel', channelId: null, channelName: plain[1] ?? '', topic: plain[2] ?? '' } };
  }
  const fallback = FALLBACK_LINK.exec(text);
  if (fallback) {
    return {
      messageId: Number(fallback[4]),
      where: { kind: 'channel', channelId: Number(fallback[3]), channelName: unescapeLinkText(fallback[1] ?? ''), topic: unescapeLinkText(fallback[2] ?? '') },
    };
  }
  return null;
}

export function parseReport(raw: string): ParsedReport {
  // upstream stores the message stripped; a client may hand it over with surrounding whitespace.
  const lines = raw.trim().split('\n');
  const header = parseHeader(lines[0] ?? '');
  const reason = REASON.exec(lines[1] ?? '');
  if (!header || !reason || lines[2] !== '- Notes:' || lines[3] !== '```quote') return unparsedReport(raw);

  // The last line closes the spoiler. Its opening is the last line that starts with exactly that fence:
  // the content cannot hold one (the fence is longer than any run of backticks in it), but the notes,
  // which upstream does not fence, could.
  const closing = lines.length - 1;
  const fence = lines[closing] ?? '';
  if (!FENCE_LINE.test(fence)) return unparsedReport(raw);
  const opening = new RegExp(`^${fence} spoiler \\*\\*Message sent by ${MENTION}\\*\\*$`);
  let open = -1;
  for (let index = closing - 1; index > 4; index -= 1) {
    if (opening.test(lines[index] ?? '')) {
      open = index;
      break;
    }
  }
  // The notes' closing fence sits right above the spoiler.
  if (open < 0 || lines[open - 1] !== '```') return unparsedReport(raw);
  const spoilerSender = opening.exec(lines[open] ?? '');
  if (Number(spoilerSender?.[2]) !== header.reportedUser.id) return unparsedReport(raw);

  let content = lines.slice(open + 1, closing).join('\n');
  const truncated = content.endsWith(TRUNCATION_MARKER);
  if (truncated) content = content.slice(0, -TRUNCATION_MARKER.length);
  return {
    parsed: true,
    raw,
    reportType: reason[1] ?? null,
    reporter: header.reporter,
    reportedUser: header.reportedUser,
    reportedMessageId: header.reportedMessageId,
    where: header.where,
    notes: lines.slice(4, open - 1).join('\n'),
    content,
    truncated,
  };
}

/** One line for a notification: "Mark Member reported Gina Guest for spam". */
export function reportSummary(report: ParsedReport): string {
  if (!report.parsed || !report.reporter || !report.reportedUser) return 'A new report arrived that is not in the usual format; open Moderation to read it.';
  return `${report.reporter.name} reported ${report.reportedUser.name} for ${report.reportType ?? 'an unknown reason'}`;
}
