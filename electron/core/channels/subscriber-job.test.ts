// The bulk subscriber job against a real sandbox: batches of users per channel, outcomes keyed by user
// ID, refusals before sending (a deactivated user, a private channel the owner cannot reach), removals,
// a lost reply looked up on the server instead of sent again, and a crash resumed from the journal
// with every subscription made exactly once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { getSubscribers, subscribe, unsubscribe } from '../../../shared/api';
import type { SubscriberJob } from '../../../shared/ipc';
import type { ApiClient } from '../client/api-client';
import { ConsoleError } from '../errors';
import { startSandbox, type Sandbox } from '../testing/sandbox';
import { directClient, signedInConsole, userIdOf, type TestConsole } from '../users/testing/console-harness';
import { SubscriberJobs, type SubscriberJobsOptions } from './subscriber-job';
import { planOf } from './subscriber-plan';

let sandbox: Sandbox;
let olivia: TestConsole;
let adam: ApiClient;
let dataDir: string;
const made: SubscriberJobs[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 'demo' });
  olivia = await signedInConsole(sandbox.url, 'olivia@sandbox.test');
  adam = await directClient(sandbox.url, 'adam@sandbox.test');
  dataDir = mkdtempSync(path.join(tmpdir(), 'subscriber-jobs-'));
}, 60_000);

