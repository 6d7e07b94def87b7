import { describe, expect, expectTypeOf, test } from 'vitest';
import {
  EVENT_KINDS,
  STREAM_PROPERTY_VALUES,
  deleteEventQueue,
  eventSchemas,
  getEvents,
  getEventsReply,
  isPropertyUpdate,
  parseEvent,
} from './events';

// Objects inside events, shaped as a current upstream server sends them.
const user = {
  email: 'foo@zulip.com',
  delivery_email: null,
  user_id: 38,
  avatar_version: 1,
  is_admin: false,
  is_owner: false,
  is_guest: false,
  is_billing_admin: false,
  role: 400,
  is_bot: false,
  full_name: 'full name',
  timezone: '',
  is_active: true,
  date_joined: '2020-07-15T15:04:02.030833+00:00',
  avatar_url: 'https://secure.gravatar.com/avatar/c6b5578d4964bd9c5fae593c6868912a?d=identicon&version=1',
  profile_data: {},
};
const channel = {
  stream_id: 12,
  name: 'private',
  description: '',
  rendered_description: '',
  date_created: 1691057093,
  creator_id: 10,
  invite_only: true,
  is_web_public: false,
  history_public_to_subscribers: false,
  first_message_id: null,
  message_retention_days: null,
  is_archived: false,
  is_recently_active: true,
  stream_weekly_traffic: null,
  folder_id: null,
  topics_policy: 'inherit',
  can_add_subscribers_group: 2,
  can_administer_channel_group: { direct_members: [10], direct_subgroups: [] },
  can_remove_subscribers_group: 2,
  can_send_message_group: 9,
};
const subscription = {
  ...channel,
  color: '#76ce90',
  is_muted: false,
  pin_to_top: false,
  in_home_view: true,
  is_announcement_only: false,
  stream_post_policy: 1,
  audible_notifications: null,
  desktop_notifications: null,
  email_notifications: null,
  push_notifications: null,
  wildcard_mentions_notify: null,
  subscribers: [10],
};
const folder = {
  id: 1,
  name: 'Frontend',
  description: 'Channels for frontend discussions',
  rendered_description: '<p>Channels for frontend discussions</p>',
  creator_id: 10,
  date_created: 1717000000,
  is_archived: false,
  order: 1,
};
const group = {
  id: 2,
  name: 'backend',
  description: 'Backend team',
  members: [12],
  direct_subgroup_ids: [],
  is_system_group: false,
  creator_id: 10,
  date_created: 1717000000,
  deactivated: false,
  can_mention_group: 11,
};
const draft = { id: 17, type: 'private', to: [6], topic: '', content: 'Hello there!', timestamp: 15954790200 };
const scheduled = {
  scheduled_message_id: 17,
  type: 'private',
  to: [6],
  content: 'Hello there!',
  rendered_content: '<p>Hello there!</p>',
  scheduled_delivery_timestamp: 1681662420,
  failed: false,
};
const snippet = { id: 3, title: 'Greeting', content: 'Hello, and welcome!', date_created: 1717000000 };
const sender = { user_id: 10, email: 'user10@zulip.testserver' };

/**
 * One example per form of every kind, from upstream's OpenAPI /events examples where it has them
 * (with `id` added where the example leaves it out: the queue gives every event one) and from
 * upstream's https://zulip.com/api/get-events for the newer forms.
 */
