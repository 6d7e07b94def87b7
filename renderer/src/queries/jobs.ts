// A long job of the core as the screens follow it (a bulk role change, a copy of default settings):
// its latest progress, pushed by the core, and its record, read through the job's own query.
import { skipToken, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { JobProgress } from '../../../shared/ipc';
import { queryKeys } from './keys';

/** The latest `job.progress` push of a job; filled by pushes only (queries/pushes.ts). */
export function useJobProgress(account: string, jobId: string | null) {
  return useQuery<JobProgress>({ queryKey: queryKeys.jobProgress(account, jobId ?? ''), queryFn: skipToken, staleTime: Infinity });
}

/**
 * The job's latest progress. When it says the job stopped while the record says it runs, the record
 * is read again: the results read so far are from while it ran.
 */
export function useJobFollowed(record: UseQueryResult<{ status: string }>, account: string, jobId: string): JobProgress | undefined {
  const progress = useJobProgress(account, jobId).data;
  const stale = progress !== undefined && progress.status !== 'running' && record.data?.status === 'running' && !record.isFetching;
  const { refetch } = record;
  useEffect(() => {
    if (stale) void refetch();
  }, [stale, refetch]);
  return progress;
}
