// Handlers for the activity.* channels: the log of changes made from this console, per account.
import type { activityChannels } from '../../../shared/ipc';
import type { ActivityLog } from '../activity/activity-log';
import { withPeopleNamed } from '../activity/activity-index';
import type { UndoJobs } from '../activity/undo-jobs';
import type { Handlers } from '../router';
import type { SessionManager } from '../session-manager';
import { describeUser } from '../users/change-words';

export interface ActivityContext {
  readonly activity: ActivityLog;
  readonly sessions: SessionManager;
  readonly undo: UndoJobs;
}

export const activityHandlers: Pick<Handlers<ActivityContext>, keyof typeof activityChannels> = {
  // sessions.get: only a signed-in account's log is shown (and an unknown ID gets UNKNOWN_ACCOUNT).
  'activity.list': ({ account, limit, channelId }, ctx) => {
    ctx.sessions.get(account);
    return ctx.activity.list(account, limit, channelId);
  },
  'activity.query': ({ account, filters, offset, limit }, ctx) => {
    const state = ctx.sessions.get(account).state;
    const page = ctx.activity.query(account, filters, offset, limit);
    if (!state) return page;
    return withPeopleNamed(page, (userId) => {
      const user = state.users.get(userId);
      return user && describeUser(user);
    });
  },
  'activity.exportCsv': ({ account }, ctx) => ctx.activity.exportCsv(account, ctx.sessions.get(account).state?.realmName),
  'activity.undo.review': ({ account, scope }, ctx) => ctx.undo.review(account, scope),
  'activity.undo.start': ({ account, scope, acknowledged }, ctx) => ctx.undo.start(account, scope, acknowledged),
  'activity.undo.get': ({ account, undoId }, ctx) => ctx.undo.get(account, undoId),
  'activity.undo.cancel': ({ account, undoId }, ctx) => ctx.undo.cancel(account, undoId),
};
