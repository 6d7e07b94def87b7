// Scheduled messages delivered by the server's clock (spec 5): the test moves the server's ManualClock
// past the delivery time and reads the message back with GET /messages; a message that cannot be sent
// any more is marked failed: true. Also the scheduled_messages events a sender's clients receive.
import { beforeAll, describe, expect, test } from 'vitest';
import {
  createScheduledMessage,
  getScheduledMessages,
  MessageEvent,
  ScheduledMessagesAddEvent,
  ScheduledMessagesRemoveEvent,
  ScheduledMessagesUpdateEvent,
  type FetchedMessage,
  type ScheduledMessage,
} from '../../shared/api';
import { seconds } from '../lib/clock';
import { withDb } from '../testing/database-file';
import { registerQueue } from '../testing/event-client';
import type { ApiClient } from '../testing/harness';
import { demoServerForFile } from '../testing/server-per-file';
import { fetchMessages } from '../testing/message-requests';

const { server, clients, ids } = demoServerForFile();
let mark: ApiClient;
let olivia: ApiClient;
let adam: ApiClient;
const id = { mark: 0, mona: 0, general: 0, design: 0 };

beforeAll(() => {
  ({ mark, olivia, adam } = clients);
  for (const name of ['mark', 'mona'] as const) id[name] = ids.person[name] as number;
  for (const name of ['general', 'design'] as const) id[name] = ids.channel[name] as number;
});

const MINUTE = 60;
const now = () => seconds(server.clock);

async function schedule(client: ApiClient, params: Record<string, unknown>): Promise<number> {
  const response = await client.post('/scheduled_messages', params);
  expect(response.body).toMatchObject({ result: 'success' });
  return createScheduledMessage.reply.parse(response.body).scheduled_message_id;
}

const toChannel = (channel: number, topic: string, deliverAt: number, extra: Record<string, unknown> = {}) => ({
  type: 'channel',
  to: channel,
  topic,
  content: `Scheduled for ${topic}`,
  scheduled_delivery_timestamp: deliverAt,
  ...extra,
});

async function scheduled(client: ApiClient, scheduledId: number): Promise<ScheduledMessage | undefined> {
  const list = getScheduledMessages.reply.parse((await client.get('/scheduled_messages')).body).scheduled_messages;
  return list.find((message) => message.scheduled_message_id === scheduledId);
}

/** Moves the server's clock to `past` seconds after the given time; the server delivers what is due before the next request. */
function advanceTo(timestamp: number, past = 1): void {
  server.clock.advance((timestamp + past - now()) * 1000);
}

async function newestInTopic(client: ApiClient, channel: string, topic: string): Promise<FetchedMessage | undefined> {
  const fetched = await fetchMessages(client, { anchor: 'newest', num_before: 1, num_after: 0, narrow: [['channel', channel], ['topic', topic]], apply_markdown: false });
  return fetched.messages[0];
}

const setArchived = (channel: number, archived: boolean) =>
  withDb(server, (db) => db.prepare('UPDATE streams SET is_archived = ? WHERE id = ?').run(archived ? 1 : 0, channel));

