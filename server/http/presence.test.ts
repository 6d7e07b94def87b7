// upstream POST /users/me/presence over HTTP against the demo organization, and the presence event as
// real long-polling clients receive it, legacy or modern (spec 21 simplified_presence_events).
import { beforeAll, describe, expect, test } from 'vitest';
import { parseEvent, updatePresence } from '../../shared/api';
import { withDb } from '../testing/database-file';
import { registerQueue } from '../testing/event-client';
import type { ApiClient } from '../testing/harness';
import { expectError, expectSuccess } from '../testing/replies';
import { demoServerForFile } from '../testing/server-per-file';

const { server, clients, ids } = demoServerForFile();
let olivia: ApiClient, adam: ApiClient, mona: ApiClient, mark: ApiClient, gina: ApiClient;
beforeAll(() => {
  ({ olivia, adam, mona, mark, gina } = clients);
});

const report = (client: ApiClient, params: Record<string, unknown>) => client.post('/users/me/presence', params);
const now = () => Math.floor(server.clock.now() / 1000);

describe('POST /users/me/presence', () => {
  test("returns everyone's presence keyed by email in the legacy format, and the server's time", async () => {
    expectSuccess(await report(olivia, { status: 'active' }));
    const response = await report(adam, { status: 'idle' });
    expectSuccess(response);
    const reply = updatePresence.reply.parse(response.body);
    expect(reply.server_timestamp).toBe(server.clock.now() / 1000);
    expect(reply.presences?.['olivia@sandbox.test']).toEqual({
      aggregated: { client: 'website', status: 'active', timestamp: now() },
      website: { client: 'website', status: 'active', timestamp: now(), pushable: false },
    });
    expect(reply.presences?.['adam@sandbox.test']).toMatchObject({ aggregated: { status: 'idle' } });
  });

  test('slim_presence keys presence by user ID in the modern format', async () => {
    expectSuccess(await report(mona, { status: 'active' }));
    const response = await report(mona, { status: 'active', slim_presence: true });
    expect(updatePresence.reply.parse(response.body).presences?.[String(ids.person.mona)]).toEqual({ active_timestamp: now(), idle_timestamp: now() });
  });

  test('ping_only records the report and returns no presence data', async () => {
    const response = await report(gina, { status: 'active', ping_only: true });
    expectSuccess(response);
    expect(response.body).not.toHaveProperty('presences');
    const storedTime = withDb(server, (db) => db.prepare('SELECT last_active_time FROM presence WHERE user_id = ?').pluck().get(ids.person.gina));
    expect(storedTime).toBe(now());
  });

  test('history_limit_days leaves out users not seen within it', async () => {
    expectSuccess(await report(mark, { status: 'active' }));
    server.clock.advance(2 * 86_400 * 1000);
    const response = await report(mark, { status: 'active', history_limit_days: 1 });
    expect(Object.keys(updatePresence.reply.parse(response.body).presences ?? {})).toEqual(['mark@sandbox.test']);
  });

  test('a status other than active or idle is refused', async () => {
    expectError(await report(mark, { status: 'away' }), 'BAD_REQUEST', 'Invalid status: away');
    expectError(await report(mark, {}), 'REQUEST_VARIABLE_MISSING', "Missing 'status' argument");
  });

  test('a bot cannot report presence', async () => {
    const bot = withDb(server, (db) => db.prepare("SELECT email, api_key FROM users WHERE email = 'echo-bot@sandbox.test'").get() as { email: string; api_key: string });
    expectError(await report(server.withCredentials(bot.email, bot.api_key), { status: 'active' }), 'BAD_REQUEST', 'This endpoint does not accept bot requests.');
  });
});

describe('presence events', () => {
  test('a user coming online reaches legacy clients in the legacy format and modern clients in the modern one', async () => {
    // Ten quiet minutes: Mark has missed his check-ins, so his next report brings him back online.
    server.clock.advance(10 * 60 * 1000);
    const legacy = await registerQueue(olivia, { event_types: ['presence'] });
    const modern = await registerQueue(adam, { event_types: ['presence'], client_capabilities: { simplified_presence_events: true } });
    expectSuccess(await report(mark, { status: 'active' }));
    const [legacyEvent] = await legacy.drain();
    const [modernEvent] = await modern.drain();
    for (const event of [legacyEvent, modernEvent]) expect(parseEvent(event)).toMatchObject({ success: true, data: { kind: 'known' } });
    expect(legacyEvent).toEqual({
      id: expect.any(Number),
      type: 'presence',
      user_id: ids.person.mark,
      email: 'mark@sandbox.test',
      server_timestamp: server.clock.now() / 1000,
      presence: { website: { client: 'website', status: 'active', timestamp: now(), pushable: false } },
    });
    expect(modernEvent).toEqual({
      id: expect.any(Number),
      type: 'presence',
      presences: { [String(ids.person.mark)]: { active_timestamp: now(), idle_timestamp: now() } },
    });
  });

  test('a report from a user who is already online is not announced', async () => {
    expectSuccess(await report(mona, { status: 'active' }));
    const queue = await registerQueue(olivia, { event_types: ['presence'] });
    server.clock.advance(60 * 1000);
    expectSuccess(await report(mona, { status: 'active' }));
    expect(await queue.drain()).toEqual([]);
  });
});
