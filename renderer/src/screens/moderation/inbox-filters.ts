// The inbox's filters and grouping as pure functions over the reports the core sent, so typing in a
// filter is instant on thousands of reports and the rules are tested without rendering anything.
import { ReportType } from '../../../../shared/api/reports';
import type { Report } from '../../../../shared/ipc';

/** A report type, or 'unparsed' for messages that do not follow the report template. */
export type TypeFilter = 'all' | ReportType | 'unparsed';
export type StatusFilter = 'all' | 'new' | 'reviewed';
export type DatePreset = 'all' | '24h' | '7d' | '30d' | 'custom';

export interface InboxFilters {
  type: TypeFilter;
  status: StatusFilter;
  date: DatePreset;
  /** For 'custom': local calendar days as <input type="date"> gives them (yyyy-mm-dd), inclusive; '' is open. */
  from: string;
  to: string;
}

export const NO_FILTERS: InboxFilters = { type: 'all', status: 'all', date: 'all', from: '', to: '' };

const HOUR = 3600;
const PRESET_SECONDS: Record<Exclude<DatePreset, 'all' | 'custom'>, number> = { '24h': 24 * HOUR, '7d': 7 * 24 * HOUR, '30d': 30 * 24 * HOUR };

/** The report's type key when it is one of upstream's, else null (a server with types of its own). */
export function reportTypeKey(report: Report): ReportType | null {
  const parsed = ReportType.safeParse(report.reportType);
  return parsed.success ? parsed.data : null;
}

/** Local midnight of a yyyy-mm-dd day, in UTC seconds; null for an empty or malformed day. */
function dayStart(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])).getTime() / 1000;
}

/** The [from, to) range in UTC seconds the date filter allows; nulls are open ends. */
export function dateRange(filters: InboxFilters, nowSeconds: number): { from: number | null; to: number | null } {
  if (filters.date === 'all') return { from: null, to: null };
  if (filters.date === 'custom') {
    const from = dayStart(filters.from);
    const toStart = dayStart(filters.to);
    // The "to" day is included: the range ends at the next midnight (a Date handles DST days).
    const to = toStart === null ? null : new Date(toStart * 1000 + 36 * HOUR * 1000).setHours(0, 0, 0, 0) / 1000;
    return { from, to };
  }
  return { from: nowSeconds - PRESET_SECONDS[filters.date], to: null };
}

export function matchesFilters(report: Report, filters: InboxFilters, range: { from: number | null; to: number | null }): boolean {
  if (filters.status !== 'all' && report.status !== filters.status) return false;
  if (filters.type === 'unparsed') {
    if (report.parsed) return false;
  } else if (filters.type !== 'all' && (!report.parsed || reportTypeKey(report) !== filters.type)) return false;
  if (range.from !== null && report.time < range.from) return false;
  if (range.to !== null && report.time >= range.to) return false;
  return true;
}

/** The filters that leave this report out of the list, each by name (none: the list shows it). */
export type HidingFilter = 'type' | 'status' | 'date';

export function filtersHiding(report: Report, filters: InboxFilters, nowSeconds: number): HidingFilter[] {
  const anyTime = { from: null, to: null };
  const hiding: HidingFilter[] = [];
  if (!matchesFilters(report, { ...NO_FILTERS, type: filters.type }, anyTime)) hiding.push('type');
  if (!matchesFilters(report, { ...NO_FILTERS, status: filters.status }, anyTime)) hiding.push('status');
  if (!matchesFilters(report, NO_FILTERS, dateRange(filters, nowSeconds))) hiding.push('date');
  return hiding;
}

/** The filters with those that hide a report set back to "all", so the list shows it again. */
export function withoutHiding(filters: InboxFilters, hiding: readonly HidingFilter[]): InboxFilters {
  const next = { ...filters };
  if (hiding.includes('type')) next.type = 'all';
  if (hiding.includes('status')) next.status = 'all';
  if (hiding.includes('date')) Object.assign(next, { date: 'all', from: '', to: '' });
  return next;
}

/** The reports that pass the filters, newest first (the core's order is not relied on). */
export function filterReports(reports: readonly Report[], filters: InboxFilters, nowSeconds: number): Report[] {
  const range = dateRange(filters, nowSeconds);
  return reports.filter((report) => matchesFilters(report, filters, range)).sort(newestFirst);
}

export function newestFirst(a: Report, b: Report): number {
  return b.time - a.time || b.id - a.id;
}

export interface ReportGroup {
  /** The reported user's ID; null for reports that name nobody (not in the template). */
  userId: number | null;
  name: string;
  /** The group's reports that pass the filters, newest first. */
  reports: Report[];
  newCount: number;
  /** All reports about this user in the inbox, whatever the filters. */
  totalCount: number;
}

export const UNPARSED_GROUP_NAME = 'Not in the report template';

/**
 * The filtered reports grouped by reported user: the most reported first (ties: the most recent
 * report first), and reports that name nobody last, so the people who need attention lead.
 */
export function groupByReportedUser(filtered: readonly Report[], all: readonly Report[]): ReportGroup[] {
  const totals = new Map<number | null, number>();
  for (const report of all) {
    const key = report.reportedUser?.id ?? null;
    totals.set(key, (totals.get(key) ?? 0) + 1);
  }
  const groups = new Map<number | null, ReportGroup>();
  for (const report of [...filtered].sort(newestFirst)) {
    const key = report.reportedUser?.id ?? null;
    let group = groups.get(key);
    if (!group) {
      group = { userId: key, name: report.reportedUser?.name ?? UNPARSED_GROUP_NAME, reports: [], newCount: 0, totalCount: totals.get(key) ?? 0 };
      groups.set(key, group);
    }
    group.reports.push(report);
    if (report.status === 'new') group.newCount++;
  }
  return [...groups.values()].sort((a, b) => {
    if ((a.userId === null) !== (b.userId === null)) return a.userId === null ? 1 : -1;
    return b.reports.length - a.reports.length || newestFirst(a.reports[0]!, b.reports[0]!);
  });
}

/** The other reports about the same user, newest first: the reported user's history. */
export function otherReportsAbout(report: Report, all: readonly Report[]): Report[] {
  const userId = report.reportedUser?.id;
  if (userId === undefined) return [];
  return all.filter((other) => other.id !== report.id && other.reportedUser?.id === userId).sort(newestFirst);
}
