// The core as the Electron main process and browser mode build it, against a real sandbox server:
// signing out through the router.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { getEvents } from '../../shared/api';
import type { Account } from '../../shared/ipc';
import { FileSecretStore } from './accounts/file-secret-store';
import type { SecretStore } from './accounts/secret-store';
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
  await Promise.all([...cores].map((core) => core.close()));
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

async function call(core: Core, channel: string, input: unknown): Promise<unknown> {
  const result = await core.router.handle(channel, input, sender);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.msg}`);
  return result.value;
}

const accountsOf = async (core: Core) => (await call(core, 'accounts.list', {})) as Account[];

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
