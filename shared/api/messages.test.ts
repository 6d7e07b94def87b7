import { describe, expect, test } from 'vitest';
import {
  getMessages,
  getMessagesParamsBase,
  markTopicAsRead,
  MAX_MESSAGES_PER_FETCH,
  Message,
  renderMessage,
  sendMessage,
} from './messages';

const streamMessage = {
  subject: 'Verona3',
  stream_id: 5,
  sender_realm_str: 'zulip',
  type: 'stream',
  content: '<p>Wait, is this from the frontend js code or backend python code</p>',
  flags: ['read'],
  id: 21,
  display_recipient: 'Verona',
  content_type: 'text/html',
  is_me_message: false,
  timestamp: 1527939746,
  sender_id: 4,
  sender_full_name: 'King Hamlet',
  recipient_id: 20,
  topic_links: [],
  client: 'populate_db',
  avatar_url: 'https://secure.gravatar.com/avatar/6d8cad0fd00256e7b40691d27ddfd466?d=identicon&version=1',
  submessages: [],
  sender_email: 'hamlet@zulip.com',
  reactions: [],
};

const directMessage = {
  ...streamMessage,
  subject: '',
  stream_id: undefined,
  type: 'private',
  id: 16,
  display_recipient: [
    { id: 4, is_mirror_dummy: false, email: 'hamlet@zulip.com', full_name: 'King Hamlet' },
    { id: 5, is_mirror_dummy: false, email: 'iago@zulip.com', full_name: 'Iago' },
  ],
  reactions: [{ emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji', user_id: 5 }],
  edit_history: [
    { user_id: 4, timestamp: 1527939800, prev_content: 'Hi', prev_rendered_content: '<p>Hi</p>' },
    { user_id: null, timestamp: 1527939700, prev_topic: 'old', topic: 'new' },
  ],
  last_edit_timestamp: 1527939800,
};

const reply = {
  result: 'success',
  msg: '',
  anchor: 21,
  found_newest: true,
  found_oldest: false,
  found_anchor: true,
  history_limited: false,
  messages: [directMessage, streamMessage],
};

describe('get messages (spec 7): parameters', () => {
  const parse = (params: object) => getMessages.params.safeParse(params);

  test('a range around an anchor is accepted', () => {
    expect(parse({ anchor: 'first_unread', num_before: 50, num_after: 50 }).success).toBe(true);
  });

  test('the anchor may be a message ID as a number or a decimal string', () => {
    expect(parse({ anchor: 43, num_before: 0, num_after: 10 }).success).toBe(true);
    expect(parse({ anchor: '43', num_before: 0, num_after: 10 }).success).toBe(true);
  });

  test('an anchor keyword the spec does not define is rejected', () => {
    expect(parse({ anchor: 'latest', num_before: 0, num_after: 10 }).success).toBe(false);
  });

  test('message_ids alone is accepted', () => {
    expect(parse({ message_ids: [1, 2, 3] }).success).toBe(true);
  });

  test('message_ids with an anchor is rejected, naming the anchor', () => {
    const result = parse({ message_ids: [1, 2], anchor: 'newest' });
    expect(result.error?.issues).toContainEqual(
      expect.objectContaining({ path: ['anchor'], message: 'anchor cannot be combined with message_ids' }),
    );
  });

  test('message_ids with num_before, even zero, is rejected', () => {
    expect(parse({ message_ids: [1], num_before: 0 }).success).toBe(false);
  });

  test('without message_ids, num_before and num_after are required', () => {
    const result = parse({ anchor: 'newest', num_before: 10 });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['num_after']]);
  });

  test('5000 messages including the anchor is the most one request may ask for', () => {
    expect(parse({ anchor: 'newest', num_before: 4999, num_after: 0 }).success).toBe(true);
  });

  test('5001 messages counting the anchor is rejected with the upstream message', () => {
    const result = parse({ anchor: 100, num_before: 2500, num_after: 2500 });
    expect(result.error?.issues[0]?.message).toBe(`Too many messages requested (maximum ${MAX_MESSAGES_PER_FETCH}).`);
  });

  test('an excluded anchor does not count toward the cap', () => {
    expect(parse({ anchor: 'newest', include_anchor: false, num_before: 5000, num_after: 0 }).success).toBe(true);
  });

  test('more than 5000 message_ids is rejected', () => {
    const ids = Array.from({ length: MAX_MESSAGES_PER_FETCH + 1 }, (_, i) => i + 1);
    expect(parse({ message_ids: ids }).success).toBe(false);
  });

  test('the deprecated use_first_unread_anchor cannot be combined with anchor', () => {
    expect(parse({ anchor: 10, use_first_unread_anchor: true, num_before: 1, num_after: 1 }).success).toBe(false);
  });

  test('the anchor can be excluded only at an end of the range', () => {
    expect(parse({ anchor: 10, include_anchor: false, num_before: 5, num_after: 5 }).success).toBe(false);
  });

  test('both narrow forms are accepted', () => {
    const narrow = [['channel', 'design'], { operator: 'sender', operand: 4, negated: true }];
    expect(parse({ anchor: 'newest', num_before: 10, num_after: 0, narrow }).success).toBe(true);
  });

  test('the plain params object stays usable for forms (pick works on it)', () => {
    expect(getMessagesParamsBase.pick({ narrow: true }).safeParse({ narrow: [] }).success).toBe(true);
  });
});

