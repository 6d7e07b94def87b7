// Moves of channels between folders, as core jobs: start one, read one (its results, reread when its
// progress push says it stopped, as queries/pushes.ts does for every job), and retry its failures.
// The moved channels reach the list through the realm's own pushes.
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChannelMove, JobProgress } from '../../../shared/ipc';
import { call } from '../bridge/bridge';
import { activityKey } from './activity';
import { queryKeys } from './keys';

export function useChannelMove(account: string, jobId: string | null) {
  return useQuery({
    queryKey: queryKeys.jobResults(account, jobId ?? ''),
    queryFn: jobId === null ? skipToken : () => call('channels.move.get', { account, jobId }),
    staleTime: Infinity,
  });
}

type MoveAction = { kind: 'start'; channelIds: number[]; folderId: number | null } | { kind: 'retry'; jobId: string };

export function useMoveAction(account: string, onJob?: (job: ChannelMove) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: MoveAction) =>
      action.kind === 'start' ? call('channels.move.start', { account, channelIds: action.channelIds, folderId: action.folderId }) : call('channels.move.retry', { account, jobId: action.jobId }),
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
