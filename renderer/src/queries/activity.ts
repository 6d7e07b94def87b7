// The activity log: every change made from this console to a realm, kept on disk by the core. It
// changes only when this console makes a change, so it is reread after each one (queries/users.ts,
// and the core's activity.appended push for changes made by jobs) and whenever it is shown, never polled.
import { keepPreviousData, useMutation, useQueries, useQuery } from '@tanstack/react-query';
import type { ActivityEntry, ActivityFilters } from '../../../shared/ipc';
import { call } from '../bridge/bridge';

export const ACTIVITY_LIMIT = 1000;

export const activityKey = (account: string) => ['account', account, 'activity'] as const;

export function useActivity(account: string) {
  return useQuery({
    queryKey: activityKey(account),
    queryFn: () => call('activity.list', { account, limit: ACTIVITY_LIMIT }),
    refetchOnMount: 'always',
  });
}

/** Entries a page of the filtered log holds: a screenful or two, so a page is one quick IPC reply. */
export const ACTIVITY_PAGE = 100;

const pageQuery = (account: string, filters: ActivityFilters, page: number) => ({
  queryKey: [...activityKey(account), 'query', filters, page] as const,
  queryFn: () => call('activity.query', { account, filters, offset: page * ACTIVITY_PAGE, limit: ACTIVITY_PAGE }),
  refetchOnMount: 'always' as const,
});

/**
 * The filtered log's first page: the total, the log's size and the filters' choices. A new search keeps
 * showing the previous answer until its own arrives, so typing never blanks the list.
 */
export function useActivityHead(account: string, filters: ActivityFilters) {
  return useQuery({ ...pageQuery(account, filters, 0), placeholderData: keepPreviousData });
}

/**
 * The entries at `wanted` (the rows in view) of the filtered log, fetched a page at a time, under the
 * log's key, so a change or a push rereads every page shown. Undefined where a page has not arrived.
 */
export function useActivityPages(account: string, filters: ActivityFilters, wanted: readonly number[]): (index: number) => ActivityEntry | undefined {
  const pages = [...new Set(wanted.map((index) => Math.floor(index / ACTIVITY_PAGE)))].sort((a, b) => a - b);
  const results = useQueries({ queries: pages.map((page) => pageQuery(account, filters, page)) });
  const byPage = new Map(pages.map((page, i) => [page, results[i]?.data]));
  return (index) => byPage.get(Math.floor(index / ACTIVITY_PAGE))?.entries[index % ACTIVITY_PAGE];
}

/** The whole log as CSV and its file name (the caller saves it: components/download-text.ts). */
export function useExportActivity(account: string) {
  return useMutation({ mutationFn: () => call('activity.exportCsv', { account }) });
}
