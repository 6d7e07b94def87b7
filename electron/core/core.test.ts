// The core as the Electron main process and browser mode build it, against a real sandbox server:
// signing out through the router, the sandbox sign-in a newcomer gets on a system with no keyring, and
// a saved key that can no longer be opened.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { getEvents } from '../../shared/api';
import type { Account } from '../../shared/ipc';
import { FileSecretStore } from './accounts/file-secret-store';
import { PlaintextSecretStore, type SecretStore } from './accounts/secret-store';
import { ApiClient } from './client/api-client';
import { createCore, type Core } from './core';
import { describeRuntime } from './runtime-info';
import { apiKeyFor, eventually } from './session/testing/session-harness';
import { startSandbox, type Sandbox } from './testing/sandbox';

let sandbox: Sandbox;
let oliviaKey: string;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: 'demo', args: ['--heartbeat-ms', '500'] });
  oliviaKey = await apiKeyFor(sandbox.url, 'olivia@sandbox.test');
}, 60_000);
afterAll(async () => {
  await sandbox?.close();
});

const cores = new Set<Core>();
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all([...cores].map(closeCore));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const sender = { origin: 'app://console/index.html', trusted: true };

function freshDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'core-'));
  dirs.push(dir);
  return dir;
}

/** A core as `npm start` builds it: signed in to the sandbox as Olivia Owner when it has no accounts. */
async function startCore(dataDir: string, secrets: SecretStore, fetch?: typeof globalThis.fetch): Promise<Core> {
  const core = await createCore({
    dataDir,
    secrets,
    appInfo: describeRuntime('realm-console', '0.0.0', process.platform, process.versions),
    sandbox: { url: sandbox.url, email: 'olivia@sandbox.test', password: 'sandbox' },
    ...(fetch ? { clientOptions: { fetch } } : {}),
  });
  cores.add(core);
  return core;
}

/** As the app quits: the sessions stop and delete their queues. */
async function closeCore(core: Core): Promise<void> {
  cores.delete(core);
  await core.close();
}

