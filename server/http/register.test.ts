// spec 21 register parameters: include_subscribers, presence, personal sections, capabilities, and
// unauthenticated access to a realm with public access.
import Database from 'better-sqlite3';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RegisterReply } from '../../shared/api';
import { startTestServer, type ApiClient, type TestServer } from '../testing/harness';

let server: TestServer;
let olivia: ApiClient;
let adam: ApiClient;
let mark: ApiClient;

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' });
  olivia = await server.as('olivia@sandbox.test');
  adam = await server.as('adam@sandbox.test');
  mark = await server.as('mark@sandbox.test');
});
afterAll(async () => {
  await server.close();
});

function updateDb(sql: string, ...args: unknown[]): void {
  const db = new Database(path.join(server.dataDir, 'sandbox.sqlite'));
  db.prepare(sql).run(...args);
  db.close();
}

type Sub = { name: string; subscribers?: number[]; partial_subscribers?: number[] };
const subscriptionsOf = async (client: ApiClient, include: string) =>
  (await client.post('/register', { fetch_event_types: ['subscription'], include_subscribers: include })).body.subscriptions as Sub[];

describe('include_subscribers=partial', () => {
  beforeAll(async () => {
    // general becomes a channel of more than 250 subscribers: new accounts join the default channels.
    for (let i = 0; i < 240; i++) await adam.post('/users', { email: `crowd${i}@sandbox.test`, password: '', full_name: `Crowd ${i}` });
  });

  test('channels under 250 subscribers list them all', async () => {
    const engineering = (await subscriptionsOf(adam, 'partial')).find((sub) => sub.name === 'engineering');
    expect(engineering?.subscribers?.length).toBeGreaterThan(10);
    expect(engineering).not.toHaveProperty('partial_subscribers');
  });

  test('bigger channels list every bot and everyone active in the last 14 days, and nobody else', async () => {
    await mark.get('/users/me');
    const general = (await subscriptionsOf(adam, 'partial')).find((sub) => sub.name === 'general');
    expect(general).not.toHaveProperty('subscribers');
    const users = (await adam.get('/users')).body.members as { user_id: number; email: string; is_bot: boolean }[];
    const id = (email: string) => users.find((user) => user.email === email)?.user_id;
    expect(general?.partial_subscribers).toEqual(expect.arrayContaining([id('adam@sandbox.test'), id('mark@sandbox.test'), id('echo-bot@sandbox.test')]));
    expect(general?.partial_subscribers).not.toContain(id('crowd1@sandbox.test'));
  });

  test('include_subscribers=true lists every subscriber of big channels too', async () => {
    const general = (await subscriptionsOf(adam, 'true')).find((sub) => sub.name === 'general');
    expect(general?.subscribers?.length).toBeGreaterThan(250);
  });
});

