// spec 1 (POST /typing) and spec 2 (POST /messages/{message_id}/typing) over HTTP against the demo
// organization: every error, and the events real long-polling clients receive.
import { beforeAll, describe, expect, test } from 'vitest';
import { parseEvent, setEditTypingStatus, setTypingStatus } from '../../shared/api';
import { registerQueue, type EventClient } from '../testing/event-client';
import type { ApiClient } from '../testing/harness';
import { expectError, expectSuccess } from '../testing/replies';
import { demoServerForFile } from '../testing/server-per-file';

const { server, clients, ids } = demoServerForFile();
let adam: ApiClient, mona: ApiClient, mark: ApiClient, gina: ApiClient;
beforeAll(() => {
  ({ adam, mona, mark, gina } = clients);
});

const typing = (client: ApiClient, params: Record<string, unknown>) => client.post('/typing', params);
const channelTyping = (client: ApiClient, params: Record<string, unknown> = {}) =>
  typing(client, { type: 'channel', op: 'start', stream_id: ids.channel.general, topic: 'lunch', ...params });
const editTyping = (client: ApiClient, messageId: number, op = 'start') => client.post(`/messages/${messageId}/typing`, { op });

/** Sends a message as the client and returns its ID. */
async function sent(client: ApiClient, params: Record<string, unknown>): Promise<number> {
  const response = await client.post('/messages', params);
  expectSuccess(response);
  return Number(response.body.id);
}

/** The typing events of one kind a queue has received, each checked against the spec's schema. */
async function typingEvents(queue: EventClient, type = 'typing'): Promise<Record<string, unknown>[]> {
  const events = (await queue.drain()).filter((event) => event.type === type);
  for (const event of events) expect(parseEvent(event), JSON.stringify(event)).toMatchObject({ success: true, data: { kind: 'known' } });
  return events;
}

async function setOwnSetting(client: ApiClient, setting: string, value: boolean): Promise<void> {
  expectSuccess(await client.patch('/settings', { [setting]: value }));
}

describe('POST /typing (spec 1): requests', () => {
  test('a direct typing notification succeeds with an empty reply', async () => {
    const response = await typing(mark, { op: 'start', to: [ids.person.mona] });
    expectSuccess(response);
    expect(setTypingStatus.reply.parse(response.body)).toEqual({ result: 'success', msg: '' });
  });

  test('channel typing without a channel ID is refused (spec 1 error)', async () => {
    expectError(await typing(mark, { type: 'channel', op: 'start', topic: 'lunch' }), 'BAD_REQUEST', "Missing 'stream_id' argument");
    expectError(await typing(mark, { type: 'stream', op: 'start', topic: 'lunch' }), 'BAD_REQUEST', "Missing 'stream_id' argument");
  });

  test('channel typing without a topic is refused', async () => {
    expectError(await typing(mark, { type: 'channel', op: 'start', stream_id: ids.channel.general }), 'BAD_REQUEST', 'Missing topic');
  });

  test('direct typing needs a non-empty `to`', async () => {
    expectError(await typing(mark, { op: 'start' }), 'BAD_REQUEST', "Missing 'to' argument");
    expectError(await typing(mark, { op: 'start', to: [] }), 'BAD_REQUEST', "Empty 'to' list");
  });

  test('an unknown recipient is refused by ID', async () => {
    expectError(await typing(mark, { op: 'start', to: [ids.person.mona, 987654] }), 'BAD_REQUEST', 'Invalid user ID 987654');
  });

  test('`private` is no longer a type (feature level 215), and op is start or stop', async () => {
    expectError(await typing(mark, { type: 'private', op: 'start', to: [ids.person.mona] }), 'BAD_REQUEST', 'Invalid type');
    expectError(await typing(mark, { op: 'pause', to: [ids.person.mona] }), 'BAD_REQUEST', 'Invalid op');
    expectError(await typing(mark, { to: [ids.person.mona] }), 'REQUEST_VARIABLE_MISSING', "Missing 'op' argument");
  });

  test('a channel the sender cannot read is an invalid channel, like one that does not exist', async () => {
    expectError(await channelTyping(mark, { stream_id: ids.channel.leadership }), 'BAD_REQUEST', 'Invalid channel ID');
    expectError(await channelTyping(mark, { stream_id: 987654 }), 'BAD_REQUEST', 'Invalid channel ID');
    expectError(await channelTyping(gina, { stream_id: ids.channel.engineering }), 'BAD_REQUEST', 'Invalid channel ID');
  });

  test('an archived channel is an invalid channel', async () => {
    expectError(await channelTyping(adam, { stream_id: ids.channel['old-projects'] }), 'BAD_REQUEST', 'Invalid channel ID');
  });

  test('a channel the sender may not post in is refused', async () => {
    expectError(await channelTyping(mark, { stream_id: ids.channel.announcements }), 'BAD_REQUEST', 'You do not have permission to post in this channel.');
    expectSuccess(await channelTyping(adam, { stream_id: ids.channel.announcements }));
  });

  test("the sender's own settings can turn each kind off", async () => {
    await setOwnSetting(mona, 'send_stream_typing_notifications', false);
    await setOwnSetting(mona, 'send_private_typing_notifications', false);
    expectError(await channelTyping(mona), 'BAD_REQUEST', 'User has disabled typing notifications for channel messages');
    expectError(await typing(mona, { op: 'start', to: [ids.person.mark] }), 'BAD_REQUEST', 'User has disabled typing notifications for direct messages');
    await setOwnSetting(mona, 'send_stream_typing_notifications', true);
    await setOwnSetting(mona, 'send_private_typing_notifications', true);
    expectSuccess(await channelTyping(mona));
  });
});