describe('delivery', () => {
  test('a message is not sent before its time', async () => {
    const deliverAt = now() + 5 * MINUTE;
    const scheduledId = await schedule(mark, toChannel(id.general, 'not yet', deliverAt));
    advanceTo(deliverAt, -30);
    expect(await newestInTopic(mark, 'general', 'not yet')).toBeUndefined();
    expect(await scheduled(mark, scheduledId)).toMatchObject({ failed: false });
  });

  test('once its time has passed, the message is in the channel from its sender and no longer listed as scheduled', async () => {
    const deliverAt = now() + 5 * MINUTE;
    const scheduledId = await schedule(mark, toChannel(id.general, 'standup', deliverAt, { read_by_sender: true }));
    advanceTo(deliverAt);
    const sent = await newestInTopic(olivia, 'general', 'standup');
    expect(sent).toMatchObject({ content: 'Scheduled for standup', sender_email: 'mark@sandbox.test', timestamp: now() });
    expect(await scheduled(mark, scheduledId)).toBeUndefined();
  });

  test('read_by_sender decides whether the sender’s copy starts out read', async () => {
    const deliverAt = now() + MINUTE;
    await schedule(mark, toChannel(id.general, 'read by me', deliverAt, { read_by_sender: true }));
    await schedule(mark, toChannel(id.general, 'unread by me', deliverAt, { read_by_sender: false }));
    advanceTo(deliverAt);
    expect((await newestInTopic(mark, 'general', 'read by me'))?.flags).toContain('read');
    expect((await newestInTopic(mark, 'general', 'unread by me'))?.flags).not.toContain('read');
  });

  test('a direct message reaches its recipient', async () => {
    const deliverAt = now() + MINUTE;
    await schedule(mark, { type: 'direct', to: [id.mona], content: 'Scheduled DM for Mona', scheduled_delivery_timestamp: deliverAt });
    advanceTo(deliverAt);
    const fetched = await fetchMessages(clients.mona, { anchor: 'newest', num_before: 1, num_after: 0, narrow: [['dm', 'mark@sandbox.test']] });
    expect(fetched.messages[0]).toMatchObject({ content: '<p>Scheduled DM for Mona</p>', sender_email: 'mark@sandbox.test' });
  });

  test('a message whose channel was archived fails, and the notification bot tells the sender why', async () => {
    const deliverAt = now() + MINUTE;
    const scheduledId = await schedule(adam, toChannel(id.design, 'archived meanwhile', deliverAt));
    setArchived(id.design, true);
    try {
      advanceTo(deliverAt);
      expect(await scheduled(adam, scheduledId)).toMatchObject({ failed: true });
      const fetched = await fetchMessages(adam, { anchor: 'newest', num_before: 1, num_after: 0, narrow: [['dm', 'notify-bot@sandbox.test']], apply_markdown: false });
      expect(fetched.messages[0]?.content).toBe(
        [
          `The message you scheduled for <time:${new Date(deliverAt * 1000).toISOString().replace('.000Z', '+00:00')}> was not sent because of the following error:`,
          '',
          "> Not authorized to send to channel 'design'",
          '',
          '[View scheduled messages](#scheduled)',
        ].join('\n'),
      );
    } finally {
      setArchived(id.design, false);
    }
  });

  test('a failed message edited with a new delivery time is sent at that time', async () => {
    const deliverAt = now() + MINUTE;
    const scheduledId = await schedule(adam, toChannel(id.design, 'second try', deliverAt));
    setArchived(id.design, true);
    advanceTo(deliverAt);
    expect(await scheduled(adam, scheduledId)).toMatchObject({ failed: true });
    setArchived(id.design, false);
    const retryAt = now() + MINUTE;
    expect((await adam.patch(`/scheduled_messages/${scheduledId}`, { scheduled_delivery_timestamp: retryAt })).body).toMatchObject({ result: 'success' });
    expect(await scheduled(adam, scheduledId)).toMatchObject({ failed: false, scheduled_delivery_timestamp: retryAt });
    advanceTo(retryAt);
    expect(await newestInTopic(adam, 'design', 'second try')).toMatchObject({ content: 'Scheduled for second try' });
    expect(await scheduled(adam, scheduledId)).toBeUndefined();
  });

  test('a message from a sender deactivated meanwhile fails without a notification', async () => {
    const mona = clients.mona;
    const deliverAt = now() + MINUTE;
    const scheduledId = await schedule(mona, toChannel(id.general, 'gone by then', deliverAt));
    expect((await olivia.delete(`/users/${id.mona}`)).body).toMatchObject({ result: 'success' });
    advanceTo(deliverAt);
    expect((await olivia.post(`/users/${id.mona}/reactivate`)).body).toMatchObject({ result: 'success' });
    expect(await scheduled(mona, scheduledId)).toMatchObject({ failed: true });
    const failure = withDb(server, (db) => db.prepare('SELECT failure_message FROM scheduled_messages WHERE id = ?').pluck().get(scheduledId));
    expect(failure).toBe('Account is deactivated');
    expect(await newestInTopic(olivia, 'general', 'gone by then')).toBeUndefined();
  });

  test('a message more than ten minutes late is not sent (upstream’s cutoff)', async () => {
    const deliverAt = now() + MINUTE;
    const scheduledId = await schedule(mark, toChannel(id.general, 'too late', deliverAt));
    advanceTo(deliverAt, 11 * MINUTE);
    expect(await scheduled(mark, scheduledId)).toMatchObject({ failed: true });
    expect(await newestInTopic(mark, 'general', 'too late')).toBeUndefined();
  });
});

