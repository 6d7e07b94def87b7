// The diagnostics and the log of a real core signed in to a real sandbox: what the view shows, the
// report to copy (no key, no email), the logs folder, the update check in browser mode and in the
// app, and a log file that records requests, queue states and refusals, and holds no credential.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Diagnostics } from '../../../shared/ipc';
import { FileSecretStore } from '../accounts/file-secret-store';
import { createCore, type Core, type CoreOptions } from '../core';
import { describeRuntime } from '../runtime-info';
import { apiKeyFor } from '../session/testing/session-harness';
import { startSandbox, type Sandbox } from '../testing/sandbox';
import type { DesktopActions } from './desktop';

let sandbox: Sandbox;
let oliviaKey: string;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: 'demo', args: ['--heartbeat-ms', '500'] });
  oliviaKey = await apiKeyFor(sandbox.url, 'olivia@sandbox.test');
}, 60_000);
afterAll(async () => {
  await sandbox?.close();
});

const cores: Core[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const sender = { origin: 'app://console/index.html', trusted: true };

async function startCore(extra: Partial<CoreOptions> = {}): Promise<{ core: Core; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'diagnostics-'));
  dirs.push(dataDir);
  const core = await createCore({
    dataDir,
    secrets: new FileSecretStore(dataDir),
    appInfo: describeRuntime('Realm Console', '1.2.3', 'linux', { node: '20.19.0' }),
    sandbox: { url: sandbox.url, email: 'olivia@sandbox.test', password: 'sandbox' },
    ...extra,
  });
  cores.push(core);
  return { core, dataDir };
}

async function call<T>(core: Core, channel: string): Promise<T> {
  const result = await core.router.handle(channel, {}, sender);
  if (!result.ok) throw new Error(`${channel}: ${result.error.msg}`);
  return result.value as T;
}

/** The diagnostics once `ready` holds of them (the session goes live on its own time). */
async function diagnosticsOnce(core: Core, ready: (diagnostics: Diagnostics) => boolean, what: string): Promise<Diagnostics> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const diagnostics = await call<Diagnostics>(core, 'diagnostics.get');
    if (ready(diagnostics)) return diagnostics;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(diagnostics.realms)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const liveDiagnostics = (core: Core) => diagnosticsOnce(core, (diagnostics) => diagnostics.realms[0]?.state === 'live', 'a live session');

