import { describe, expect, test } from 'vitest';
import { createScheduledMessage, editScheduledMessage, getScheduledMessages } from './scheduled';

const parseEdit = (params: object) => editScheduledMessage.params.safeParse({ scheduled_message_id: 27, ...params });

describe('edit a scheduled message (spec 5)', () => {
  test('a new delivery time alone is accepted', () => {
    expect(parseEdit({ scheduled_delivery_timestamp: 3165826990 }).success).toBe(true);
  });

  test('changing the type without a recipient is rejected', () => {
    expect(parseEdit({ type: 'direct' }).success).toBe(false);
  });

  test('changing to a channel message without a topic is rejected', () => {
    expect(parseEdit({ type: 'channel', to: 8 }).success).toBe(false);
  });

  test.each(['', '(no topic)'])('the empty-topic spelling %j is rejected where the topic is required', (topic) => {
    expect(parseEdit({ type: 'stream', to: 8, topic }).success).toBe(false);
  });

  test('changing to a channel message with a topic is accepted', () => {
    expect(parseEdit({ type: 'channel', to: 8, topic: 'Castle' }).success).toBe(true);
  });

  test('the deprecated type "private" is still accepted', () => {
    expect(parseEdit({ type: 'private', to: [9, 10] }).success).toBe(true);
  });
});

describe('other scheduled message endpoints', () => {
  test('the upstream listing example parses', () => {
    const reply = {
      result: 'success',
      msg: '',
      scheduled_messages: [
        {
          scheduled_message_id: 27,
          to: 14,
          type: 'stream',
          content: 'Hi',
          rendered_content: '<p>Hi</p>',
          topic: 'Introduction',
          scheduled_delivery_timestamp: 1681662420,
          failed: false,
        },
      ],
    };
    expect(getScheduledMessages.reply.parse(reply).scheduled_messages[0]?.to).toBe(14);
  });

  test('a direct scheduled message has no topic', () => {
    const message = {
      scheduled_message_id: 28,
      to: [9, 10],
      type: 'private',
      content: 'Reminder',
      rendered_content: '<p>Reminder</p>',
      scheduled_delivery_timestamp: 1681662420,
      failed: true,
    };
    const reply = getScheduledMessages.reply.parse({ result: 'success', msg: '', scheduled_messages: [message] });
    expect(reply.scheduled_messages[0]?.topic).toBeUndefined();
  });

  test('creating one needs a delivery time', () => {
    const params = { type: 'direct', to: [9], content: 'Hi' };
    expect(createScheduledMessage.params.safeParse(params).success).toBe(false);
  });

  test('the create reply carries the scheduled message ID', () => {
    const reply = createScheduledMessage.reply.parse({ msg: '', scheduled_message_id: 42, result: 'success' });
    expect(reply.scheduled_message_id).toBe(42);
  });
});
