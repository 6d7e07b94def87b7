// The app's network settings: saved atomically, applied at start, a change applied before it is
// saved, and nothing changed when the stack refuses it or the file cannot be written.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import type { NetworkSettings } from '../../../shared/ipc';
import { memoryLog } from '../logging/log';
import { NETWORK_FILE, NetworkService } from './network-service';
import type { NetworkStack } from './network-stack';

const dirs: string[] = [];
function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'network-service-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A stack that records what it was given, and refuses PAC like Node's. */
function recordingStack(): NetworkStack & { applied: NetworkSettings[] } {
  const applied: NetworkSettings[] = [];
  return {
    kind: 'node',
    supportsPac: false,
    applied,
    fetchFor: () => globalThis.fetch,
    async apply(settings) {
      if (settings.mode === 'pac') throw Object.assign(new Error('PAC files are for the app only.'), { code: 'INVALID_INPUT' });
      applied.push(settings);
    },
    environment: () => ({ httpsProxy: null, httpProxy: null, noProxy: null }),
    close: async () => undefined,
  };
}

const manual: NetworkSettings = { mode: 'manual', proxyUrl: 'proxy.example:3128', bypass: '*.internal.example', pacUrl: '' };

describe('network settings', () => {
  test('start with the system settings, applied', async () => {
    const stack = recordingStack();
    const service = await NetworkService.open({ dataDir: folder(), stack, log: await memoryLog() });
    expect(service.status()).toMatchObject({ settings: { mode: 'system' }, stack: 'node', pacSupported: false, problem: null });
    expect(stack.applied).toEqual([{ mode: 'system', proxyUrl: '', bypass: '', pacUrl: '' }]);
  });

  test('a change is checked, applied, saved tidied, wakes the sessions, and is in force after a restart', async () => {
    const dataDir = folder();
    const stack = recordingStack();
    let changes = 0;
    const service = await NetworkService.open({ dataDir, stack, log: await memoryLog(), onChange: () => (changes += 1) });
    const status = await service.set(manual);
    const tidied = { mode: 'manual', proxyUrl: 'http://proxy.example:3128', bypass: '*.internal.example', pacUrl: '' };
    expect(status.settings).toEqual(tidied);
    expect(stack.applied.at(-1)).toEqual(tidied);
    expect(changes).toBe(1);
    expect(JSON.parse(readFileSync(path.join(dataDir, NETWORK_FILE), 'utf8'))).toEqual({ version: 1, settings: tidied });
    const again = recordingStack();
    await NetworkService.open({ dataDir, stack: again, log: await memoryLog() });
    expect(again.applied).toEqual([tidied]);
  });

  test('settings the stack refuses change nothing, applied or saved', async () => {
    const dataDir = folder();
    const stack = recordingStack();
    const service = await NetworkService.open({ dataDir, stack, log: await memoryLog() });
    await service.set(manual);
    await expect(service.set({ ...manual, mode: 'pac', pacUrl: 'http://wpad.example/wpad.dat' })).rejects.toThrow('PAC files are for the app only.');
    expect(service.status().settings.mode).toBe('manual');
    expect(JSON.parse(readFileSync(path.join(dataDir, NETWORK_FILE), 'utf8')).settings.mode).toBe('manual');
  });

  test('a bad proxy address is refused before anything is applied', async () => {
    const stack = recordingStack();
    const service = await NetworkService.open({ dataDir: folder(), stack, log: await memoryLog() });
    await expect(service.set({ ...manual, proxyUrl: 'socks5://x:1' })).rejects.toMatchObject({ code: 'INVALID_INPUT', extra: { field: 'proxyUrl' } });
    expect(stack.applied).toHaveLength(1);
  });

  test('a file that cannot be written puts the settings before back, and says so', async () => {
    const dataDir = folder();
    const stack = recordingStack();
    const service = await NetworkService.open({ dataDir, stack, log: await memoryLog() });
    // A folder in the file's place: the rename over it fails, even for root.
    mkdirSync(path.join(dataDir, NETWORK_FILE, 'blocker'), { recursive: true });
    await expect(service.set(manual)).rejects.toMatchObject({ code: 'NETWORK_SETTINGS_NOT_SAVED' });
    expect(service.status().settings.mode).toBe('system');
    expect(stack.applied.at(-1)?.mode).toBe('system');
  });

  test('saved settings this stack cannot use (a PAC file in browser mode) leave the system settings in force, and say why', async () => {
    const dataDir = folder();
    writeFileSync(path.join(dataDir, NETWORK_FILE), JSON.stringify({ version: 1, settings: { mode: 'pac', proxyUrl: '', bypass: '', pacUrl: 'http://wpad.example/wpad.dat' } }));
    const log = await memoryLog();
    const service = await NetworkService.open({ dataDir, stack: recordingStack(), log });
    expect(service.status().settings.mode).toBe('system');
    expect(service.status().problem).toContain('The saved network settings (pac) cannot be used here, so the system settings are: PAC files are for the app only.');
    expect(log.recentProblems()).toHaveLength(1);
  });

  test('a corrupt file is moved aside and the system settings used', async () => {
    const dataDir = folder();
    writeFileSync(path.join(dataDir, NETWORK_FILE), '{"version": 1, "settings": {"mode": "warp"}}');
    const log = await memoryLog();
    const service = await NetworkService.open({ dataDir, stack: recordingStack(), log });
    expect(service.status().settings.mode).toBe('system');
    expect(readdirSync(dataDir).some((name) => name.startsWith(`${NETWORK_FILE}.corrupt-`))).toBe(true);
    expect(log.recentProblems()[0]?.text).toMatch(/^network settings set aside: .* because it is not in the expected form/);
  });
});