describe('scheduled_messages events', () => {
  test('scheduling, editing and cancelling reach the sender as add, update and remove', async () => {
    const queue = await registerQueue(mark, { event_types: ['scheduled_messages'] });
    const deliverAt = now() + 30 * MINUTE;
    const scheduledId = await schedule(mark, toChannel(id.general, 'evented', deliverAt));
    await mark.patch(`/scheduled_messages/${scheduledId}`, { content: 'Edited' });
    await mark.delete(`/scheduled_messages/${scheduledId}`);
    const [added, updated, removed] = await queue.drain();
    const created = {
      scheduled_message_id: scheduledId,
      type: 'stream',
      to: id.general,
      topic: 'evented',
      content: 'Scheduled for evented',
      rendered_content: '<p>Scheduled for evented</p>',
      scheduled_delivery_timestamp: deliverAt,
      failed: false,
    };
    expect(ScheduledMessagesAddEvent.parse(added).scheduled_messages).toEqual([created]);
    expect(ScheduledMessagesUpdateEvent.parse(updated).scheduled_message).toEqual({ ...created, content: 'Edited', rendered_content: '<p>Edited</p>' });
    expect(ScheduledMessagesRemoveEvent.parse(removed).scheduled_message_id).toBe(scheduledId);
    await queue.close();
  });

  test('delivery sends the message event, then removes the scheduled message', async () => {
    const deliverAt = now() + MINUTE;
    const scheduledId = await schedule(mark, toChannel(id.general, 'delivered live', deliverAt));
    const queue = await registerQueue(mark, { event_types: ['message', 'scheduled_messages'] });
    advanceTo(deliverAt);
    const [message, removed] = await queue.drain();
    expect(MessageEvent.parse(message).message).toMatchObject({ subject: 'delivered live', sender_id: id.mark });
    expect(ScheduledMessagesRemoveEvent.parse(removed).scheduled_message_id).toBe(scheduledId);
    await queue.close();
  });

  test('a failed delivery reaches the sender as an update with failed: true', async () => {
    const deliverAt = now() + MINUTE;
    const scheduledId = await schedule(adam, toChannel(id.design, 'fails live', deliverAt));
    const queue = await registerQueue(adam, { event_types: ['scheduled_messages'] });
    setArchived(id.design, true);
    try {
      advanceTo(deliverAt);
      const [updated] = await queue.drain();
      expect(ScheduledMessagesUpdateEvent.parse(updated).scheduled_message).toMatchObject({ scheduled_message_id: scheduledId, failed: true });
    } finally {
      setArchived(id.design, false);
      await queue.close();
    }
  });

  test("other users hear nothing of a user's scheduled messages", async () => {
    const queue = await registerQueue(olivia, { event_types: ['scheduled_messages'] });
    await schedule(mark, toChannel(id.general, 'private plans', now() + 30 * MINUTE));
    expect(await queue.drain()).toEqual([]);
    await queue.close();
  });
});
