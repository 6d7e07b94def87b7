// Undo from the activity log against a real sandbox: what each kind of change records to be undone, the
// undo job's results (undone, already back, refused because someone changed it since, a target that is
// gone), the server's final state, and that a whole bulk job goes back only for its rows that succeeded.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { getStream, getUser, reactivateUser, updateChannel, updateRealmUserSettingsDefaults, updateUser, type User } from '../../../shared/api';
import { ActivityEntry, type UndoJob } from '../../../shared/ipc';
import type { ApiClient } from '../client/api-client';
import { ChannelChanges } from '../channels/channel-changes';
import { privacyOf } from '../../../shared/domain/channel-privacy';
import { DefaultsService } from '../defaults/defaults-service';
import { startSandbox, type Sandbox } from '../testing/sandbox';
import { directClient, eventually, signedInConsole, userIdOf, type TestConsole } from '../users/testing/console-harness';

const NAMED = new Set(['olivia', 'adam', 'mona', 'mark', 'gina', 'derek', 'echo-bot', 'notify-bot']);

let sandbox: Sandbox;
let olivia: TestConsole;
let asOlivia: ApiClient;
let members: User[];

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 'demo' });
  olivia = await signedInConsole(sandbox.url, 'olivia@sandbox.test');
  asOlivia = await directClient(sandbox.url, 'olivia@sandbox.test');
  members = [...olivia.state().users.values()].filter((user) => user.role === 400 && user.is_active && !user.is_bot && !NAMED.has(user.email.split('@')[0] as string));
}, 60_000);

afterAll(async () => {
  await olivia?.close();
  await sandbox?.close();
});

const log = () => olivia.activity.list(olivia.accountId, 100_000);
const roleOnServer = async (userId: number) => (await asOlivia.call(getUser, { user_id: userId })).value.user.role;

async function finished(job: UndoJob): Promise<UndoJob> {
  return eventually(() => {
    const current = olivia.undo.get(olivia.accountId, job.id);
    return current.finishedAt !== null && current;
  }, `undo ${job.id} to finish`);
}

test('an entry written before undo existed, without `undo` or `jobId`, is still read', () => {
  const old = { at: 1, actor: 'Olivia', action: 'Changed role', target: 'Mark', details: 'Member → Moderator', result: 'ok', error: null };
  expect(ActivityEntry.parse(old)).toEqual(old);
});

test('a role change records its way back; the undo puts the old role back, logged as an undo that can itself be undone', async () => {
  const user = members[0] as User;
  await olivia.userChanges.changeRole(olivia.accountId, user.user_id, 300);
  const entry = log().find((candidate) => candidate.action === 'Changed role' && candidate.target.includes(user.email));
  expect(entry?.undo).toMatchObject({ kind: 'role', userId: user.user_id, from: 400, to: 300 });
  expect(entry?.jobId).toBeUndefined();

  const scope = { kind: 'entry', entryId: entry?.undo?.id as string } as const;
  const review = await olivia.undo.review(olivia.accountId, scope);
  expect(review.steps).toEqual([expect.objectContaining({ change: 'Moderator → Member', verdict: 'ready', role: { userId: user.user_id, to: 400 } })]);
  const job = await finished(await olivia.undo.start(olivia.accountId, scope));
  expect(job.results).toEqual([expect.objectContaining({ outcome: 'undone', reason: null })]);
  expect(await roleOnServer(user.user_id)).toBe(400);
  const undoEntry = log()[0];
  expect(undoEntry).toMatchObject({ action: 'Changed role', details: 'Moderator → Member (undo)', undo: { kind: 'role', from: 300, to: 400 } });
  // One entry undone is no job: its undo is offered as one entry, not as a job.
  expect(undoEntry?.jobId).toBeUndefined();

  // Undone twice: already back, nothing sent.
  const again = await finished(await olivia.undo.start(olivia.accountId, scope));
  expect(again.results).toEqual([expect.objectContaining({ outcome: 'unchanged', reason: 'Already Member: nothing to undo.' })]);
});

