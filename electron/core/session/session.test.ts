// A session against a real sandbox server: connecting, live changes made by someone else, stopping,
// and credentials the server refuses.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { deactivateUser, getEvents, getMessages, reportMessage, revokeInvite, sendInvites, updateChannel, updateUser } from '../../../shared/api';
import { ApiClient } from '../client/api-client';
import { ConsoleError } from '../errors';
import { startSandbox, type Sandbox } from '../testing/sandbox';
import { realmOverview } from './overview';
import { clientFor, eventually, recordedSession, type Recorded } from './testing/session-harness';

let sandbox: Sandbox;
let adam: ApiClient;
const running: Recorded[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 'demo', args: ['--heartbeat-ms', '500'] });
  adam = await clientFor(sandbox.url, 'adam@sandbox.test');
});

afterAll(async () => {
  await Promise.all(running.map((recorded) => recorded.session.stop()));
  await sandbox.close();
});

async function started(email: string, client?: ApiClient): Promise<Recorded> {
  const recorded = recordedSession(client ?? (await clientFor(sandbox.url, email)));
  running.push(recorded);
  recorded.session.start();
  return recorded;
}

const userId = (recorded: Recorded, email: string) => [...(recorded.session.state?.users.values() ?? [])].find((user) => user.email === email)?.user_id ?? -1;

test('a session goes from connecting to live with the realm’s snapshot, invitations and reports', async () => {
  const olivia = await started('olivia@sandbox.test');
  expect(olivia.session.status).toEqual({ state: 'connecting', detail: null, retryAt: null, lastLiveAt: null });
  const state = await olivia.session.whenReady();
  expect(olivia.statuses).toEqual([{ state: 'live', detail: null, retryAt: null, lastLiveAt: null }]);
  expect(realmOverview(state)).toMatchObject({
    realmName: 'Sandbox Org',
    realmUrl: sandbox.url,
    pendingInvitations: { count: 3, whose: 'all' },
    reports: 3,
    moderationChannel: 'moderation',
    usersByRole: { owner: 1, administrator: 1, moderator: 1, member: 43, guest: 1 },
  });
});

test('a member sees only their own invitations (none) and no reports', async () => {
  const mark = await started('mark@sandbox.test');
  const state = await mark.session.whenReady();
  expect(realmOverview(state)).toMatchObject({ pendingInvitations: { count: 0, whose: 'own' }, reports: null, moderationChannel: null });
});

test('a moderator’s own invitations are listed and kept live, as the server lists them to her', async () => {
  const mona = await started('mona@sandbox.test');
  const state = await mona.session.whenReady();
  // The demo's pending invitations: one of them is Mona's.
  expect(state.invitations?.map((invite) => invite.email)).toEqual(['design.candidate@sandbox.test']);
  expect(realmOverview(state).pendingInvitations).toEqual({ count: 1, whose: 'own' });
  // The server tells the invitation's creator when it is revoked (invites_changed), and the count follows.
  const [invite] = state.invitations ?? [];
  await adam.call(revokeInvite, { invite_id: invite?.id ?? -1 });
  await eventually(() => mona.session.state?.invitations?.length === 0, 'her invitation to be gone');
  expect(realmOverview(mona.session.state ?? state).pendingInvitations).toEqual({ count: 0, whose: 'own' });
});

test('a role change made by another administrator shows up with exactly what changed', async () => {
  const olivia = await started('olivia@sandbox.test');
  await olivia.session.whenReady();
  const mark = userId(olivia, 'mark@sandbox.test');
  await adam.call(updateUser, { user_id: mark, role: 300 });
  await eventually(() => olivia.session.state?.users.get(mark)?.role === 300, "Mark's new role");
  const changed = olivia.changes.flat();
  expect(changed).toContainEqual({ collection: 'users', ids: [mark] });
  // The system groups follow the role (upstream sends their member changes after the role).
  await eventually(() => olivia.changes.flat().some((change) => change.collection === 'groups'), 'the system groups to change');
  expect(realmOverview(olivia.session.state ?? (await olivia.session.whenReady())).usersByRole.moderator).toBe(2);
  await adam.call(updateUser, { user_id: mark, role: 400 });
  await eventually(() => olivia.session.state?.users.get(mark)?.role === 400, "Mark's role back");
});

