// The Electron main process: it owns the console core (accounts, keys, live sessions) and serves the
// contract to one locked-down window. The core's requests go through Electron's network stack
// (platform/network.ts); its log is in the user data folder's logs/.
import { app, dialog, type BrowserWindow } from 'electron';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCore, type Core } from './core/core';
import { describeRuntime } from './core/runtime-info';
import type { Log } from './core/logging/log';
import { registerAppScheme, serveRenderer } from './platform/app-protocol';
import { desktopActions, updaterSession } from './platform/desktop-actions';
import { openLinksExternallyAfterConfirming } from './platform/external-links';
import { pushTo, serveContract } from './platform/ipc';
import { createElectronNetwork } from './platform/network';
import { notifyNewReports } from './platform/notifications';
import { SafeStorageSecrets } from './platform/safe-storage-secrets';
import { createConsoleWindow } from './platform/window';
import { errorMessage } from '../shared/node/error-message';

const here = path.dirname(fileURLToPath(import.meta.url));
const rendererDir = path.join(here, '..', 'renderer');
const preloadPath = path.join(here, 'preload.cjs');
/** Set by `npm start` (electron/launcher.ts): the sandbox server it started, to sign a newcomer in to. */
const SANDBOX_URL = process.env.REALM_CONSOLE_SANDBOX_URL;
/** The demo organization's owner (docs/server.md). */
const SANDBOX_OWNER = { email: 'olivia@sandbox.test', password: 'sandbox' };

registerAppScheme();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let window: BrowserWindow | null = null;
  let core: Core | null = null;
  app.on('second-instance', () => {
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });

  void app.whenReady().then(async () => {
    serveRenderer(rendererDir);
    // safeStorage answers only once the app is ready (before that, Linux reports no backend), and so
    // do sessions.
    let coreLog: Log | null = null;
    core = await createCore({
      dataDir: app.getPath('userData'),
      secrets: new SafeStorageSecrets(),
      appInfo: describeRuntime(app.getName(), app.getVersion(), process.platform, process.versions),
      network: createElectronNetwork([updaterSession()]),
      desktop: desktopActions(() => coreLog),
      ...(SANDBOX_URL ? { sandbox: { url: SANDBOX_URL, ...SANDBOX_OWNER } } : {}),
    });
    coreLog = core.log;
    const shown = createConsoleWindow(preloadPath);
    window = shown;
    openLinksExternallyAfterConfirming(shown);
    serveContract(core.router, shown);
    core.subscribe((push) => pushTo(shown, push));
    core.subscribe(notifyNewReports(core.router, shown));
  }).catch((error: unknown) => {
    // Without a core there is nothing to show; say why rather than leave no window at all.
    dialog.showErrorBox('Realm Console could not start', errorMessage(error));
    app.quit();
  });

  app.on('window-all-closed', () => app.quit());

  // Sessions delete their event queues on the way out, so quitting waits for the core once. The window
  // closes first, so that unsaved edits are asked about (platform/window.ts) before anything stops;
  // its closing quits (window-all-closed), and "Stay" keeps everything running.
  app.on('before-quit', (event) => {
    if (window && !window.isDestroyed()) {
      event.preventDefault();
      window.close();
      return;
    }
    const closing = core;
    if (!closing) return;
    core = null;
    event.preventDefault();
    void closing
      .close()
      .catch((error: unknown) => console.error('[core] close:', error))
      .finally(() => app.quit());
  });
}
