// The user actions on a demo database without HTTP, for what a client cannot observe over HTTP yet:
// the events each change publishes (upstream's shapes, parsed with shared/api's event schemas), who
// receives them, and that a failed request changes and announces nothing.
import { describe, expect, test } from 'vitest';
import { RealmUserUpdateEvent, UserGroupAddMembersEvent, UserGroupRemoveMembersEvent } from '../../shared/api';
import { activeUserIds, adminUserIds, getUser, type UserRow } from '../db/users';
import { ApiError } from '../lib/errors';
import type { ServerEvent } from '../events/bus';
import { demoRealmForEachTest } from '../testing/in-process';
import { deactivateUser, reactivateUser, updateUser } from './users';

const realm = demoRealmForEachTest();

/** The event as a queue delivers it: with an `id`. */
const queued = (event: ServerEvent) => ({ id: 1, ...event });
const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

describe('role changes', () => {
  test('a role change announces the new role, then the system-group move, to every active user', () => {
    const mark = realm.user('mark');
    updateUser(realm.ctx, realm.user('adam'), { user_id: mark.id, role: 300 });
    expect(realm.published.map(({ event }) => event)).toEqual([
      { type: 'realm_user', op: 'update', person: { user_id: mark.id, role: 300 } },
      { type: 'user_group', op: 'remove_members', group_id: 5, user_ids: [mark.id] },
      { type: 'user_group', op: 'add_members', group_id: 4, user_ids: [mark.id] },
    ]);
    RealmUserUpdateEvent.parse(queued(realm.published[0]?.event ?? { type: '' }));
    UserGroupRemoveMembersEvent.parse(queued(realm.published[1]?.event ?? { type: '' }));
    UserGroupAddMembersEvent.parse(queued(realm.published[2]?.event ?? { type: '' }));
    for (const { recipients } of realm.published) expect(sorted(recipients)).toEqual(sorted(activeUserIds(realm.ctx.db)));
  });

  test('an unchanged role announces nothing', () => {
    const mark = realm.user('mark');
    updateUser(realm.ctx, realm.user('adam'), { user_id: mark.id, role: 400 });
    expect(realm.published).toEqual([]);
  });

  test('a request that fails part-way changes nothing and announces nothing', () => {
    const mark = realm.user('mark');
    expect(() => updateUser(realm.ctx, realm.user('adam'), { user_id: mark.id, role: 300, full_name: 'x'.repeat(101) })).toThrow(ApiError);
    expect(getUser(realm.ctx.db, mark.id)?.role).toBe(400);
    expect(realm.published).toEqual([]);
  });
});

describe('names and profile fields', () => {
  test('a new full name is announced as {user_id, full_name}, trimmed', () => {
    const mark = realm.user('mark');
    updateUser(realm.ctx, realm.user('adam'), { user_id: mark.id, full_name: '  Mark M. Member ' });
    expect(realm.published.map(({ event }) => event)).toEqual([{ type: 'realm_user', op: 'update', person: { user_id: mark.id, full_name: 'Mark M. Member' } }]);
    RealmUserUpdateEvent.parse(queued(realm.published[0]?.event ?? { type: '' }));
  });

  test('a profile value is announced with its rendering, and a removal with a null value', () => {
    const mark = realm.user('mark');
    const pronouns = realm.ctx.db.prepare("SELECT id FROM custom_profile_fields WHERE name = 'Pronouns'").pluck().get() as number;
    updateUser(realm.ctx, realm.user('adam'), { user_id: mark.id, profile_data: [{ id: pronouns, value: 'he/him' }] });
    updateUser(realm.ctx, realm.user('adam'), { user_id: mark.id, profile_data: [{ id: pronouns, value: null }] });
    expect(realm.published.map(({ event }) => event)).toEqual([
      { type: 'realm_user', op: 'update', person: { user_id: mark.id, custom_profile_field: { id: pronouns, value: 'he/him', rendered_value: '<p>he/him</p>' } } },
      { type: 'realm_user', op: 'update', person: { user_id: mark.id, custom_profile_field: { id: pronouns, value: null } } },
    ]);
    for (const { event } of realm.published) RealmUserUpdateEvent.parse(queued(event));
  });
});

