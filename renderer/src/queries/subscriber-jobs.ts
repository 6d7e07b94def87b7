// The bulk subscriber job (core: electron/core/channels/subscriber-job.ts): its review before sending,
// starting it, reading it (reread when its progress push says it stopped, as for every job), the
// account's jobs (a job the core resumed after a restart is found there), cancelling what is not sent
// yet, retrying its failures, and its results as CSV. The subscriber counts follow through the realm's own pushes.
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BulkAction, JobProgress, SubscriberHazard, SubscriberJob } from '../../../shared/ipc';
import { call } from '../bridge/bridge';
import { activityKey } from './activity';
import { queryKeys } from './keys';

export interface BulkChoice {
  action: BulkAction;
  channelIds: number[];
  userIds: number[];
}

export function useSubscriberPlan(account: string, choice: BulkChoice | null) {
  return useQuery({
    queryKey: [...queryKeys.account(account), 'subscriberPlan', choice] as const,
    queryFn: choice === null ? skipToken : () => call('channels.subscribers.plan', { account, ...choice }),
  });
}

export function useSubscriberJob(account: string, jobId: string | null) {
  return useQuery({
    queryKey: queryKeys.jobResults(account, jobId ?? ''),
    queryFn: jobId === null ? skipToken : () => call('channels.subscribers.job.get', { account, jobId }),
    staleTime: Infinity,
  });
}

export function useSubscriberJobs(account: string) {
  return useQuery({ queryKey: [...queryKeys.account(account), 'subscriberJobs'] as const, queryFn: () => call('channels.subscribers.job.list', { account }) });
}

type JobAction = ({ kind: 'start'; acknowledged: SubscriberHazard[] } & BulkChoice) | { kind: 'retry' | 'cancel'; jobId: string };

export function useSubscriberJobAction(account: string, onJob?: (job: SubscriberJob) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: JobAction) =>
      action.kind === 'start'
        ? call('channels.subscribers.job.start', { account, action: action.action, channelIds: action.channelIds, userIds: action.userIds, acknowledged: action.acknowledged })
        : call(action.kind === 'retry' ? 'channels.subscribers.job.retry' : 'channels.subscribers.job.cancel', { account, jobId: action.jobId }),
    onSuccess: (job) => {
      client.setQueryData(queryKeys.jobResults(account, job.id), job);
      // A short job can finish before its start is answered: its last push then found nothing to reread.
      const progress = client.getQueryData<JobProgress>(queryKeys.jobProgress(account, job.id));
      if (progress && progress.status !== 'running') void client.invalidateQueries({ queryKey: queryKeys.jobResults(account, job.id) });
      onJob?.(job);
    },
    onSettled: () => client.invalidateQueries({ queryKey: activityKey(account) }),
  });
}

export function useSubscriberJobExport(account: string) {
  return useMutation({ mutationFn: (jobId: string) => call('channels.subscribers.job.export', { account, jobId }) });
}