const examples: [string, Record<string, unknown>][] = [
  ['realm update', { type: 'realm', op: 'update', property: 'name', value: 'New name', id: 0 }],
  ['default_streams', { type: 'default_streams', default_streams: [1, 2], id: 0 }],
  ['realm_user add', { type: 'realm_user', op: 'add', person: user, id: 0 }],
  ['realm_user update role', { type: 'realm_user', op: 'update', person: { user_id: 10, role: 200 }, id: 0 }],
  ['realm_user update full_name', { type: 'realm_user', op: 'update', person: { user_id: 10, full_name: 'Hamlet' }, id: 0 }],
  ['realm_user update is_active', { type: 'realm_user', op: 'update', person: { user_id: 10, is_active: false }, id: 0 }],
  [
    'realm_user update avatar',
    {
      type: 'realm_user',
      op: 'update',
      person: {
        avatar_source: 'G',
        avatar_url: 'https://secure.gravatar.com/avatar/6d8cad0fd00256e7b40691d27ddfd466?d=identicon&version=3',
        avatar_url_medium: 'https://secure.gravatar.com/avatar/6d8cad0fd00256e7b40691d27ddfd466?d=identicon&s=500&version=3',
        avatar_version: 3,
        user_id: 10,
      },
      id: 0,
    },
  ],
  [
    'realm_user update timezone',
    { type: 'realm_user', op: 'update', person: { user_id: 10, email: 'user10@zulip.testserver', timezone: 'Europe/Oslo' }, id: 0 },
  ],
  ['realm_user update bot_owner_id', { type: 'realm_user', op: 'update', person: { user_id: 35, bot_owner_id: 10 }, id: 0 }],
  ['realm_user update delivery_email', { type: 'realm_user', op: 'update', person: { user_id: 10, delivery_email: null }, id: 0 }],
  [
    'realm_user update custom_profile_field',
    {
      type: 'realm_user',
      op: 'update',
      person: { user_id: 10, custom_profile_field: { id: 2, value: 'Dane', rendered_value: '<p>Dane</p>' } },
      id: 0,
    },
  ],
  ['realm_user update new_email', { type: 'realm_user', op: 'update', person: { user_id: 10, new_email: 'user10@example.com' }, id: 0 }],
  ['realm_user remove', { type: 'realm_user', op: 'remove', person: { user_id: 35, full_name: 'Foo Bot' }, id: 0 }],
  ['stream create', { type: 'stream', op: 'create', streams: [channel], id: 0 }],
  ['stream delete', { type: 'stream', op: 'delete', streams: [{ stream_id: 12 }], stream_ids: [12], id: 0 }],
  [
    'stream update invite_only',
    {
      op: 'update',
      type: 'stream',
      property: 'invite_only',
      value: true,
      history_public_to_subscribers: true,
      is_web_public: false,
      stream_id: 11,
      name: 'test_stream',
      id: 0,
    },
  ],
  ['stream update folder_id', { op: 'update', type: 'stream', property: 'folder_id', value: null, stream_id: 11, name: 'test_stream', id: 0 }],
  [
    'stream update group setting',
    {
      op: 'update',
      type: 'stream',
      property: 'can_administer_channel_group',
      value: { direct_members: [10, 12], direct_subgroups: [2] },
      stream_id: 11,
      name: 'test_stream',
      id: 0,
    },
  ],
  ['subscription add', { type: 'subscription', op: 'add', subscriptions: [subscription], id: 0 }],
  ['subscription remove', { type: 'subscription', op: 'remove', subscriptions: [{ name: 'test_stream', stream_id: 9 }], id: 0 }],
  ['subscription update', { op: 'update', type: 'subscription', property: 'pin_to_top', value: true, stream_id: 11, id: 0 }],
  ['subscription peer_add', { type: 'subscription', op: 'peer_add', stream_ids: [9], user_ids: [12], id: 0 }],
  ['subscription peer_remove', { type: 'subscription', op: 'peer_remove', stream_ids: [9], user_ids: [12], id: 0 }],
  ['channel_folder add', { type: 'channel_folder', op: 'add', channel_folder: folder, id: 0 }],
  ['channel_folder update name', { type: 'channel_folder', op: 'update', channel_folder_id: 1, data: { name: 'Web' }, id: 0 }],
  [
    'channel_folder update description',
    {
      type: 'channel_folder',
      op: 'update',
      channel_folder_id: 1,
      data: { description: 'Web things', rendered_description: '<p>Web things</p>' },
      id: 0,
    },
  ],
  ['channel_folder update is_archived', { type: 'channel_folder', op: 'update', channel_folder_id: 1, data: { is_archived: true }, id: 0 }],
  ['channel_folder reorder', { type: 'channel_folder', op: 'reorder', order: [2, 1], id: 0 }],
  [
    'realm_user_settings_defaults update',
    { type: 'realm_user_settings_defaults', op: 'update', property: 'left_side_userlist', value: false, id: 0 },
  ],
  ['invites_changed', { type: 'invites_changed', id: 0 }],
  [
    'message',
    {
      type: 'message',
      message: {
        id: 31,
        sender_id: 10,
        content: '<p>First message ...</p>',
        recipient_id: 23,
        timestamp: 1594825416,
        client: 'test suite',
        subject: 'test',
        topic_links: [],
        is_me_message: false,
        reactions: [],
        submessages: [],
        sender_full_name: 'King Hamlet',
        sender_email: 'user10@zulip.testserver',
        sender_realm_str: 'zulip',
        display_recipient: 'Denmark',
        type: 'stream',
        stream_id: 1,
        avatar_url: null,
        content_type: 'text/html',
      },
      flags: [],
      id: 1,
    },
  ],
  ['heartbeat', { type: 'heartbeat', id: 0 }],
  [
    'typing direct',
    {
      type: 'typing',
      op: 'start',
      message_type: 'direct',
      sender,
      recipients: [{ user_id: 8, email: 'user8@zulip.testserver' }, sender],
      id: 0,
    },
  ],
  ['typing channel', { type: 'typing', op: 'stop', message_type: 'stream', sender, stream_id: 1, topic: 'lunch', id: 0 }],
  [
    'typing_edit_message channel',
    {
      type: 'typing_edit_message',
      op: 'start',
      sender_id: 10,
      message_id: 58,
      recipient: { type: 'channel', channel_id: 1, topic: 'lunch' },
      id: 0,
    },
  ],
  [
    'typing_edit_message direct',
    { type: 'typing_edit_message', op: 'stop', sender_id: 10, message_id: 59, recipient: { type: 'direct', user_ids: [8, 10] }, id: 0 },
  ],
  ['drafts add', { type: 'drafts', op: 'add', drafts: [draft], id: 0 }],
  ['drafts update', { type: 'drafts', op: 'update', draft: { ...draft, to: [6, 7, 8, 9, 10] }, id: 0 }],
  ['drafts remove', { type: 'drafts', op: 'remove', draft_id: 17, id: 0 }],
  ['delete_message single', { type: 'delete_message', message_type: 'private', message_id: 37, id: 0 }],
  [
    'delete_message bulk',
    { type: 'delete_message', message_type: 'stream', message_ids: [37, 38], stream_id: 1, topic: 'lunch', id: 0 },
  ],
  ['user_settings', { type: 'user_settings', op: 'update', property: 'high_contrast_mode', value: false, id: 0 }],
  [
    'update_global_notifications',
    { type: 'update_global_notifications', user: 'iago@zulip.com', notification_name: 'enable_sounds', setting: true, id: 0 },
  ],
  [
    'update_display_settings',
    { type: 'update_display_settings', user: 'iago@zulip.com', setting_name: 'high_contrast_mode', setting: false, id: 0 },
  ],
  [
    'realm_linkifiers',
    {
      type: 'realm_linkifiers',
      realm_linkifiers: [{ pattern: '#(?P<id>[123])', url_template: 'https://realm.com/my_realm_filter/{id}', id: 1 }],
      id: 0,
    },
  ],
  [
    'custom_profile_fields',
    {
      type: 'custom_profile_fields',
      fields: [
        { id: 1, name: 'Pronouns', type: 8, hint: 'What pronouns should people use for you?', field_data: '', order: 1 },
        { id: 2, name: 'Team', type: 1, hint: '', field_data: '', order: 2, display_in_profile_summary: true },
      ],
      id: 0,
    },
  ],
  [
    'presence legacy',
    {
      type: 'presence',
      user_id: 10,
      email: 'user10@zulip.testserver',
      server_timestamp: 1594825445.3200784,
      presence: { website: { client: 'website', status: 'idle', timestamp: 1594825445, pushable: false } },
      id: 0,
    },
  ],
  ['presence modern', { type: 'presence', presences: { '10': { active_timestamp: 1594825445, idle_timestamp: 1594825440 } }, id: 0 }],
  [
    'realm_emoji',
    {
      type: 'realm_emoji',
      op: 'update',
      realm_emoji: {
        '1': { id: '1', name: 'green_tick', source_url: '/user_avatars/2/emoji/images/1.png', deactivated: false, author_id: 11 },
        '2': { id: '2', name: 'my_emoji', source_url: '/user_avatars/2/emoji/images/2.png', deactivated: true, author_id: 11 },
      },
      id: 0,
    },
  ],
  [
    'user_status',
    {
      type: 'user_status',
      user_id: 10,
      away: true,
      status_text: 'out to lunch',
      emoji_name: 'car',
      emoji_code: '1f697',
      reaction_type: 'unicode_emoji',
      id: 0,
    },
  ],
  ['user_group add', { type: 'user_group', op: 'add', group, id: 0 }],
  [
    'user_group update',
    { type: 'user_group', op: 'update', group_id: 2, data: { description: "Mention this group to get the security team's attention." }, id: 0 },
  ],
  ['user_group add_members', { type: 'user_group', op: 'add_members', group_id: 2, user_ids: [10], id: 0 }],
  ['user_group remove_members', { type: 'user_group', op: 'remove_members', group_id: 2, user_ids: [10], id: 0 }],
  ['user_group add_subgroups', { type: 'user_group', op: 'add_subgroups', group_id: 2, direct_subgroup_ids: [10], id: 0 }],
  ['user_group remove_subgroups', { type: 'user_group', op: 'remove_subgroups', group_id: 2, direct_subgroup_ids: [10], id: 0 }],
  ['user_group remove', { type: 'user_group', op: 'remove', group_id: 2, id: 0 }],
  ['saved_snippets add', { type: 'saved_snippets', op: 'add', saved_snippet: snippet, id: 0 }],
  ['saved_snippets update', { type: 'saved_snippets', op: 'update', saved_snippet: { ...snippet, title: 'Hello' }, id: 0 }],
  ['saved_snippets remove', { type: 'saved_snippets', op: 'remove', saved_snippet_id: 3, id: 0 }],
  ['scheduled_messages add', { type: 'scheduled_messages', op: 'add', scheduled_messages: [scheduled], id: 0 }],
  ['scheduled_messages update', { type: 'scheduled_messages', op: 'update', scheduled_message: scheduled, id: 0 }],
  ['scheduled_messages remove', { type: 'scheduled_messages', op: 'remove', scheduled_message_id: 17, id: 0 }],
];

