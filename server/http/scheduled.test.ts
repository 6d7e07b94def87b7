// spec 5 PATCH /scheduled_messages/{id} and upstream's GET, POST and DELETE /scheduled_messages over
// HTTP: what is stored and listed, and every rule and error. Delivery is in scheduled-delivery.test.ts.
import { beforeAll, describe, expect, test } from 'vitest';
import { createScheduledMessage, getScheduledMessages, type ScheduledMessage } from '../../shared/api';
import { seconds } from '../lib/clock';
import { withDb } from '../testing/database-file';
import type { ApiClient } from '../testing/harness';
import { error } from '../testing/replies';
import { demoServerForFile } from '../testing/server-per-file';

const { server, clients, ids } = demoServerForFile();
let mark: ApiClient;
let olivia: ApiClient;
const id = { mark: 0, mona: 0, gina: 0, general: 0, design: 0, announcements: 0 };

beforeAll(() => {
  ({ mark, olivia } = clients);
  for (const name of ['mark', 'mona', 'gina'] as const) id[name] = ids.person[name] as number;
  for (const name of ['general', 'design', 'announcements'] as const) id[name] = ids.channel[name] as number;
});

const inAnHour = () => seconds(server.clock) + 3600;
const toGeneral = (overrides: Record<string, unknown> = {}) => ({
  type: 'channel',
  to: id.general,
  topic: 'later',
  content: 'See you **tomorrow**',
  scheduled_delivery_timestamp: inAnHour(),
  ...overrides,
});

async function schedule(client: ApiClient, params: Record<string, unknown>): Promise<number> {
  const response = await client.post('/scheduled_messages', params);
  expect(response.body).toMatchObject({ result: 'success' });
  return createScheduledMessage.reply.parse(response.body).scheduled_message_id;
}

async function listed(client: ApiClient): Promise<ScheduledMessage[]> {
  return getScheduledMessages.reply.parse((await client.get('/scheduled_messages')).body).scheduled_messages;
}

async function scheduled(client: ApiClient, scheduledId: number): Promise<ScheduledMessage | undefined> {
  return (await listed(client)).find((message) => message.scheduled_message_id === scheduledId);
}

describe('scheduling a message (POST /scheduled_messages)', () => {
  test("a channel message is stored in upstream's shape: channel ID as `to`, topic, rendered content", async () => {
    const deliverAt = inAnHour();
    const scheduledId = await schedule(mark, toGeneral({ scheduled_delivery_timestamp: deliverAt }));
    expect(await scheduled(mark, scheduledId)).toEqual({
      scheduled_message_id: scheduledId,
      type: 'stream',
      to: id.general,
      topic: 'later',
      content: 'See you **tomorrow**',
      rendered_content: '<p>See you <strong>tomorrow</strong></p>',
      scheduled_delivery_timestamp: deliverAt,
      failed: false,
    });
  });

  test('a direct message lists the other recipients and has no topic', async () => {
    const scheduledId = await schedule(mark, { type: 'direct', to: [id.gina, id.mark, id.mona], content: 'Group hello', scheduled_delivery_timestamp: inAnHour() });
    const found = await scheduled(mark, scheduledId);
    expect(found).toMatchObject({ type: 'private', to: [id.mona, id.gina].sort((a, b) => a - b) });
    expect(found).not.toHaveProperty('topic');
  });

  test('the older type names stream and private are accepted too', async () => {
    const channel = await schedule(mark, toGeneral({ type: 'stream' }));
    const direct = await schedule(mark, { type: 'private', to: [id.mona], content: 'Old style', scheduled_delivery_timestamp: inAnHour() });
    expect((await scheduled(mark, channel))?.type).toBe('stream');
    expect((await scheduled(mark, direct))?.type).toBe('private');
  });

  test('"(no topic)" is read as the empty topic', async () => {
    const scheduledId = await schedule(mark, toGeneral({ topic: '(no topic)' }));
    expect((await scheduled(mark, scheduledId))?.topic).toBe('');
  });

  test('a delivery time that is not in the future is refused', async () => {
    const response = await mark.post('/scheduled_messages', toGeneral({ scheduled_delivery_timestamp: seconds(server.clock) }));
    expect(response.body).toEqual(error('Scheduled delivery time must be in the future.'));
  });

  test('a channel message addressed with a list is refused: `to` is a channel ID', async () => {
    const response = await mark.post('/scheduled_messages', toGeneral({ to: [id.general] }));
    expect(response.body).toEqual(error('Invalid data type for channel ID'));
  });

  test('a direct message addressed with a single ID is refused: `to` is a list', async () => {
    const response = await mark.post('/scheduled_messages', { type: 'direct', to: id.mona, content: 'Hi', scheduled_delivery_timestamp: inAnHour() });
    expect(response.body).toEqual(error('Invalid data type for recipients'));
  });

  test('a channel that does not exist is STREAM_DOES_NOT_EXIST with stream_id', async () => {
    const response = await mark.post('/scheduled_messages', toGeneral({ to: 987_654 }));
    expect(response.body).toEqual(error("Channel with ID '987654' does not exist", 'STREAM_DOES_NOT_EXIST', { stream_id: 987_654 }));
  });

  test('a recipient who does not exist is refused as an invalid user ID', async () => {
    const response = await mark.post('/scheduled_messages', { type: 'direct', to: [987_654], content: 'Hi', scheduled_delivery_timestamp: inAnHour() });
    expect(response.body).toEqual(error('Invalid user ID 987654'));
  });

  test('a channel the sender may not post in is refused as POST /messages refuses it', async () => {
    const response = await mark.post('/scheduled_messages', toGeneral({ to: id.announcements }));
    expect(response.body).toEqual(error('You do not have permission to post in this channel.'));
  });

  test('content longer than 10000 characters is truncated, as POST /messages does', async () => {
    const scheduledId = await schedule(mark, toGeneral({ content: 'x'.repeat(10_050) }));
    const content = (await scheduled(mark, scheduledId))?.content ?? '';
    expect([...content]).toHaveLength(10_000);
    expect(content.endsWith('\n[message truncated]')).toBe(true);
  });
});

