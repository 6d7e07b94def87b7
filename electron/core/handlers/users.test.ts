// The users.* and activity.* channels end to end through the contract router (input checked, output
// checked against the contract, errors as envelopes), on a core-like setup signed in to a real sandbox.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CHANNEL_NAMES, contract, RoleBatch } from '../../../shared/ipc';
import { createRouter, type Handlers, type Router } from '../router';
import { startSandbox, type Sandbox } from '../testing/sandbox';
import { signedInConsole, userIdOf, type TestConsole } from '../users/testing/console-harness';
import { activityHandlers, type ActivityContext } from './activity';
import { userHandlers, type UsersContext } from './users';

type Ctx = UsersContext & ActivityContext;

let sandbox: Sandbox;
let olivia: TestConsole;
let router: Router;
const sender = { origin: 'test', trusted: true };

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 'demo' });
  olivia = await signedInConsole(sandbox.url, 'olivia@sandbox.test');
  // The router needs every channel; those these files do not serve fail loudly if called.
  const notServed = Object.fromEntries(
    CHANNEL_NAMES.map((name) => [
      name,
      () => {
        throw new Error(`${name} is not served in this test`);
      },
    ]),
  ) as unknown as Handlers<Ctx>;
  const ctx: Ctx = { userChanges: olivia.userChanges, roleBatches: olivia.roleBatches, statusBatches: olivia.statusBatches, activity: olivia.activity, sessions: olivia.sessions, undo: olivia.undo };
  router = createRouter(contract, { ...notServed, ...userHandlers, ...activityHandlers }, ctx);
}, 60_000);

afterAll(async () => {
  await olivia?.close();
  await sandbox?.close();
});

const call = (channel: string, input: unknown) => router.handle(channel, input, sender);

test('users.changeRole replies with the changed user, as the contract says', async () => {
  const mark = userIdOf(olivia.state(), 'mark@sandbox.test');
  const result = await call('users.changeRole', { account: olivia.accountId, userId: mark, role: 300 });
  expect(result).toMatchObject({ ok: true, value: { user_id: mark, role: 300, full_name: 'Mark Member' } });
});

test('a rule refusal is an error envelope with the code and the reason', async () => {
  const oliviaId = userIdOf(olivia.state(), 'olivia@sandbox.test');
  const result = await call('users.changeRole', { account: olivia.accountId, userId: oliviaId, role: 400 });
  expect(result).toEqual({
    ok: false,
    error: { code: 'NOT_ALLOWED', msg: expect.stringContaining('only owner') as string, userId: oliviaId },
  });
});

test('input the contract refuses never reaches the server', async () => {
  olivia.requests.length = 0;
  const result = await call('users.rename', { account: olivia.accountId, userId: 1, fullName: '   ' });
  expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  // Only the hazards the rules know can be confirmed.
  const unknown = await call('users.changeRole', { account: olivia.accountId, userId: 1, role: 300, acknowledged: ['everything'] });
  expect(unknown).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  expect(olivia.requests).toEqual([]);
});

test('a change that needs a confirmation is refused with the hazards to confirm; with them it is made', async () => {
  // A second owner, so that Olivia may stop being one.
  const [oliviaId, adamId] = ['olivia', 'adam'].map((name) => userIdOf(olivia.state(), `${name}@sandbox.test`)) as [number, number];
  expect(await call('users.changeRole', { account: olivia.accountId, userId: adamId, role: 100 })).toMatchObject({ ok: true, value: { role: 100 } });
  const refused = await call('users.changeRole', { account: olivia.accountId, userId: oliviaId, role: 200 });
  expect(refused).toEqual({
    ok: false,
    error: { code: 'CONFIRMATION_NEEDED', msg: expect.stringContaining('You are taking away your own rights (Olivia Owner: Owner → Administrator)') as string, userId: oliviaId, hazards: ['ownRights'] },
  });
  expect(await call('users.changeRole', { account: olivia.accountId, userId: oliviaId, role: 200, acknowledged: ['ownRights'] })).toMatchObject({ ok: true, value: { role: 200 } });
});

test('a bulk role change through the channels: start, get, retry failed', async () => {
  const gina = userIdOf(olivia.state(), 'gina@sandbox.test');
  const mona = userIdOf(olivia.state(), 'mona@sandbox.test');
  const started = await call('users.bulkRole.start', { account: olivia.accountId, userIds: [gina, mona], role: 200 });
  expect(started.ok && RoleBatch.safeParse(started.value).success).toBe(true);
  const batchId = (started as { value: RoleBatch }).value.id;
  let done: RoleBatch | null = null;
  while (!done) {
    const current = await call('users.bulkRole.get', { account: olivia.accountId, batchId });
    if (current.ok && (current.value as RoleBatch).finishedAt !== null) done = current.value as RoleBatch;
    else await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(done.results.map((result) => result.outcome)).toEqual(['failed', 'changed']);
  const retried = await call('users.bulkRole.retryFailed', { account: olivia.accountId, batchId });
  expect(retried).toMatchObject({ ok: true, value: { results: [{ userId: gina, outcome: 'pending' }] } });
  const cancelled = await call('users.bulkRole.cancel', { account: olivia.accountId, batchId });
  expect(cancelled).toMatchObject({ ok: true, value: { id: batchId, status: 'done' } });
});

test('activity.list and activity.exportCsv give this console\'s changes', async () => {
  const list = await call('activity.list', { account: olivia.accountId });
  expect(list.ok).toBe(true);
  expect((list as { value: { action: string }[] }).value[0]).toMatchObject({ action: 'Changed role' });
  const csv = await call('activity.exportCsv', { account: olivia.accountId });
  expect(csv).toMatchObject({ ok: true, value: { filename: expect.stringMatching(/^activity-sandbox-org-/) as string, csv: expect.stringContaining('Member → Moderator') as string } });
});

test('an account that is not signed in gets UNKNOWN_ACCOUNT', async () => {
  expect(await call('activity.list', { account: 'nobody' })).toMatchObject({ ok: false, error: { code: 'UNKNOWN_ACCOUNT' } });
  expect(await call('users.deactivate', { account: 'nobody', userId: 1 })).toEqual({
    ok: false,
    error: { code: 'UNKNOWN_ACCOUNT', msg: 'The deactivation could not be made: That organization is not signed in any more. Pick another one, or sign in again.' },
  });
  expect(await call('users.bulkRole.start', { account: 'nobody', userIds: [1], role: 300 })).toMatchObject({
    ok: false,
    error: { code: 'UNKNOWN_ACCOUNT', msg: 'The bulk change to moderator did not start: That organization is not signed in any more. Pick another one, or sign in again.' },
  });
});