const example = (name: string) => {
  const found = examples.find(([n]) => n === name);
  if (!found) throw new Error(`no example named ${name}`);
  return structuredClone(found[1]);
};

/** The paths of the issues of a failed parse, as `a.b.0` strings. */
function failedPaths(raw: unknown): string[] {
  const result = parseEvent(raw);
  if (result.success) return [];
  return result.error.issues.map((issue) => issue.path.join('.'));
}

describe('known event kinds', () => {
  test.each(examples)('%s parses as a known kind', (_name, raw) => {
    const result = parseEvent(raw);

    expect(result.success && result.data.kind).toBe('known');
  });

  test('every kind has an example here', () => {
    const kinds = new Set(examples.map(([, raw]) => raw.type));

    expect(EVENT_KINDS.filter((kind) => !kinds.has(kind))).toEqual([]);
  });

  test('the schema of an example is found by its type', () => {
    const raw = example('stream update folder_id');

    expect(eventSchemas[raw.type as 'stream'].safeParse(raw).success).toBe(true);
  });

  test('a parsed event keeps fields its schema does not name', () => {
    const result = parseEvent({ ...example('heartbeat'), server_note: 'newer' });

    expect(result.success && result.data.event).toMatchObject({ server_note: 'newer' });
  });

  test('a heartbeat parses with its ID', () => {
    const result = parseEvent({ type: 'heartbeat', id: 41 });

    expect(result.success && result.data).toEqual({ kind: 'known', event: { type: 'heartbeat', id: 41 } });
  });

  test("typing events from servers before feature level 215 say 'private' for direct messages", () => {
    const raw = { ...example('typing direct'), message_type: 'private' };

    expect(parseEvent(raw).success).toBe(true);
  });
});

