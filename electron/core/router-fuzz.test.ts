// The contract's router under random and malformed input: every call ends in a typed envelope, never
// a crash or a hang, and no reply ever carries an API key.
import fc from 'fast-check';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CHANNEL_NAMES, IpcError } from '../../shared/ipc';
import { FileSecretStore } from './accounts/file-secret-store';
import { createCore, type Core } from './core';
import { describeRuntime } from './runtime-info';
import { startSandbox, type Sandbox } from './testing/sandbox';

let sandbox: Sandbox;
let core: Core;
let dataDir: string;
let apiKey: string;
let accountId: string;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 'demo' });
  dataDir = await mkdtemp(path.join(tmpdir(), 'core-fuzz-'));
  core = await createCore({
    dataDir,
    secrets: new FileSecretStore(dataDir),
    appInfo: describeRuntime('realm-console', '0.0.0', process.platform, process.versions),
    sandbox: { url: sandbox.url, email: 'olivia@sandbox.test', password: 'sandbox' },
  });
  const reply = await fetch(`${sandbox.url}/api/v1/fetch_api_key`, { method: 'POST', body: new URLSearchParams({ username: 'olivia@sandbox.test', password: 'sandbox' }) });
  apiKey = ((await reply.json()) as { api_key: string }).api_key;
  const accounts = await core.router.handle('accounts.list', {}, { origin: 'test', trusted: true });
  accountId = accounts.ok ? ((accounts.value as { id: string }[])[0]?.id ?? '') : '';
}, 60_000);

afterAll(async () => {
  await core.close();
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
});

const sender = { origin: 'app://console/index.html', trusted: true };

/** Payloads that look almost right (an account, a few fields), beside arbitrary values. */
const payload = (account: fc.Arbitrary<string>) =>
  fc.oneof(
    fc.anything(),
    fc.record({ account, ids: fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 5 }) }, { requiredKeys: [] }),
    fc.record({ realmUrl: fc.oneof(fc.constant('http://127.0.0.1:1'), fc.webUrl(), fc.string()), email: fc.string(), password: fc.string(), apiKey: fc.string() }, { requiredKeys: [] }),
    fc.record({ contents: fc.oneof(fc.string(), fc.constant('[api]\nemail=x@y\nkey=k\nsite=http://127.0.0.1:1')) }, { requiredKeys: [] }),
  );

const namesTheAccount = (input: unknown) => typeof input === 'object' && input !== null && (input as { account?: unknown }).account === accountId;

/** Well-formed account IDs (16 hex digits, as accountId() makes them) of accounts that do not exist. */
const otherAccountId = () => fc.stringMatching(/^[0-9a-f]{16}$/).filter((id) => id !== accountId);

/**
 * A channel and its input. accounts.signOut gets every kind of payload, and well-formed sign-outs of
 * accounts that do not exist, but never one naming the signed-in account: signing it out would leave
 * the other channels nothing real to work on for the rest of the run.
 */
const call = () =>
  fc.oneof(
    {
      // Every other channel, and names that are no channel at all.
      weight: CHANNEL_NAMES.length,
      arbitrary: fc.tuple(
        fc.oneof(
          fc.constantFrom(...CHANNEL_NAMES.filter((name) => name !== 'accounts.signOut')),
          fc.string().filter((name) => !(CHANNEL_NAMES as readonly string[]).includes(name)),
        ),
        payload(fc.oneof(fc.constant(accountId), fc.string())),
      ),
    },
    {
      // About one channel's share of the run.
      weight: 1,
      arbitrary: fc.tuple(
        fc.constant('accounts.signOut'),
        fc.oneof(payload(fc.string()), fc.record({ account: otherAccountId() })).filter((input) => !namesTheAccount(input)),
      ),
    },
  );

test('random and malformed payloads to every channel give typed envelopes, never a crash', async () => {
  await fc.assert(
    fc.asyncProperty(call(), async ([channel, input]) => {
      const result = await core.router.handle(channel, input, sender);
      if (!result.ok) expect(IpcError.safeParse(result.error).success).toBe(true);
      expect(JSON.stringify(result)).not.toContain(apiKey);
    }),
    { numRuns: 300 },
  );
  // Still signed in: the run never signed out the account the other channels were fuzzed against.
  const accounts = await core.router.handle('accounts.list', {}, sender);
  expect(accounts.ok && accounts.value).toContainEqual(expect.objectContaining({ id: accountId }));
}, 120_000);

test('input that is not an object at all is INVALID_INPUT for every channel', async () => {
  for (const channel of CHANNEL_NAMES) {
    for (const input of [null, 42, 'text', [1, 2], undefined]) {
      const result = await core.router.handle(channel, input, sender);
      expect(result, `${channel} with ${JSON.stringify(input)}`).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    }
  }
});
