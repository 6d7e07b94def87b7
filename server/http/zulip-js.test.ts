// Upstream's own JavaScript client, zulip-js, works against the sandbox: it signs in with a password,
// posts multipart, and long-polls a queue.
import zulip from 'zulip-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' });
});
afterAll(async () => {
  await server.close();
});

describe('zulip-js', () => {
  test('signs in with a password and reads its own profile', async () => {
    const client = await zulip({ username: 'mark@sandbox.test', password: 'sandbox', realm: server.url });
    expect(await client.users.me.getProfile()).toMatchObject({ result: 'success', email: 'mark@sandbox.test', full_name: 'Mark Member' });
  });

  test('lists channels, sends a message and retrieves it', async () => {
    const client = await zulip({ username: 'mark@sandbox.test', password: 'sandbox', realm: server.url });
    const streams = await client.streams.retrieve();
    expect((streams.streams as { name: string }[]).map((s) => s.name)).toContain('general');
    const sent = await client.messages.send({ to: 'general', type: 'stream', topic: 'zulip-js', content: 'Hello from zulip-js' });
    expect(sent).toMatchObject({ result: 'success', id: expect.any(Number) });
    const found = await client.messages.retrieve({ anchor: 'newest', num_before: 5, num_after: 0, narrow: [{ operator: 'topic', operand: 'zulip-js' }] });
    expect((found.messages as { id: number; content: string }[]).map((m) => m.id)).toContain(sent.id);
  });

  test('registers a queue and receives a message and typing through long-polling', async () => {
    const mark = await zulip({ username: 'mark@sandbox.test', password: 'sandbox', realm: server.url });
    const adam = await zulip({ username: 'adam@sandbox.test', password: 'sandbox', realm: server.url });
    const adamProfile = await adam.users.me.getProfile();
    const markProfile = await mark.users.me.getProfile();
    const queue = await mark.queues.register({ event_types: ['message', 'typing'] });
    expect(queue).toMatchObject({ result: 'success', queue_id: expect.any(String), last_event_id: -1 });
    await adam.typing.send({ to: [markProfile.user_id, adamProfile.user_id], op: 'start' });
    await adam.messages.send({ to: [markProfile.user_id], type: 'direct', content: 'psst' });
    const got = await mark.events.retrieve({ queue_id: queue.queue_id, last_event_id: -1 });
    const events = got.events as { type: string; op?: string; message?: { content: string } }[];
    expect(events.map((event) => event.type)).toEqual(['typing', 'message']);
    // spec 21: apply_markdown defaults to false, so the queue carries the Markdown source.
    expect(events[1]?.message?.content).toBe('psst');
    expect(await mark.queues.deregister({ queue_id: queue.queue_id })).toMatchObject({ result: 'success' });
  });
});