test('an administrator made a guest goes back through member, as the server takes no guest straight to administrator', async () => {
  // One no other test here touches.
  const user = members[20] as User;
  await olivia.userChanges.changeRole(olivia.accountId, user.user_id, 200);
  await olivia.userChanges.changeRole(olivia.accountId, user.user_id, 600);
  const entry = log().find((candidate) => candidate.undo?.kind === 'role' && candidate.undo.userId === user.user_id);
  expect(entry?.undo).toMatchObject({ from: 200, to: 600 });

  const scope = { kind: 'entry', entryId: entry?.undo?.id as string } as const;
  const review = await olivia.undo.review(olivia.accountId, scope);
  expect(review.steps).toEqual([expect.objectContaining({ change: 'Guest → Member → Administrator', verdict: 'ready' })]);
  const job = await finished(await olivia.undo.start(olivia.accountId, scope));
  expect(job.results).toEqual([expect.objectContaining({ outcome: 'undone', reason: null })]);
  expect(await roleOnServer(user.user_id)).toBe(200);
});

test('a whole bulk job goes back for the rows that succeeded; one someone changed since is refused, saying what it is now', async () => {
  const five = members.slice(1, 6);
  const oliviaId = userIdOf(olivia.state(), 'olivia@sandbox.test');
  // Olivia, the only owner, cannot be made a moderator: her row fails and has nothing to undo.
  const started = await olivia.roleBatches.start(olivia.accountId, [...five.map((user) => user.user_id), oliviaId], 300);
  await eventually(() => olivia.roleBatches.get(olivia.accountId, started.id).finishedAt !== null, 'the bulk change to finish');
  const rows = log().filter((entry) => entry.jobId === started.id);
  expect(rows.filter((entry) => entry.result === 'ok')).toHaveLength(5);
  expect(rows.filter((entry) => entry.result === 'failed').map((entry) => entry.undo)).toEqual([undefined]);

  // Someone else makes one of them an administrator in between.
  const changed = five[2] as User;
  await asOlivia.call(updateUser, { user_id: changed.user_id, role: 200 });
  await eventually(() => olivia.state().users.get(changed.user_id)?.role === 200, 'the change in the state');

  const scope = { kind: 'job', jobId: started.id } as const;
  const review = await olivia.undo.review(olivia.accountId, scope);
  expect(review.steps.map((step) => step.verdict).sort()).toEqual(['ready', 'ready', 'ready', 'ready', 'refused']);
  const job = await finished(await olivia.undo.start(olivia.accountId, scope));
  expect(job.results).toHaveLength(5);
  const refused = job.results.filter((result) => result.outcome === 'refused');
  expect(refused).toEqual([
    expect.objectContaining({
      target: expect.stringContaining(changed.email) as string,
      reason: `${changed.full_name} is now Administrator, not Moderator as this change left them: someone changed it since. It is left as it is; change their role from their panel if it should still go back.`,
    }),
  ]);
  expect(job.results.filter((result) => result.outcome === 'undone')).toHaveLength(4);
  for (const user of five) expect(await roleOnServer(user.user_id), user.email).toBe(user === changed ? 200 : 400);
  expect(await roleOnServer(oliviaId)).toBe(100);
  // The undo of a job is a job: its own entries carry its ID, so it can be put back as a whole.
  expect(log().filter((entry) => entry.jobId === job.id)).toHaveLength(4);
});

test('a deactivation goes back as a reactivation; one reactivated by someone else since is already back', async () => {
  const [first, second] = members.slice(6, 8) as [User, User];
  await olivia.userChanges.deactivate(olivia.accountId, first.user_id);
  await olivia.userChanges.deactivate(olivia.accountId, second.user_id);
  const entryOf = (user: User) => log().find((entry) => entry.action === 'Deactivated' && entry.target.includes(user.email)) as ActivityEntry;
  expect(entryOf(first).undo).toMatchObject({ kind: 'status', userId: first.user_id, active: false });

  // Made an administrator while away: the reactivation says they come back as one.
  await asOlivia.call(updateUser, { user_id: first.user_id, role: 200 });
  await eventually(() => olivia.state().users.get(first.user_id)?.role === 200, 'the role change in the state');
  const job = await finished(await olivia.undo.start(olivia.accountId, { kind: 'entry', entryId: entryOf(first).undo?.id as string }));
  expect(job.results).toEqual([expect.objectContaining({ outcome: 'undone', change: 'Deactivated → Active, as Administrator' })]);
  expect((await asOlivia.call(getUser, { user_id: first.user_id })).value.user).toMatchObject({ is_active: true, role: 200 });

  await asOlivia.call(reactivateUser, { user_id: second.user_id });
  await eventually(() => olivia.state().users.get(second.user_id)?.is_active === true, 'the reactivation in the state');
  const meanwhile = await finished(await olivia.undo.start(olivia.accountId, { kind: 'entry', entryId: entryOf(second).undo?.id as string }));
  expect(meanwhile.results).toEqual([expect.objectContaining({ outcome: 'unchanged', reason: 'Already active again: someone reactivated them since.' })]);
});