describe('POST /typing (spec 1): events', () => {
  test("direct typing reaches every recipient, the sender among the event's recipients", async () => {
    const monaQueue = await registerQueue(mona, { event_types: ['typing'] });
    const markQueue = await registerQueue(mark, { event_types: ['typing'] });
    const adamQueue = await registerQueue(adam, { event_types: ['typing'] });
    expectSuccess(await typing(mark, { op: 'start', to: [ids.person.mona] }));
    const expected = {
      type: 'typing',
      message_type: 'direct',
      op: 'start',
      sender: { user_id: ids.person.mark, email: 'mark@sandbox.test' },
      recipients: [
        { user_id: ids.person.mona, email: 'mona@sandbox.test' },
        { user_id: ids.person.mark, email: 'mark@sandbox.test' },
      ],
    };
    expect(await typingEvents(monaQueue)).toEqual([{ id: expect.any(Number), ...expected }]);
    expect(await typingEvents(markQueue)).toEqual([{ id: expect.any(Number), ...expected }]);
    expect(await typingEvents(adamQueue)).toEqual([]);
  });

  test('stop is announced the same way as start', async () => {
    const monaQueue = await registerQueue(mona, { event_types: ['typing'] });
    expectSuccess(await typing(mark, { op: 'stop', to: [ids.person.mona] }));
    expect((await typingEvents(monaQueue)).map((event) => event.op)).toEqual(['stop']);
  });

  test('channel typing reaches the subscribers, on clients that declare stream_typing_notifications (spec 1 rule 7)', async () => {
    // engineering: Adam and Mark are subscribed, Mona is not
    const capable = await registerQueue(adam, { event_types: ['typing'], client_capabilities: { stream_typing_notifications: true } });
    const legacy = await registerQueue(adam, { event_types: ['typing'] });
    const outsider = await registerQueue(mona, { event_types: ['typing'], client_capabilities: { stream_typing_notifications: true } });
    expectSuccess(await channelTyping(mark, { stream_id: ids.channel.engineering, topic: 'builds' }));
    expect(await typingEvents(capable)).toEqual([
      {
        id: expect.any(Number),
        type: 'typing',
        message_type: 'stream',
        op: 'start',
        sender: { user_id: ids.person.mark, email: 'mark@sandbox.test' },
        stream_id: ids.channel.engineering,
        topic: 'builds',
      },
    ]);
    expect(await typingEvents(legacy)).toEqual([]);
    expect(await typingEvents(outsider)).toEqual([]);
  });

  test('the sender, a subscriber too, hears their own channel typing as upstream sends it', async () => {
    const own = await registerQueue(mark, { event_types: ['typing'], client_capabilities: { stream_typing_notifications: true } });
    expectSuccess(await channelTyping(mark));
    expect(await typingEvents(own)).toHaveLength(1);
  });

  test('"(no topic)" and the empty topic display name mean the empty topic (Conventions 4)', async () => {
    const queue = await registerQueue(mona, { event_types: ['typing'], client_capabilities: { stream_typing_notifications: true, empty_topic_name: true } });
    expectSuccess(await channelTyping(mark, { topic: '(no topic)' }));
    expectSuccess(await channelTyping(mark, { topic: 'general chat' }));
    expect((await typingEvents(queue)).map((event) => event.topic)).toEqual(['', '']);
  });

  test('a user who does not receive typing notifications gets none (spec 1 rule 6)', async () => {
    await setOwnSetting(mona, 'receives_typing_notifications', false);
    const queue = await registerQueue(mona, { event_types: ['typing'], client_capabilities: { stream_typing_notifications: true } });
    expectSuccess(await typing(mark, { op: 'start', to: [ids.person.mona] }));
    expectSuccess(await channelTyping(mark));
    expect(await typingEvents(queue)).toEqual([]);
    await setOwnSetting(mona, 'receives_typing_notifications', true);
  });
});

