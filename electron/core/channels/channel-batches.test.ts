// Bulk changes to channels against a real sandbox: a few channels at a time, one result per channel,
// a conflict when another administrator changed a cell meanwhile (nothing overwritten, also for a setting
// the server does not guard, changed before the console's state heard of it) and applying
// one's values over theirs, a refusal by the rules without a request, retry failed, cancel, and losing
// one's administrator role mid-job (the remaining channels fail with the reason, the job still ends).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getStream, subscribe, updateChannel, updateUser, type GroupSettingValue, type Stream } from '../../../shared/api';
import type { ChannelGroupSetting } from '../../../shared/domain/channel-permissions';
import type { BatchColumn, ChannelBatch, ChannelChange, JobProgress } from '../../../shared/ipc';
import type { ApiClient } from '../client/api-client';
import { startSandbox, type Sandbox } from '../testing/sandbox';
import { directClient, eventually, signedInConsole, userIdOf, type TestConsole } from '../users/testing/console-harness';
import { CANCELLED_REASON } from '../jobs/change-jobs';
import { ChannelBatches } from './channel-batches';
import { ChannelChanges } from './channel-changes';

let sandbox: Sandbox;
let adam: TestConsole;
let olivia: ApiClient;
let changes: ChannelChanges;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 'demo' });
  adam = await signedInConsole(sandbox.url, 'adam@sandbox.test');
  olivia = await directClient(sandbox.url, 'olivia@sandbox.test');
  changes = new ChannelChanges({ accounts: adam.accounts, sessions: adam.sessions, activity: adam.activity });
  // Private channels Olivia made, which Adam (an administrator) is not subscribed to.
  await olivia.call(subscribe, { subscriptions: [{ name: 'secret-1' }, { name: 'secret-2' }], invite_only: true });
  await eventually(() => ['secret-1', 'secret-2'].every((name) => find(name)), 'the private channels in the state');
}, 60_000);

afterAll(async () => {
  await adam?.close();
  await sandbox?.close();
});

function find(name: string): Stream | undefined {
  for (const channel of adam.state().channels.values()) if (channel.name === name) return channel;
  return undefined;
}
const channel = (name: string): Stream => find(name) ?? fail(`no channel ${name}`);
const fail = (message: string): never => {
  throw new Error(message);
};
const group = (name: string): number => {
  for (const candidate of adam.state().groups.values()) if (candidate.name === name) return candidate.id;
  return fail(`no group ${name}`);
};
const onServer = async (id: number) => (await olivia.call(getStream, { stream_id: id })).value.stream;

/** A column setting one group setting to a system group in these channels, each with the value it has now as old. */
function groupColumn(setting: ChannelGroupSetting, to: string, names: string[]): BatchColumn {
  return { property: setting, value: group(to), cells: names.map((name) => [channel(name).stream_id, channel(name)[setting] as GroupSettingValue]) } as BatchColumn;
}

/** Runs jobs through the real ChannelChanges, counting changes in flight, each one waiting for `gate` when set. */
function batches(concurrency: number) {
  const counter = { inFlight: 0, most: 0, gate: null as Promise<void> | null, before: null as (() => Promise<void>) | null };
  const jobs = new ChannelBatches({
    changes: {
      attempt: async (account: string, channelId: number, change: ChannelChange, options?: Parameters<ChannelChanges['attempt']>[3]) => {
        counter.inFlight += 1;
        counter.most = Math.max(counter.most, counter.inFlight);
        try {
          await counter.before?.();
          await counter.gate;
          return await changes.attempt(account, channelId, change, options);
        } finally {
          counter.inFlight -= 1;
        }
      },
    },
    sessions: adam.sessions,
    push: (message) => adam.pushes.push(message),
    concurrency,
    progressIntervalMs: 0,
  });
  return { jobs, counter };
}

