// The user actions on a demo database without HTTP, for what a client cannot observe over HTTP yet:
// the events each change publishes (upstream's shapes, parsed with shared/api's event schemas), who
// receives them, and that a failed request changes and announces nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { RealmUserUpdateEvent, UserGroupAddMembersEvent, UserGroupRemoveMembersEvent } from '../../shared/api';
import { ManualClock, seconds } from '../clock';
import { DEFAULT_CONFIG } from '../config';
import type { ServerContext } from '../context';
import { openDatabase, type OpenedDb } from '../db/connection';
import { activeUserIds, adminUserIds, getUser, getUserByEmail, type UserRow } from '../db/users';
import { ApiError } from '../errors';
import { EventBus, type ServerEvent } from '../events/bus';
import { seededIds } from '../ids';
import { seedIfEmpty } from '../seed/index';
import { deactivateUser, reactivateUser, updateUser } from './users';

let dataDir: string;
let opened: OpenedDb;
let ctx: ServerContext;
let published: { recipients: readonly number[]; event: ServerEvent }[];

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'users-action-'));
  opened = openDatabase(dataDir);
  const clock = new ManualClock();
  const ids = seededIds(11);
  seedIfEmpty({ db: opened.db, ids, now: seconds(clock) }, 'demo');
  ctx = { db: opened.db, clock, ids, config: { ...DEFAULT_CONFIG }, events: new EventBus(), realmUrl: '' };
  published = [];
  ctx.events.subscribe((recipients, event) => published.push({ recipients, event }));
});

afterEach(() => {
  opened.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const user = (name: string): UserRow => {
  const row = getUserByEmail(ctx.db, `${name}@sandbox.test`);
  if (!row) throw new Error(`no demo user ${name}`);
  return row;
};
/** The event as a queue delivers it: with an `id`. */
const queued = (event: ServerEvent) => ({ id: 1, ...event });
const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

describe('role changes', () => {
  test('a role change announces the new role, then the system-group move, to every active user', () => {
    const mark = user('mark');
    updateUser(ctx, user('adam'), { user_id: mark.id, role: 300 });
    expect(published.map(({ event }) => event)).toEqual([
      { type: 'realm_user', op: 'update', person: { user_id: mark.id, role: 300 } },
      { type: 'user_group', op: 'remove_members', group_id: 5, user_ids: [mark.id] },
      { type: 'user_group', op: 'add_members', group_id: 4, user_ids: [mark.id] },
    ]);
    RealmUserUpdateEvent.parse(queued(published[0]?.event ?? { type: '' }));
    UserGroupRemoveMembersEvent.parse(queued(published[1]?.event ?? { type: '' }));
    UserGroupAddMembersEvent.parse(queued(published[2]?.event ?? { type: '' }));
    for (const { recipients } of published) expect(sorted(recipients)).toEqual(sorted(activeUserIds(ctx.db)));
  });

  test('an unchanged role announces nothing', () => {
    const mark = user('mark');
    updateUser(ctx, user('adam'), { user_id: mark.id, role: 400 });
    expect(published).toEqual([]);
  });

  test('a request that fails part-way changes nothing and announces nothing', () => {
    const mark = user('mark');
    expect(() => updateUser(ctx, user('adam'), { user_id: mark.id, role: 300, full_name: 'x'.repeat(101) })).toThrow(ApiError);
    expect(getUser(ctx.db, mark.id)?.role).toBe(400);
    expect(published).toEqual([]);
  });
});

describe('names and profile fields', () => {
  test('a new full name is announced as {user_id, full_name}, trimmed', () => {
    const mark = user('mark');
    updateUser(ctx, user('adam'), { user_id: mark.id, full_name: '  Mark M. Member ' });
    expect(published.map(({ event }) => event)).toEqual([{ type: 'realm_user', op: 'update', person: { user_id: mark.id, full_name: 'Mark M. Member' } }]);
    RealmUserUpdateEvent.parse(queued(published[0]?.event ?? { type: '' }));
  });

  test('a profile value is announced with its rendering, and a removal with a null value', () => {
    const mark = user('mark');
    const pronouns = ctx.db.prepare("SELECT id FROM custom_profile_fields WHERE name = 'Pronouns'").pluck().get() as number;
    updateUser(ctx, user('adam'), { user_id: mark.id, profile_data: [{ id: pronouns, value: 'he/him' }] });
    updateUser(ctx, user('adam'), { user_id: mark.id, profile_data: [{ id: pronouns, value: null }] });
    expect(published.map(({ event }) => event)).toEqual([
      { type: 'realm_user', op: 'update', person: { user_id: mark.id, custom_profile_field: { id: pronouns, value: 'he/him', rendered_value: '<p>he/him</p>' } } },
      { type: 'realm_user', op: 'update', person: { user_id: mark.id, custom_profile_field: { id: pronouns, value: null } } },
    ]);
    for (const { event } of published) RealmUserUpdateEvent.parse(queued(event));
  });
});

describe('email changes', () => {
  test('the real address goes to administrators and the user; the API email and avatar to everyone', () => {
    const olivia = user('olivia');
    ctx.db.prepare('UPDATE users SET can_change_user_emails = 1 WHERE id = ?').run(olivia.id);
    const mark = user('mark');
    updateUser(ctx, getUser(ctx.db, olivia.id) as UserRow, { user_id: mark.id, new_email: 'mark.member@sandbox.test' });
    const [address, avatar, apiEmail] = published;
    expect(address?.event).toEqual({ type: 'realm_user', op: 'update', person: { user_id: mark.id, delivery_email: 'mark.member@sandbox.test' } });
    expect(sorted(address?.recipients ?? [])).toEqual(sorted([...adminUserIds(ctx.db), mark.id]));
    expect(avatar?.event).toMatchObject({ person: { user_id: mark.id, avatar_source: 'G', avatar_version: 1 } });
    expect(apiEmail?.event).toEqual({ type: 'realm_user', op: 'update', person: { user_id: mark.id, new_email: 'mark.member@sandbox.test' } });
    expect(sorted(apiEmail?.recipients ?? [])).toEqual(sorted(activeUserIds(ctx.db)));
    for (const { event } of published) RealmUserUpdateEvent.parse(queued(event));
  });
});

describe('deactivation and reactivation', () => {
  test("deactivating a user deactivates the bots they own first, each announced as is_active false", () => {
    const adam = user('adam');
    const echoBot = user('echo-bot');
    deactivateUser(ctx, user('olivia'), adam.id);
    expect(published.map(({ event }) => event)).toEqual([
      { type: 'realm_user', op: 'update', person: { user_id: echoBot.id, is_active: false } },
      { type: 'realm_user', op: 'update', person: { user_id: adam.id, is_active: false } },
    ]);
    expect(published[0]?.recipients).not.toContain(adam.id);
    for (const { event } of published) RealmUserUpdateEvent.parse(queued(event));
  });

  test('reactivation is announced as is_active true, to the reactivated user too', () => {
    const derek = user('derek');
    reactivateUser(ctx, user('adam'), derek.id);
    expect(published.map(({ event }) => event)).toEqual([{ type: 'realm_user', op: 'update', person: { user_id: derek.id, is_active: true } }]);
    expect(published[0]?.recipients).toContain(derek.id);
  });
});
