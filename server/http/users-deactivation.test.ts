// upstream's DELETE /users/{id} (deactivate) and POST /users/{id}/reactivate over HTTP against the
// demo organization, and that user changes survive a restart.
import { beforeAll, describe, expect, test } from 'vitest';
import { deactivateUser, reactivateUser } from '../../shared/api';
import { withDb } from '../testing/database-file';
import type { ApiClient } from '../testing/harness';
import { registerQueue, type QueueEvent } from '../testing/event-client';
import { expectError, expectSuccess } from '../testing/replies';
import { usersFixture } from '../testing/users-harness';

const f = usersFixture();
let olivia: ApiClient, adam: ApiClient;
beforeAll(() => {
  ({ owner: olivia, administrator: adam } = f.as);
});

describe('DELETE /users/{id} and POST /users/{id}/reactivate', () => {
  const target = () => f.person(4);

  test('permission matrix: owners and administrators deactivate; others get "Insufficient permission"', async () => {
    for (const [name, actor] of f.actors()) {
      const response = await actor.delete(`/users/${String(target().user_id)}`);
      if (name === 'owner' || name === 'administrator') {
        expectSuccess(response);
        expect(deactivateUser.reply.parse(response.body)).toEqual({ result: 'success', msg: '' });
        expect((await f.fetchUser(target().user_id)).is_active).toBe(false);
        expectSuccess(await olivia.post(`/users/${String(target().user_id)}/reactivate`));
      } else {
        expectError(response, 'BAD_REQUEST', 'Insufficient permission');
        expect((await f.fetchUser(target().user_id)).is_active).toBe(true);
      }
    }
  });

  test('permission matrix: owners and administrators reactivate; others get "Insufficient permission"', async () => {
    for (const [name, actor] of f.actors()) {
      expectSuccess(await olivia.delete(`/users/${String(target().user_id)}`));
      const response = await actor.post(`/users/${String(target().user_id)}/reactivate`);
      if (name === 'owner' || name === 'administrator') {
        expectSuccess(response);
        expect(reactivateUser.reply.parse(response.body)).toEqual({ result: 'success', msg: '' });
        expect((await f.fetchUser(target().user_id)).is_active).toBe(true);
      } else {
        expectError(response, 'BAD_REQUEST', 'Insufficient permission');
        expectSuccess(await olivia.post(`/users/${String(target().user_id)}/reactivate`));
      }
    }
  });

  test('a deactivated user gets USER_DEACTIVATED on their next request; reactivation restores access', async () => {
    const client = await f.server.as(target().email);
    expectSuccess(await client.get('/users/me'));
    expectSuccess(await adam.delete(`/users/${String(target().user_id)}`, { deactivation_notification_comment: 'Thanks for everything.' }));
    const refused = await client.get('/users/me');
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ result: 'error', code: 'USER_DEACTIVATED', msg: 'Account is deactivated' });
    expectSuccess(await adam.post(`/users/${String(target().user_id)}/reactivate`));
    expectSuccess(await client.get('/users/me'));
  });

  test('the events of a deactivation and a reactivation name every channel count and group membership a fresh register changes', async () => {
    const mark = f.id('mark@sandbox.test');
    const archived = { client_capabilities: { archived_channels: true } };
    const watcher = await registerQueue(adam, { event_types: ['realm_user', 'subscription', 'user_group', 'stream'], fetch_event_types: ['realm_user', 'subscription', 'realm_user_groups', 'stream'], ...archived });
    const before = realmView(watcher.snapshot);
    expectSuccess(await olivia.delete(`/users/${String(mark)}`));
    const deactivated = realmView((await registerQueue(adam, { fetch_event_types: ['subscription', 'realm_user_groups', 'stream'], ...archived })).snapshot);
    const lost = await watcher.drain();
    expect(peers(lost, 'peer_remove', mark)).toEqual(changedCounts(before, deactivated, -1));
    expect(peers(lost, 'peer_remove', mark).length).toBeGreaterThan(0);
    // Groups lose the user without an event (clients drop them on `is_active: false`), as upstream.
    expect(groupsWith(deactivated, mark)).toEqual([]);
    expect(lost.filter((event) => event.type === 'user_group')).toEqual([]);

    expectSuccess(await olivia.post(`/users/${String(mark)}/reactivate`));
    const back = await watcher.drain();
    expect(peers(back, 'peer_add', mark)).toEqual(changedCounts(deactivated, before, 1));
    const added = back.filter((event) => event.type === 'user_group' && event.op === 'add_members').map((event) => ({ group: event.group_id, users: event.user_ids }));
    expect(added).toEqual(groupsWith(before, mark).map((group) => ({ group, users: [mark] })));
  });

  test('an administrator cannot deactivate an owner; an owner can deactivate another owner', async () => {
    const second = f.person(5);
    await f.setRole(second.user_id, 100);
    expectError(await adam.delete(`/users/${String(second.user_id)}`), 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
    expectSuccess(await olivia.delete(`/users/${String(second.user_id)}`));
    expectSuccess(await olivia.post(`/users/${String(second.user_id)}/reactivate`));
    await f.setRole(second.user_id, 400);
  });

  test('the only owner cannot be deactivated', async () => {
    expectError(await olivia.delete(`/users/${String(f.id('olivia@sandbox.test'))}`), 'BAD_REQUEST', 'Cannot deactivate the only organization owner');
  });

  test('a bot is not a user here: "No such user"', async () => {
    expectError(await olivia.delete(`/users/${String(f.id('echo-bot@sandbox.test'))}`), 'BAD_REQUEST', 'No such user');
  });

  test('a deactivated user cannot be deactivated again', async () => {
    expectError(await olivia.delete(`/users/${String(f.id('derek@sandbox.test'))}`), 'BAD_REQUEST', 'User is deactivated');
  });

  test('an unknown user is "No such user", to deactivate or to reactivate', async () => {
    expectError(await olivia.delete('/users/999999'), 'BAD_REQUEST', 'No such user');
    expectError(await olivia.post('/users/999999/reactivate'), 'BAD_REQUEST', 'No such user');
  });

  test('a notification comment longer than 2000 characters is refused', async () => {
    const response = await olivia.delete(`/users/${String(target().user_id)}`, { deactivation_notification_comment: 'c'.repeat(2001) });
    expectError(response, 'BAD_REQUEST', 'deactivation_notification_comment is too long (limit: 2000 characters)');
    expect((await f.fetchUser(target().user_id)).is_active).toBe(true);
  });

  test('reactivating an active user is "User is already active"', async () => {
    expectError(await olivia.post(`/users/${String(target().user_id)}/reactivate`), 'BAD_REQUEST', 'User is already active');
  });
});