test('the review names the user a status step acts on and whether they become active, so a deactivation is stated before it is made', async () => {
  const user = members[9] as User;
  await olivia.userChanges.deactivate(olivia.accountId, user.user_id);
  await olivia.userChanges.reactivate(olivia.accountId, user.user_id);
  const entryOf = (action: string) => log().find((entry) => entry.action === action && entry.target.includes(user.email)) as ActivityEntry;
  const undoOf = async (action: string) => (await olivia.undo.review(olivia.accountId, { kind: 'entry', entryId: entryOf(action).undo?.id as string })).steps;
  expect(await undoOf('Reactivated')).toEqual([expect.objectContaining({ change: 'Active → Deactivated', verdict: 'ready', status: { userId: user.user_id, active: false }, role: null })]);
  // Already active: nothing to state.
  expect(await undoOf('Deactivated')).toEqual([expect.objectContaining({ verdict: 'unchanged', status: null })]);
});

test('an entry whose user is gone is refused with its own reason; an unknown entry is a clear error', async () => {
  olivia.activity.record(olivia.accountId, {
    actor: 'Olivia Owner',
    action: 'Changed role',
    target: 'Gone User (gone@sandbox.test)',
    details: 'Member → Moderator',
    result: 'ok',
    error: null,
    undo: { id: 'gone-1', kind: 'role', userId: 987_654, from: 400, to: 300 },
  });
  const job = await finished(await olivia.undo.start(olivia.accountId, { kind: 'entry', entryId: 'gone-1' }));
  expect(job.results).toEqual([
    expect.objectContaining({ outcome: 'refused', reason: expect.stringMatching(/^There is no user with ID 987654 in .+ any more: they may have been removed/) as string }),
  ]);
  await expect(olivia.undo.review(olivia.accountId, { kind: 'entry', entryId: 'no-such-entry' })).rejects.toMatchObject({ code: 'NOTHING_TO_UNDO' });
});

test('a defaults save goes back setting by setting, guarded by the value it left', async () => {
  const defaults = new DefaultsService({ accounts: olivia.accounts, sessions: olivia.sessions, activity: olivia.activity });
  const before = olivia.state().userSettingsDefaults;
  await defaults.save(olivia.accountId, {
    changes: { enter_sends: !before.enter_sends, twenty_four_hour_time: !before.twenty_four_hour_time },
    expected: { enter_sends: before.enter_sends ?? null, twenty_four_hour_time: before.twenty_four_hour_time ?? null },
    source: { kind: 'edit' },
  });
  const entry = log()[0] as ActivityEntry;
  expect(entry.undo).toMatchObject({ kind: 'defaults', changes: expect.arrayContaining([{ setting: 'enter_sends', old: before.enter_sends, new: !before.enter_sends }]) as unknown });
  // Another administrator already put one of them back: that step is already back.
  await asOlivia.call(updateRealmUserSettingsDefaults, { twenty_four_hour_time: before.twenty_four_hour_time as boolean });
  await eventually(() => olivia.state().userSettingsDefaults.twenty_four_hour_time === before.twenty_four_hour_time, 'their change in the state');

  const job = await finished(await olivia.undo.start(olivia.accountId, { kind: 'entry', entryId: entry.undo?.id as string }));
  expect(job.results.map((result) => result.outcome).sort()).toEqual(['unchanged', 'undone']);
  await eventually(() => olivia.state().userSettingsDefaults.enter_sends === before.enter_sends, 'enter_sends back');
});

