import { describe, expect, test } from 'vitest';
import type { Report } from '../../../../shared/ipc';
import { dateRange, filterReports, filtersHiding, groupByReportedUser, NO_FILTERS, otherReportsAbout, UNPARSED_GROUP_NAME, withoutHiding, type InboxFilters } from './inbox-filters';
import { readableMarkdown } from './report-words';
import { sampleReports } from './testing/report-samples';

const NOW = Math.floor(new Date(2026, 2, 15, 12, 0).getTime() / 1000);
const reports = sampleReports(NOW);
const ids = (list: Report[]) => list.map((r) => r.id);
const only = (change: Partial<InboxFilters>) => filterReports(reports, { ...NO_FILTERS, ...change }, NOW);

describe('inbox filters', () => {
  test('without filters every report is shown, newest first', () => {
    expect(ids(only({}))).toEqual([103, 102, 101, 104]);
  });

  test('by type', () => {
    expect(ids(only({ type: 'spam' }))).toEqual([101]);
    expect(ids(only({ type: 'harassment' }))).toEqual([102]);
    expect(ids(only({ type: 'norms' }))).toEqual([]);
  });

  test('"not in the report template" finds the messages that did not parse, and no type filter does', () => {
    expect(ids(only({ type: 'unparsed' }))).toEqual([104]);
    expect(ids(only({ type: 'other' }))).toEqual([103]);
  });

  test('by status', () => {
    expect(ids(only({ status: 'new' }))).toEqual([103, 101, 104]);
    expect(ids(only({ status: 'reviewed' }))).toEqual([102]);
  });

  test('by date presets', () => {
    expect(ids(only({ date: '24h' }))).toEqual([103, 102]);
    expect(ids(only({ date: '7d' }))).toEqual([103, 102, 101]);
    expect(ids(only({ date: '30d' }))).toEqual([103, 102, 101]);
  });

  test('a from–to range includes both days, in local time', () => {
    // 101 is from 14 March (26 hours before noon on the 15th); 102 and 103 from the 15th.
    expect(ids(only({ date: 'custom', from: '2026-03-14', to: '2026-03-14' }))).toEqual([101]);
    expect(ids(only({ date: 'custom', from: '2026-03-15', to: '' }))).toEqual([103, 102]);
    expect(ids(only({ date: 'custom', from: '', to: '2026-03-14' }))).toEqual([101, 104]);
    const range = dateRange({ ...NO_FILTERS, date: 'custom', from: '2026-03-14', to: '2026-03-14' }, NOW);
    expect((range.to ?? 0) - (range.from ?? 0)).toBe(24 * 3600);
  });

  test('filters combine', () => {
    expect(ids(only({ status: 'new', date: '24h' }))).toEqual([103]);
  });

  test('which filters hide a report, and setting just those back to "all" shows it again', () => {
    const reviewed = reports.find((report) => report.id === 102)!;
    const filters: InboxFilters = { ...NO_FILTERS, status: 'new', type: 'harassment', date: '24h' };
    expect(filtersHiding(reviewed, filters, NOW)).toEqual(['status']);
    const older = reports.find((report) => report.id === 101)!;
    expect(filtersHiding(older, filters, NOW)).toEqual(['type', 'date']);
    expect(filtersHiding(older, NO_FILTERS, NOW)).toEqual([]);
    const shown = withoutHiding(filters, ['type', 'date']);
    expect(shown).toEqual({ ...filters, type: 'all', date: 'all', from: '', to: '' });
    expect(ids(filterReports(reports, shown, NOW))).toContain(101);
  });
});

describe('grouping by reported user', () => {
  test('counts each user’s reports, most reported first, and reports naming nobody last', () => {
    const groups = groupByReportedUser(only({}), reports);
    expect(groups.map((g) => [g.name, g.reports.length, g.newCount, g.totalCount])).toEqual([
      ['Gina Guest', 2, 2, 2],
      ['Nora Quinn', 1, 0, 1],
      [UNPARSED_GROUP_NAME, 1, 1, 1],
    ]);
    expect(ids(groups[0]!.reports)).toEqual([103, 101]);
  });

  test('under a filter a group counts what is shown and remembers the total', () => {
    const groups = groupByReportedUser(only({ date: '24h' }), reports);
    expect(groups.map((g) => [g.name, g.reports.length, g.totalCount])).toEqual([
      ['Gina Guest', 1, 2],
      ['Nora Quinn', 1, 1],
    ]);
  });

  test('the reported user’s other reports, newest first', () => {
    expect(ids(otherReportsAbout(reports[0]!, reports))).toEqual([103]);
    expect(otherReportsAbout(reports[3]!, reports)).toEqual([]);
  });
});

describe('report text made readable', () => {
  test('mentions and channel links lose their Markdown, the rest stays', () => {
    expect(readableMarkdown('@_**Gina Guest|5** said to @**Mark Member** in #**general>lunch plans@52** and #**design**\n**bold**')).toBe(
      '@Gina Guest said to @Mark Member in #general › lunch plans and #design\n**bold**',
    );
  });
});