describe('diagnostics', () => {
  test("show the versions, the network, each realm's address, feature level and queue state, and the logs folder", async () => {
    const { core, dataDir } = await startCore();
    const diagnostics = await liveDiagnostics(core);
    expect(diagnostics).toMatchObject({
      app: { name: 'Realm Console', version: '1.2.3', runtime: { kind: 'node', node: '20.19.0' } },
      logsFolder: path.join(dataDir, 'logs'),
      canOpenFolders: false,
      network: { settings: { mode: 'system' }, stack: 'node', proxyPasswordSaved: false },
      realms: [{ realmName: 'Sandbox Org', realmUrl: sandbox.url, featureLevel: 421, state: 'live', detail: null, trust: { certificateUnchecked: false, cleartext: false } }],
    });
  });

  test('the last problems include a refused call and a lost connection, in words', async () => {
    const { core } = await startCore();
    await liveDiagnostics(core);
    await core.router.handle('accounts.signInWithPassword', { realmUrl: 'http://sandbox.test', email: 'a@b.c', password: 'secret-pass-123' }, sender);
    await sandbox.stop();
    try {
      const { problems } = await diagnosticsOnce(core, (diagnostics) => diagnostics.problems.some((problem) => problem.text.startsWith('queue state: ')), 'the lost connection');
      expect(problems.map((problem) => problem.text)).toEqual(
        expect.arrayContaining([expect.stringContaining('call failed: http://sandbox.test is not on this computer'), expect.stringMatching(/^queue state: (reconnecting|offline)/)]),
      );
    } finally {
      await sandbox.start();
    }
    await liveDiagnostics(core);
  }, 30_000);

  test('the report to copy has what support needs and no key, password or email', async () => {
    const { core } = await startCore();
    await liveDiagnostics(core);
    await core.router.handle('accounts.signInWithApiKey', { realmUrl: 'http://10.1.2.3', email: 'olivia@sandbox.test', apiKey: oliviaKey }, sender);
    const { text } = await call<{ text: string }>(core, 'diagnostics.report');
    expect(text).toMatch(/^Realm Console 1\.2\.3 diagnostics, \d{4}-/);
    expect(text).toContain('Runtime: browser mode (Node 20.19.0) on linux');
    expect(text).toContain('Network: system settings (proxy environment variables:');
    expect(text).toContain(`- ${sandbox.url}: feature level 421, live`);
    expect(text).not.toContain(oliviaKey);
    expect(text).not.toContain('olivia@sandbox.test');
  });

  test('browser mode gives the logs folder to open by hand, and says updates come with the source folder', async () => {
    const { core, dataDir } = await startCore();
    expect(await call(core, 'diagnostics.openLogsFolder')).toEqual({
      opened: false,
      folder: path.join(dataDir, 'logs'),
      detail: 'Browser mode cannot open folders on this computer: open this folder in your file manager.',
    });
    expect(await call(core, 'updates.check')).toMatchObject({ status: 'browser-mode', message: expect.stringContaining('updates come with it') });
  });

  test('in the app, the desktop opens the folder and checks the update channel', async () => {
    const opened: string[] = [];
    const desktop: DesktopActions = {
      openFolder: async (folder) => {
        opened.push(folder);
        return null;
      },
      checkForUpdates: async () => ({ status: 'not-configured', message: 'No update channel is configured in this package.', version: null }),
    };
    const { core, dataDir } = await startCore({ desktop });
    expect(await call(core, 'diagnostics.openLogsFolder')).toEqual({ opened: true, folder: path.join(dataDir, 'logs'), detail: null });
    expect(opened).toEqual([path.join(dataDir, 'logs')]);
    expect((await call<Diagnostics>(core, 'diagnostics.get')).canOpenFolders).toBe(true);
    expect(await call(core, 'updates.check')).toMatchObject({ status: 'not-configured' });
  });
});

describe('the log file', () => {
  test('records API requests, queue states and refused calls, and never a key or a password', async () => {
    const { core, dataDir } = await startCore();
    await liveDiagnostics(core);
    await core.router.handle('accounts.signInWithPassword', { realmUrl: sandbox.url, email: 'adam@sandbox.test', password: 'wrong-password-42' }, sender);
    await core.router.handle('accounts.signInWithApiKey', { realmUrl: sandbox.url, email: 'olivia@sandbox.test', apiKey: oliviaKey }, sender);
    await core.close();
    cores.splice(cores.indexOf(core), 1);
    const folder = path.join(dataDir, 'logs');
    const text = readdirSync(folder)
      .map((file) => readFileSync(path.join(folder, file), 'utf8'))
      .join('');
    const entries = text.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toContainEqual(expect.objectContaining({ msg: 'api request', method: 'POST', path: '/api/v1/register', status: 200, ms: expect.any(Number) }));
    expect(entries).toContainEqual(expect.objectContaining({ msg: 'queue state', state: 'live' }));
    expect(entries).toContainEqual(expect.objectContaining({ msg: 'call failed', channel: 'accounts.signInWithPassword', code: 'AUTHENTICATION_FAILED' }));
    expect(entries.at(-1)).toMatchObject({ msg: 'core stopped' });
    expect(text).not.toContain(oliviaKey);
    expect(text).not.toContain('wrong-password-42');
    expect(text).not.toMatch(/Basic [A-Za-z0-9+/=]{12,}/);
  });

  test('logDir null writes no file', async () => {
    const { core, dataDir } = await startCore({ logDir: null });
    expect((await call<Diagnostics>(core, 'diagnostics.get')).logsFolder).toBeNull();
    expect(readdirSync(dataDir)).not.toContain('logs');
  });
});