test('a channel change goes back with the group setting guarded by `old`; a channel changed since is refused', async () => {
  const channels = new ChannelChanges({ accounts: olivia.accounts, sessions: olivia.sessions, activity: olivia.activity });
  const design = [...olivia.state().channels.values()].find((channel) => channel.name === 'design');
  if (!design) throw new Error('no #design in the demo seed');
  const before = design.description;
  await channels.update(olivia.accountId, design.stream_id, { property: 'description', value: 'Undo me', old: before });
  const entry = log()[0] as ActivityEntry;
  expect(entry).toMatchObject({ channelId: design.stream_id, undo: { kind: 'channel', channelId: design.stream_id, changes: [{ property: 'description', old: before, new: 'Undo me' }] } });

  const scope = { kind: 'entry', entryId: entry.undo?.id as string } as const;
  await asOlivia.call(updateChannel, { stream_id: design.stream_id, description: 'Someone else' });
  await eventually(() => olivia.state().channels.get(design.stream_id)?.description === 'Someone else', 'their change in the state');
  const refused = await finished(await olivia.undo.start(olivia.accountId, scope));
  expect(refused.results).toEqual([
    expect.objectContaining({ outcome: 'refused', reason: 'The description of #design is “Someone else” now, not “Undo me” as this change left it: someone changed it since. It is left as it is.' }),
  ]);

  await asOlivia.call(updateChannel, { stream_id: design.stream_id, description: 'Undo me' });
  await eventually(() => olivia.state().channels.get(design.stream_id)?.description === 'Undo me', 'back to what the change left');
  const undone = await finished(await olivia.undo.start(olivia.accountId, scope));
  expect(undone.results).toEqual([expect.objectContaining({ outcome: 'undone' })]);
  expect((await asOlivia.call(getStream, { stream_id: design.stream_id })).value.stream.description).toBe(before);
});

test('undoing a channel made public states who loses sight of it again, and the channel is private on the server after', async () => {
  const channels = new ChannelChanges({ accounts: olivia.accounts, sessions: olivia.sessions, activity: olivia.activity });
  const leadership = [...olivia.state().channels.values()].find((channel) => channel.name === 'leadership');
  if (!leadership) throw new Error('no #leadership in the demo seed');
  const old = privacyOf(leadership);
  const subscribers = olivia.state().subscribers.get(leadership.stream_id)?.size ?? 0;
  await channels.update(olivia.accountId, leadership.stream_id, { property: 'privacy', value: 'public', old });
  await eventually(() => olivia.state().channels.get(leadership.stream_id)?.invite_only === false, 'public in the state');
  const scope = { kind: 'entry', entryId: (log()[0] as ActivityEntry).undo?.id as string } as const;
  const review = await olivia.undo.review(olivia.accountId, scope);
  expect(review.steps).toEqual([
    expect.objectContaining({
      verdict: 'ready',
      note: `Only its ${String(subscribers)} subscribers keep access; the organization’s other members can no longer find, join or read it.`,
    }),
  ]);
  expect((await finished(await olivia.undo.start(olivia.accountId, scope))).results).toEqual([expect.objectContaining({ outcome: 'undone' })]);
  expect((await asOlivia.call(getStream, { stream_id: leadership.stream_id })).value.stream.invite_only).toBe(true);
});

