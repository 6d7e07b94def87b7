// Handlers for the accounts.* channels.
import type { Account } from '../../../shared/ipc';
import type { AccountService } from '../accounts/accounts';
import type { SessionManager } from '../session-manager';
import type { Handler } from '../router';

export interface AccountsContext {
  readonly accounts: AccountService;
  readonly sessions: SessionManager;
}

/** Signing in again to an account already there may bring a new key: its session starts afresh. */
async function signedIn(ctx: AccountsContext, signIn: Promise<Account>): Promise<Account> {
  const known = new Set(ctx.accounts.list().map((account) => account.id));
  const account = await signIn;
  if (known.has(account.id)) ctx.sessions.restart(account.id);
  return account;
}

export const listAccounts: Handler<'accounts.list', AccountsContext> = (_input, ctx) => ctx.accounts.list();
export const signInWithPassword: Handler<'accounts.signInWithPassword', AccountsContext> = (input, ctx) =>
  signedIn(ctx, ctx.accounts.signInWithPassword(input));
export const signInWithApiKey: Handler<'accounts.signInWithApiKey', AccountsContext> = (input, ctx) => signedIn(ctx, ctx.accounts.signInWithApiKey(input));
export const importZuliprc: Handler<'accounts.importZuliprc', AccountsContext> = (input, ctx) => signedIn(ctx, ctx.accounts.importZuliprc(input));
export const signOut: Handler<'accounts.signOut', AccountsContext> = async ({ account }, ctx) => {
  await ctx.accounts.signOut(account);
  // When the reply comes, the server has forgotten the account's event queue too (a quit right after
  // a sign-out would otherwise cut the DELETE short and leave the queue to idle out).
  await ctx.sessions.whenStopped(account);
  return null;
};
