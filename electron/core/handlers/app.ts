// Handlers for the app.* channels.
import type { AppInfo } from '../../../shared/ipc';
import type { Handler } from '../router';

/** What the shell knows about the running program; the core itself does not import Electron. */
export interface AppContext {
  readonly appInfo: AppInfo;
}

export const appInfo: Handler<'app.info', AppContext> = (_input, ctx) => ctx.appInfo;
