// The Electron main process: it owns the console core and serves the contract to one locked-down window.
import { app, type BrowserWindow } from 'electron';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contract } from '../shared/ipc';
import { createRouter } from './core/router';
import { handlers } from './core/handlers';
import { describeRuntime } from './core/runtime-info';
import { registerAppScheme, serveRenderer } from './platform/app-protocol';
import { serveContract } from './platform/ipc';
import { createConsoleWindow } from './platform/window';

const here = path.dirname(fileURLToPath(import.meta.url));
const rendererDir = path.join(here, '..', 'renderer');
const preloadPath = path.join(here, 'preload.cjs');

registerAppScheme();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let window: BrowserWindow | null = null;
  app.on('second-instance', () => {
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });

  void app.whenReady().then(() => {
    serveRenderer(rendererDir);
    const ctx = {
      appInfo: describeRuntime(app.getName(), app.getVersion(), process.platform, process.versions),
    };
    const router = createRouter(contract, handlers, ctx, {
      onInternalError: (channel, error) => console.error(`[core] ${channel}:`, error),
    });
    window = createConsoleWindow(preloadPath);
    serveContract(router, window);
  });

  app.on('window-all-closed', () => app.quit());
}
