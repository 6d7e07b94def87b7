// The queues' own costs at scale, with their behaviour unchanged: a publish reads the database a fixed
// number of times however many queues it reaches, a poll's heartbeat timer is let go of once the poll
// is answered, and idle queues are still collected on time though most accesses no longer walk them all.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { ManualClock } from '../lib/clock';
import { openDemoRealm, type DemoRealm } from '../testing/in-process';
import { ACTIVE_USERS } from './bus';
import type { QueueOptions } from './queue';
import { EventQueues } from './queues';

const OPTIONS: QueueOptions = { eventTypes: null, narrow: [], allPublicStreams: false, capabilities: {}, applyMarkdown: true, clientGravatar: false, slimPresence: false };
const IDLE_MS = 60_000;
const never = new Promise<void>(() => undefined);

let realm: DemoRealm;
let queues: EventQueues;
let clock: ManualClock;

beforeEach(() => {
  realm = openDemoRealm({ config: { queueIdleMs: IDLE_MS, heartbeatMs: 10_000 } });
  clock = realm.ctx.clock as ManualClock;
  queues = new EventQueues(realm.ctx);
});
afterEach(() => {
  queues.close();
  realm.close();
});

/** Every active human of the demo organization. */
const people = () => realm.ctx.db.prepare('SELECT id FROM users WHERE is_active = 1 AND is_bot = 0 ORDER BY id').pluck().all() as number[];

describe('a publish', () => {
  /** How many statements the database prepares while `run` runs. */
  function statementsDuring(run: () => void): number {
    return sqlDuring(run).length;
  }

  /** The statements the database prepares while `run` runs. */
  function sqlDuring(run: () => void): string[] {
    const db = realm.ctx.db;
    const prepare = db.prepare.bind(db);
    const seen: string[] = [];
    db.prepare = ((sql: string) => {
      seen.push(sql);
      return prepare(sql);
    }) as typeof db.prepare;
    try {
      run();
    } finally {
      db.prepare = prepare;
    }
    return seen;
  }

  test('reads the database as often for forty queues as for two, and still reaches every one', () => {
    const ids = people();
    expect(ids.length).toBeGreaterThan(40);
    const publishTo = (userIds: number[]) => {
      const registered = userIds.map((userId) => queues.register(userId, OPTIONS));
      const statements = statementsDuring(() => realm.ctx.events.publish(userIds, { type: 'presence', user_id: 1 }));
      expect(registered.map((queue) => queue.lastEventId)).toEqual(userIds.map(() => 0));
      return statements;
    };
    const few = publishTo(ids.slice(0, 2));
    const many = publishTo(ids.slice(2, 42));
    expect(many).toBe(few);
    expect(few).toBeLessThanOrEqual(2);
  });

  test('to every active user reaches each active user\'s queue, not a deactivated user\'s, and reads no list of users', () => {
    const [first, second, gone] = people() as [number, number, number];
    realm.ctx.db.prepare('UPDATE users SET is_active = 0 WHERE id = ?').run(gone);
    const reached = [queues.register(first, OPTIONS), queues.register(second, OPTIONS)];
    // A deactivated user's queue lives on until its next fetch is refused: it must hear nothing more.
    const silent = queues.register(gone, OPTIONS);
    const sql = sqlDuring(() => realm.ctx.events.publish(ACTIVE_USERS, { type: 'realm_user', op: 'update', person: { user_id: first, role: 300 } }));
    expect(reached.map((queue) => queue.lastEventId)).toEqual([0, 0]);
    expect(silent.lastEventId).toBe(-1);
    // The first statement is the test harness's own record of who the event was for; delivery's reads
    // of users are limited to the queues' users.
    expect(sql[0]).toBe('SELECT id FROM users WHERE is_active = 1');
    expect(sql.slice(1).filter((statement) => /\bFROM users\b/.test(statement) && !statement.includes('json_each'))).toEqual([]);
  });

  test('to listed users reads no user rows when delivery needs only their IDs, and reads them when it needs their role', () => {
    const [first, second] = people() as [number, number];
    const gina = realm.ctx.db.prepare("SELECT id FROM users WHERE email = 'gina@sandbox.test'").pluck().get() as number;
    const incomplete = { ...OPTIONS, capabilities: { user_list_incomplete: true } };
    const queue = [queues.register(first, OPTIONS), queues.register(second, OPTIONS)];
    const guest = queues.register(gina, incomplete);
    const userRows = (sql: string[]) => sql.filter((statement) => /\bFROM users\b/.test(statement));
    // A message to its recipients: their IDs are all its delivery needs.
    const message = { type: 'message', message: { id: 1, type: 'stream', content: 'Hi' }, flags: [] };
    expect(userRows(sqlDuring(() => realm.ctx.events.publish([first, second, gina], message)))).toEqual([]);
    expect([...queue, guest].map((one) => one.lastEventId)).toEqual([0, 0, 0]);
    // A new user's announcement is not for guests whose client said it takes an incomplete list: their role is read.
    const added = { type: 'realm_user', op: 'add', person: { user_id: 999 } };
    expect(userRows(sqlDuring(() => realm.ctx.events.publish([first, second, gina], added)))).toHaveLength(1);
    expect([...queue, guest].map((one) => one.lastEventId)).toEqual([1, 1, 0]);
  });

  test('a typing event still reaches only the users with receives_typing_notifications on', () => {
    const [on, off] = people() as [number, number];
    realm.ctx.db.prepare(`UPDATE users SET settings = json_set(settings, '$.receives_typing_notifications', json('false')) WHERE id = ?`).run(off);
    const listening = queues.register(on, OPTIONS);
    const deaf = queues.register(off, OPTIONS);
    realm.ctx.events.publish([on, off], { type: 'typing', op: 'start', message_type: 'direct', sender: { user_id: on, email: '' }, recipients: [] });
    expect([listening.lastEventId, deaf.lastEventId]).toEqual([0, -1]);
  });
});

describe('a long-poll', () => {
  test('lets go of its heartbeat timer once an event answers it', async () => {
    const [userId] = people() as [number];
    const queue = queues.register(userId, OPTIONS);
    const before = clock.pending;
    for (let round = 0; round < 20; round++) {
      const answered = queues.poll(queue, queue.lastEventId, false, never);
      realm.ctx.events.publish([userId], { type: 'presence', user_id: userId });
      await answered;
    }
    expect(clock.pending).toBe(before);
  });

  test('with nothing to say still gets its heartbeat', async () => {
    const [userId] = people() as [number];
    const queue = queues.register(userId, OPTIONS);
    const answered = queues.poll(queue, -1, false, never);
    clock.advance(10_000);
    expect((await answered).map((event) => event.type)).toEqual(['heartbeat']);
  });
});

describe('idle queues', () => {
  test('are collected each on its own time, however many accesses come between', () => {
    const [first, second] = people() as [number, number];
    const early = queues.register(first, OPTIONS);
    clock.advance(IDLE_MS / 2);
    const late = queues.register(second, OPTIONS);
    for (let access = 0; access < 5; access++) {
      clock.advance(IDLE_MS / 10);
      expect(queues.get(late.id, second)).toBe(late);
    }
    expect(() => queues.get(early.id, first)).toThrow('Bad event queue ID');
    clock.advance(IDLE_MS / 2 - 1);
    expect(queues.get(late.id, second)).toBe(late);
    clock.advance(1);
    expect(() => queues.get(late.id, second)).toThrow('Bad event queue ID');
    expect(queues.size).toBe(0);
  });
});
