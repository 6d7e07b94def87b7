// spec 21 POST /register and the event queue behind it: long-polling, heartbeats, garbage collection.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RegisterReply, getEventsReply, parseEvent } from '../../shared/api';
import { registerQueue } from '../testing/event-client';
import { startTestServer, type ApiClient, type TestServer } from '../testing/harness';

const HEARTBEAT_MS = 60_000;
const IDLE_MS = 600_000;
let server: TestServer;
let adam: ApiClient;
let mark: ApiClient;

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', config: { heartbeatMs: HEARTBEAT_MS, queueIdleMs: IDLE_MS } });
  adam = await server.as('adam@sandbox.test');
  mark = await server.as('mark@sandbox.test');
});
afterAll(async () => {
  await server.close();
});

describe('POST /register', () => {
  test('the reply parses with the spec schema and carries every named field with the realm\'s values', async () => {
    const reply = await adam.post('/register', {});
    const parsed = RegisterReply.parse(reply.body);
    expect(parsed.queue_id).toMatch(/^\w+$/);
    expect(parsed.last_event_id).toBe(-1);
    expect(reply.body).toMatchObject({
      realm_name: 'Sandbox Org',
      realm_empty_topic_display_name: 'general chat',
      realm_topics_policy: 'allow_empty_topic',
      max_message_length: 10000,
      max_topic_length: 60,
      max_stream_name_length: 60,
      max_stream_description_length: 1024,
      max_channel_folder_name_length: 60,
      max_channel_folder_description_length: 1024,
      max_file_upload_size_mib: 25,
      server_typing_started_wait_period_milliseconds: 10000,
      server_typing_stopped_wait_period_milliseconds: 5000,
      server_typing_started_expiry_period_milliseconds: 15000,
      event_queue_longpoll_timeout_seconds: 90,
    });
    expect(parsed.service_feature_level).toBeGreaterThanOrEqual(412);
    const streams = reply.body.streams as { stream_id: number; name: string }[];
    expect(parsed.moderation_request_channel).toBe(streams.find((s) => s.name === 'moderation')?.stream_id);
  });

  test('realm_users, realm_user_groups, streams, channel_folders and realm_user_settings_defaults come when asked for', async () => {
    const reply = await adam.post('/register', {
      fetch_event_types: ['realm_user', 'realm_user_groups', 'stream', 'channel_folders', 'realm_user_settings_defaults'],
    });
    const body = reply.body as Record<string, unknown[] & Record<string, unknown>>;
    expect((body.realm_users as { email: string }[]).map((u) => u.email)).toContain('mark@sandbox.test');
    expect((body.realm_non_active_users as { email: string }[]).map((u) => u.email)).toEqual(['derek@sandbox.test']);
    expect((body.realm_user_groups as { name: string }[]).map((g) => g.name)).toEqual(expect.arrayContaining(['engineers', 'role:owners']));
    expect((body.streams as { name: string }[]).map((s) => s.name)).toEqual(expect.arrayContaining(['general', 'leadership', 'moderation']));
    expect((body.channel_folders as { name: string }[]).map((f) => f.name)).toEqual(['Teams', 'Social']);
    expect(body.realm_user_settings_defaults).toMatchObject({ emojiset: 'google', color_scheme: 1 });
    expect(body).not.toHaveProperty('subscriptions');
    expect(body).not.toHaveProperty('realm_name');
  });

  test('fetch_event_types falls back to event_types', async () => {
    const reply = await adam.post('/register', { event_types: ['channel_folders'] });
    expect(reply.body).toHaveProperty('channel_folders');
    expect(reply.body).not.toHaveProperty('realm_users');
  });

  test('a member does not see private channels they are not in', async () => {
    const reply = await mark.post('/register', { fetch_event_types: ['stream'] });
    const names = (reply.body.streams as { name: string }[]).map((s) => s.name);
    expect(names).toContain('general');
    expect(names).not.toContain('leadership');
    expect(names).not.toContain('old-projects');
  });

  test('archived channels appear only for clients with archived_channels', async () => {
    const reply = await adam.post('/register', { fetch_event_types: ['stream'], client_capabilities: { archived_channels: true } });
    expect((reply.body.streams as { name: string }[]).map((s) => s.name)).toContain('old-projects');
  });

  test('include_subscribers lists subscribers; false leaves them out', async () => {
    const withSubs = await adam.post('/register', { fetch_event_types: ['subscription'], include_subscribers: 'true' });
    const general = (withSubs.body.subscriptions as { name: string; subscribers?: number[] }[]).find((s) => s.name === 'general');
    expect(general?.subscribers?.length).toBeGreaterThan(40);
    const without = await adam.post('/register', { fetch_event_types: ['subscription'], include_subscribers: 'false' });
    expect((without.body.subscriptions as object[])[0]).not.toHaveProperty('subscribers');
  });

  test('without credentials, a realm without public access refuses the register', async () => {
    const reply = await server.anonymous().post('/register', {});
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('GET /events', () => {
  test('a long-poll returns as soon as an event arrives', async () => {
    const queue = await registerQueue(mark, { event_types: ['channel_folder'] });
    const waiting = queue.waitFor((event) => event.type === 'channel_folder');
    await adam.post('/channel_folders/create', { name: 'Long-poll folder', description: '' });
    const event = await waiting;
    expect(parseEvent(event).success).toBe(true);
    expect(event).toMatchObject({ op: 'add', channel_folder: { name: 'Long-poll folder' } });
  });

  test('each event comes once: acknowledged events are not sent again', async () => {
    const queue = await registerQueue(mark, { event_types: ['channel_folder'] });
    await adam.post('/channel_folders/create', { name: 'Once', description: '' });
    const first = await queue.drain();
    expect(first).toHaveLength(1);
    expect(await queue.drain()).toEqual([]);
  });

  test('a long-poll with nothing to say gets a heartbeat once the heartbeat period passes', async () => {
    const queue = await registerQueue(mark, { event_types: ['channel_folder'] });
    const polling = queue.poll(5_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    server.clock.advance(HEARTBEAT_MS);
    const events = await polling;
    expect(events).toEqual([{ type: 'heartbeat', id: 0 }]);
    expect(getEventsReply.safeParse({ result: 'success', msg: '', events }).success).toBe(true);
  });

  test('a queue not fetched from for ten minutes is collected, and a later fetch gets BAD_EVENT_QUEUE_ID', async () => {
    const queue = await registerQueue(mark, {});
    server.clock.advance(IDLE_MS + 1);
    const reply = await queue.fetchRaw({ queue_id: queue.queueId, last_event_id: -1, dont_block: true });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ result: 'error', code: 'BAD_EVENT_QUEUE_ID', msg: `Bad event queue ID: ${queue.queueId}`, queue_id: queue.queueId });
  });

  test('a queue fetched from within the idle period lives on', async () => {
    const queue = await registerQueue(mark, {});
    server.clock.advance(IDLE_MS - 1000);
    await queue.drain();
    server.clock.advance(IDLE_MS - 1000);
    expect(await queue.drain()).toEqual([]);
  });

  test("another user's queue gets BAD_EVENT_QUEUE_ID", async () => {
    const queue = await registerQueue(adam, {});
    const reply = await mark.get('/events', { queue_id: queue.queueId, last_event_id: -1, dont_block: true });
    expect(reply.body).toMatchObject({ code: 'BAD_EVENT_QUEUE_ID', queue_id: queue.queueId });
  });

  test('a last_event_id the queue never had is refused', async () => {
    const queue = await registerQueue(mark, {});
    const reply = await queue.fetchRaw({ queue_id: queue.queueId, last_event_id: 5, dont_block: true });
    expect(reply.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Event 5 was not in this queue' });
  });

  test('without queue_id the fetch names the missing argument', async () => {
    const reply = await mark.get('/events', { last_event_id: -1 });
    expect(reply.body).toEqual({ result: 'error', code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'queue_id' argument", var_name: 'queue_id' });
  });
});

describe('DELETE /events', () => {
  test('deletes the queue; fetching from it afterwards is BAD_EVENT_QUEUE_ID', async () => {
    const queue = await registerQueue(mark, {});
    expect((await mark.delete('/events', { queue_id: queue.queueId })).body).toMatchObject({ result: 'success' });
    expect((await queue.fetchRaw({ queue_id: queue.queueId, last_event_id: -1, dont_block: true })).body).toMatchObject({ code: 'BAD_EVENT_QUEUE_ID' });
  });

  test("deleting another user's queue is BAD_EVENT_QUEUE_ID", async () => {
    const queue = await registerQueue(adam, {});
    expect((await mark.delete('/events', { queue_id: queue.queueId })).body).toMatchObject({ code: 'BAD_EVENT_QUEUE_ID' });
  });
});

describe('queues and accounts', () => {
  test("a deactivated user's queue ends", async () => {
    const olivia = await server.as('olivia@sandbox.test');
    const members = (await olivia.get('/users')).body.members as { user_id: number; email: string; is_bot: boolean }[];
    const member = members.find((m) => !m.is_bot && /^\w+\.\w+@/.test(m.email));
    if (!member) throw new Error('the demo seed has generated members');
    const target = member.user_id;
    const queue = await registerQueue(await server.as(member.email), {});
    await olivia.delete(`/users/${String(target)}`);
    const reply = await queue.fetchRaw({ queue_id: queue.queueId, last_event_id: -1, dont_block: true });
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ code: 'USER_DEACTIVATED' });
    await olivia.post(`/users/${String(target)}/reactivate`);
    expect((await queue.fetchRaw({ queue_id: queue.queueId, last_event_id: -1, dont_block: true })).body).toMatchObject({ code: 'BAD_EVENT_QUEUE_ID' });
  });
});
