// Bulk role changes against a real sandbox: one result per user, the rules refusing without a request,
// progress pushes no more often than the interval, "retry failed", cancel, and the activity log.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { getUser, updateUser, type User } from '../../../shared/api';
import { Push, type JobProgress, type RoleBatch } from '../../../shared/ipc';
import type { ApiClient } from '../client/api-client';
import type { ConsoleError } from '../errors';
import { startSandbox, type Sandbox } from '../testing/sandbox';
import { directClient, eventually, ownerlessSandbox, signedInConsole, userIdOf, type TestConsole } from '../users/testing/console-harness';
import { CANCELLED_REASON } from './change-jobs';

const NAMED = new Set(['olivia', 'adam', 'mona', 'mark', 'gina', 'derek', 'echo-bot', 'notify-bot']);

let sandbox: Sandbox;
let olivia: TestConsole;
let asOlivia: ApiClient;
let people: User[];

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 'demo' });
  olivia = await signedInConsole(sandbox.url, 'olivia@sandbox.test');
  asOlivia = await directClient(sandbox.url, 'olivia@sandbox.test');
  people = [...olivia.state().users.values()].filter((user) => user.role === 400 && user.is_active && !user.is_bot && !NAMED.has(user.email.split('@')[0] as string));
}, 60_000);

afterAll(async () => {
  await olivia?.close();
  await sandbox?.close();
});

const id = (email: string) => userIdOf(olivia.state(), email);

async function refusalOf(start: Promise<RoleBatch>): Promise<ConsoleError> {
  const started = await start.catch((error: unknown) => error as ConsoleError);
  if (!(started instanceof Error)) throw new Error('expected the batch to be refused');
  return started;
}
const progressOf = (batchId: string): JobProgress[] =>
  olivia.pushes.flatMap((push) => (push.kind === 'job.progress' && push.job.id === batchId ? [push.job] : []));

async function finished(batch: RoleBatch): Promise<RoleBatch> {
  return eventually(() => {
    const current = olivia.roleBatches.get(olivia.accountId, batch.id);
    return current.finishedAt !== null && current;
  }, `batch ${batch.id} to finish`);
}

test('a bulk change of 20 users, one of them the only owner: one result per user, and only the allowed changes sent', async () => {
  const mark = id('mark@sandbox.test');
  const oliviaId = id('olivia@sandbox.test');
  const moderators = people.slice(0, 18);
  // Set up through the server, as another client: 18 moderators to demote.
  for (const user of moderators) await asOlivia.call(updateUser, { user_id: user.user_id, role: 300 });
  await eventually(() => moderators.every((user) => olivia.state().users.get(user.user_id)?.role === 300), 'the moderators in the state');
  olivia.requests.length = 0;

  const ids = [oliviaId, mark, ...moderators.map((user) => user.user_id)];
  const started = await olivia.roleBatches.start(olivia.accountId, ids, 400);
  expect(started.results).toHaveLength(20);
  expect(started.results.every((result) => result.outcome === 'pending')).toBe(true);
  const batch = await finished(started);

  expect(batch.status).toBe('done');
  const byUser = new Map(batch.results.map((result) => [result.userId, result]));
  expect(byUser.get(oliviaId)).toEqual({
    userId: oliviaId,
    fullName: 'Olivia Owner',
    outcome: 'failed',
    reason: 'Olivia Owner is the only owner of this organization and cannot lose the owner role. Make someone else an owner first.',
  });
  expect(byUser.get(mark)).toMatchObject({ outcome: 'unchanged', reason: null });
  for (const user of moderators) expect(byUser.get(user.user_id)).toMatchObject({ fullName: user.full_name, outcome: 'changed', reason: null });
  // Results keep the order the users were given in.
  expect(batch.results.map((result) => result.userId)).toEqual(ids);

  // Requests only for the 18 that changed: none for the refusal, none for the unchanged.
  expect(olivia.requests.filter((request) => request.startsWith('PATCH')).sort()).toEqual(moderators.map((user) => `PATCH /api/v1/users/${user.user_id}`).sort());
  await eventually(() => moderators.every((user) => olivia.state().users.get(user.user_id)?.role === 400), 'the demotions in the state');

  const progress = progressOf(batch.id);
  for (const push of olivia.pushes) expect(Push.safeParse(push).success).toBe(true);
  expect(progress.at(-1)).toMatchObject({ type: 'roleBatch', status: 'done', done: 20, total: 20, counts: { changed: 18, unchanged: 1, failed: 1 }, etaSeconds: null });
  expect(progress.slice(0, -1).every((push) => push.status === 'running')).toBe(true);

  const log = olivia.activity.list(olivia.accountId, 19);
  expect(log.filter((entry) => entry.result === 'ok' && entry.details === 'Moderator → Member (bulk change)')).toHaveLength(18);
  expect(log.filter((entry) => entry.result === 'failed' && entry.target === 'Olivia Owner (olivia@sandbox.test)')).toHaveLength(1);
}, 30_000);

