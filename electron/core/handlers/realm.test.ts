// The session.* and realm.* channels through the core's router while the realm's server is down (a
// real sandbox, stopped and started again): reads answer from the last state when there is one, fail
// at once with NOT_CONNECTED when there is none, and the status says when the next try comes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { Push, SessionStatus } from '../../../shared/ipc';
import { FileSecretStore } from '../accounts/file-secret-store';
import { createCore, type Core } from '../core';
import { describeRuntime } from '../runtime-info';
import { startSandbox, type Sandbox } from '../testing/sandbox';

const sender = { origin: 'app://console/index.html', trusted: true };

let sandbox: Sandbox;
let dataDir: string;
const cores: Core[] = [];

beforeEach(async () => {
  sandbox = await startSandbox({ seed: 'demo', args: ['--heartbeat-ms', '300'] });
  dataDir = mkdtempSync(path.join(tmpdir(), 'realm-handlers-'));
}, 60_000);

afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A core on `dataDir` (signed in to the sandbox as Olivia when it has no account yet), recording its pushes. */
async function startCore(): Promise<{ core: Core; pushes: Push[]; account: string }> {
  const core = await createCore({
    dataDir,
    secrets: new FileSecretStore(dataDir),
    appInfo: describeRuntime('realm-console', '0.0.0', process.platform, process.versions),
    sandbox: { url: sandbox.url, email: 'olivia@sandbox.test', password: 'sandbox' },
  });
  cores.push(core);
  const pushes: Push[] = [];
  core.subscribe((push) => pushes.push(push));
  const accounts = await core.router.handle('accounts.list', {}, sender);
  if (!accounts.ok) throw new Error(accounts.error.msg);
  return { core, pushes, account: (accounts.value as { id: string }[])[0]?.id ?? '' };
}

/** Waits until the account's status passes `check`, and returns that status. */
async function statusWhen(core: Core, account: string, check: (status: SessionStatus) => boolean, timeout = 10_000): Promise<SessionStatus> {
  return vi.waitFor(
    async () => {
      const current = await status(core, account);
      if (!check(current)) throw new Error(`the status is still ${JSON.stringify(current)}`);
      return current;
    },
    { timeout, interval: 50 },
  );
}

async function status(core: Core, account: string): Promise<SessionStatus> {
  const result = await core.router.handle('session.status', { account }, sender);
  if (!result.ok) throw new Error(result.error.msg);
  return result.value as SessionStatus;
}

test('while the server is down, reads answer from the last state, and the status says since when and when the next try comes', async () => {
  const { core, pushes, account } = await startCore();
  await statusWhen(core, account, (now) => now.state === 'live');
  const before = await core.router.handle('realm.overview', { account }, sender);
  expect(before).toMatchObject({ ok: true, value: { realmName: 'Sandbox Org' } });

  const stoppedAt = Date.now();
  await sandbox.stop();
  const down = await statusWhen(core, account, (now) => now.state === 'reconnecting');
  expect(down).toEqual({ state: 'reconnecting', detail: `Lost the connection to ${sandbox.url}.`, retryAt: expect.any(Number), lastLiveAt: expect.any(Number) });
  expect(down.lastLiveAt).toBeGreaterThanOrEqual(stoppedAt);
  expect(down.retryAt).toBeGreaterThan(down.lastLiveAt ?? Infinity);
  // The renderer hears the same through the push.
  expect(pushes).toContainEqual({ kind: 'session.state', account, ...down });

  expect(await core.router.handle('realm.overview', { account }, sender)).toEqual(before);
  const users = await core.router.handle('realm.users.list', { account }, sender);
  expect(users.ok && (users.value as unknown[]).length).toBeGreaterThan(40);

  await sandbox.start();
  await core.router.handle('session.reconnect', { account }, sender);
  await statusWhen(core, account, (now) => now.state === 'live', 20_000);
  expect(await status(core, account)).toEqual({ state: 'live', detail: null, retryAt: null, lastLiveAt: null });
}, 60_000);

test('with no snapshot yet and the server down, reads fail at once with NOT_CONNECTED, and succeed once it is back', async () => {
  // A first run saves the account; the next start finds its server gone.
  const first = await startCore();
  await first.core.close();
  cores.splice(cores.indexOf(first.core), 1);
  await sandbox.stop();

  const { core, account } = await startCore();
  await statusWhen(core, account, (now) => now.detail !== null);
  const read = await core.router.handle('realm.overview', { account }, sender);
  expect(read).toEqual({
    ok: false,
    error: {
      code: 'NOT_CONNECTED',
      msg: `Not connected to ${sandbox.url} yet, so nothing is loaded from it. Could not reach ${sandbox.url}.`,
      retryAt: expect.any(Number),
    },
  });
  expect(await status(core, account)).toMatchObject({ state: 'connecting', lastLiveAt: null });

  await sandbox.start();
  await core.router.handle('session.reconnect', { account }, sender);
  await statusWhen(core, account, (now) => now.state === 'live', 20_000);
  expect(await core.router.handle('realm.overview', { account }, sender)).toMatchObject({ ok: true, value: { realmName: 'Sandbox Org' } });
}, 60_000);
