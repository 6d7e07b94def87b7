// Changes to users: one at a time (role, name, deactivation), and bulk role changes run as jobs in the
// core. The one set of hooks for every screen that changes users (Users & roles, Moderation). A
// change's reply (the user as the core now has it) is patched into the cached list at once; the
// realm.changed push that follows patches it again, harmlessly. Every attempt, made or refused, is
// reread from the activity log. Errors are left to the panel that made the change, so they show next
// to its controls; the core words them in full (errors/words.ts wordedByCore).
import { skipToken, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { User } from '../../../shared/api/users';
import type { ChannelInput, JobProgress, RoleBatch } from '../../../shared/ipc';
import { call } from '../bridge/bridge';
import { activityKey } from './activity';
import { queryKeys } from './keys';
import { mergeUsers } from './pushes';

function patchUser(client: QueryClient, account: string, user: User) {
  client.setQueryData<User[]>(queryKeys.users(account), (list) => (list ? mergeUsers(list, [user.user_id], [user]) : list));
}

/** Every change, made or refused, is written to the activity log by the core: the log is reread. */
function logChanged(client: QueryClient, account: string) {
  return client.invalidateQueries({ queryKey: activityKey(account) });
}

type UserChange =
  | ({ kind: 'role' } & ChannelInput<'users.changeRole'>)
  | ({ kind: 'rename' } & ChannelInput<'users.rename'>)
  | ({ kind: 'deactivate' } & ChannelInput<'users.deactivate'>)
  | ({ kind: 'reactivate' } & ChannelInput<'users.reactivate'>);

function send(change: UserChange): Promise<User> {
  switch (change.kind) {
    case 'role':
      return call('users.changeRole', { account: change.account, userId: change.userId, role: change.role, acknowledged: change.acknowledged });
    case 'rename':
      return call('users.rename', { account: change.account, userId: change.userId, fullName: change.fullName });
    case 'deactivate':
      return call('users.deactivate', { account: change.account, userId: change.userId });
    case 'reactivate':
      return call('users.reactivate', { account: change.account, userId: change.userId });
  }
}

export function useUserChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (user, change) => patchUser(client, change.account, user),
    onSettled: (_user, _error, change) => logChanged(client, change.account),
  });
}

/** A bulk role change's results, as the core has them. Pushes reread them when the job stops. */
export function useRoleBatch(account: string, batchId: string | null) {
  return useQuery({
    queryKey: queryKeys.jobResults(account, batchId ?? ''),
    queryFn: batchId === null ? skipToken : () => call('users.bulkRole.get', { account, batchId }),
    staleTime: Infinity,
  });
}

type BatchAction =
  | ({ kind: 'start' } & Omit<ChannelInput<'users.bulkRole.start'>, 'account'>)
  | { kind: 'retryFailed' | 'cancel'; batchId: string };

function sendBatch(account: string, action: BatchAction): Promise<RoleBatch> {
  switch (action.kind) {
    case 'start':
      return call('users.bulkRole.start', { account, userIds: action.userIds, role: action.role, acknowledged: action.acknowledged });
    case 'retryFailed':
      return call('users.bulkRole.retryFailed', { account, batchId: action.batchId });
    case 'cancel':
      return call('users.bulkRole.cancel', { account, batchId: action.batchId });
  }
}

/** Starts, retries or cancels a bulk role change; the batch it returns is cached for its results view. */
export function useBatchAction(account: string, onBatch?: (batch: RoleBatch) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: BatchAction) => sendBatch(account, action),
    onSuccess: (batch) => {
      client.setQueryData(queryKeys.jobResults(account, batch.id), batch);
      // A short job can finish before its start is answered: its last push then found nothing to reread.
      const progress = client.getQueryData<JobProgress>(queryKeys.jobProgress(account, batch.id));
      if (progress && progress.status !== 'running') void client.invalidateQueries({ queryKey: queryKeys.jobResults(account, batch.id) });
      onBatch?.(batch);
    },
    onSettled: () => logChanged(client, account),
  });
}
