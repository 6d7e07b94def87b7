// `--seed large` holds what docs/server.md promises: the demo organization plus 20,000 users, 2,000
// channels, 100 user groups and 200,000 messages. The server is started as `npm run server -- --seed large` starts it
// (startServer seeds an empty data directory), and the demo seed is the baseline it adds to.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getStreams, getUsers } from '../../shared/api';
import { withDb } from '../testing/database-file';
import { startTestServer, type TestServer } from '../testing/harness';
import { openDemoRealm } from '../testing/in-process';
import { LARGE_COUNTS } from './large';

// Users as GET /users lists them: the organization's, without the server's system bots.
const COUNTS_SQL = `SELECT (SELECT count(*) FROM users WHERE is_system_bot = 0) AS users, (SELECT count(*) FROM streams) AS channels,
  (SELECT count(*) FROM user_groups) AS groups, (SELECT count(*) FROM messages) AS messages`;
type Counts = { users: number; channels: number; groups: number; messages: number };

let server: TestServer;
let demo: Counts;

beforeAll(async () => {
  const realm = openDemoRealm();
  demo = realm.ctx.db.prepare(COUNTS_SQL).get() as Counts;
  realm.close();
  const started = performance.now();
  server = await startTestServer({ seed: 'large' });
  // A figure for whoever reads the log, never an assertion (the machine's load decides it).
  console.log(`--seed large: server seeded and listening in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}, 300_000);
afterAll(async () => {
  await server.close();
});

describe('--seed large', () => {
  test('adds 20,000 users, 2,000 channels, 100 user groups and 200,000 messages to the demo organization', () => {
    const large = withDb(server, (db) => db.prepare(COUNTS_SQL).get() as Counts);
    const added = { users: large.users - demo.users, channels: large.channels - demo.channels, groups: large.groups - demo.groups, messages: large.messages - demo.messages };
    expect(added).toEqual(LARGE_COUNTS);
    expect(LARGE_COUNTS).toEqual({ users: 20_000, channels: 2_000, groups: 100, messages: 200_000 });
  });

  test('an owner sees every one of them over the API', async () => {
    const olivia = await server.as('olivia@sandbox.test');
    const users = getUsers.reply.parse((await olivia.get('/users')).body).members;
    expect(users).toHaveLength(demo.users + 20_000);
    const streams = getStreams.reply.parse((await olivia.get('/streams', { include_all: true, exclude_archived: false })).body).streams;
    expect(streams).toHaveLength(demo.channels + 2_000);
  }, 60_000);

  test('each new channel has as many different subscribers as it was drawn with: 5 to 64, or 1,000 to 2,999', () => {
    const sizes = withDb(server, (db) =>
      db
        .prepare(
          `SELECT count(DISTINCT s.user_id) AS people FROM streams c
           LEFT JOIN subscriptions s ON s.stream_id = c.id
           WHERE c.name GLOB '*-[0-9][0-9][0-9][0-9]' GROUP BY c.id`,
        )
        .all() as { people: number }[],
    );
    expect(sizes).toHaveLength(2_000);
    const outOfRange = sizes.filter(({ people }) => !((people >= 5 && people < 65) || (people >= 1000 && people < 3000)));
    expect(outOfRange).toEqual([]);
  });

  test('every message in a new channel comes from a subscriber of that channel', () => {
    const strangers = withDb(server, (db) =>
      db
        .prepare(
          `SELECT count(*) FROM messages m JOIN streams c ON c.id = m.stream_id
           WHERE c.name GLOB '*-[0-9][0-9][0-9][0-9]' AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.stream_id = m.stream_id AND s.user_id = m.sender_id)`,
        )
        .pluck()
        .get() as number,
    );
    expect(strangers).toBe(0);
  });
});