describe('personal sections', () => {
  test('drafts, saved snippets and scheduled messages are the user\'s own', async () => {
    await mark.post('/drafts', { drafts: [{ type: '', to: [], topic: '', content: 'a draft' }] });
    await mark.post('/saved_snippets', { title: 'Greeting', content: 'Hello!' });
    const reply = await mark.post('/register', { fetch_event_types: ['drafts', 'saved_snippets', 'scheduled_messages'] });
    expect((reply.body.drafts as { content: string }[]).map((draft) => draft.content)).toEqual(['a draft']);
    expect((reply.body.saved_snippets as { title: string }[]).map((snippet) => snippet.title)).toEqual(['Greeting']);
    expect(reply.body.scheduled_messages).toEqual([]);
    const other = await adam.post('/register', { fetch_event_types: ['drafts'] });
    expect(other.body.drafts).toEqual([]);
  });

  test('user_settings holds the user\'s own settings', async () => {
    await mark.patch('/settings', { enter_sends: true });
    const reply = await mark.post('/register', { fetch_event_types: ['user_settings'] });
    expect(reply.body.user_settings).toMatchObject({ enter_sends: true, color_scheme: 1 });
  });

  test('presence comes keyed by user ID with slim_presence, by email without', async () => {
    await mark.post('/users/me/presence', { status: 'active' });
    const slim = await adam.post('/register', { fetch_event_types: ['presence'], slim_presence: true });
    const users = (await adam.get('/users')).body.members as { user_id: number; email: string }[];
    const markId = String(users.find((user) => user.email === 'mark@sandbox.test')?.user_id);
    expect(Object.keys(slim.body.presences as object)).toContain(markId);
    const legacy = await adam.post('/register', { fetch_event_types: ['presence'] });
    expect(Object.keys(legacy.body.presences as object)).toContain('mark@sandbox.test');
  });

  test('presence_history_limit_days leaves out people not seen since', async () => {
    server.clock.advance(3 * 86_400_000);
    const recent = await adam.post('/register', { fetch_event_types: ['presence'], slim_presence: true, presence_history_limit_days: 1 });
    expect(recent.body.presences).toEqual({});
  });

  test('realm_linkifiers is empty without linkifier_url_template', async () => {
    await adam.post('/realm/filters', { pattern: '#(?P<id>[0-9]+)', url_template: 'https://tracker.example/{id}' });
    const without = await mark.post('/register', { fetch_event_types: ['realm_linkifiers'] });
    expect(without.body.realm_linkifiers).toEqual([]);
    const withCapability = await mark.post('/register', { fetch_event_types: ['realm_linkifiers'], client_capabilities: { linkifier_url_template: true } });
    expect(withCapability.body.realm_linkifiers).toEqual([expect.objectContaining({ url_template: 'https://tracker.example/{id}' })]);
  });

  test('custom_profile_fields names the fields whose values users\' profile_data holds, in their order', async () => {
    const reply = RegisterReply.parse((await mark.post('/register', { fetch_event_types: ['custom_profile_fields', 'realm_user'] })).body);
    expect(reply.custom_profile_fields?.map((field) => [field.name, field.type])).toEqual([
      ['Pronouns', 1],
      ['Team', 1],
    ]);
    const team = reply.custom_profile_fields?.find((field) => field.name === 'Team');
    const adamsProfile = reply.realm_users?.find((user) => user.email === 'adam@sandbox.test')?.profile_data;
    expect(adamsProfile?.[String(team?.id)]?.value).toBe('Operations');
    const notAsked = await mark.post('/register', { fetch_event_types: ['realm'] });
    expect(notAsked.body.custom_profile_fields).toBeUndefined();
  });

  test('the full snapshot parses with the spec schema', async () => {
    const reply = await olivia.post('/register', { include_subscribers: 'true', client_capabilities: { archived_channels: true, empty_topic_name: true } });
    expect(RegisterReply.safeParse(reply.body).error?.issues ?? []).toEqual([]);
  });
});

describe('unauthenticated access', () => {
  beforeAll(async () => {
    updateDb('UPDATE realm SET enable_spectator_access = 1, web_public_streams_enabled = 1');
    const streams = (await olivia.get('/streams')).body.streams as { stream_id: number; name: string }[];
    await olivia.patch(`/streams/${streams.find((s) => s.name === 'announcements')?.stream_id ?? 0}`, { is_web_public: true });
  });

  test('a realm with public access registers a visitor with a null queue and only web-public channels', async () => {
    const reply = await server.anonymous().post('/register', {});
    expect(reply.status).toBe(200);
    expect(reply.body.queue_id).toBeNull();
    expect((reply.body.streams as { name: string }[]).map((s) => s.name)).toEqual(['announcements']);
    expect(reply.body).not.toHaveProperty('realm_users');
  });

  test('client_gravatar and include_subscribers=true are errors without credentials', async () => {
    expect((await server.anonymous().post('/register', { client_gravatar: true })).body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: "Invalid 'client_gravatar' parameter for anonymous request",
    });
    expect((await server.anonymous().post('/register', { include_subscribers: 'true' })).body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: "Invalid 'include_subscribers' parameter for anonymous request",
    });
  });
});
