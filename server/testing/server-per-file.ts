// One test server per test file (or describe block): started before its tests, closed after them.
// The demo variant also signs in the demo people and looks up the demo's IDs, which most HTTP tests
// start from. Both hand back stable objects at once, so a file can destructure them at the top; they
// are filled in by the time the tests run.
import { afterAll, beforeAll } from 'vitest';
import { openBetweenHooks } from './between-hooks';
import { startTestServer, type ApiClient, type TestServer, type TestServerOptions } from './harness';

/** The demo people who can sign in (Derek is deactivated), owner first. */
const DEMO_PEOPLE = ['olivia', 'adam', 'mona', 'mark', 'gina'] as const;
export type DemoPerson = (typeof DEMO_PEOPLE)[number];

export interface DemoIds {
  /** Account IDs by email, deactivated accounts and bots included. */
  user: Record<string, number>;
  /** The same IDs by the part of the address before the @: person.mark. */
  person: Record<string, number>;
  /** Channel IDs by name, archived and private channels included. */
  channel: Record<string, number>;
  /** Group IDs by name, system groups included. */
  group: Record<string, number>;
}

export interface DemoServer {
  readonly server: TestServer;
  /** A signed-in client for each demo person. */
  readonly clients: Record<DemoPerson, ApiClient>;
  /** The demo's IDs as the owner saw them when the server started. */
  readonly ids: DemoIds;
}

/** A server started in beforeAll and closed in afterAll; the returned object forwards to it. */
export function testServerForFile(options: TestServerOptions = {}): TestServer {
  return openBetweenHooks(beforeAll, afterAll, () => startTestServer(options), (server) => server.close());
}

/** A demo server for the file (see testServerForFile), with the demo people signed in and its IDs. */
export function demoServerForFile(options: TestServerOptions = {}): DemoServer {
  const server = testServerForFile({ seed: 'demo', ...options });
  const clients = {} as Record<DemoPerson, ApiClient>;
  const ids: DemoIds = { user: {}, person: {}, channel: {}, group: {} };
  beforeAll(async () => {
    await Promise.all(DEMO_PEOPLE.map(async (name) => (clients[name] = await server.as(`${name}@sandbox.test`))));
    await lookUpDemoIds(clients.olivia, ids);
  });
  return { server, clients, ids };
}

/** Fills `ids` in place (files may already hold its maps) from what the owner can list. */
async function lookUpDemoIds(owner: ApiClient, ids: DemoIds): Promise<void> {
  const users = await owner.get('/users');
  for (const user of users.body.members as { email: string; user_id: number }[]) {
    ids.user[user.email] = user.user_id;
    ids.person[user.email.split('@')[0] ?? ''] = user.user_id;
  }
  const streams = await owner.get('/streams', { include_all: true, exclude_archived: false });
  for (const stream of streams.body.streams as { name: string; stream_id: number }[]) ids.channel[stream.name] = stream.stream_id;
  const groups = await owner.get('/user_groups');
  for (const group of groups.body.user_groups as { name: string; id: number }[]) ids.group[group.name] = group.id;
}