async function call(core: Core, channel: string, input: unknown): Promise<unknown> {
  const result = await core.router.handle(channel, input, sender);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.msg}`);
  return result.value;
}

const accountsOf = async (core: Core) => (await call(core, 'accounts.list', {})) as Account[];

/** Every file under `dir`, as text. */
function filesUnder(dir: string): { file: string; text: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [{ file, text: readFileSync(file, 'utf8') }];
  });
}

test('signing out through the router deletes the account’s event queue on the server before it answers', async () => {
  // The queue the session long-polls, as seen on the wire.
  let polledQueue: string | null = null;
  const watching: typeof globalThis.fetch = (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    if (url.pathname.endsWith('/api/v1/events') && (init?.method ?? 'GET') === 'GET') polledQueue = url.searchParams.get('queue_id');
    return globalThis.fetch(input, init);
  };
  const core = await startCore(freshDataDir(), new FileSecretStore(freshDataDir()), watching);
  const [account] = await accountsOf(core);
  const queue = await eventually(() => polledQueue ?? undefined, 'the session to poll its queue');
  // Olivia herself, over HTTP, with the key she had: the queue is hers and alive.
  const olivia = new ApiClient({ realmUrl: sandbox.url, credentials: { email: 'olivia@sandbox.test', apiKey: oliviaKey } });
  await expect(olivia.call(getEvents, { queue_id: queue, last_event_id: -1, dont_block: true })).resolves.toBeTruthy();

  await call(core, 'accounts.signOut', { account: account?.id });
  await expect(olivia.call(getEvents, { queue_id: queue, last_event_id: -1, dont_block: true })).rejects.toMatchObject({ code: 'BAD_EVENT_QUEUE_ID' });
});

describe('the sandbox sign-in on a system with no keyring', () => {
  const noKeyring = () => new PlaintextSecretStore();

  test('the sandbox owner is signed in and live, and the API key is written nowhere', async () => {
    const dataDir = freshDataDir();
    const core = await startCore(dataDir, noKeyring());
    const [account] = await accountsOf(core);
    expect(account).toMatchObject({ email: 'olivia@sandbox.test', realmName: 'Sandbox Org' });
    // Nothing readable is saved, so there is no "saved unencrypted" warning to show.
    expect(account?.protection).toBe('encrypted');
    expect(await call(core, 'realm.overview', { account: account?.id })).toMatchObject({ realmName: 'Sandbox Org' });
    const files = filesUnder(dataDir);
    expect(files.map(({ file }) => path.basename(file))).toContain('accounts.json');
    expect(files.filter(({ text }) => text.includes(oliviaKey)).map(({ file }) => file)).toEqual([]);
  });

  test('the next start fetches the key again: the same account, live, and still no key on disk', async () => {
    const dataDir = freshDataDir();
    const first = await startCore(dataDir, noKeyring());
    const [before] = await accountsOf(first);
    await closeCore(first);

    const again = await startCore(dataDir, noKeyring());
    expect(await accountsOf(again)).toEqual([before]);
    expect(await call(again, 'realm.overview', { account: before?.id })).toMatchObject({ realmName: 'Sandbox Org' });
    expect(filesUnder(dataDir).filter(({ text }) => text.includes(oliviaKey))).toEqual([]);
  });

  test('a start while the sandbox is down leaves its account out rather than failing, and the next start brings it back', async () => {
    const dataDir = freshDataDir();
    const first = await startCore(dataDir, noKeyring());
    const [account] = await accountsOf(first);
    await closeCore(first);

    await sandbox.stop();
    try {
      const whileDown = await startCore(dataDir, noKeyring());
      expect(await accountsOf(whileDown)).toEqual([]);
      await closeCore(whileDown);
    } finally {
      await sandbox.start();
    }
    const later = await startCore(dataDir, noKeyring());
    expect(await accountsOf(later)).toEqual([account]);
  }, 30_000);
});

test('a saved key that can no longer be opened leaves the account offline, asking for a new sign-in, and the core running', async () => {
  const dataDir = freshDataDir();
  const first = await startCore(dataDir, new FileSecretStore(dataDir));
  const [account] = await accountsOf(first);
  await closeCore(first);

  // The sealing key was replaced (a restored backup, another machine's folder): the saved key cannot be opened.
  writeFileSync(path.join(dataDir, 'secret.key'), randomBytes(32));
  const again = await startCore(dataDir, new FileSecretStore(dataDir));
  expect(await accountsOf(again)).toEqual([account]);
  await vi.waitFor(
    async () => {
      const status = (await call(again, 'session.status', { account: account?.id })) as { state: string; detail: string | null };
      expect(status.state).toBe('offline');
      expect(status.detail).toMatch(/The saved API key cannot be read: .*Sign in to this account again\./);
    },
    { timeout: 10_000 },
  );
  // Screens get the same words rather than a crash.
  const overview = await again.router.handle('realm.overview', { account: account?.id }, sender);
  expect(overview.ok ? null : overview.error.code).toBe('SECRET_UNREADABLE');
});

test('the account list follows what the realm says of the signed-in user: a rename and a role change made elsewhere', async () => {
  const core = await createCore({
    dataDir: freshDataDir(),
    secrets: new FileSecretStore(freshDataDir()),
    appInfo: describeRuntime('realm-console', '0.0.0', process.platform, process.versions),
    sandbox: { url: sandbox.url, email: 'adam@sandbox.test', password: 'sandbox' },
  });
  cores.add(core);
  let latest: Account[] = [];
  let changedPushes = 0;
  let live = false;
  core.subscribe((push) => {
    if (push.kind === 'accounts.changed') changedPushes += 1;
    if (push.kind === 'session.state' && push.state === 'live') live = true;
  });
  const [account] = await accountsOf(core);
  expect(account).toMatchObject({ fullName: 'Adam Admin', role: 200 });
  await eventually(() => live, 'the session to go live');
  // Olivia, the owner, renames Adam and makes him a moderator, from another client.
  const patch = (body: Record<string, string>) =>
    fetch(`${sandbox.url}/api/v1/users/${account?.userId}`, {
      method: 'PATCH',
      headers: { authorization: `Basic ${Buffer.from(`olivia@sandbox.test:${oliviaKey}`).toString('base64')}` },
      body: new URLSearchParams(body),
    });
  try {
    expect((await patch({ full_name: 'Adam A. Admin', role: '300' })).status).toBe(200);
    await eventually(() => changedPushes >= 1 && true, 'an accounts.changed push');
    for (let tries = 0; tries < 100; tries++) {
      latest = await accountsOf(core);
      if (latest[0]?.role === 300 && latest[0].fullName === 'Adam A. Admin') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(latest[0]).toMatchObject({ fullName: 'Adam A. Admin', role: 300 });
  } finally {
    await patch({ full_name: 'Adam Admin', role: '200' });
  }
});
