// What only the desktop app does for the diagnostics view: open the logs folder in the file manager,
// and check the update channel with electron-updater (generic provider; its address is written into
// the package at build time as app-update.yml, see README "Packaging").
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { app, shell } from 'electron';
import { autoUpdater } from 'electron-updater';
import { describeUpdateCheck, type DesktopActions } from '../core/diagnostics/desktop';
import type { Log } from '../core/logging/log';

export function desktopActions(log: () => Log | null): DesktopActions {
  return {
    async openFolder(folder) {
      const failure = await shell.openPath(folder);
      return failure === '' ? null : `The logs folder ${folder} could not be opened (${failure}). Open it in your file manager.`;
    },
    async checkForUpdates() {
      if (!app.isPackaged) return describeUpdateCheck({ kind: 'not-installed' });
      const config = path.join(process.resourcesPath, 'app-update.yml');
      if (!existsSync(config)) return describeUpdateCheck({ kind: 'not-configured' });
      const url = /^url:\s*(.+)$/m.exec(readFileSync(config, 'utf8'))?.[1]?.trim() ?? null;
      const logger = log();
      // The updater's own messages go to the console's log, where its problems can be found later.
      autoUpdater.logger = logger ? { info: (message) => logger.info('updater', { message: String(message) }), warn: (message) => logger.warn('updater', { message: String(message) }), error: (message) => logger.error('updater', { message: String(message) }), debug: () => undefined } : null;
      try {
        const result = await autoUpdater.checkForUpdates();
        if (!result?.isUpdateAvailable) return describeUpdateCheck({ kind: 'up-to-date', current: app.getVersion() });
        return describeUpdateCheck({ kind: 'available', version: result.updateInfo.version });
      } catch (error) {
        return describeUpdateCheck({ kind: 'failed', message: error instanceof Error ? error.message.split('\n')[0] ?? error.message : String(error), url });
      }
    },
  };
}

/** The updater's network session, so it follows the app's proxy settings too. */
export function updaterSession() {
  return autoUpdater.netSession;
}
