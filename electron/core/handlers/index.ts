// Every channel's handler, in one map typed over the contract: a channel without a handler does not compile.
import type { Handlers } from '../router';
import { appInfo, type AppContext } from './app';

export type CoreContext = AppContext;

export const handlers: Handlers<CoreContext> = {
  'app.info': appInfo,
};