test('progress is pushed no more often than every 200 ms, with an estimate from the pace, and at the end', async () => {
  // A distant server (100 ms a request) and two at a time, so the job takes long enough for several pushes.
  const distant = await signedInConsole(sandbox.url, 'olivia@sandbox.test', { latencyMs: 100, concurrency: 2 });
  try {
    const slow = people.slice(18, 30).map((user) => user.user_id);
    const started = await distant.roleBatches.start(distant.accountId, slow, 300);
    const batch = await eventually(() => {
      const current = distant.roleBatches.get(distant.accountId, started.id);
      return current.finishedAt !== null && current;
    }, 'the distant batch to finish');
    const pushes = distant.pushes.flatMap((push, index) =>
      push.kind === 'job.progress' && push.job.id === batch.id ? [{ at: distant.pushTimes[index] as number, job: push.job }] : [],
    );
    const running = pushes.filter((push) => push.job.status === 'running');
    expect(running.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < running.length; i++) expect((running[i] as { at: number }).at - (running[i - 1] as { at: number }).at).toBeGreaterThanOrEqual(190);
    for (const push of running) expect(push.job.etaSeconds).toEqual(expect.any(Number));
    expect(pushes.at(-1)?.job).toMatchObject({ status: 'done', done: 12, total: 12, counts: { changed: 12, unchanged: 0, failed: 0 } });
  } finally {
    await distant.close();
  }
}, 30_000);

test('retry failed runs the failed users again, as a new batch of just them', async () => {
  const gina = id('gina@sandbox.test');
  const member = people[30] as User;
  const first = await finished(await olivia.roleBatches.start(olivia.accountId, [gina, member.user_id], 200));
  expect(first.results.map((result) => result.outcome)).toEqual(['failed', 'changed']);
  expect(first.results[0]?.reason).toContain('Make them a member first');

  // The administrator does what the reason says, elsewhere; then retries.
  await asOlivia.call(updateUser, { user_id: gina, role: 400 });
  await eventually(() => olivia.state().users.get(gina)?.role === 400, 'Gina a member in the state');
  const retry = await finished(await olivia.roleBatches.retryFailed(olivia.accountId, first.id));
  expect(retry.id).not.toBe(first.id);
  expect(retry.results).toEqual([{ userId: gina, fullName: 'Gina Guest', outcome: 'changed', reason: null }]);
  // A batch does not wait for each change's event; the state follows within moments.
  await eventually(() => olivia.state().users.get(gina)?.role === 200, 'Gina an administrator in the state');

  const nothing = await olivia.roleBatches.retryFailed(olivia.accountId, retry.id).catch((error: unknown) => error as ConsoleError);
  expect(nothing).toMatchObject({ code: 'NOTHING_TO_RETRY' });
}, 30_000);

test('cancel: changes not yet sent fail as cancelled, those sent finish, and retry picks up the cancelled', async () => {
  // Members since the first test.
  const many = people.slice(0, 18).map((user) => user.user_id);
  const started = await olivia.roleBatches.start(olivia.accountId, many, 600);
  const cancelled = olivia.roleBatches.cancel(olivia.accountId, started.id);
  expect(cancelled.status).toBe('cancelled');
  const batch = await finished(started);
  expect(batch.status).toBe('cancelled');
  const outcomes = batch.results.map((result) => result.outcome);
  expect(outcomes).not.toContain('pending');
  const cancelledOnes = batch.results.filter((result) => result.reason === CANCELLED_REASON);
  // At most the first few (the concurrency) were already sent.
  expect(cancelledOnes.length).toBeGreaterThanOrEqual(18 - 4);
  expect(progressOf(batch.id).at(-1)).toMatchObject({ status: 'cancelled', done: 18, detail: expect.stringContaining('Cancelled') });

  const retry = await finished(await olivia.roleBatches.retryFailed(olivia.accountId, batch.id));
  expect(retry.results.map((result) => result.userId).sort()).toEqual(cancelledOnes.map((result) => result.userId).sort());
  expect(retry.results.every((result) => result.outcome === 'changed')).toBe(true);
}, 30_000);

