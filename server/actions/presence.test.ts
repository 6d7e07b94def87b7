// Presence as upstream keeps it: what a report records, when others are told at once, and the two
// formats of the register snapshot. Checked in process with a manual clock.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { LegacyPresenceEvent } from '../../shared/api';
import { seconds, type ManualClock } from '../lib/clock';
import { insertUser } from '../db/create-user';
import { presenceSnapshot } from '../db/presence-queries';
import type { UserRow } from '../db/users';
import { openDemoRealm, type DemoRealm } from '../testing/in-process';
import { reportPresence, USER_LIMIT_FOR_PRESENCE_EVENTS } from './presence';
import { applySettingChanges } from './settings';

let realm: DemoRealm;
let mark: UserRow;
beforeEach(() => {
  realm = openDemoRealm();
  mark = realm.user('mark');
});
afterEach(() => realm.close());

const now = () => seconds(realm.ctx.clock);
// openDemoRealm runs on a ManualClock
const advance = (secs: number) => (realm.ctx.clock as ManualClock).advance(secs * 1000);
const report = (user: UserRow, status: string, extra: Partial<Parameters<typeof reportPresence>[2]> = {}) =>
  reportPresence(realm.ctx, user, { status, ping_only: true, new_user_input: false, slim_presence: false, ...extra });
const stored = (user: UserRow) => realm.ctx.db.prepare('SELECT last_active_time, last_connected_time FROM presence WHERE user_id = ?').get(user.id);
const presenceEvents = () => realm.published.filter(({ event }) => event.type === 'presence');

describe('a presence report', () => {
  test("a user's first report is announced to every active user, in upstream's legacy shape plus _modern", () => {
    report(mark, 'active');
    const [published] = presenceEvents();
    expect(published?.recipients).toEqual(realm.ctx.db.prepare('SELECT id FROM users WHERE is_active = 1').pluck().all());
    const event = published?.event as Record<string, unknown>;
    expect(LegacyPresenceEvent.parse({ ...event, id: 1 })).toBeTruthy();
    expect(event).toEqual({
      type: 'presence',
      user_id: mark.id,
      email: 'mark@sandbox.test',
      server_timestamp: realm.ctx.clock.now() / 1000,
      presence: { website: { client: 'website', status: 'active', timestamp: now(), pushable: false } },
      _modern: { [String(mark.id)]: { active_timestamp: now(), idle_timestamp: now() } },
    });
  });

  test('reports while the user stays online are not announced; coming back after missed check-ins is', () => {
    report(mark, 'active');
    advance(60);
    report(mark, 'active');
    advance(60);
    report(mark, 'idle');
    expect(presenceEvents()).toHaveLength(1);
    advance(10 * 60);
    report(mark, 'active');
    expect(presenceEvents()).toHaveLength(2);
  });

  test('an idle first report is announced as idle since the join date', () => {
    report(mark, 'idle');
    const website = (presenceEvents()[0]?.event.presence as Record<string, { status: string; timestamp: number }>).website;
    expect(website).toEqual({ client: 'website', status: 'idle', timestamp: now(), pushable: false });
    expect(stored(mark)).toEqual({ last_active_time: null, last_connected_time: now() });
  });

  test('times are rewritten at most about once a minute, and idle never moves the active time', () => {
    report(mark, 'active');
    const first = now();
    advance(30);
    report(mark, 'active');
    expect(stored(mark)).toEqual({ last_active_time: first, last_connected_time: first });
    advance(30);
    report(mark, 'idle');
    expect(stored(mark)).toEqual({ last_active_time: first, last_connected_time: now() });
  });

  test('a user who turned presence off is not recorded', () => {
    realm.ctx.db.transaction(() => applySettingChanges(realm.ctx.db, mark.id, [['presence_enabled', false]]))();
    report(realm.user('mark'), 'active');
    expect(stored(mark)).toBeUndefined();
    expect(presenceEvents()).toEqual([]);
  });

  test('new user input counts as activity for the partial subscriber lists', () => {
    report(mark, 'active', { new_user_input: true });
    expect(realm.ctx.db.prepare('SELECT last_active FROM users WHERE id = ?').pluck().get(mark.id)).toBe(now());
  });

  test('a status other than active or idle is refused', () => {
    expect(() => report(mark, 'away')).toThrow('Invalid status: away');
  });

  test(`an organization of more than ${USER_LIMIT_FOR_PRESENCE_EVENTS} active users gets no presence events, as upstream`, () => {
    const { db, ids } = realm.ctx;
    const active = () => db.prepare('SELECT COUNT(*) FROM users WHERE is_active = 1').pluck().get() as number;
    for (let index = 0; active() <= USER_LIMIT_FOR_PRESENCE_EVENTS; index += 1) {
      insertUser(db, ids, { email: `crowd${index}@sandbox.test`, full_name: `Crowd ${index}`, role: 400, date_joined: now() });
    }
    report(mark, 'active');
    expect(presenceEvents()).toEqual([]);
    expect(stored(mark)).toBeDefined();
  });
});

describe('presenceSnapshot', () => {
  beforeEach(() => {
    report(mark, 'active');
    advance(5 * 60);
    report(realm.user('mona'), 'idle');
  });

  test('slim: keyed by user ID, with the last active and last connected times', () => {
    const snapshot = presenceSnapshot(realm.ctx.db, { slim: true, now: now() });
    expect(snapshot[String(mark.id)]).toEqual({ active_timestamp: now() - 300, idle_timestamp: now() - 300 });
    expect(Object.keys(snapshot).sort()).toEqual([String(mark.id), String(realm.user('mona').id)].sort());
  });

  test('legacy: keyed by email, one website client plus aggregated', () => {
    const snapshot = presenceSnapshot(realm.ctx.db, { slim: false, now: now() });
    expect(snapshot['mark@sandbox.test']).toEqual({
      aggregated: { client: 'website', status: 'active', timestamp: now() - 300 },
      website: { client: 'website', status: 'active', timestamp: now() - 300, pushable: false },
    });
    expect(snapshot['mona@sandbox.test']).toMatchObject({ aggregated: { status: 'idle', timestamp: now() } });
  });

  test('only users connected within the history limit; none for a limit of 0', () => {
    advance(3 * 86_400);
    report(realm.user('adam'), 'active');
    expect(Object.keys(presenceSnapshot(realm.ctx.db, { slim: true, historyLimitDays: 2, now: now() }))).toEqual([String(realm.user('adam').id)]);
    expect(Object.keys(presenceSnapshot(realm.ctx.db, { slim: true, now: now() }))).toHaveLength(3);
    expect(presenceSnapshot(realm.ctx.db, { slim: true, historyLimitDays: 0, now: now() })).toEqual({});
  });

  test('deactivated users are left out', () => {
    realm.ctx.db.prepare('UPDATE users SET is_active = 0 WHERE id = ?').run(mark.id);
    expect(presenceSnapshot(realm.ctx.db, { slim: true, now: now() })).not.toHaveProperty(String(mark.id));
  });
});
