// Every channel's handler, in one map typed over the contract: a channel without a handler does not compile.
import type { Handlers } from '../router';
import { importZuliprc, listAccounts, signInWithApiKey, signInWithPassword, signOut, type AccountsContext } from './accounts';
import { appInfo, type AppContext } from './app';
import { getUsers, listUsers, overview, reconnect, sessionStatus, type RealmContext } from './realm';

export type CoreContext = AppContext & AccountsContext & RealmContext;

export const handlers: Handlers<CoreContext> = {
  'app.info': appInfo,
  'accounts.list': listAccounts,
  'accounts.signInWithPassword': signInWithPassword,
  'accounts.signInWithApiKey': signInWithApiKey,
  'accounts.importZuliprc': importZuliprc,
  'accounts.signOut': signOut,
  'session.status': sessionStatus,
  'session.reconnect': reconnect,
  'realm.overview': overview,
  'realm.users.list': listUsers,
  'realm.users.get': getUsers,
};
