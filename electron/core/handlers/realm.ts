// Handlers for the session.* and realm.* channels: reads of an account's live realm state.
import type { SessionManager } from '../session-manager';
import { realmOverview } from '../session/overview';
import type { Handler } from '../router';

export interface RealmContext {
  readonly sessions: SessionManager;
}

export const sessionStatus: Handler<'session.status', RealmContext> = ({ account }, ctx) => ctx.sessions.get(account).status;

export const reconnect: Handler<'session.reconnect', RealmContext> = ({ account }, ctx) => {
  ctx.sessions.get(account).reconnectNow();
  return null;
};

/** Waits for the first snapshot, so a screen opened while connecting gets data rather than an error. */
const ready = (ctx: RealmContext, account: string) => ctx.sessions.get(account).whenReady();

export const overview: Handler<'realm.overview', RealmContext> = async ({ account }, ctx) => realmOverview(await ready(ctx, account));

export const listUsers: Handler<'realm.users.list', RealmContext> = async ({ account }, ctx) => [...(await ready(ctx, account)).users.values()];

export const profileFields: Handler<'realm.profileFields', RealmContext> = async ({ account }, ctx) => [...(await ready(ctx, account)).profileFields];

export const getUsers: Handler<'realm.users.get', RealmContext> = async ({ account, ids }, ctx) => {
  const { users } = await ready(ctx, account);
  return ids.flatMap((id) => users.get(id) ?? []);
};
