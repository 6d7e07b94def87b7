// How a report reads on screen: its type's label, where the message was, when, and Markdown made
// readable as plain text. Nothing here produces HTML: report text is shown as text, never markup.
// Where and the Markdown are worded in shared/domain/report-words.ts, which the core's words share.
import { REPORT_TYPES } from '../../../../shared/api/reports';
import type { Report } from '../../../../shared/ipc';
import { reportTypeKey } from './inbox-filters';

export { readableMarkdown, shortQuote, whereWords } from '../../../../shared/domain/report-words';

/** Upstream's label for the type ("Inappropriate content"), or the type as the server wrote it. */
export function reportTypeLabel(report: Report): string {
  if (!report.parsed) return 'Not in the template';
  const key = reportTypeKey(report);
  if (key) return REPORT_TYPES[key];
  return report.reportType ?? 'Unknown reason';
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const timeOnly = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const shortDate = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const shortDateYear = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A full date and time, for the detail. */
export function fullTime(seconds: number): string {
  return dateTime.format(new Date(seconds * 1000));
}

/** A compact time for the list: the time today, the day this year, else the date with the year. */
export function listTime(seconds: number, nowSeconds: number): string {
  const date = new Date(seconds * 1000);
  const now = new Date(nowSeconds * 1000);
  if (date.toDateString() === now.toDateString()) return timeOnly.format(date);
  if (date.getFullYear() === now.getFullYear()) return shortDate.format(date);
  return shortDateYear.format(date);
}

/** A one-line summary of the raw Markdown of a report that did not parse. */
export function firstLine(text: string, max = 120): string {
  const line = text.split('\n').find((l) => l.trim() !== '') ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