test('a batch is found only by its own account, and an unknown one says why', async () => {
  const batch = await finished(await olivia.roleBatches.start(olivia.accountId, [id('mark@sandbox.test')], 400));
  expect(batch.results[0]?.outcome).toBe('unchanged');
  expect(() => olivia.roleBatches.get('another-account', batch.id)).toThrow(expect.objectContaining({ code: 'UNKNOWN_JOB' }));
  expect(() => olivia.roleBatches.get(olivia.accountId, 'no-such-batch')).toThrow(/kept only while the console runs/);
});

test("the signed-in user's own change runs last, so demoting oneself does not fail the rest", async () => {
  // A second owner, so Olivia may stop being one.
  const adam = id('adam@sandbox.test');
  await asOlivia.call(updateUser, { user_id: adam, role: 100 });
  await eventually(() => olivia.state().users.get(adam)?.role === 100, 'Adam an owner in the state');
  const others = people.slice(31, 36).map((user) => user.user_id);
  const oliviaId = id('olivia@sandbox.test');
  // Olivia takes away her own owner role: confirmed in words, or the job does not start.
  olivia.requests.length = 0;
  const unconfirmed = await refusalOf(olivia.roleBatches.start(olivia.accountId, [oliviaId, ...others], 200));
  expect(unconfirmed).toMatchObject({ code: 'CONFIRMATION_NEEDED', extra: { hazards: ['ownRights'] } });
  expect(unconfirmed.message).toMatch(/^The bulk change to administrator did not start: You are taking away your own rights \(Olivia Owner: Owner → Administrator\)/);
  expect(olivia.requests).toEqual([]);
  const batch = await finished(await olivia.roleBatches.start(olivia.accountId, [oliviaId, ...others], 200, ['ownRights']));
  expect(batch.results.map((result) => result.outcome)).toEqual(Array(6).fill('changed'));
  await eventually(() => olivia.state().ownRole === 200, 'Olivia an administrator in the state');
}, 30_000);

test('a job that would leave nobody to administer the realm starts only when that is confirmed, and each change is checked again', async () => {
  const ownerless = await ownerlessSandbox();
  const console = await signedInConsole(ownerless.url, 'olivia@sandbox.test');
  try {
    const [oliviaId, adamId, monaId] = ['olivia', 'adam', 'mona'].map((name) => userIdOf(console.state(), `${name}@sandbox.test`)) as [number, number, number];
    const ids = [adamId, oliviaId, monaId];
    for (const acknowledged of [[], ['ownRights'], ['noAdministrator']] as const) {
      const refused = await refusalOf(console.roleBatches.start(console.accountId, ids, 400, acknowledged));
      expect(refused).toMatchObject({ code: 'CONFIRMATION_NEEDED', extra: { hazards: ['noAdministrator', 'ownRights'] } });
      expect(refused.message).toMatch(/^The bulk change to member did not start: After this change Sandbox Org has no active owner or administrator/);
    }
    // Each change is checked again as the job runs it: one it was not confirmed for fails, with the reason.
    const attempt = await console.userChanges.attemptRole(console.accountId, oliviaId, 400, { note: 'bulk change', acknowledged: ['noAdministrator'] });
    expect(attempt).toMatchObject({ outcome: 'failed', code: 'CONFIRMATION_NEEDED', reason: expect.stringContaining('You are taking away your own rights') });
    expect(console.requests).toEqual([]);

    const batch = await console.roleBatches.start(console.accountId, ids, 400, ['noAdministrator', 'ownRights']);
    const done = await eventually(() => {
      const current = console.roleBatches.get(console.accountId, batch.id);
      return current.finishedAt !== null && current;
    }, 'the confirmed batch to finish');
    expect(done.results.map((result) => [result.fullName, result.outcome])).toEqual([
      ['Adam Admin', 'changed'],
      ['Olivia Owner', 'changed'],
      ['Mona Moderator', 'changed'],
    ]);
    const server = await directClient(ownerless.url, 'mark@sandbox.test');
    for (const userId of ids) expect((await server.call(getUser, { user_id: userId })).value.user.role).toBe(400);
  } finally {
    await console.close();
    await ownerless.close();
  }
}, 30_000);
