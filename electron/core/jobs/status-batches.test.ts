// Bulk deactivation and reactivation against a real sandbox: one result per user (the rules' refusals,
// the already deactivated and those deactivated by someone else meanwhile each said), the server's
// final state, the activity log, "retry failed", and a job whose user stops being an administrator.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { getUser, updateUser, deactivateUser, reactivateUser, type User } from '../../../shared/api';
import { CONFIRMATION_NEEDED, type StatusBatch } from '../../../shared/ipc';
import type { ApiClient } from '../client/api-client';
import type { ConsoleError } from '../errors';
import { startSandbox, type Sandbox } from '../testing/sandbox';
import { directClient, eventually, signedInConsole, userIdOf, type TestConsole } from '../users/testing/console-harness';
import { StatusBatches } from './status-batches';

const NAMED = new Set(['olivia', 'adam', 'mona', 'mark', 'gina', 'derek', 'echo-bot', 'notify-bot']);

let sandbox: Sandbox;
let olivia: TestConsole;
let asOlivia: ApiClient;
let people: User[];

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 'demo' });
  olivia = await signedInConsole(sandbox.url, 'olivia@sandbox.test');
  asOlivia = await directClient(sandbox.url, 'olivia@sandbox.test');
  people = [...olivia.state().users.values()].filter((user) => user.is_active && !user.is_bot && !NAMED.has(user.email.split('@')[0] as string));
}, 60_000);

afterAll(async () => {
  await olivia?.close();
  await sandbox?.close();
});

async function finished(batches: StatusBatches, account: string, batch: StatusBatch): Promise<StatusBatch> {
  return eventually(() => {
    const current = batches.get(account, batch.id);
    return current.finishedAt !== null && current;
  }, `batch ${batch.id} to finish`);
}

const onServer = async (userId: number) => (await asOlivia.call(getUser, { user_id: userId })).value.user;

test('reactivating a user who was never deactivated is unchanged, "Already active"', async () => {
  const batches = new StatusBatches({ changes: olivia.userChanges, sessions: olivia.sessions, push: () => {}, concurrency: 1 });
  const mark = userIdOf(olivia.state(), 'mark@sandbox.test');
  const batch = await finished(batches, olivia.accountId, await batches.start(olivia.accountId, [mark], true));
  expect(batch.results).toEqual([expect.objectContaining({ userId: mark, outcome: 'unchanged', reason: 'Already active.' })]);
});

test('a bulk deactivation: the only owner, a bot and the already deactivated each get their own row; the rest are deactivated on the server and logged', async () => {
  const state = olivia.state();
  const oliviaId = userIdOf(state, 'olivia@sandbox.test');
  const derek = userIdOf(state, 'derek@sandbox.test');
  const bot = userIdOf(state, 'echo-bot@sandbox.test');
  const idle = people.slice(0, 8);
  const meanwhile = people[8] as User;
  // Someone else deactivates `meanwhile` after the job started, before the job reaches them.
  let first = true;
  const changes = {
    attemptStatus: async (account: string, userId: number, active: boolean, options?: { note?: string }) => {
      if (first) {
        first = false;
        await asOlivia.call(deactivateUser, { user_id: meanwhile.user_id });
        await eventually(() => olivia.state().users.get(meanwhile.user_id)?.is_active === false, 'the other deactivation in the state');
      }
      return olivia.userChanges.attemptStatus(account, userId, active, options);
    },
  };
  const batches = new StatusBatches({ changes, sessions: olivia.sessions, push: () => {}, concurrency: 1 });
  const ids = [...idle.map((user) => user.user_id), oliviaId, derek, bot, meanwhile.user_id];
  const batch = await finished(batches, olivia.accountId, await batches.start(olivia.accountId, ids, false));

  expect(batch.status).toBe('done');
  expect(batch.results.map((result) => result.userId)).toEqual(ids);
  const byUser = new Map(batch.results.map((result) => [result.userId, result]));
  for (const user of idle) expect(byUser.get(user.user_id)).toMatchObject({ outcome: 'changed', reason: null });
  expect(byUser.get(oliviaId)).toMatchObject({ outcome: 'failed', reason: expect.stringContaining('only owner') });
  expect(byUser.get(derek)).toMatchObject({ outcome: 'unchanged', reason: 'Already deactivated.' });
  expect(byUser.get(bot)).toMatchObject({ outcome: 'failed', reason: expect.stringContaining('is a bot') });
  expect(byUser.get(meanwhile.user_id)).toMatchObject({ outcome: 'unchanged', reason: expect.stringContaining('someone else') });

  for (const user of idle) expect((await onServer(user.user_id)).is_active).toBe(false);
  expect((await onServer(oliviaId)).is_active).toBe(true);

  const log = olivia.activity.list(olivia.accountId, 50);
  for (const user of idle) expect(log).toContainEqual(expect.objectContaining({ action: 'Deactivated', details: 'Member (bulk change)', result: 'ok', target: expect.stringContaining(user.full_name) }));
  expect(log).toContainEqual(expect.objectContaining({ action: 'Deactivated', result: 'failed', target: expect.stringContaining('Olivia Owner') }));

  // Reactivating them all again, as a second job.
  const back = await finished(batches, olivia.accountId, await batches.start(olivia.accountId, [...idle, meanwhile].map((user) => user.user_id), true));
  expect(back.results.every((result) => result.outcome === 'changed')).toBe(true);
  for (const user of [...idle, meanwhile]) expect((await onServer(user.user_id)).is_active).toBe(true);
});