describe('listing scheduled messages (GET /scheduled_messages)', () => {
  test('earliest delivery first, and only the sender’s own', async () => {
    const later = await schedule(olivia, toGeneral({ scheduled_delivery_timestamp: inAnHour() + 600 }));
    const sooner = await schedule(olivia, toGeneral({ scheduled_delivery_timestamp: inAnHour() + 60 }));
    const order = (await listed(olivia)).map((message) => message.scheduled_message_id);
    expect(order.indexOf(sooner)).toBeLessThan(order.indexOf(later));
    expect((await listed(mark)).map((message) => message.scheduled_message_id)).not.toContain(later);
  });
});

describe('editing a scheduled message (spec 5)', () => {
  test('content alone can change, and is rendered again', async () => {
    const scheduledId = await schedule(mark, toGeneral());
    expect((await mark.patch(`/scheduled_messages/${scheduledId}`, { content: 'Changed *plan*' })).body).toMatchObject({ result: 'success' });
    expect(await scheduled(mark, scheduledId)).toMatchObject({ content: 'Changed *plan*', rendered_content: '<p>Changed <em>plan</em></p>', topic: 'later', to: id.general });
  });

  test('the delivery time can move, but only into the future', async () => {
    const scheduledId = await schedule(mark, toGeneral());
    const newTime = inAnHour() + 7200;
    await mark.patch(`/scheduled_messages/${scheduledId}`, { scheduled_delivery_timestamp: newTime });
    expect((await scheduled(mark, scheduledId))?.scheduled_delivery_timestamp).toBe(newTime);
    const past = await mark.patch(`/scheduled_messages/${scheduledId}`, { scheduled_delivery_timestamp: seconds(server.clock) - 1 });
    expect(past.body).toEqual(error('Scheduled delivery time must be in the future.'));
  });

  test('an edit that changes nothing is refused', async () => {
    const scheduledId = await schedule(mark, toGeneral());
    expect((await mark.patch(`/scheduled_messages/${scheduledId}`)).body).toEqual(error('Nothing to change'));
  });

  test('changing the type needs `to`', async () => {
    const scheduledId = await schedule(mark, toGeneral());
    const response = await mark.patch(`/scheduled_messages/${scheduledId}`, { type: 'direct' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    expect((await scheduled(mark, scheduledId))?.type).toBe('stream');
  });

  test('changing the type to direct moves the message to the recipients and drops the topic', async () => {
    const scheduledId = await schedule(mark, toGeneral());
    await mark.patch(`/scheduled_messages/${scheduledId}`, { type: 'direct', to: [id.mona] });
    const found = await scheduled(mark, scheduledId);
    expect(found).toMatchObject({ type: 'private', to: [id.mona] });
    expect(found).not.toHaveProperty('topic');
  });

  test('changing the type to a channel with a topic moves the message there', async () => {
    const scheduledId = await schedule(mark, { type: 'direct', to: [id.mona], content: 'Was a DM', scheduled_delivery_timestamp: inAnHour() });
    await mark.patch(`/scheduled_messages/${scheduledId}`, { type: 'channel', to: id.design, topic: 'now public' });
    expect(await scheduled(mark, scheduledId)).toMatchObject({ type: 'stream', to: id.design, topic: 'now public' });
  });

  describe('changing the type to a channel requires a topic (Conventions 4: the empty topic is no topic here)', () => {
    const toChannel = async (topic: string | undefined) => {
      const scheduledId = await schedule(mark, { type: 'direct', to: [id.mona], content: 'DM', scheduled_delivery_timestamp: inAnHour() });
      const response = await mark.patch(`/scheduled_messages/${scheduledId}`, { type: 'channel', to: id.general, topic });
      expect((await scheduled(mark, scheduledId))?.type).toBe('private');
      return response;
    };

    test('no topic at all is refused', async () => {
      expect((await toChannel(undefined)).body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    });

    test('the empty string is refused', async () => {
      expect((await toChannel('')).body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    });

    test('"(no topic)" is refused', async () => {
      expect((await toChannel('(no topic)')).body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    });

    test("the realm's empty-topic display name is refused", async () => {
      expect((await toChannel('general chat')).body).toEqual(error('A topic is required when the type changes to a channel message'));
    });
  });

  test('where the topic is not required, "(no topic)" means the empty topic', async () => {
    const scheduledId = await schedule(mark, toGeneral());
    await mark.patch(`/scheduled_messages/${scheduledId}`, { topic: '(no topic)' });
    expect((await scheduled(mark, scheduledId))?.topic).toBe('');
  });

  test('a topic sent for a direct message is ignored', async () => {
    const scheduledId = await schedule(mark, { type: 'direct', to: [id.mona], content: 'DM', scheduled_delivery_timestamp: inAnHour() });
    expect((await mark.patch(`/scheduled_messages/${scheduledId}`, { topic: 'ignored' })).body).toMatchObject({ result: 'success' });
    expect(await scheduled(mark, scheduledId)).not.toHaveProperty('topic');
  });

  test('`to` alone moves a channel message to another channel, by ID', async () => {
    const scheduledId = await schedule(mark, toGeneral());
    await mark.patch(`/scheduled_messages/${scheduledId}`, { to: id.design });
    expect(await scheduled(mark, scheduledId)).toMatchObject({ to: id.design, topic: 'later' });
    expect((await mark.patch(`/scheduled_messages/${scheduledId}`, { to: [id.general] })).body).toEqual(error('Invalid data type for channel ID'));
  });

  test('moving to a channel that does not exist is STREAM_DOES_NOT_EXIST with stream_id', async () => {
    const scheduledId = await schedule(mark, toGeneral());
    const response = await mark.patch(`/scheduled_messages/${scheduledId}`, { to: 987_654 });
    expect(response.body).toEqual(error("Channel with ID '987654' does not exist", 'STREAM_DOES_NOT_EXIST', { stream_id: 987_654 }));
  });

  test('a recipient who does not exist is BAD_REQUEST: invalid user ID', async () => {
    const scheduledId = await schedule(mark, { type: 'direct', to: [id.mona], content: 'DM', scheduled_delivery_timestamp: inAnHour() });
    const response = await mark.patch(`/scheduled_messages/${scheduledId}`, { to: [id.mona, 987_654] });
    expect(response.body).toEqual(error('Invalid user ID 987654'));
  });

  test('a scheduled message that does not exist is BAD_REQUEST (HTTP 404, as upstream)', async () => {
    const response = await mark.patch('/scheduled_messages/987654', { content: 'Nope' });
    expect(response.status).toBe(404);
    expect(response.body).toEqual(error('Scheduled message does not exist'));
  });

  test("another user's scheduled message does not exist for the editor", async () => {
    const oliviasId = await schedule(olivia, toGeneral());
    expect((await mark.patch(`/scheduled_messages/${oliviasId}`, { content: 'Mine now' })).body).toEqual(error('Scheduled message does not exist'));
    expect((await scheduled(olivia, oliviasId))?.content).toBe('See you **tomorrow**');
  });

  test('a failed message needs a new delivery time; given one, it is scheduled again', async () => {
    const scheduledId = await schedule(mark, toGeneral());
    withDb(server, (db) => db.prepare("UPDATE scheduled_messages SET failed = 1, failure_message = 'Oops' WHERE id = ?").run(scheduledId));
    expect((await scheduled(mark, scheduledId))?.failed).toBe(true);
    const withoutTime = await mark.patch(`/scheduled_messages/${scheduledId}`, { content: 'Retry' });
    expect(withoutTime.body).toEqual(error('Scheduled delivery time must be in the future.'));
    await mark.patch(`/scheduled_messages/${scheduledId}`, { scheduled_delivery_timestamp: inAnHour() + 60 });
    expect(await scheduled(mark, scheduledId)).toMatchObject({ failed: false, scheduled_delivery_timestamp: inAnHour() + 60 });
  });
});

describe('cancelling a scheduled message (DELETE /scheduled_messages/{id})', () => {
  test('the message is no longer listed; deleting again answers that it does not exist', async () => {
    const scheduledId = await schedule(mark, toGeneral());
    expect((await mark.delete(`/scheduled_messages/${scheduledId}`)).body).toMatchObject({ result: 'success' });
    expect(await scheduled(mark, scheduledId)).toBeUndefined();
    expect((await mark.delete(`/scheduled_messages/${scheduledId}`)).body).toEqual(error('Scheduled message does not exist'));
  });
});