describe('broken events of a known kind', () => {
  test('a message event with a non-integer message ID fails at message.id', () => {
    const raw = example('message');
    (raw.message as Record<string, unknown>).id = '31';

    expect(failedPaths(raw)).toEqual(['message.id']);
  });

  test('a role update to a role that does not exist fails at person.role', () => {
    const raw = { ...example('realm_user update role'), person: { user_id: 10, role: 700 } };

    expect(failedPaths(raw)).toEqual(['person.role']);
  });

  test('a folder_id update whose value is not a folder ID fails at value', () => {
    const raw = { ...example('stream update folder_id'), value: 'Frontend' };

    expect(failedPaths(raw)).toEqual(['value']);
  });

  test('a group-setting update whose value is not a group-setting value fails at value', () => {
    const raw = { ...example('stream update group setting'), value: { direct_members: 'everyone' } };

    expect(failedPaths(raw)).toEqual(['value']);
  });

  test('a stream update without a value fails at value', () => {
    const { value: _, ...raw } = example('stream update invite_only');

    expect(failedPaths(raw)).toEqual(['value']);
  });

  test('a realm default update whose value does not fit the setting fails at value', () => {
    const raw = { ...example('realm_user_settings_defaults update'), value: 'yes' };

    expect(failedPaths(raw)).toEqual(['value']);
  });

  test('an event without an ID fails at id', () => {
    const { id: _, ...raw } = example('invites_changed');

    expect(failedPaths(raw)).toEqual(['id']);
  });

  test('an op the kind does not have fails at op', () => {
    const raw = { ...example('drafts remove'), op: 'archive' };

    expect(failedPaths(raw)).toEqual(['op']);
  });
});