test('undoing a longer retention deletes messages: the review marks it, the core refuses it unconfirmed and sends nothing, then puts it back once confirmed', async () => {
  const channels = new ChannelChanges({ accounts: olivia.accounts, sessions: olivia.sessions, activity: olivia.activity });
  const design = [...olivia.state().channels.values()].find((channel) => channel.name === 'design');
  if (!design) throw new Error('no #design in the demo seed');
  await channels.update(olivia.accountId, design.stream_id, { property: 'retention', value: 30, old: design.message_retention_days ?? null });
  await channels.update(olivia.accountId, design.stream_id, { property: 'retention', value: 365, old: 30 });
  await eventually(() => olivia.state().channels.get(design.stream_id)?.message_retention_days === 365, '365 days in the state');
  const scope = { kind: 'entry', entryId: (log()[0] as ActivityEntry).undo?.id as string } as const;
  const review = await olivia.undo.review(olivia.accountId, scope);
  expect(review.steps).toEqual([expect.objectContaining({ verdict: 'ready', deletesMessages: true, note: expect.stringContaining('deleted for good') })]);

  await expect(olivia.undo.start(olivia.accountId, scope)).rejects.toMatchObject({ code: 'CONFIRMATION_NEEDED', extra: { hazards: ['retentionLoss'] } });
  await expect(olivia.undo.start(olivia.accountId, scope, ['ownRights'])).rejects.toMatchObject({ code: 'CONFIRMATION_NEEDED' });
  expect((await asOlivia.call(getStream, { stream_id: design.stream_id })).value.stream.message_retention_days).toBe(365);

  expect((await finished(await olivia.undo.start(olivia.accountId, scope, ['retentionLoss']))).results).toEqual([expect.objectContaining({ outcome: 'undone' })]);
  expect((await asOlivia.call(getStream, { stream_id: design.stream_id })).value.stream.message_retention_days).toBe(30);

});

test('a channel change whose undo meets a change the state has not heard of yet is refused, and theirs stays on the server', async () => {
  const channels = new ChannelChanges({ accounts: olivia.accounts, sessions: olivia.sessions, activity: olivia.activity });
  const engineering = [...olivia.state().channels.values()].find((channel) => channel.name === 'engineering');
  if (!engineering) throw new Error('no #engineering in the demo seed');
  await channels.update(olivia.accountId, engineering.stream_id, { property: 'description', value: 'Undo me too', old: engineering.description });
  const entry = log()[0] as ActivityEntry;
  // Another administrator's change, in the instant before the console's queue brings it: the state still
  // shows what the change left, and only the server knows better.
  olivia.holdEvents();
  try {
    await asOlivia.call(updateChannel, { stream_id: engineering.stream_id, description: 'Theirs, just now' });
    expect(olivia.state().channels.get(engineering.stream_id)?.description).toBe('Undo me too');
    const refused = await finished(await olivia.undo.start(olivia.accountId, { kind: 'entry', entryId: entry.undo?.id as string }));
    expect(refused.results).toEqual([expect.objectContaining({ outcome: 'refused', reason: expect.stringContaining('it is now “Theirs, just now”') })]);
  } finally {
    olivia.releaseEvents();
  }
  expect((await asOlivia.call(getStream, { stream_id: engineering.stream_id })).value.stream.description).toBe('Theirs, just now');
});

test('an undo by someone who is no longer an administrator fails each step saying so, and nothing is sent', async () => {
  const adam = await signedInConsole(sandbox.url, 'adam@sandbox.test');
  const adamId = userIdOf(olivia.state(), 'adam@sandbox.test');
  try {
    const user = members[8] as User;
    await adam.userChanges.changeRole(adam.accountId, user.user_id, 300);
    const entry = adam.activity.list(adam.accountId, 10)[0] as ActivityEntry;
    // An owner takes Adam's administration away before he undoes his change.
    await asOlivia.call(updateUser, { user_id: adamId, role: 400 });
    await eventually(() => adam.state().ownRole === 400, "Adam's new role in his state");
    adam.requests.length = 0;
    const started = await adam.undo.start(adam.accountId, { kind: 'entry', entryId: entry.undo?.id as string });
    const job = await eventually(() => {
      const current = adam.undo.get(adam.accountId, started.id);
      return current.finishedAt !== null && current;
    }, 'the undo to finish');
    expect(job.results).toEqual([
      expect.objectContaining({ outcome: 'failed', reason: expect.stringMatching(/^Not undone: you are no longer an administrator or owner of .+ \(someone changed your role\)/) as string }),
    ]);
    expect(adam.requests).toEqual([]);
    expect(await roleOnServer(user.user_id)).toBe(300);
  } finally {
    await asOlivia.call(updateUser, { user_id: adamId, role: 200 });
    await adam.close();
  }
});
