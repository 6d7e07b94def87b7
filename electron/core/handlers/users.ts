// Handlers for the users.* channels: changes to one user, and bulk role and status changes run as jobs.
import type { userChannels } from '../../../shared/ipc';
import type { RoleBatches } from '../jobs/role-batches';
import type { StatusBatches } from '../jobs/status-batches';
import { indexGroups } from '../../../shared/domain/channel-groups';
import { effectiveAccess } from '../../../shared/domain/effective-access';
import { ConsoleError } from '../errors';
import type { Handlers } from '../router';
import type { SessionManager } from '../session-manager';
import type { UserChanges } from '../users/user-changes';

export interface UsersContext {
  readonly userChanges: UserChanges;
  readonly roleBatches: RoleBatches;
  readonly statusBatches: StatusBatches;
  readonly sessions: SessionManager;
}

export const userHandlers: Pick<Handlers<UsersContext>, keyof typeof userChannels> = {
  'users.changeRole': ({ account, userId, role, acknowledged }, ctx) => ctx.userChanges.changeRole(account, userId, role, acknowledged),
  'users.rename': ({ account, userId, fullName }, ctx) => ctx.userChanges.rename(account, userId, fullName),
  'users.access': async ({ account, userId }, ctx) => {
    const state = await ctx.sessions.get(account).whenReady();
    const user = state.users.get(userId);
    if (!user) throw new ConsoleError('NO_SUCH_USER', `There is no user with ID ${userId} in ${state.realmName}. They may have been removed; reload the list of users.`, { userId });
    const groups = [...state.groups.values()];
    return effectiveAccess({
      user,
      groups,
      index: indexGroups(groups),
      channels: state.channels.values(),
      subscribers: state.subscribers,
      policy: state.channelPolicy,
      people: state.users,
    });
  },
  'users.lastActive': async ({ account }, ctx) => {
    const state = await ctx.sessions.get(account).whenReady();
    return { historyLimitDays: state.presenceHistoryDays, seen: [...state.lastActive] };
  },
  'users.deactivate': ({ account, userId, acknowledged }, ctx) => ctx.userChanges.deactivate(account, userId, acknowledged),
  'users.reactivate': ({ account, userId }, ctx) => ctx.userChanges.reactivate(account, userId),
  'users.bulkRole.start': ({ account, userIds, role, acknowledged }, ctx) => ctx.roleBatches.start(account, userIds, role, acknowledged),
  'users.bulkRole.get': ({ account, batchId }, ctx) => ctx.roleBatches.get(account, batchId),
  'users.bulkRole.retryFailed': ({ account, batchId }, ctx) => ctx.roleBatches.retryFailed(account, batchId),
  'users.bulkRole.cancel': ({ account, batchId }, ctx) => ctx.roleBatches.cancel(account, batchId),
  'users.bulkStatus.start': ({ account, userIds, active, acknowledged }, ctx) => ctx.statusBatches.start(account, userIds, active, acknowledged),
  'users.bulkStatus.get': ({ account, batchId }, ctx) => ctx.statusBatches.get(account, batchId),
  'users.bulkStatus.retryFailed': ({ account, batchId }, ctx) => ctx.statusBatches.retryFailed(account, batchId),
  'users.bulkStatus.cancel': ({ account, batchId }, ctx) => ctx.statusBatches.cancel(account, batchId),
};
