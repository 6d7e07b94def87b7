// The app's network settings: saved atomically, applied at start, a change applied before it is
// saved, and nothing changed when the stack refuses it or the file cannot be written; the proxy's
// password sealed, never in the status or the log.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import type { NetworkSettings } from '../../../shared/ipc';
import { FileSecretStore } from '../accounts/file-secret-store';
import { PlaintextSecretStore, type SecretStore } from '../accounts/secret-store';
import type { Log } from '../logging/log';
import { memoryLog } from '../logging/log';
import { NETWORK_FILE, NetworkService } from './network-service';
import type { NetworkStack, ProxyCredentials } from './network-stack';

const dirs: string[] = [];
function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'network-service-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A stack that records what it was given, and refuses a PAC file as Node's does one it cannot read. */
function recordingStack(): NetworkStack & { applied: NetworkSettings[]; credentials: (ProxyCredentials | null)[] } {
  const applied: NetworkSettings[] = [];
  const credentials: (ProxyCredentials | null)[] = [];
  return {
    kind: 'node',
    applied,
    credentials,
    fetchFor: () => globalThis.fetch,
    async apply(settings, signIn = null) {
      if (settings.mode === 'pac') throw Object.assign(new Error('The PAC file could not be read.'), { code: 'INVALID_INPUT' });
      applied.push(settings);
      credentials.push(signIn);
    },
    environment: () => ({ httpsProxy: null, httpProxy: null, noProxy: null }),
    close: async () => undefined,
  };
}

function open(dataDir: string, stack: NetworkStack, log: Log, options: { secrets?: SecretStore; onChange?: () => void } = {}) {
  return NetworkService.open({ dataDir, stack, log, secrets: options.secrets ?? new FileSecretStore(dataDir), ...(options.onChange ? { onChange: options.onChange } : {}) });
}

const manual: NetworkSettings = { mode: 'manual', proxyUrl: 'proxy.example:3128', proxyUsername: '', bypass: '*.internal.example', pacUrl: '' };

describe('network settings', () => {
  test('start with the system settings, applied', async () => {
    const stack = recordingStack();
    const service = await open(folder(), stack, await memoryLog());
    expect(service.status()).toMatchObject({ settings: { mode: 'system' }, stack: 'node', proxyPasswordSaved: false, problem: null });
    expect(stack.applied).toEqual([{ mode: 'system', proxyUrl: '', proxyUsername: '', bypass: '', pacUrl: '' }]);
  });

  test('a change is checked, applied, saved tidied, wakes the sessions, and is in force after a restart', async () => {
    const dataDir = folder();
    const stack = recordingStack();
    let changes = 0;
    const service = await open(dataDir, stack, await memoryLog(), { onChange: () => (changes += 1) });
    const status = await service.set(manual);
    const tidied = { mode: 'manual', proxyUrl: 'http://proxy.example:3128', proxyUsername: '', bypass: '*.internal.example', pacUrl: '' };
    expect(status.settings).toEqual(tidied);
    expect(stack.applied.at(-1)).toEqual(tidied);
    expect(changes).toBe(1);
    expect(JSON.parse(readFileSync(path.join(dataDir, NETWORK_FILE), 'utf8'))).toEqual({ version: 1, settings: tidied, proxyPassword: null });
    const again = recordingStack();
    await open(dataDir, again, await memoryLog());
    expect(again.applied).toEqual([tidied]);
  });

  test('settings the stack refuses change nothing, applied or saved', async () => {
    const dataDir = folder();
    const stack = recordingStack();
    const service = await open(dataDir, stack, await memoryLog());
    await service.set(manual);
    await expect(service.set({ ...manual, mode: 'pac', pacUrl: 'http://wpad.example/wpad.dat' })).rejects.toThrow('The PAC file could not be read.');
    expect(service.status().settings.mode).toBe('manual');
    expect(JSON.parse(readFileSync(path.join(dataDir, NETWORK_FILE), 'utf8')).settings.mode).toBe('manual');
  });

  test('a bad proxy address is refused before anything is applied', async () => {
    const stack = recordingStack();
    const service = await open(folder(), stack, await memoryLog());
    await expect(service.set({ ...manual, proxyUrl: 'socks5://x:1' })).rejects.toMatchObject({ code: 'INVALID_INPUT', extra: { field: 'proxyUrl' } });
    expect(stack.applied).toHaveLength(1);
  });

  test('a file that cannot be written puts the settings before back, and says so', async () => {
    const dataDir = folder();
    const stack = recordingStack();
    const service = await open(dataDir, stack, await memoryLog());
    // A folder in the file's place: the rename over it fails, even for root.
    mkdirSync(path.join(dataDir, NETWORK_FILE, 'blocker'), { recursive: true });
    await expect(service.set(manual)).rejects.toMatchObject({ code: 'NETWORK_SETTINGS_NOT_SAVED' });
    expect(service.status().settings.mode).toBe('system');
    expect(stack.applied.at(-1)?.mode).toBe('system');
  });

  test('saved settings this stack cannot use (a PAC file it cannot read) leave the system settings in force, and say why', async () => {
    const dataDir = folder();
    writeFileSync(path.join(dataDir, NETWORK_FILE), JSON.stringify({ version: 1, settings: { mode: 'pac', proxyUrl: '', proxyUsername: '', bypass: '', pacUrl: 'http://wpad.example/wpad.dat' } }));
    const log = await memoryLog();
    const service = await open(dataDir, recordingStack(), log);
    expect(service.status().settings.mode).toBe('system');
    expect(service.status().problem).toContain('The saved network settings (pac) cannot be used, so the system settings are: The PAC file could not be read.');
    expect(log.recentProblems()).toHaveLength(1);
  });

  test('a corrupt file is moved aside and the system settings used', async () => {
    const dataDir = folder();
    writeFileSync(path.join(dataDir, NETWORK_FILE), '{"version": 1, "settings": {"mode": "warp"}}');
    const log = await memoryLog();
    const service = await open(dataDir, recordingStack(), log);
    expect(service.status().settings.mode).toBe('system');
    expect(readdirSync(dataDir).some((name) => name.startsWith(`${NETWORK_FILE}.corrupt-`))).toBe(true);
    expect(log.recentProblems()[0]?.text).toMatch(/^network settings set aside: .* because it is not in the expected form/);
  });
});

