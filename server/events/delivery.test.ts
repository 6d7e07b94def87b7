// What each client gets of an event, by its registration's options and capabilities.
import { describe, expect, test } from 'vitest';
import { deliver, matchesNarrow, type Recipient, type TargetQueue } from './delivery';
import type { QueueOptions } from './queue';

const realm = { emptyTopicDisplayName: 'general chat' };
const member: Recipient = { userId: 5, isGuest: false, receivesTyping: true };

function queue(options: Partial<QueueOptions> = {}, id = 'q1'): TargetQueue {
  return {
    id,
    options: {
      eventTypes: null,
      narrow: [],
      allPublicStreams: false,
      capabilities: {},
      applyMarkdown: true,
      clientGravatar: false,
      slimPresence: false,
      ...options,
    },
  };
}

const channelMessage = (topic = 'lunch') => ({
  type: 'message',
  message: { id: 9, type: 'stream', stream_id: 1, display_recipient: 'general', subject: topic, sender_email: 'mark@sandbox.test', sender_id: 5, content: '<p>hi</p>', content_type: 'text/html', avatar_url: 'https://x' },
  flags: ['read'],
  _raw_content: 'hi',
  _gravatar: true,
});

describe('event delivery', () => {
  test('event_types keeps only the kinds asked for', () => {
    expect(deliver({ type: 'invites_changed' }, queue({ eventTypes: new Set(['message']) }), member, realm)).toEqual([]);
    expect(deliver({ type: 'invites_changed' }, queue({ eventTypes: new Set(['invites_changed']) }), member, realm)).toEqual([{ type: 'invites_changed' }]);
  });

  test('typing reaches only users with receives_typing_notifications', () => {
    const typing = { type: 'typing', message_type: 'direct', op: 'start', sender: { user_id: 1, email: 'a' }, recipients: [] };
    expect(deliver(typing, queue(), { ...member, receivesTyping: false }, realm)).toEqual([]);
    expect(deliver(typing, queue(), member, realm)).toHaveLength(1);
  });

  test('channel typing reaches only clients with stream_typing_notifications', () => {
    const typing = { type: 'typing', message_type: 'stream', op: 'start', sender: { user_id: 1, email: 'a' }, stream_id: 1, topic: 't' };
    expect(deliver(typing, queue(), member, realm)).toEqual([]);
    expect(deliver(typing, queue({ capabilities: { stream_typing_notifications: true } }), member, realm)).toHaveLength(1);
  });

  test('bulk message deletion for clients with bulk_message_deletion, one event per message for the others', () => {
    const deletion = { type: 'delete_message', message_type: 'stream', message_ids: [3, 4], stream_id: 1, topic: 't' };
    expect(deliver(deletion, queue({ capabilities: { bulk_message_deletion: true } }), member, realm)).toEqual([deletion]);
    expect(deliver(deletion, queue(), member, realm)).toEqual([
      { type: 'delete_message', message_type: 'stream', message_id: 3, stream_id: 1, topic: 't' },
      { type: 'delete_message', message_type: 'stream', message_id: 4, stream_id: 1, topic: 't' },
    ]);
  });

  test('user_settings brings the legacy event too when user_settings_object is false', () => {
    const change = { type: 'user_settings', op: 'update', property: 'enable_sounds', value: false, _user_email: 'mark@sandbox.test' };
    expect(deliver(change, queue({ capabilities: { user_settings_object: true } }), member, realm)).toEqual([
      { type: 'user_settings', op: 'update', property: 'enable_sounds', value: false },
    ]);
    expect(deliver(change, queue(), member, realm)).toEqual([
      { type: 'user_settings', op: 'update', property: 'enable_sounds', value: false },
      { type: 'update_global_notifications', user: 'mark@sandbox.test', notification_name: 'enable_sounds', setting: false },
    ]);
    const display = { ...change, property: 'color_scheme', value: 2 };
    expect(deliver(display, queue(), member, realm)[1]).toEqual({ type: 'update_display_settings', user: 'mark@sandbox.test', setting_name: 'color_scheme', setting: 2 });
  });

  test('a setting newer than the legacy events comes as user_settings alone', () => {
    const change = { type: 'user_settings', op: 'update', property: 'receives_typing_notifications', value: false, _user_email: 'mark@sandbox.test' };
    expect(deliver(change, queue(), member, realm)).toEqual([{ type: 'user_settings', op: 'update', property: 'receives_typing_notifications', value: false }]);
  });

  test('linkifier events go only to clients with linkifier_url_template', () => {
    const linkifiers = { type: 'realm_linkifiers', realm_linkifiers: [] };
    expect(deliver(linkifiers, queue(), member, realm)).toEqual([]);
    expect(deliver(linkifiers, queue({ capabilities: { linkifier_url_template: true } }), member, realm)).toEqual([linkifiers]);
  });

  test('presence in the modern format with simplified_presence_events, else the legacy one', () => {
    const presence = {
      type: 'presence',
      user_id: 5,
      email: 'mark@sandbox.test',
      server_timestamp: 100,
      presence: { website: { client: 'website', status: 'active', timestamp: 100, pushable: false } },
      _modern: { '5': { active_timestamp: 100, idle_timestamp: 100 } },
    };
    expect(deliver(presence, queue({ capabilities: { simplified_presence_events: true } }), member, realm)).toEqual([
      { type: 'presence', presences: { '5': { active_timestamp: 100, idle_timestamp: 100 } } },
    ]);
    const { _modern: _, ...legacy } = presence;
    expect(deliver(presence, queue(), member, realm)).toEqual([legacy]);
  });

  test('a guest with user_list_incomplete does not get realm_user add', () => {
    const add = { type: 'realm_user', op: 'add', person: { user_id: 77 } };
    const guest = { ...member, isGuest: true };
    expect(deliver(add, queue({ capabilities: { user_list_incomplete: true } }), guest, realm)).toEqual([]);
    expect(deliver(add, queue(), guest, realm)).toEqual([add]);
    expect(deliver(add, queue({ capabilities: { user_list_incomplete: true } }), member, realm)).toEqual([add]);
  });

  test('archiving looks like deletion, and other archived-channel news is dropped, without archived_channels', () => {
    const stream = { stream_id: 7, name: 'old' };
    const archive = { type: 'stream', op: 'update', property: 'is_archived', value: true, stream_id: 7, name: 'old', _archived_channel: true, _stream: stream };
    expect(deliver(archive, queue(), member, realm)).toEqual([{ type: 'stream', op: 'delete', streams: [{ stream_id: 7 }], stream_ids: [7] }]);
    expect(deliver(archive, queue({ capabilities: { archived_channels: true } }), member, realm)).toEqual([
      { type: 'stream', op: 'update', property: 'is_archived', value: true, stream_id: 7, name: 'old' },
    ]);
    const rename = { type: 'stream', op: 'update', property: 'name', value: 'older', stream_id: 7, name: 'old', _archived_channel: true };
    expect(deliver(rename, queue(), member, realm)).toEqual([]);
  });

  test('clients without empty_topic_name see the empty topic by its display name', () => {
    const [plain] = deliver(channelMessage(''), queue(), member, realm);
    expect((plain?.message as { subject: string }).subject).toBe('general chat');
    const [modern] = deliver(channelMessage(''), queue({ capabilities: { empty_topic_name: true } }), member, realm);
    expect((modern?.message as { subject: string }).subject).toBe('');
    // Another topic is left as it is, and so is the message: every queue shares the published one.
    const published = channelMessage('lunch');
    const [first] = deliver(published, queue({}, 'q1'), member, realm);
    const [second] = deliver(published, queue({}, 'q2'), member, realm);
    expect(first?.message).toBe(published.message);
    expect(second?.message).toBe(published.message);
    const typing = { type: 'typing', message_type: 'stream', op: 'start', topic: '', sender: { user_id: 1, email: 'a' } };
    expect(deliver(typing, queue({ capabilities: { stream_typing_notifications: true } }), member, realm)[0]).toMatchObject({ topic: 'general chat' });
    expect(deliver({ ...typing, topic: 'lunch' }, queue({ capabilities: { stream_typing_notifications: true } }), member, realm)[0]).toMatchObject({ topic: 'lunch' });
  });

  test('apply_markdown false gives the Markdown source; client_gravatar hides the avatar URL', () => {
    const [event] = deliver(channelMessage(), queue({ applyMarkdown: false, clientGravatar: true }), member, realm);
    expect(event?.message).toMatchObject({ content: 'hi', content_type: 'text/x-markdown', avatar_url: null });
    expect(event).not.toHaveProperty('_raw_content');
  });

  test('the sending queue gets its local_message_id back, no other queue does', () => {
    const sent = { ...channelMessage(), _local_id: 'L1', _sender_queue_id: 'q1' };
    expect(deliver(sent, queue({}, 'q1'), member, realm)[0]).toMatchObject({ local_message_id: 'L1' });
    expect(deliver(sent, queue({}, 'q2'), member, realm)[0]).not.toHaveProperty('local_message_id');
  });

  test('a narrow keeps only the messages it matches', () => {
    const event = channelMessage();
    expect(matchesNarrow(event, [['channel', 'general']])).toBe(true);
    expect(matchesNarrow(event, [['channel', 'design']])).toBe(false);
    expect(matchesNarrow(event, [['is', 'dm']])).toBe(false);
    expect(deliver(event, queue({ narrow: [['topic', 'other']] }), member, realm)).toEqual([]);
  });
});
