// Undo from the activity log: the review of what an undo would do (read afresh each time it is opened:
// it is judged against the realm as it is now), starting it as a job in the core, and its results.
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobProgress, UndoHazard, UndoJob, UndoScope } from '../../../shared/ipc';
import { call } from '../bridge/bridge';
import { activityKey } from './activity';
import { queryKeys } from './keys';

export function useUndoReview(account: string, scope: UndoScope) {
  const key = scope.kind === 'entry' ? scope.entryId : scope.jobId;
  return useQuery({
    queryKey: [...queryKeys.account(account), 'undo-review', scope.kind, key],
    queryFn: () => call('activity.undo.review', { account, scope }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** An undo's results, as the core has them. Pushes reread them when the job stops. */
export function useUndoJob(account: string, undoId: string | null) {
  return useQuery<UndoJob>({
    queryKey: queryKeys.jobResults(account, undoId ?? ''),
    queryFn: undoId === null ? skipToken : () => call('activity.undo.get', { account, undoId }),
    staleTime: Infinity,
  });
}

type UndoAction = { kind: 'start'; scope: UndoScope; acknowledged: UndoHazard[] } | { kind: 'cancel'; undoId: string };

/** Starts or cancels an undo; the job it returns is cached for its results view, and the log reread. */
export function useUndoAction(account: string, onJob?: (job: UndoJob) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: UndoAction) =>
      action.kind === 'start'
        ? call('activity.undo.start', { account, scope: action.scope, acknowledged: action.acknowledged })
        : call('activity.undo.cancel', { account, undoId: action.undoId }),
    onSuccess: (job) => {
      client.setQueryData(queryKeys.jobResults(account, job.id), job);
      // A short job can finish before its start is answered: its last push then found nothing to reread.
      const progress = client.getQueryData<JobProgress>(queryKeys.jobProgress(account, job.id));
      if (progress && progress.status !== 'running') void client.invalidateQueries({ queryKey: queryKeys.jobResults(account, job.id) });
      onJob?.(job);
    },
  });
}

/** Each step of an undo is written to the log as it is made: reread it once the undo stops. */
export function useLogReread(account: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: activityKey(account) });
}
