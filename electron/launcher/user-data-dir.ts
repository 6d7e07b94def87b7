// The console's folder in the user's data directory: the same one Electron's app.getPath('userData')
// gives an app whose productName is "Realm Console", so browser mode and the desktop app keep their
// accounts and the sandbox's data in one place.
import path from 'node:path';

export const PRODUCT_NAME = 'Realm Console';

export interface Environment {
  readonly [name: string]: string | undefined;
}

/** Electron's appData (per platform) joined with the product name. */
export function userDataDir(platform: NodeJS.Platform, env: Environment, home: string): string {
  if (platform === 'win32') {
    return path.win32.join(env.APPDATA || path.win32.join(home, 'AppData', 'Roaming'), PRODUCT_NAME);
  }
  if (platform === 'darwin') return path.posix.join(home, 'Library', 'Application Support', PRODUCT_NAME);
  // Linux and the other Unixes: the XDG base directory, as Electron (through Chromium) reads it.
  const configHome = env.XDG_CONFIG_HOME && path.posix.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : path.posix.join(home, '.config');
  return path.posix.join(configHome, PRODUCT_NAME);
}
