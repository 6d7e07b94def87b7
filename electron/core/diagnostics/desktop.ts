// What only the desktop app can do for the diagnostics view, given to the core by electron/main.ts
// (through platform/): open a folder in the file manager, and check the update channel. Browser mode
// gives neither, and the core says so in words.
import type { UpdateCheck } from '../../../shared/ipc';

export interface DesktopActions {
  /** Opens the folder; resolves to null when done, else the reason in words. */
  openFolder(folder: string): Promise<string | null>;
  checkForUpdates(): Promise<UpdateCheck>;
}

/** What "Check for updates" says in browser mode: the console comes from its source folder. */
export const BROWSER_MODE_UPDATES: UpdateCheck = {
  status: 'browser-mode',
  message:
    'In browser mode, Realm Console runs from its source folder, so updates come with it: update that folder (for example with git pull) and run npm start again, which builds the new version. The installed app checks its update channel itself.',
  version: null,
};

/** The update check's outcome in words, from what electron-updater reported (platform/updates.ts). */
export type UpdaterOutcome =
  | { kind: 'not-installed' }
  | { kind: 'not-configured' }
  | { kind: 'up-to-date'; current: string }
  | { kind: 'available'; version: string }
  | { kind: 'failed'; message: string; url: string | null };

export function describeUpdateCheck(outcome: UpdaterOutcome): UpdateCheck {
  switch (outcome.kind) {
    case 'not-installed':
      return {
        status: 'not-installed',
        message: 'This Realm Console runs from its source folder (npm start), not from an installed package, so it has no update channel: update the folder and run npm start again.',
        version: null,
      };
    case 'not-configured':
      return {
        status: 'not-configured',
        message:
          'No update channel is configured in this package: it was built without an update address (REALM_CONSOLE_UPDATE_URL). Install new versions the way you installed this one, or ask whoever built it for a package with updates.',
        version: null,
      };
    case 'up-to-date':
      return { status: 'up-to-date', message: `Realm Console ${outcome.current} is the newest version on the update channel.`, version: null };
    case 'available':
      return {
        status: 'downloading',
        message: `Realm Console ${outcome.version} is available and downloading. It is installed when you quit Realm Console.`,
        version: outcome.version,
      };
    case 'failed':
      return {
        status: 'failed',
        message: `The update channel${outcome.url ? ` at ${outcome.url}` : ''} could not be checked: ${outcome.message}. Check your network (and Network settings), then try again.`,
        version: null,
      };
  }
}