afterAll(async () => {
  for (const jobs of made) await jobs.stopAll();
  await olivia?.close();
  await sandbox?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function jobs(options: Partial<SubscriberJobsOptions> = {}): SubscriberJobs {
  const made_ = new SubscriberJobs({
    dataDir,
    accounts: olivia.accounts,
    sessions: olivia.sessions,
    activity: olivia.activity,
    push: (message) => olivia.pushes.push(message),
    batchSize: 3,
    progressIntervalMs: 0,
    ...options,
  });
  made.push(made_);
  return made_;
}

async function finished(service: SubscriberJobs, job: SubscriberJob): Promise<SubscriberJob> {
  await expect.poll(() => service.get(olivia.accountId, job.id).finishedAt, { timeout: 20_000 }).not.toBeNull();
  return service.get(olivia.accountId, job.id);
}

const channelId = (name: string) => [...olivia.state().channels.values()].find((channel) => channel.name === name)?.stream_id as number;
const members = async (id: number) => new Set((await adam.call(getSubscribers, { stream_id: id })).value.subscribers);
const outcomes = (job: SubscriberJob, channel: number) => Object.fromEntries(job.results.filter((result) => result.channelId === channel).map((result) => [result.userId, result.outcome]));
const posts = () => olivia.requests.filter((request) => request === 'POST /api/v1/users/me/subscriptions').length;
const deletes = () => olivia.requests.filter((request) => request === 'DELETE /api/v1/users/me/subscriptions').length;

test('adds users in batches, keyed by user ID: added, already subscribed, a deactivated user refused; the log has each channel', async () => {
  const state = olivia.state();
  const [mark, gina, derek, mona] = ['mark@sandbox.test', 'gina@sandbox.test', 'derek@sandbox.test', 'mona@sandbox.test'].map((email) => userIdOf(state, email)) as [number, number, number, number];
  const design = channelId('design');
  const leadership = channelId('leadership');
  const plan = planOf(state, 'add', [design, leadership], [mark, gina, derek, mona]);
  expect(plan.refusedUsers).toEqual([{ userId: derek, fullName: 'Derek Departed', reason: expect.stringContaining('deactivated') }]);
  const designPlan = plan.channels.find((channel) => channel.channelId === design);
  expect(designPlan).toMatchObject({ allowed: true, change: 2, already: 1, refused: 1 });
  expect(plan.channels.find((channel) => channel.channelId === leadership)).toMatchObject({ allowed: true, change: 3, guests: 1, guestWords: expect.stringContaining('from the moment they are added, not its earlier history') });

  const service = jobs();
  const before = posts();
  const job = await finished(service, await service.start(olivia.accountId, 'add', [design, leadership], [mark, gina, derek, mona]));
  expect(outcomes(job, design)).toEqual({ [mark]: 'added', [gina]: 'alreadySubscribed', [derek]: 'refused', [mona]: 'added' });
  expect(outcomes(job, leadership)).toEqual({ [mark]: 'added', [gina]: 'added', [derek]: 'refused', [mona]: 'added' });
  // Three users to send per channel, three per batch: one request each.
  expect(posts() - before).toBe(2);
  expect([...(await members(leadership))].filter((id) => [mark, gina, mona, derek].includes(id)).sort()).toEqual([mark, gina, mona].sort());
  expect(olivia.pushes.some((push) => push.kind === 'job.progress' && push.job.id === job.id && push.job.type === 'subscriberJob' && push.job.status === 'done')).toBe(true);
  expect(olivia.activity.list(olivia.accountId, 10).filter((entry) => entry.action === 'Subscribed users').map((entry) => entry.target)).toEqual(expect.arrayContaining(['#design', '#leadership']));
  // The job is named by when it started, as a person knows it, never by its internal ID.
  const jobEntries = olivia.activity.list(olivia.accountId, 10).filter((entry) => entry.kind === 'subscribers');
  for (const entry of jobEntries) expect(entry.details).not.toContain(job.id);
  expect(jobEntries.some((entry) => entry.details.endsWith(`(job of ${new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(job.startedAt)})`))).toBe(true);
  const csv = service.exportCsv(olivia.accountId, job.id);
  expect(csv.rows).toBe(8);
  expect(csv.csv).toContain('Derek Departed');

  const removal = await finished(service, await service.start(olivia.accountId, 'remove', [leadership], [mark, gina, derek]));
  expect(outcomes(removal, leadership)).toMatchObject({ [mark]: 'removed', [gina]: 'removed', [derek]: 'refused' });
  expect(outcomes(await finished(service, await service.start(olivia.accountId, 'remove', [leadership], [mark])), leadership)).toEqual({ [mark]: 'notSubscribed' });
  expect((await members(leadership)).has(mark)).toBe(false);
  // The log says how many, in words: the first job's size, then the last one's (one user, one channel).
  const started = olivia.activity.list(olivia.accountId, 50).filter((entry) => entry.action.startsWith('Started'));
  expect(started.at(-1)?.details).toMatch(/^4 users, 2 channels \(job of /);
  expect(started[0]?.details).toMatch(/^1 user, 1 channel \(job of /);
  await adam.call(unsubscribe, { subscriptions: ['leadership'], principals: [mona] });
});

test('a private channel the owner cannot reach is refused before anything is sent, in words', async () => {
  const secretName = 'subs-secret';
  await adam.call(subscribe, { subscriptions: [{ name: secretName }], invite_only: true, can_add_subscribers_group: { direct_members: [userIdOf(olivia.state(), 'adam@sandbox.test')], direct_subgroups: [] } });
  await expect.poll(() => channelId(secretName)).toBeTypeOf('number');
  const secret = channelId(secretName);
  const mark = userIdOf(olivia.state(), 'mark@sandbox.test');
  const plan = planOf(olivia.state(), 'add', [secret], [mark]);
  expect(plan.channels[0]).toMatchObject({ allowed: false, refusal: expect.stringContaining('Unable to access channel') });
  const service = jobs();
  const before = posts();
  const job = await finished(service, await service.start(olivia.accountId, 'add', [secret], [mark]));
  expect(job.results).toEqual([{ userId: mark, channelId: secret, outcome: 'refused', reason: expect.stringContaining('it is private') }]);
  expect(posts()).toBe(before);
  expect((await members(secret)).has(mark)).toBe(false);
});

test('removing oneself is flagged only for the channels one is subscribed to: elsewhere it changes nothing of one’s own', () => {
  const state = olivia.state();
  const open = [...state.channels.values()].filter((channel) => !channel.is_archived);
  const mine = open.find((channel) => state.subscribers.get(channel.stream_id)?.has(state.ownUserId))?.stream_id as number;
  const notMine = open.find((channel) => !state.subscribers.get(channel.stream_id)?.has(state.ownUserId))?.stream_id as number;
  const mark = userIdOf(state, 'mark@sandbox.test');
  expect(planOf(state, 'remove', [mine, notMine], [state.ownUserId, mark]).ownRemovals).toEqual([mine]);
  expect(planOf(state, 'remove', [notMine], [state.ownUserId, mark]).ownRemovals).toEqual([]);
  expect(planOf(state, 'remove', [mine], [mark]).ownRemovals).toEqual([]);
  expect(planOf(state, 'add', [mine, notMine], [state.ownUserId]).ownRemovals).toEqual([]);
});

test('removing everyone from a private channel, oneself among them, is refused unconfirmed before anything is sent; confirmed, the channel is left empty', async () => {
  const vaultName = 'subs-vault';
  const state = olivia.state();
  const [mark, adamId] = ['mark@sandbox.test', 'adam@sandbox.test'].map((email) => userIdOf(state, email)) as [number, number];
  await adam.call(subscribe, { subscriptions: [{ name: vaultName }], invite_only: true, principals: [state.ownUserId, mark, adamId] });
  await expect.poll(() => olivia.state().subscribers.get(channelId(vaultName))?.size).toBe(3);
  const vault = channelId(vaultName);
  const everyone = [olivia.state().ownUserId, mark, adamId];

  const plan = planOf(olivia.state(), 'remove', [vault], everyone);
  // Nobody else may add subscribers there, so the owner could not add anyone back.
  expect(plan.channels[0]?.leftEmpty).toBe(
    '#subs-vault is private: with nobody in it, its messages would reach no one, and you could not add anyone back (the server lets only its subscribers and the people in its “who may add subscribers” or “who may subscribe” groups reach a private channel, not administrators as such).',
  );
  expect(planOf(olivia.state(), 'remove', [vault], [mark, adamId]).channels[0]?.leftEmpty).toBeNull();

  const service = jobs();
  const before = deletes();
  for (const acknowledged of [[], ['ownAccess'], ['leftEmpty']] as const) {
    const refused = await service.start(olivia.accountId, 'remove', [vault], everyone, acknowledged).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConsoleError);
    expect((refused as ConsoleError).code).toBe('CONFIRMATION_NEEDED');
  }
  const unconfirmed = await service.start(olivia.accountId, 'remove', [vault], everyone).catch((error: unknown) => error as ConsoleError);
  expect((unconfirmed as ConsoleError).message).toBe(
    'The subscribers were not removed: it removes you from #subs-vault, and it leaves #subs-vault with no subscribers. Nothing was sent: confirm that you understand, then try again.',
  );
  expect(deletes()).toBe(before);
  expect((await members(vault)).size).toBe(3);

  const job = await finished(service, await service.start(olivia.accountId, 'remove', [vault], everyone, ['ownAccess', 'leftEmpty']));
  expect(new Set(Object.values(outcomes(job, vault)))).toEqual(new Set(['removed']));
  expect((await members(vault)).size).toBe(0);
});

test('a lost reply is looked up on the server: the users it added are "added", nothing is sent twice', async () => {
  const engineering = channelId('engineering');
  const state = olivia.state();
  const ids = ['mona@sandbox.test', 'gina@sandbox.test'].map((email) => userIdOf(state, email));
  let dropped = false;
  const client = (account: string): ApiClient => {
    const real = olivia.accounts.client(account);
    return new Proxy(real, {
      get(target, property, receiver) {
        if (property !== 'call') return Reflect.get(target, property, receiver) as unknown;
        return async (...args: Parameters<ApiClient['call']>) => {
          const reply = await real.call(...args);
          if (args[0] === subscribe && !dropped) {
            dropped = true;
            throw new ConsoleError('NETWORK_ERROR', 'The connection was reset before the reply arrived', { cause: 'ECONNRESET' });
          }
          return reply;
        };
      },
    });
  };
  const service = jobs({ accounts: { client, list: () => olivia.accounts.list() } });
  const before = posts();
  const job = await finished(service, await service.start(olivia.accountId, 'add', [engineering], ids));
  expect(outcomes(job, engineering)).toEqual(Object.fromEntries(ids.map((id) => [id, 'added'])));
  expect(posts() - before).toBe(1);
});

test('a core that died after the server answered resumes from the journal: the batch is looked up, the rest sent once', async () => {
  const announcements = channelId('design');
  const state = olivia.state();
  const subscribed = await members(announcements);
  const candidates = [...state.users.values()].filter((user) => user.is_active && !user.is_bot && !subscribed.has(user.user_id)).map((user) => user.user_id);
  const ids = candidates.slice(0, 7);
  expect(ids.length).toBe(7);
  // The first instance "dies" once the server answered its first batch: it never writes again.
  let answered = false;
  const dying = jobs({
    hooks: {
      answered: () => {
        answered = true;
        return new Promise<void>(() => undefined);
      },
    },
  });
  const before = posts();
  const started = await dying.start(olivia.accountId, 'add', [announcements], ids);
  made.splice(made.indexOf(dying), 1);
  await expect.poll(() => answered, { timeout: 10_000 }).toBe(true);
  expect(posts() - before).toBe(1);

  const resumed = jobs();
  expect(resumed.resumeInterrupted()).toBe(1);
  const job = await finished(resumed, resumed.get(olivia.accountId, started.id));
  expect(Object.values(outcomes(job, announcements))).toEqual(ids.map(() => 'added'));
  // Three batches (3 + 3 + 1), each sent once: the first was looked up, not sent again.
  expect(posts() - before).toBe(3);
  const after = await members(announcements);
  expect(ids.every((id) => after.has(id))).toBe(true);
});

/** Seven active users in the channel, not the owner herself: three batches to remove (3 + 3 + 1). */
async function sevenInside(channel: number): Promise<number[]> {
  const subscribed = await members(channel);
  const me = olivia.state().ownUserId;
  const ids = [...olivia.state().users.values()].filter((user) => user.is_active && !user.is_bot && user.user_id !== me && subscribed.has(user.user_id)).map((user) => user.user_id).slice(0, 7);
  expect(ids.length).toBe(7);
  return ids;
}

test('cancel stops after the request in flight: the rest is cancelled, not failed, and a restart does not resume it', async () => {
  const channel = channelId('general');
  const ids = await sevenInside(channel);
  let duringFlight: SubscriberJob | undefined;
  const service: SubscriberJobs = jobs({
    hooks: {
      // The first batch's request is answered but not yet recorded: the job is cancelled right then.
      answered: (jobId) => void (duringFlight ??= service.cancel(olivia.accountId, jobId)),
    },
  });
  const before = deletes();
  const job = await finished(service, await service.start(olivia.accountId, 'remove', [channel], ids));
  expect(duringFlight?.status).toBe('cancelled');
  expect(duringFlight?.results.map((result) => result.outcome)).toEqual(['pending', 'pending', 'pending', 'cancelled', 'cancelled', 'cancelled', 'cancelled']);
  expect(job.status).toBe('cancelled');
  expect(Object.values(outcomes(job, channel))).toEqual(['removed', 'removed', 'removed', 'cancelled', 'cancelled', 'cancelled', 'cancelled']);
  expect(job.results[3]?.reason).toMatch(/cancelled/);
  expect(deletes() - before).toBe(1);
  const after = await members(channel);
  expect(ids.map((id) => after.has(id))).toEqual([false, false, false, true, true, true, true]);
  // A finished job is returned as it is; the journal says cancelled, so the next start leaves it alone.
  expect(service.cancel(olivia.accountId, job.id).status).toBe('cancelled');
  const restarted = jobs();
  expect(restarted.resumeInterrupted()).toBe(0);
  expect(restarted.get(olivia.accountId, job.id)).toMatchObject({ status: 'cancelled', results: job.results });
});

test('a core that died after a cancel, with a request in flight, looks that request up at restart and sends nothing more', async () => {
  const channel = channelId('announcements');
  const ids = await sevenInside(channel);
  const dying: SubscriberJobs = jobs({
    hooks: {
      answered: (jobId) => {
        dying.cancel(olivia.accountId, jobId);
        return new Promise<void>(() => undefined); // dies before recording the answer
      },
    },
  });
  const before = deletes();
  const started = await dying.start(olivia.accountId, 'remove', [channel], ids);
  made.splice(made.indexOf(dying), 1);
  await expect.poll(() => deletes() - before, { timeout: 10_000 }).toBe(1);

  const resumed = jobs();
  expect(resumed.resumeInterrupted()).toBe(1);
  const job = await finished(resumed, resumed.get(olivia.accountId, started.id));
  expect(job.status).toBe('cancelled');
  expect(Object.values(outcomes(job, channel))).toEqual(['removed', 'removed', 'removed', 'cancelled', 'cancelled', 'cancelled', 'cancelled']);
  expect(deletes() - before).toBe(1);
});