describe('get messages (spec 7): reply', () => {
  test('a realistic reply parses, with upstream flags kept', () => {
    const parsed = getMessages.reply.parse(reply);
    expect(parsed.messages[1]?.flags).toEqual(['read']);
  });

  test('a direct message carries its participants, reactions and edit history', () => {
    const parsed = Message.parse(directMessage);
    expect(Array.isArray(parsed.display_recipient) && parsed.display_recipient[1]?.full_name).toBe('Iago');
    expect(parsed.edit_history?.[1]?.user_id).toBeNull();
  });

  test('a reply for message_ids has no anchor', () => {
    const { anchor: _omitted, ...withoutAnchor } = reply;
    expect(getMessages.reply.safeParse(withoutAnchor).success).toBe(true);
  });

  test('a reply without found_oldest is rejected', () => {
    const { found_oldest: _omitted, ...incomplete } = reply;
    expect(getMessages.reply.safeParse(incomplete).success).toBe(false);
  });

  test('unknown message fields are kept', () => {
    expect(Message.parse({ ...streamMessage, new_field: 1 })).toHaveProperty('new_field', 1);
  });

  test('a reaction of a kind the spec does not define is rejected', () => {
    const reaction = { emoji_name: 'x', emoji_code: 'x', reaction_type: 'custom_kind', user_id: 1 };
    expect(Message.safeParse({ ...streamMessage, reactions: [reaction] }).success).toBe(false);
  });
});

describe('other message endpoints', () => {
  test('marking a topic as read needs the topic name (spec 13)', () => {
    expect(markTopicAsRead.params.safeParse({ stream_id: 5 }).success).toBe(false);
  });

  test('a render reply carries the HTML (spec 20)', () => {
    const parsed = renderMessage.reply.parse({ msg: '', rendered: '<p><strong>foo</strong></p>', result: 'success' });
    expect(parsed.rendered).toBe('<p><strong>foo</strong></p>');
  });

  test('a channel message may name its channel', () => {
    const params = { type: 'channel', to: 'design', topic: 'mockups', content: 'New mockups are up.' };
    expect(sendMessage.params.safeParse(params).success).toBe(true);
  });

  test('a direct message goes to a list of user IDs, and the reply carries the new ID', () => {
    expect(sendMessage.params.safeParse({ type: 'direct', to: [9, 10], content: 'Hi' }).success).toBe(true);
    expect(sendMessage.reply.parse({ msg: '', id: 42, result: 'success' }).id).toBe(42);
  });
});