describe('persistence', () => {
  test('role, name, profile, address and activity changes survive a restart', async () => {
    const target = f.person(6);
    // upstream grants the email-change permission with a management command; here, in the database
    withDb(f.server, (db) => db.prepare("UPDATE users SET can_change_user_emails = 1 WHERE email = 'olivia@sandbox.test'").run());
    const fields = Object.keys((await f.fetchUser(f.id('olivia@sandbox.test'), { include_custom_profile_fields: true })).profile_data ?? {});
    expectSuccess(
      await olivia.patch(`/users/${String(target.user_id)}`, {
        role: 300,
        full_name: 'Restarted Person',
        profile_data: [{ id: Number(fields[0]), value: 'xe/xem' }],
        new_email: 'restarted.person@sandbox.test',
      }),
    );
    const other = f.person(7);
    expectSuccess(await olivia.delete(`/users/${String(other.user_id)}`));
    const before = await f.fetchUser(target.user_id, { include_custom_profile_fields: true });

    await f.server.restart();

    expect(await f.fetchUser(target.user_id, { include_custom_profile_fields: true })).toEqual(before);
    expect(before).toMatchObject({ role: 300, full_name: 'Restarted Person', email: 'restarted.person@sandbox.test' });
    expect((await f.fetchUser(other.user_id)).is_active).toBe(false);
    const signedIn = await f.server.as('restarted.person@sandbox.test');
    expectSuccess(await signedIn.get('/users/me'));
  });
});

interface RealmView {
  counts: Map<number, number>;
  members: Map<number, number[]>;
}

/** What a register shows of channel subscriber counts and group members. */
function realmView(snapshot: Record<string, unknown>): RealmView {
  const streams = snapshot.streams as { stream_id: number; subscriber_count: number }[];
  const groups = snapshot.realm_user_groups as { id: number; members: number[] }[];
  return { counts: new Map(streams.map((row) => [row.stream_id, row.subscriber_count])), members: new Map(groups.map((group) => [group.id, group.members])) };
}

/** The channels whose count moved by `step` from one view to the next, ascending. */
function changedCounts(from: RealmView, to: RealmView, step: number): number[] {
  return [...from.counts].filter(([id, count]) => to.counts.get(id) === count + step).map(([id]) => id).sort((a, b) => a - b);
}

function groupsWith(view: RealmView, userId: number): number[] {
  return [...view.members].filter(([, members]) => members.includes(userId)).map(([id]) => id).sort((a, b) => a - b);
}

/** The channels the events add the user to or remove them from, ascending. */
function peers(events: QueueEvent[], op: 'peer_add' | 'peer_remove', userId: number): number[] {
  return events
    .filter((event) => event.type === 'subscription' && event.op === op && (event.user_ids as number[]).includes(userId))
    .flatMap((event) => event.stream_ids as number[])
    .sort((a, b) => a - b);
}