test('a job whose user stops being an administrator half-way: the rest fail saying so, and "retry failed" runs them once the role is back', async () => {
  const adam = await signedInConsole(sandbox.url, 'adam@sandbox.test');
  try {
    const adamId = userIdOf(adam.state(), 'adam@sandbox.test');
    const targets = people.slice(10, 16);
    let sent = 0;
    const changes = {
      attemptStatus: async (account: string, userId: number, active: boolean, options?: { note?: string }) => {
        sent += 1;
        if (sent === 3) {
          // An owner takes Adam's administrator role away while his job runs.
          await asOlivia.call(updateUser, { user_id: adamId, role: 400 });
          await eventually(() => adam.state().ownRole === 400, "Adam's demotion in his state");
        }
        return adam.userChanges.attemptStatus(account, userId, active, options);
      },
    };
    const batches = new StatusBatches({ changes, sessions: adam.sessions, push: () => {}, concurrency: 1 });
    const ids = targets.map((user) => user.user_id);
    const batch = await finished(batches, adam.accountId, await batches.start(adam.accountId, ids, false));

    expect(batch.results.slice(0, 2).map((result) => result.outcome)).toEqual(['changed', 'changed']);
    // The third was checked after the demotion: refused by the rules; the rest fail with the reason.
    expect(batch.results[2]).toMatchObject({ outcome: 'failed', reason: expect.stringContaining('administrators and owners') });
    for (const result of batch.results.slice(3)) expect(result).toMatchObject({ outcome: 'failed', reason: expect.stringContaining('no longer an administrator') });
    for (const user of targets.slice(2)) expect((await onServer(user.user_id)).is_active).toBe(true);

    await asOlivia.call(updateUser, { user_id: adamId, role: 200 });
    await eventually(() => adam.state().ownRole === 200, "Adam's role back in his state");
    const retried = await finished(batches, adam.accountId, await batches.retryFailed(adam.accountId, batch.id));
    expect(retried.results.map((result) => [result.userId, result.outcome])).toEqual(ids.slice(2).map((id) => [id, 'changed']));
    for (const user of targets) expect((await onServer(user.user_id)).is_active).toBe(false);
    for (const user of targets) await asOlivia.call(reactivateUser, { user_id: user.user_id });
  } finally {
    await adam.close();
  }
});

test('the job runs on the console: progress is pushed as statusBatch jobs and an unknown batch is said', async () => {
  const target = people[20] as User;
  const batch = await finished(olivia.statusBatches, olivia.accountId, await olivia.statusBatches.start(olivia.accountId, [target.user_id], false));
  expect(batch.results).toEqual([{ userId: target.user_id, fullName: target.full_name, outcome: 'changed', reason: null }]);
  const last = olivia.pushes.filter((push) => push.kind === 'job.progress' && push.job.id === batch.id).at(-1);
  expect(last).toMatchObject({ job: { type: 'statusBatch', status: 'done', done: 1, total: 1, counts: { changed: 1, unchanged: 0, failed: 0 } } });
  expect(() => olivia.statusBatches.get(olivia.accountId, 'nope')).toThrow(/not known/);
  await asOlivia.call(reactivateUser, { user_id: target.user_id });
});

test('deactivating the only administrator starts only once confirmed in words; the server keeps them active until then', async () => {
  const batches = new StatusBatches({ changes: olivia.userChanges, sessions: olivia.sessions, push: () => {}, concurrency: 1 });
  const adam = userIdOf(olivia.state(), 'adam@sandbox.test');
  const refusal = await batches.start(olivia.accountId, [adam], false).catch((error: unknown) => error as ConsoleError);
  expect(refusal).toMatchObject({ code: CONFIRMATION_NEEDED, extra: { hazards: ['noAdministrator'] } });
  expect((refusal as ConsoleError).message).toContain('has no administrators: only its 1 owner could manage');
  expect((await onServer(adam)).is_active).toBe(true);
  // The single change is refused the same way.
  await expect(olivia.userChanges.deactivate(olivia.accountId, adam)).rejects.toMatchObject({ code: CONFIRMATION_NEEDED });
  expect((await onServer(adam)).is_active).toBe(true);

  const batch = await finished(batches, olivia.accountId, await batches.start(olivia.accountId, [adam], false, ['noAdministrator']));
  expect(batch.results).toEqual([expect.objectContaining({ userId: adam, outcome: 'changed' })]);
  expect((await onServer(adam)).is_active).toBe(false);
  await asOlivia.call(reactivateUser, { user_id: adam });
});