describe('email changes', () => {
  test('the real address goes to administrators and the user; the API email and avatar to everyone', () => {
    const olivia = realm.user('olivia');
    realm.ctx.db.prepare('UPDATE users SET can_change_user_emails = 1 WHERE id = ?').run(olivia.id);
    const mark = realm.user('mark');
    updateUser(realm.ctx, getUser(realm.ctx.db, olivia.id) as UserRow, { user_id: mark.id, new_email: 'mark.member@sandbox.test' });
    const [address, avatar, apiEmail] = realm.published;
    expect(address?.event).toEqual({ type: 'realm_user', op: 'update', person: { user_id: mark.id, delivery_email: 'mark.member@sandbox.test' } });
    expect(sorted(address?.recipients ?? [])).toEqual(sorted([...adminUserIds(realm.ctx.db), mark.id]));
    expect(avatar?.event).toMatchObject({ person: { user_id: mark.id, avatar_source: 'G', avatar_version: 1 } });
    expect(apiEmail?.event).toEqual({ type: 'realm_user', op: 'update', person: { user_id: mark.id, new_email: 'mark.member@sandbox.test' } });
    expect(sorted(apiEmail?.recipients ?? [])).toEqual(sorted(activeUserIds(realm.ctx.db)));
    for (const { event } of realm.published) RealmUserUpdateEvent.parse(queued(event));
  });
});

describe('deactivation and reactivation', () => {
  test("deactivating a user deactivates the bots they own first, each announced as is_active false after its channels' peer_remove", () => {
    const adam = realm.user('adam');
    const echoBot = realm.user('echo-bot');
    const channelsOf = (userId: number) => realm.ctx.db.prepare('SELECT stream_id FROM subscriptions WHERE user_id = ? AND active = 1 ORDER BY stream_id').pluck().all(userId) as number[];
    const leaving = (userId: number) => channelsOf(userId).map((id) => ({ type: 'subscription', op: 'peer_remove', stream_ids: [id], user_ids: [userId] }));
    deactivateUser(realm.ctx, realm.user('olivia'), adam.id);
    expect(realm.published.map(({ event }) => event)).toEqual([
      ...leaving(echoBot.id),
      { type: 'realm_user', op: 'update', person: { user_id: echoBot.id, is_active: false } },
      ...leaving(adam.id),
      { type: 'realm_user', op: 'update', person: { user_id: adam.id, is_active: false } },
    ]);
    expect(channelsOf(adam.id).length).toBeGreaterThan(0);
    for (const { recipients } of realm.published) expect(recipients).not.toContain(adam.id);
    for (const { event } of realm.published) if (event.type === 'realm_user') RealmUserUpdateEvent.parse(queued(event));
  });

  test('reactivation is announced as is_active true, to the reactivated user too, then their channels and groups take them back', () => {
    const derek = realm.user('derek');
    reactivateUser(realm.ctx, realm.user('adam'), derek.id);
    const events = realm.published.map(({ event }) => event);
    expect(events[0]).toEqual({ type: 'realm_user', op: 'update', person: { user_id: derek.id, is_active: true } });
    expect(realm.published[0]?.recipients).toContain(derek.id);
    const channels = realm.ctx.db.prepare('SELECT stream_id FROM subscriptions WHERE user_id = ? AND active = 1 ORDER BY stream_id').pluck().all(derek.id) as number[];
    expect(events.filter((event) => event.type === 'subscription')).toEqual(channels.map((id) => ({ type: 'subscription', op: 'peer_add', stream_ids: [id], user_ids: [derek.id] })));
    const groups = events.filter((event) => event.type === 'user_group');
    expect(groups.length).toBeGreaterThan(0);
    for (const event of groups) expect(UserGroupAddMembersEvent.parse(queued(event))).toMatchObject({ user_ids: [derek.id] });
  });
});
