// How a report's parts read as plain text, for the Moderation screen and for the core's words about a
// report (the activity log's entry for a deleted message): where the reported message was sent, its
// Markdown made readable, and a short quote of it. Nothing here produces HTML.
import type { Report, ReportedWhere } from '../ipc/moderation';

/** Where the reported message was sent, in a line: "#general › lunch plans", "Direct message to Mark Member". */
export function whereWords(where: ReportedWhere | null, report: Pick<Report, 'reporter'>): string {
  if (!where) return 'Unknown conversation';
  switch (where.kind) {
    case 'channel':
      return `#${where.channelName} › ${where.topic || 'general chat'}`;
    case 'dm':
      return report.reporter ? `Direct message to ${report.reporter.name}` : 'Direct message';
    case 'group_dm':
      return `Group direct message with ${where.participants.map((p) => p.name).join(', ')}`;
  }
}

/**
 * Report Markdown made readable as plain text: silent and loud mentions (`@_**Name|12**`) become
 * `@Name`, and channel links (`#**general>lunch@42**`) become `#general › lunch`. The rest stays
 * as written; line breaks are kept by the CSS (white-space: pre-wrap).
 */
export function readableMarkdown(text: string): string {
  return text
    .replace(/@_?\*\*([^*|]+?)(?:\|\d+)?\*\*/g, '@$1')
    .replace(/#\*\*([^*>]+?)>([^*@]+?)(?:@\d+)?\*\*/g, '#$1 › $2')
    .replace(/#\*\*([^*]+?)\*\*/g, '#$1');
}

/** Text on one line, cut at `max` characters with an ellipsis: a quote short enough for a sentence. */
export function shortQuote(text: string, max = 120): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}