test('waitFor answers when the session applies the event that shows the change, and with undefined once stopped', async () => {
  const olivia = await started('olivia@sandbox.test');
  await olivia.session.whenReady();
  const derek = userId(olivia, 'derek@sandbox.test');
  const moderator = olivia.session.waitFor((state) => (state.users.get(derek)?.role === 300 ? state.users.get(derek) : undefined));
  await adam.call(updateUser, { user_id: derek, role: 300 });
  // Answered with the state the push announced: the push named Derek before the wait was answered.
  await expect(moderator).resolves.toMatchObject({ user_id: derek, role: 300 });
  expect(olivia.changes.flat()).toContainEqual(expect.objectContaining({ collection: 'users', ids: [derek] }));
  await adam.call(updateUser, { user_id: derek, role: 400 });
  // A wait that can never be answered ends with the session (sign-out), not after its 60 s.
  const never = olivia.session.waitFor((state) => (state.users.get(derek)?.role === 100 ? true : undefined), 60_000);
  await olivia.session.stop();
  await expect(never).resolves.toBeUndefined();
  await expect(olivia.session.waitFor(() => true)).resolves.toBeUndefined();
});

test('an invitation sent elsewhere is refetched and reported', async () => {
  const olivia = await started('olivia@sandbox.test');
  const before = (await olivia.session.whenReady()).invitations?.length ?? 0;
  await adam.call(sendInvites, { invitee_emails: 'someone.new@sandbox.test', stream_ids: [] });
  await eventually(() => olivia.session.state?.invitations?.length === before + 1, 'the new invitation');
  expect(olivia.changes.flat()).toContainEqual({ collection: 'invitations', ids: [] });
  expect(olivia.session.state?.invitationsStale).toBe(false);
});

test('stop() ends the long-poll and deletes the queue; no callback fires afterwards', async () => {
  const client = await clientFor(sandbox.url, 'mona@sandbox.test');
  const mona = await started('mona@sandbox.test', client);
  await mona.session.whenReady();
  const queueId = mona.session.queueId as string;
  const seen = mona.statuses.length + mona.changes.length;
  await mona.session.stop();
  await expect(client.call(getEvents, { queue_id: queueId, last_event_id: -1, dont_block: true })).rejects.toMatchObject({ code: 'BAD_EVENT_QUEUE_ID' });
  await adam.call(updateUser, { user_id: userId(mona, 'kemi.varga@sandbox.test'), full_name: 'Kemi V.' });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(mona.statuses.length + mona.changes.length).toBe(seen);
});

test('a key the server refuses makes the session offline, saying to sign in again', async () => {
  const wrong = new ApiClient({ realmUrl: sandbox.url, credentials: { email: 'olivia@sandbox.test', apiKey: 'not-the-key' } });
  const recorded = await started('olivia@sandbox.test', wrong);
  await expect(recorded.session.whenReady()).rejects.toBeInstanceOf(ConsoleError);
  expect(recorded.session.status.state).toBe('offline');
  expect(recorded.session.status.detail).toMatch(/Sign in again/);
  // Waiting for the user, not for a time: no next try is planned.
  expect(recorded.session.status.retryAt).toBeNull();
  // It stops trying: no more requests, no more statuses.
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(recorded.statuses).toHaveLength(1);
});

test('a user deactivated while live goes offline, saying to sign in again', async () => {
  const gina = await started('gina@sandbox.test');
  await gina.session.whenReady();
  await adam.call(deactivateUser, { user_id: gina.session.state?.ownUserId ?? -1 });
  await eventually(() => gina.session.status.state === 'offline', 'the session to go offline');
  expect(gina.session.status.detail).toMatch(/Sign in again/);
});

/** Mark reports the newest message in general, as a member would. */
async function markReportsSomething(): Promise<void> {
  const mark = await clientFor(sandbox.url, 'mark@sandbox.test');
  const { value } = await mark.call(getMessages, { anchor: 'newest', num_before: 1, num_after: 0, narrow: [['channel', 'general']] });
  await mark.call(reportMessage, { message_id: value.messages[0]?.id ?? -1, report_type: 'spam' });
}

test('a report made by a member is counted at once', async () => {
  const olivia = await started('olivia@sandbox.test');
  const before = (await olivia.session.whenReady()).reportIds?.size ?? 0;
  await markReportsSomething();
  await eventually(() => olivia.session.state?.reportIds?.size === before + 1, 'the new report');
  expect(olivia.changes.flat().some((change) => change.collection === 'reports' && change.ids.length === 1)).toBe(true);
});

test('renaming the moderation channel moves the queue to the new name, and reports keep counting', async () => {
  const olivia = await started('olivia@sandbox.test');
  const before = (await olivia.session.whenReady()).reportIds?.size ?? 0;
  const moderation = olivia.session.state?.moderationRequestChannelId ?? -1;
  await adam.call(updateChannel, { stream_id: moderation, new_name: 'mod-queue' });
  await eventually(() => olivia.resyncs === 1 && olivia.session.status.state === 'live', 'the new queue');
  expect(realmOverview(olivia.session.state ?? (await olivia.session.whenReady())).moderationChannel).toBe('mod-queue');
  await markReportsSomething();
  await eventually(() => olivia.session.state?.reportIds?.size === before + 1, 'the report in the renamed channel');
});
