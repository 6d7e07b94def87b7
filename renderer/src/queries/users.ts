// Changes to users: one at a time (role, name, deactivation), and bulk role changes, deactivations and
// reactivations run as jobs in the core. The one set of hooks for every screen that changes users
// (Users & roles, Moderation). The core answers a change once its event is applied, after the
// realm.changed push that carries the user (queries/pushes.ts) has patched the cached list; the reply
// patches it only when it holds something the list does not (the event did not come in time). Every
// attempt, made or refused, is reread from the activity log. Errors are left to the panel that made the change, so they show next
// to its controls; the core words them in full (errors/words.ts wordedByCore).
import { replaceEqualDeep, skipToken, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { User } from '../../../shared/api/users';
import type { ChannelInput, JobProgress, RoleBatch, StatusBatch } from '../../../shared/ipc';
import { call } from '../bridge/bridge';
import { activityKey } from './activity';
import { queryKeys } from './keys';
import { mergeUsers } from './pushes';

function patchUser(client: QueryClient, account: string, user: User) {
  client.setQueryData<User[]>(queryKeys.users(account), (list) => {
    if (!list) return list;
    // Already patched by the push: a second patch would only rebuild the table's index for nothing.
    const cached = list.find((entry) => entry.user_id === user.user_id);
    if (cached && replaceEqualDeep(cached, user) === cached) return list;
    return mergeUsers(list, [user.user_id], [user]);
  });
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
      return call('users.deactivate', { account: change.account, userId: change.userId, acknowledged: change.acknowledged });
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

/** A bulk job of the Users screen: a role change, or a deactivation or reactivation. */
export interface BatchRef {
  type: 'role' | 'status';
  id: string;
}
export type UserBatch = RoleBatch | StatusBatch;

/** A bulk job's results, as the core has them. Pushes reread them when the job stops. */
export function useUserBatch(account: string, batch: BatchRef | null) {
  return useQuery<UserBatch>({
    queryKey: queryKeys.jobResults(account, batch?.id ?? ''),
    queryFn:
      batch === null
        ? skipToken
        : () => (batch.type === 'role' ? call('users.bulkRole.get', { account, batchId: batch.id }) : call('users.bulkStatus.get', { account, batchId: batch.id })),
    staleTime: Infinity,
  });
}

type BatchAction =
  | ({ kind: 'start' } & Omit<ChannelInput<'users.bulkRole.start'>, 'account'>)
  | ({ kind: 'startStatus' } & Omit<ChannelInput<'users.bulkStatus.start'>, 'account'>)
  | { kind: 'retryFailed' | 'cancel'; batch: BatchRef };

async function sendBatch(account: string, action: BatchAction): Promise<{ ref: BatchRef; batch: UserBatch }> {
  switch (action.kind) {
    case 'start': {
      const batch = await call('users.bulkRole.start', { account, userIds: action.userIds, role: action.role, acknowledged: action.acknowledged });
      return { ref: { type: 'role', id: batch.id }, batch };
    }
    case 'startStatus': {
      const batch = await call('users.bulkStatus.start', { account, userIds: action.userIds, active: action.active, acknowledged: action.acknowledged });
      return { ref: { type: 'status', id: batch.id }, batch };
    }
    case 'retryFailed':
    case 'cancel': {
      const input = { account, batchId: action.batch.id };
      const verb = action.kind;
      const batch: UserBatch =
        action.batch.type === 'role'
          ? await call(verb === 'retryFailed' ? 'users.bulkRole.retryFailed' : 'users.bulkRole.cancel', input)
          : await call(verb === 'retryFailed' ? 'users.bulkStatus.retryFailed' : 'users.bulkStatus.cancel', input);
      return { ref: { type: action.batch.type, id: batch.id }, batch };
    }
  }
}

/** Starts, retries or cancels a bulk job; the batch it returns is cached for its results view. */
export function useBatchAction(account: string, onBatch?: (ref: BatchRef) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: BatchAction) => sendBatch(account, action),
    onSuccess: ({ ref, batch }) => {
      client.setQueryData(queryKeys.jobResults(account, batch.id), batch);
      // A short job can finish before its start is answered: its last push then found nothing to reread.
      const progress = client.getQueryData<JobProgress>(queryKeys.jobProgress(account, batch.id));
      if (progress && progress.status !== 'running') void client.invalidateQueries({ queryKey: queryKeys.jobResults(account, batch.id) });
      onBatch?.(ref);
    },
    onSettled: () => logChanged(client, account),
  });
}