describe('POST /messages/{message_id}/typing (spec 2)', () => {
  test('editing one of your own recent channel messages reaches the channel as typing_edit_message', async () => {
    const messageId = await sent(mark, { type: 'channel', to: ids.channel.general, topic: 'plans', content: 'draft one' });
    const queue = await registerQueue(mona, { event_types: ['typing_edit_message'] });
    const response = await editTyping(mark, messageId);
    expectSuccess(response);
    expect(setEditTypingStatus.reply.parse(response.body)).toEqual({ result: 'success', msg: '' });
    expect(await typingEvents(queue, 'typing_edit_message')).toEqual([
      {
        id: expect.any(Number),
        type: 'typing_edit_message',
        op: 'start',
        sender_id: ids.person.mark,
        message_id: messageId,
        recipient: { type: 'channel', channel_id: ids.channel.general, topic: 'plans' },
      },
    ]);
  });

  test('editing a direct message reaches its participants, named in the event', async () => {
    const messageId = await sent(mark, { type: 'direct', to: [ids.person.mona], content: 'hello' });
    const queue = await registerQueue(mona, { event_types: ['typing_edit_message'] });
    const outsider = await registerQueue(adam, { event_types: ['typing_edit_message'] });
    expectSuccess(await editTyping(mark, messageId, 'stop'));
    const [event] = await typingEvents(queue, 'typing_edit_message');
    expect(event).toMatchObject({ op: 'stop', message_id: messageId, recipient: { type: 'direct', user_ids: [ids.person.mark, ids.person.mona] } });
    expect(await typingEvents(outsider, 'typing_edit_message')).toEqual([]);
  });

  test("someone else's message cannot be edited, so no one is told", async () => {
    const messageId = await sent(mona, { type: 'channel', to: ids.channel.general, topic: 'plans', content: 'mine' });
    expectError(await editTyping(mark, messageId), 'BAD_REQUEST', "You don't have permission to edit this message");
  });

  test('a message past the edit limit cannot be edited', async () => {
    const messageId = await sent(mark, { type: 'channel', to: ids.channel.general, topic: 'plans', content: 'old news' });
    server.clock.advance(11 * 60 * 1000);
    expectError(await editTyping(mark, messageId), 'BAD_REQUEST', 'The time limit for editing this message has passed');
  });

  test('a message that does not exist or cannot be seen is invalid', async () => {
    expectError(await editTyping(mark, 987654), 'BAD_REQUEST', 'Invalid message(s)');
    const secret = await sent(adam, { type: 'channel', to: ids.channel.leadership, topic: 'plans', content: 'hush' });
    expectError(await editTyping(mark, secret), 'BAD_REQUEST', 'Invalid message(s)');
  });

  test("the sender's setting for the message's kind applies", async () => {
    const messageId = await sent(mona, { type: 'direct', to: [ids.person.mark], content: 'typo' });
    await setOwnSetting(mona, 'send_private_typing_notifications', false);
    expectError(await editTyping(mona, messageId), 'BAD_REQUEST', 'User has disabled typing notifications for direct messages');
    await setOwnSetting(mona, 'send_private_typing_notifications', true);
  });

  test('op is required', async () => {
    const messageId = await sent(mark, { type: 'direct', to: [ids.person.mona], content: 'x' });
    expectError(await mark.post(`/messages/${messageId}/typing`, {}), 'REQUEST_VARIABLE_MISSING', "Missing 'op' argument");
  });
});
