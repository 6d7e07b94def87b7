// The generated seeds at small sizes (`--seed large|huge --users N`): the counts `--users` promises,
// users the API accepts, a database whose integrity SQLite vouches for, the same realm every time, and
// `--seed huge`'s own size. The full-size large seed is checked in large.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getUsers, User } from '../../shared/api';
import type { SeedName } from '../config';
import { openDatabase, type Db } from '../db/connection';
import { randomIds, seededIds, type IdSource } from '../lib/ids';
import { withDb } from '../testing/database-file';
import { startTestServer, type TestServer } from '../testing/harness';
import { HUGE_COUNTS } from './huge';
import { seedIfEmpty } from './index';
import { describeSeeding } from './report';
import { generatedCounts } from './sizes';

const NOW = 1_760_000_000;
const COUNTS_SQL = `SELECT (SELECT count(*) FROM users WHERE is_system_bot = 0) AS users, (SELECT count(*) FROM streams) AS channels,
  (SELECT count(*) FROM user_groups) AS groups, (SELECT count(*) FROM messages) AS messages`;

/** Seeds a fresh database file, runs `check` on it, and removes it. */
function withSeeded<T>(seed: SeedName, users: number | undefined, check: (db: Db) => T, ids: IdSource = seededIds(1)): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-seed-'));
  const opened = openDatabase(dir);
  try {
    seedIfEmpty({ db: opened.db, ids, now: NOW }, seed, users === undefined ? {} : { users });
    return check(opened.db);
  } finally {
    opened.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const demo = withSeeded('demo', undefined, (db) => db.prepare(COUNTS_SQL).get() as Record<string, number>);

describe('--users N scales the generated seeds in their proportions', () => {
  test.each([
    ['large', 500, { users: 500, channels: 50, groups: 3, messages: 5_000 }],
    ['huge', 1_000, { users: 1_000, channels: 50, groups: 5, messages: 10_000 }],
  ] as const)('--seed %s --users %i adds %j to the demo organization', (seed, users, expected) => {
    expect(generatedCounts(seed, users)).toEqual(expected);
    const counts = withSeeded(seed, users, (db) => db.prepare(COUNTS_SQL).get() as Record<string, number>);
    expect(Object.fromEntries(Object.entries(counts).map(([key, value]) => [key, value - (demo[key] ?? 0)]))).toEqual(expected);
  });

  test('--seed huge is 100,000 users, 5,000 channels, 500 user groups and 1,000,000 messages', () => {
    expect(HUGE_COUNTS).toEqual({ users: 100_000, channels: 5_000, groups: 500, messages: 1_000_000 });
    expect(generatedCounts('large')).toEqual({ users: 20_000, channels: 2_000, groups: 100, messages: 200_000 });
  });

  test('a size is refused for the fixed seeds, and outside 100 to 1,000,000', () => {
    const seed = (name: SeedName, users: number) => () => withSeeded(name, users, () => null);
    expect(seed('demo', 500)).toThrow('--users sizes the generated seeds (large, huge); the demo seed has its own fixed people.');
    expect(seed('empty', 500)).toThrow('the empty seed has its own fixed people');
    expect(seed('large', 99)).toThrow('--users must be a whole number from 100 to 1,000,000, not 99.');
    expect(seed('huge', 1_000_001)).toThrow('not 1000001');
  });

  test('the seeding says what it added and how long it took', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-seed-'));
    const opened = openDatabase(dir);
    try {
      const report = seedIfEmpty({ db: opened.db, ids: randomIds, now: NOW }, 'huge', { users: 200 });
      expect(report).toMatchObject({ seed: 'huge', added: { users: 200, channels: 10, groups: 1, messages: 2_000 } });
      expect(report?.ms).toBeGreaterThan(0);
      expect(describeSeeding({ seed: 'huge', added: HUGE_COUNTS, ms: 41_234 })).toBe(
        'seeded huge (the demo organization plus 100,000 users, 5,000 channels, 500 user groups and 1,000,000 messages) in 41.2 s',
      );
      expect(describeSeeding({ seed: 'demo', added: null, ms: 80 })).toBe('seeded demo in 0.1 s');
      // A data directory that holds an organization is never seeded again.
      expect(seedIfEmpty({ db: opened.db, ids: randomIds, now: NOW }, 'huge', { users: 200 })).toBeNull();
    } finally {
      opened.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a generated realm is sound', () => {
  const integrity = (db: Db) => ({
    integrity: db.pragma('integrity_check', { simple: true }),
    foreignKeys: db.pragma('foreign_key_check'),
    indexes: db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' ORDER BY name").pluck().all(),
    // Each channel message comes from a subscriber; each direct message from one of its participants.
    strangers: db
      .prepare(
        `SELECT count(*) FROM messages m WHERE m.id > ? AND ((m.type = 'stream' AND NOT EXISTS (SELECT 1 FROM subscriptions s
           WHERE s.stream_id = m.stream_id AND s.user_id = m.sender_id)) OR (m.type = 'private' AND ',' || m.dm_key || ',' NOT LIKE '%,' || m.sender_id || ',%'))`,
      )
      .pluck()
      .get(demo.messages),
    smallChannels: db
      .prepare("SELECT count(*) FROM streams c WHERE c.name GLOB '*-[0-9][0-9][0-9][0-9]' AND (SELECT count(*) FROM subscriptions s WHERE s.stream_id = c.id) < 5")
      .pluck()
      .get(),
    // Groups hold 3 to 150 different existing people; a subgroup is an earlier generated group.
    badGroups: db
      .prepare(
        `SELECT count(*) FROM user_groups g WHERE g.name GLOB '*-[0-9][0-9][0-9][0-9]' AND ((SELECT count(*) FROM group_members m WHERE m.group_id = g.id) NOT BETWEEN 3 AND 150
           OR EXISTS (SELECT 1 FROM group_subgroups s WHERE s.group_id = g.id AND s.subgroup_id >= g.id))`,
      )
      .pluck()
      .get(),
  });

  test('SQLite finds no fault, every reference holds, and every index is back after the bulk load', () => {
    const demoIndexes = withSeeded('demo', undefined, (db) => integrity(db).indexes);
    expect(withSeeded('huge', 2_000, integrity)).toEqual({ integrity: 'ok', foreignKeys: [], indexes: demoIndexes, strangers: 0, smallChannels: 0, badGroups: 0 });
  });

  test('the same size always gives the same realm (but its own API keys)', () => {
    const fingerprint = (db: Db) =>
      ['SELECT email, full_name, role, is_active, date_joined, timezone FROM users', 'SELECT name, invite_only, is_archived, folder_id FROM streams', 'SELECT * FROM subscriptions', 'SELECT * FROM messages', 'SELECT * FROM group_members', 'SELECT * FROM group_subgroups'].map(
        (sql) => db.prepare(`${sql} ORDER BY 1, 2`).raw().all(),
      );
    expect(withSeeded('large', 300, fingerprint, seededIds(1))).toEqual(withSeeded('large', 300, fingerprint, randomIds));
  });
});

describe('--seed large --users 300 over the API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: 'large', seedUsers: 300 });
  }, 60_000);
  afterAll(async () => {
    await server.close();
  });

  test('every user is one GET /users returns in upstream shape, with a unique address', async () => {
    const olivia = await server.as('olivia@sandbox.test');
    const members = getUsers.reply.parse((await olivia.get('/users')).body).members;
    const generated = members.filter((member) => member.delivery_email?.endsWith('@large.sandbox.test'));
    expect(generated).toHaveLength(300);
    expect(new Set(generated.map((member) => member.delivery_email)).size).toBe(300);
    expect(generated.every((member) => User.safeParse(member).success && member.full_name.trim() !== '' && [200, 300, 400, 600].includes(member.role ?? 0))).toBe(true);
  });

  test('a generated person signs in with the demo password', async () => {
    const email = withDb(server, (db) => db.prepare("SELECT email FROM users WHERE email LIKE '%@large.sandbox.test' AND is_active = 1 ORDER BY id DESC LIMIT 1").pluck().get() as string);
    const person = await server.as(email);
    expect((await person.get('/users/me')).body).toMatchObject({ result: 'success', email });
  });
});
