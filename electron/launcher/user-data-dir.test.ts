import { describe, expect, test } from 'vitest';
import { userDataDir } from './user-data-dir';

describe("the console's user data folder", () => {
  test('on Linux it is "Realm Console" under XDG_CONFIG_HOME', () => {
    expect(userDataDir('linux', { XDG_CONFIG_HOME: '/data/config' }, '/home/ann')).toBe('/data/config/Realm Console');
  });

  test('on Linux without XDG_CONFIG_HOME (or with a relative one) it is under ~/.config', () => {
    expect(userDataDir('linux', {}, '/home/ann')).toBe('/home/ann/.config/Realm Console');
    expect(userDataDir('linux', { XDG_CONFIG_HOME: 'relative/config' }, '/home/ann')).toBe('/home/ann/.config/Realm Console');
  });

  test('on macOS it is under ~/Library/Application Support', () => {
    expect(userDataDir('darwin', { XDG_CONFIG_HOME: '/ignored' }, '/Users/ann')).toBe('/Users/ann/Library/Application Support/Realm Console');
  });

  test('on Windows it is under %APPDATA%, or AppData\\Roaming when that is unset', () => {
    expect(userDataDir('win32', { APPDATA: 'C:\\Users\\ann\\AppData\\Roaming' }, 'C:\\Users\\ann')).toBe('C:\\Users\\ann\\AppData\\Roaming\\Realm Console');
    expect(userDataDir('win32', {}, 'C:\\Users\\ann')).toBe('C:\\Users\\ann\\AppData\\Roaming\\Realm Console');
  });
});