describe("a proxy's sign-in", () => {
  const signedIn = { ...manual, proxyUsername: 'ada' };

  test('the password is sealed in the file, given to the stack, never in the status or the log, and back after a restart', async () => {
    const dataDir = folder();
    const stack = recordingStack();
    const log = await memoryLog();
    const service = await open(dataDir, stack, log);
    const status = await service.set({ ...signedIn, proxyPassword: 'c0rp-Secret!' });
    expect(status).toMatchObject({ settings: { proxyUsername: 'ada' }, proxyPasswordSaved: true });
    expect(JSON.stringify(status)).not.toContain('c0rp-Secret!');
    expect(stack.credentials.at(-1)).toEqual({ username: 'ada', password: 'c0rp-Secret!' });
    const text = readFileSync(path.join(dataDir, NETWORK_FILE), 'utf8');
    expect(text).not.toContain('c0rp-Secret!');
    expect(JSON.parse(text).proxyPassword).toMatch(/^v1:/);
    expect(JSON.stringify(log.recentProblems())).not.toContain('c0rp-Secret!');
    const again = recordingStack();
    expect((await open(dataDir, again, await memoryLog())).status().proxyPasswordSaved).toBe(true);
    expect(again.credentials).toEqual([{ username: 'ada', password: 'c0rp-Secret!' }]);
  });

  test('left empty, the saved password stays; another user name, or none, forgets it', async () => {
    const stack = recordingStack();
    const service = await open(folder(), stack, await memoryLog());
    await service.set({ ...signedIn, proxyPassword: 'c0rp-Secret!' });
    await service.set({ ...signedIn, bypass: 'example.com' });
    expect(stack.credentials.at(-1)).toEqual({ username: 'ada', password: 'c0rp-Secret!' });
    expect((await service.set({ ...signedIn, proxyUsername: 'bob' })).proxyPasswordSaved).toBe(false);
    expect(stack.credentials.at(-1)).toEqual({ username: 'bob', password: '' });
    await service.set({ ...signedIn, proxyPassword: 'again' });
    expect((await service.set(manual)).proxyPasswordSaved).toBe(false);
    expect(stack.credentials.at(-1)).toBeNull();
  });

  test('a user name and password typed in the address move to their own fields', async () => {
    const stack = recordingStack();
    const service = await open(folder(), stack, await memoryLog());
    const status = await service.set({ ...manual, proxyUrl: 'http://ada%40corp:p%3Ass@proxy.example:3128' });
    expect(status.settings).toMatchObject({ proxyUrl: 'http://proxy.example:3128', proxyUsername: 'ada@corp' });
    expect(stack.credentials.at(-1)).toEqual({ username: 'ada@corp', password: 'p:ss' });
  });

  test('the sign-in is sent only to the manual proxy', async () => {
    const stack = recordingStack();
    const service = await open(folder(), stack, await memoryLog());
    await service.set({ ...signedIn, mode: 'none', proxyPassword: 'c0rp-Secret!' });
    expect(stack.credentials.at(-1)).toBeNull();
    expect(service.status()).toMatchObject({ settings: { mode: 'none', proxyUsername: 'ada' }, proxyPasswordSaved: true });
  });

  test('with no encryption on this computer, a password is refused, not kept in plain text', async () => {
    const dataDir = folder();
    const stack = recordingStack();
    const service = await open(dataDir, stack, await memoryLog(), { secrets: new PlaintextSecretStore() });
    await expect(service.set({ ...signedIn, proxyPassword: 'c0rp-Secret!' })).rejects.toMatchObject({ code: 'SECRET_STORAGE_UNAVAILABLE', extra: { field: 'proxyPassword' } });
    expect(stack.applied).toHaveLength(1);
    expect(readdirSync(dataDir)).not.toContain(NETWORK_FILE);
  });
});