async function finished(jobs: ChannelBatches, id: string): Promise<ChannelBatch> {
  await eventually(() => jobs.get(adam.accountId, id).finishedAt !== null, 'the job to finish');
  return jobs.get(adam.accountId, id);
}
const resultOf = (batch: ChannelBatch, name: string) => batch.results.find((result) => result.channelId === channel(name).stream_id);
const lastProgress = (id: string): JobProgress | undefined =>
  adam.pushes.flatMap((push) => (push.kind === 'job.progress' && push.job.id === id ? [push.job] : [])).at(-1);

describe('a bulk change', () => {
  test('changes a few channels at a time, one result per channel, refusals without a request, then retry failed', async () => {
    const { jobs, counter } = batches(2);
    const names = ['general', 'engineering', 'design', 'old-projects', 'secret-1'];
    adam.requests.length = 0;
    const started = await jobs.start(adam.accountId, [groupColumn('can_add_subscribers_group', 'role:moderators', names)]);
    expect(started.status).toBe('running');
    expect(started.results.map((result) => result.outcome)).toEqual(names.map(() => 'pending'));
    const batch = await finished(jobs, started.id);
    expect(counter.most).toBe(2);
    expect(batch.status).toBe('done');
    for (const name of ['general', 'engineering', 'design', 'old-projects']) {
      expect(resultOf(batch, name)).toMatchObject({ outcome: 'changed', reason: null });
      expect((await onServer(channel(name).stream_id)).can_add_subscribers_group).toBe(group('role:moderators'));
    }
    const secret = resultOf(batch, 'secret-1');
    expect(secret).toMatchObject({ outcome: 'failed', parts: [{ property: 'can_add_subscribers_group', outcome: 'failed' }] });
    expect(secret?.reason).toContain('subscribe to it first');
    expect(adam.requests.filter((request) => request === `PATCH /api/v1/streams/${channel('secret-1').stream_id}`)).toEqual([]);
    expect(lastProgress(started.id)).toMatchObject({ type: 'channelBatch', status: 'done', done: 5, total: 5, counts: { changed: 4, unchanged: 0, conflict: 0, failed: 1 } });
    // Each change is in the activity log with its channel's ID.
    const logged = adam.activity.list(adam.accountId, 50, channel('design').stream_id);
    expect(logged[0]).toMatchObject({ result: 'ok', details: expect.stringContaining('(bulk change)') });

    // Once Adam is subscribed, retrying the failed channel changes it (and only it).
    await olivia.call(subscribe, { subscriptions: [{ name: 'secret-1' }], principals: [userIdOf(adam.state(), 'adam@sandbox.test')] });
    await eventually(() => adam.state().subscriptions.has(channel('secret-1').stream_id), 'the subscription in the state');
    const retried = await finished(jobs, (await jobs.retry(adam.accountId, started.id, 'failed')).id);
    expect(retried.results).toMatchObject([{ channelId: channel('secret-1').stream_id, outcome: 'changed' }]);
    expect((await onServer(channel('secret-1').stream_id)).can_add_subscribers_group).toBe(group('role:moderators'));
  });

  test('a cell changed meanwhile is a conflict, never overwritten; then mine over theirs', async () => {
    const { jobs } = batches(4);
    const column = groupColumn('can_resolve_topics_group', 'role:administrators', ['general', 'engineering']);
    // Another administrator changes #engineering after the grid showed it.
    await olivia.call(updateChannel, { stream_id: channel('engineering').stream_id, can_resolve_topics_group: { new: group('role:moderators') } });
    await eventually(() => channel('engineering').can_resolve_topics_group === group('role:moderators'), 'their change in the state');
    const batch = await finished(jobs, (await jobs.start(adam.accountId, [column])).id);
    expect(resultOf(batch, 'general')?.outcome).toBe('changed');
    expect(resultOf(batch, 'engineering')).toMatchObject({ outcome: 'conflict', parts: [{ outcome: 'conflict' }] });
    expect((await onServer(channel('engineering').stream_id)).can_resolve_topics_group).toBe(group('role:moderators'));

    const again = await finished(jobs, (await jobs.retry(adam.accountId, batch.id, 'conflicts')).id);
    expect(again.results).toMatchObject([{ channelId: channel('engineering').stream_id, outcome: 'changed' }]);
    expect((await onServer(channel('engineering').stream_id)).can_resolve_topics_group).toBe(group('role:administrators'));
  });

  test('messages kept changed after the review is a conflict in the channel’s result, the server keeps theirs; the cells nobody touched change', async () => {
    // Retention is for owners, and has no {new, old} guard on the server: the core's own check must catch it.
    const owner = await signedInConsole(sandbox.url, 'olivia@sandbox.test');
    try {
      const ownerChanges = new ChannelChanges({ accounts: owner.accounts, sessions: owner.sessions, activity: owner.activity });
      const jobs = new ChannelBatches({ changes: ownerChanges, sessions: owner.sessions, push: () => undefined, progressIntervalMs: 0 });
      const [general, design] = [channel('general'), channel('design')];
      for (const id of [general.stream_id, design.stream_id]) await olivia.call(updateChannel, { stream_id: id, message_retention_days: 20 });
      await eventually(() => [general, design].every(({ stream_id }) => owner.state().channels.get(stream_id)?.message_retention_days === 20), '20 days in the state');
      // The review showed 20 days in both; then #general is set to 15 through the API.
      const column = { property: 'retention', value: 45, cells: [[general.stream_id, 20], [design.stream_id, 20]] } as BatchColumn;
      await olivia.call(updateChannel, { stream_id: general.stream_id, message_retention_days: 15 });
      await eventually(() => owner.state().channels.get(general.stream_id)?.message_retention_days === 15, 'their change in the state');

      const started = await jobs.start(owner.accountId, [column]);
      await eventually(() => jobs.get(owner.accountId, started.id).finishedAt !== null, 'the job to finish');
      const batch = jobs.get(owner.accountId, started.id);
      const result = (id: number) => batch.results.find((one) => one.channelId === id);
      expect(result(general.stream_id)).toMatchObject({ outcome: 'conflict', parts: [{ property: 'retention', outcome: 'conflict' }] });
      expect(result(general.stream_id)?.reason).toContain('15 days');
      expect(result(design.stream_id)).toMatchObject({ outcome: 'changed' });
      expect((await onServer(general.stream_id)).message_retention_days).toBe(15);
      expect((await onServer(design.stream_id)).message_retention_days).toBe(45);
    } finally {
      await owner.close();
    }
  });

  test('a setting the server does not guard, changed before the state heard of it, is a conflict, the server keeps theirs; the cell nobody touched changes', async () => {
    // The state stops following the server (held events), as in the instant after another administrator's
    // change: the job must ask the server, for retention has no {new, old} guard there.
    const owner = await signedInConsole(sandbox.url, 'olivia@sandbox.test');
    try {
      const ownerChanges = new ChannelChanges({ accounts: owner.accounts, sessions: owner.sessions, activity: owner.activity });
      const jobs = new ChannelBatches({ changes: ownerChanges, sessions: owner.sessions, push: () => undefined, progressIntervalMs: 0 });
      const [general, design] = [channel('general'), channel('design')];
      for (const id of [general.stream_id, design.stream_id]) await olivia.call(updateChannel, { stream_id: id, message_retention_days: 30 });
      await eventually(() => [general, design].every(({ stream_id }) => owner.state().channels.get(stream_id)?.message_retention_days === 30), '30 days in the state');
      const column = { property: 'retention', value: 60, cells: [[general.stream_id, 30], [design.stream_id, 30]] } as BatchColumn;
      owner.holdEvents();
      await olivia.call(updateChannel, { stream_id: general.stream_id, message_retention_days: 10 });
      expect(owner.state().channels.get(general.stream_id)?.message_retention_days).toBe(30);

      const started = await jobs.start(owner.accountId, [column]);
      await eventually(() => jobs.get(owner.accountId, started.id).finishedAt !== null, 'the job to finish');
      const batch = jobs.get(owner.accountId, started.id);
      const result = (id: number) => batch.results.find((one) => one.channelId === id);
      expect(result(general.stream_id)).toMatchObject({ outcome: 'conflict', parts: [{ property: 'retention', outcome: 'conflict' }] });
      expect(result(general.stream_id)?.reason).toMatch(/changed on the server meanwhile: it is now 10 days/);
      expect(result(design.stream_id)).toMatchObject({ outcome: 'changed' });
      expect((await onServer(general.stream_id)).message_retention_days).toBe(10);
      expect((await onServer(design.stream_id)).message_retention_days).toBe(60);
      expect(owner.requests.filter((request) => request === `PATCH /api/v1/streams/${general.stream_id}`)).toEqual([]);
    } finally {
      await owner.close();
    }
  });

  test('bad input is refused before anything is sent: a repeated cell, a job not known, retrying while it runs', async () => {
    const { jobs, counter } = batches(4);
    const column = groupColumn('can_send_message_group', 'role:moderators', ['general']);
    adam.requests.length = 0;
    await expect(jobs.start(adam.accountId, [{ ...column, cells: [...column.cells, ...column.cells] } as BatchColumn])).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect(adam.requests).toEqual([]);
    expect(() => jobs.get(adam.accountId, 'no-such-job')).toThrow(expect.objectContaining({ code: 'UNKNOWN_JOB' }));
    let open: () => void = () => undefined;
    counter.gate = new Promise((resolve) => (open = resolve));
    const started = await jobs.start(adam.accountId, [column]);
    await expect(jobs.retry(adam.accountId, started.id, 'failed')).rejects.toMatchObject({ code: 'JOB_RUNNING' });
    open();
    expect((await finished(jobs, started.id)).results[0]?.outcome).toBe('changed');
    await expect(jobs.retry(adam.accountId, started.id, 'failed')).rejects.toMatchObject({ code: 'NOTHING_TO_RETRY' });
  });

  test('giving up one’s own administration is refused before anything is sent until confirmed, then made', async () => {
    // Mona, a moderator, administers #design through its administrators' group setting.
    const mona = await signedInConsole(sandbox.url, 'mona@sandbox.test');
    try {
      const design = channel('design');
      await olivia.call(updateChannel, { stream_id: design.stream_id, can_administer_channel_group: { new: group('role:moderators') } });
      await eventually(() => mona.state().channels.get(design.stream_id)?.can_administer_channel_group === group('role:moderators'), 'Mona administers #design');
      const monaChanges = new ChannelChanges({ accounts: mona.accounts, sessions: mona.sessions, activity: mona.activity });
      const jobs = new ChannelBatches({ changes: monaChanges, sessions: mona.sessions, push: () => undefined, progressIntervalMs: 0 });
      const column: BatchColumn = { property: 'can_administer_channel_group', value: group('role:administrators'), cells: [[design.stream_id, group('role:moderators')]] };
      mona.requests.length = 0;
      await expect(jobs.start(mona.accountId, [column])).rejects.toMatchObject({ code: 'CONFIRMATION_NEEDED', message: expect.stringContaining('you would no longer administer #design') });
      expect(mona.requests).toEqual([]);
      const started = await jobs.start(mona.accountId, [column], ['ownAdministration']);
      await eventually(() => jobs.get(mona.accountId, started.id).finishedAt !== null, 'the job to finish');
      expect(jobs.get(mona.accountId, started.id).results[0]?.outcome).toBe('changed');
      expect((await onServer(design.stream_id)).can_administer_channel_group).toBe(group('role:administrators'));
    } finally {
      await mona.close();
    }
  });

  test('a shorter retention, which deletes older messages, is refused before anything is sent until confirmed; a longer one needs no confirmation', async () => {
    const owner = await signedInConsole(sandbox.url, 'olivia@sandbox.test');
    try {
      const ownerChanges = new ChannelChanges({ accounts: owner.accounts, sessions: owner.sessions, activity: owner.activity });
      const jobs = new ChannelBatches({ changes: ownerChanges, sessions: owner.sessions, push: () => undefined, progressIntervalMs: 0 });
      const [engineering, old] = [channel('engineering'), channel('old-projects')];
      for (const id of [engineering.stream_id, old.stream_id]) await olivia.call(updateChannel, { stream_id: id, message_retention_days: 90 });
      await eventually(() => [engineering, old].every(({ stream_id }) => owner.state().channels.get(stream_id)?.message_retention_days === 90), '90 days in the state');
      const column = { property: 'retention', value: 7, cells: [[engineering.stream_id, 90], [old.stream_id, 90]] } as BatchColumn;
      owner.requests.length = 0;
      await expect(jobs.start(owner.accountId, [column])).rejects.toMatchObject({
        code: 'CONFIRMATION_NEEDED',
        message: expect.stringContaining('#engineering, #old-projects would keep messages for less time than now, and their older messages would be deleted for good'),
      });
      expect(owner.requests).toEqual([]);
      expect((await onServer(engineering.stream_id)).message_retention_days).toBe(90);

      const started = await jobs.start(owner.accountId, [column], ['retentionLoss']);
      await eventually(() => jobs.get(owner.accountId, started.id).finishedAt !== null, 'the job to finish');
      expect(jobs.get(owner.accountId, started.id).results.map((result) => result.outcome)).toEqual(['changed', 'changed']);
      expect((await onServer(old.stream_id)).message_retention_days).toBe(7);

      const longer = { property: 'retention', value: -1, cells: [[engineering.stream_id, 7], [old.stream_id, 7]] } as BatchColumn;
      await eventually(() => owner.state().channels.get(old.stream_id)?.message_retention_days === 7, '7 days in the state');
      const back = await jobs.start(owner.accountId, [longer]);
      await eventually(() => jobs.get(owner.accountId, back.id).finishedAt !== null, 'the job to finish');
      expect((await onServer(old.stream_id)).message_retention_days).toBe(-1);
    } finally {
      await owner.close();
    }
  });

  test('cancel: what was sent finishes, the rest fail as cancelled, and the job says which changed', async () => {
    const { jobs, counter } = batches(2);
    let open: () => void = () => undefined;
    counter.gate = new Promise((resolve) => (open = resolve));
    const names = ['general', 'engineering', 'design', 'old-projects'];
    const started = await jobs.start(adam.accountId, [groupColumn('can_send_message_group', 'role:fullmembers', names)]);
    await eventually(() => counter.inFlight === 2, 'two changes in flight');
    const cancelled = jobs.cancel(adam.accountId, started.id);
    expect(cancelled.status).toBe('cancelled');
    counter.gate = null;
    open();
    const batch = await finished(jobs, started.id);
    expect(batch.results.filter((result) => result.outcome === 'changed')).toHaveLength(2);
    const rest = batch.results.filter((result) => result.outcome !== 'changed');
    expect(rest).toHaveLength(2);
    for (const result of rest) {
      expect(result).toMatchObject({ outcome: 'failed', reason: CANCELLED_REASON });
      expect((await onServer(result.channelId)).can_send_message_group).not.toBe(group('role:fullmembers'));
    }
    expect(lastProgress(started.id)).toMatchObject({ status: 'cancelled', done: 4, counts: { changed: 2, failed: 2 } });
  });

  test('losing one’s administrator role mid-job: the remaining channels fail with the reason, the job ends', async () => {
    const { jobs, counter } = batches(1);
    const adamId = userIdOf(adam.state(), 'adam@sandbox.test');
    let calls = 0;
    counter.before = async () => {
      calls += 1;
      if (calls !== 2) return;
      await olivia.call(updateUser, { user_id: adamId, role: 400 });
      await eventually(() => adam.state().users.get(adamId)?.role === 400, 'Adam a member in the state');
    };
    const names = ['general', 'engineering', 'design'];
    const batch = await finished(jobs, (await jobs.start(adam.accountId, [groupColumn('can_remove_subscribers_group', 'role:moderators', names)])).id);
    expect(batch.status).toBe('done');
    expect(batch.results[0]?.outcome).toBe('changed');
    for (const result of batch.results.slice(1)) {
      expect(result.outcome).toBe('failed');
      expect(result.reason).toContain('You do not administer this channel');
      expect((await onServer(result.channelId)).can_remove_subscribers_group).not.toBe(group('role:moderators'));
    }
    await olivia.call(updateUser, { user_id: adamId, role: 200 });
  });
});