describe('what a newer server may send', () => {
  test('an event of an unknown kind passes through as it came', () => {
    const raw = { type: 'reminders', op: 'add', reminders: [{ reminder_id: 1 }], id: 9 };

    const result = parseEvent(raw);

    expect(result.success && result.data).toEqual({ kind: 'unknown', event: raw });
  });

  test('a stream update of a property this client does not know passes with any value', () => {
    const raw = { ...example('stream update folder_id'), property: 'can_summarize_group', value: { future: true } };

    expect(parseEvent(raw).success).toBe(true);
  });

  test('a realm_user update of a form this client does not know passes', () => {
    const raw = { ...example('realm_user update role'), person: { user_id: 10, is_imported_stub: false } };

    expect(parseEvent(raw).success).toBe(true);
  });
});

describe('a value by stream property', () => {
  test('isPropertyUpdate narrows the value to the property type', () => {
    const result = parseEvent(example('stream update folder_id'));
    if (!result.success || result.data.kind !== 'known') throw new Error('expected a known event');
    const event = result.data.event;
    if (event.type !== 'stream' || event.op !== 'update') throw new Error('expected a stream update');

    expect(isPropertyUpdate(STREAM_PROPERTY_VALUES, event, 'folder_id')).toBe(true);
    if (isPropertyUpdate(STREAM_PROPERTY_VALUES, event, 'folder_id')) {
      expectTypeOf(event.value).toEqualTypeOf<number | null>();
    }
  });
});

describe('the events endpoints', () => {
  test('a GET /events reply keeps every event raw, known kinds and unknown alike', () => {
    const reply = getEventsReply.parse({
      result: 'success',
      msg: '',
      events: [example('heartbeat'), { type: 'reminders', op: 'add', id: 1 }],
    });

    expect(reply.events.map((event) => event.type)).toEqual(['heartbeat', 'reminders']);
  });

  test('GET /events takes a queue ID and the last event ID', () => {
    expect(getEvents.params.safeParse({ queue_id: '1717:1', last_event_id: -1, dont_block: true }).success).toBe(true);
    expect(getEvents.params.safeParse({ queue_id: '1717:1' }).success).toBe(false);
  });

  test('DELETE /events removes a queue by its ID', () => {
    expect(deleteEventQueue).toMatchObject({ method: 'DELETE', path: '/events' });
    expect(deleteEventQueue.params.safeParse({ queue_id: '1717:1' }).success).toBe(true);
  });
});

describe('realm and default_streams events', () => {
  test('realm update and update_dict parse as known events', () => {
    expect(parseEvent({ id: 1, type: 'realm', op: 'update', property: 'name', value: 'X' })).toMatchObject({ success: true, data: { kind: 'known' } });
    expect(parseEvent({ id: 2, type: 'realm', op: 'update_dict', property: 'default', data: { name: 'X' } })).toMatchObject({ success: true, data: { kind: 'known' } });
  });

  test('default_streams carries channel IDs (or older channel objects); anything else is refused', () => {
    expect(parseEvent({ id: 3, type: 'default_streams', default_streams: [1, 2] })).toMatchObject({ success: true, data: { kind: 'known' } });
    expect(parseEvent({ id: 4, type: 'default_streams', default_streams: 'general' }).success).toBe(false);
  });
});
