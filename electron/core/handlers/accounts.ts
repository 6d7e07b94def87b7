// Handlers for the accounts.* channels.
import type { AccountService } from '../accounts/accounts';
import type { Handler } from '../router';

export interface AccountsContext {
  readonly accounts: AccountService;
}

export const listAccounts: Handler<'accounts.list', AccountsContext> = (_input, ctx) => ctx.accounts.list();
export const signInWithPassword: Handler<'accounts.signInWithPassword', AccountsContext> = (input, ctx) => ctx.accounts.signInWithPassword(input);
export const signInWithApiKey: Handler<'accounts.signInWithApiKey', AccountsContext> = (input, ctx) => ctx.accounts.signInWithApiKey(input);
export const importZuliprc: Handler<'accounts.importZuliprc', AccountsContext> = (input, ctx) => ctx.accounts.importZuliprc(input);
export const signOut: Handler<'accounts.signOut', AccountsContext> = async ({ account }, ctx) => {
  await ctx.accounts.signOut(account);
  return null;
};
