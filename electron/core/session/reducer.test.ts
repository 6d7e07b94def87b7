// The reducer as a whole: realm settings, user-setting defaults, invitations, reports, heartbeats,
// kinds it does not keep, and that it never changes the state it was given.
import { describe, expect, test } from 'vitest';
import { applyEvent } from './reducer';
import { apply, DEMO, demoState, event } from './testing/demo-snapshot';
import { IdMap } from './id-map';
import type { User } from '../../../shared/api';

const { users, channels } = DEMO;

/** A message event as the queue sends it (apply_markdown false). */
function message(fields: { id: number; sender_id: number; stream_id?: number; type?: 'stream' | 'private' }) {
  const type = fields.type ?? 'stream';
  return {
    type: 'message',
    flags: [],
    message: {
      id: fields.id,
      avatar_url: null,
      client: 'Internal',
      content: 'report',
      content_type: 'text/x-markdown',
      display_recipient: type === 'stream' ? 'moderation' : [],
      is_me_message: false,
      reactions: [],
      recipient_id: 1,
      sender_email: 'notify-bot@sandbox.test',
      sender_full_name: 'Notification Bot',
      sender_id: fields.sender_id,
      sender_realm_str: 'sandbox',
      ...(fields.stream_id === undefined ? {} : { stream_id: fields.stream_id }),
      subject: "Mark Member's moderation requests",
      submessages: [],
      timestamp: 1_700_000_000,
      topic_links: [],
      type,
    },
  };
}

describe('realm', () => {
  test('a new name is the realm’s name', () => {
    const { state, changes } = apply(demoState(), { type: 'realm', op: 'update', property: 'name', value: 'Renamed Org' });
    expect(state.realmName).toBe('Renamed Org');
    expect(changes).toEqual([{ collection: 'realm', ids: [] }]);
  });

  test('update_dict applies the settings it carries', () => {
    const { state } = apply(demoState(), { type: 'realm', op: 'update_dict', property: 'default', data: { name: 'Dict Org', emails_restricted_to_domains: true } });
    expect(state.realmName).toBe('Dict Org');
  });

  test('a new moderation request channel forgets the old count until the session counts again', () => {
    const { state, changes } = apply(demoState(), { type: 'realm', op: 'update', property: 'moderation_request_channel_id', value: channels.leadership });
    expect(state.moderationRequestChannelId).toBe(channels.leadership);
    expect(state.reportIds).toBeNull();
    expect(changes).toEqual([{ collection: 'realm', ids: [] }, { collection: 'reports', ids: [] }]);
  });

  test('-1 turns moderation requests off', () => {
    expect(apply(demoState(), { type: 'realm', op: 'update', property: 'moderation_request_channel_id', value: -1 }).state.moderationRequestChannelId).toBeNull();
  });

  test('settings the state does not keep, and other ops, change nothing', () => {
    const before = demoState();
    expect(apply(before, { type: 'realm', op: 'update', property: 'waiting_period_threshold', value: 3 }).state).toBe(before);
    expect(apply(before, { type: 'realm', op: 'deactivated', realm_id: 1 }).changes).toEqual([]);
  });
});

describe('realm_user_settings_defaults', () => {
  test('update changes one default', () => {
    const { state, changes } = apply(demoState(), { type: 'realm_user_settings_defaults', op: 'update', property: 'twenty_four_hour_time', value: true });
    expect(state.userSettingsDefaults.twenty_four_hour_time).toBe(true);
    expect(changes).toEqual([{ collection: 'defaults', ids: [] }]);
  });

  test('a setting this client does not know is kept', () => {
    const { state } = apply(demoState(), { type: 'realm_user_settings_defaults', op: 'update', property: 'web_future_setting', value: 2 });
    expect(state.userSettingsDefaults).toHaveProperty('web_future_setting', 2);
  });

  test('the value it already has changes nothing', () => {
    const before = demoState();
    expect(apply(before, { type: 'realm_user_settings_defaults', op: 'update', property: 'emojiset', value: before.userSettingsDefaults.emojiset as string }).changes).toEqual([]);
  });
});

describe('custom_profile_fields', () => {
  test('the snapshot\'s fields are the state\'s, in display order', () => {
    expect(demoState().profileFields.map((field) => field.name)).toEqual(['Pronouns', 'Team']);
  });

  test('the event replaces the whole list, kept in display order, and says the fields changed', () => {
    const fields = [
      { id: 2, name: 'Team', type: 1, hint: '', field_data: '', order: 3 },
      { id: 3, name: 'Office', type: 1, hint: 'Where you sit', field_data: '', order: 1 },
    ];
    const { state, changes } = apply(demoState(), { type: 'custom_profile_fields', fields });
    expect(state.profileFields.map((field) => field.name)).toEqual(['Office', 'Team']);
    expect(changes).toEqual([{ collection: 'profileFields', ids: [] }]);
  });
});

test('invites_changed marks the invitations stale and leaves the list for the session to refetch', () => {
  const before = demoState();
  const { state, changes } = apply(before, { type: 'invites_changed' });
  expect(state.invitationsStale).toBe(true);
  expect(state.invitations).toBe(before.invitations);
  expect(changes).toEqual([]);
});

describe('reports', () => {
  test('a message from the notification bot in the moderation channel is a new report', () => {
    const { state, changes } = apply(demoState(), message({ id: 500, sender_id: users.notifyBot, stream_id: channels.moderation }));
    expect(state.reportIds?.size).toBe(DEMO.reports.length + 1);
    expect(changes).toEqual([{ collection: 'reports', ids: [500] }]);
  });

  test('anyone else’s message there, and the bot’s messages elsewhere, are not reports', () => {
    const before = demoState();
    expect(apply(before, message({ id: 501, sender_id: users.mona, stream_id: channels.moderation })).state).toBe(before);
    expect(apply(before, message({ id: 502, sender_id: users.notifyBot, stream_id: channels.general })).state).toBe(before);
    expect(apply(before, message({ id: 503, sender_id: users.notifyBot, type: 'private' })).state).toBe(before);
  });

  test('the same report twice is counted once', () => {
    const once = apply(demoState(), message({ id: 500, sender_id: users.notifyBot, stream_id: channels.moderation })).state;
    expect(apply(once, message({ id: 500, sender_id: users.notifyBot, stream_id: channels.moderation })).changes).toEqual([]);
  });

  test('without a count (no access) a report changes nothing', () => {
    const uncounted = { ...demoState(), reportIds: null };
    expect(apply(uncounted, message({ id: 500, sender_id: users.notifyBot, stream_id: channels.moderation })).state.reportIds).toBeNull();
  });

  test('a bulk deletion removes the reports among its messages', () => {
    const [first, second] = DEMO.reports;
    const { state, changes } = apply(demoState(), { type: 'delete_message', message_ids: [first, second, 4], message_type: 'stream', stream_id: channels.moderation, topic: 'x' });
    expect([...(state.reportIds ?? [])]).toEqual([DEMO.reports[2]]);
    expect(changes).toEqual([
      { collection: 'messages', ids: [4, first, second].sort((a, b) => (a ?? 0) - (b ?? 0)) },
      { collection: 'reports', ids: [first, second] },
    ]);
  });

  test('a single deletion (clients without bulk_message_deletion) removes its report', () => {
    const { state } = apply(demoState(), { type: 'delete_message', message_id: DEMO.reports[0], message_type: 'stream', stream_id: channels.moderation, topic: 'x' });
    expect(state.reportIds?.has(DEMO.reports[0])).toBe(false);
  });

  test('deleting other messages leaves the reports, and names the messages for the screens that show them', () => {
    const before = demoState();
    const { state, changes } = apply(before, { type: 'delete_message', message_ids: [2, 1], message_type: 'stream', stream_id: channels.general, topic: 'x' });
    expect(state).toBe(before);
    expect(changes).toEqual([{ collection: 'messages', ids: [1, 2] }]);
  });

  test('without a count of reports, a deletion is still named', () => {
    const uncounted = { ...demoState(), reportIds: null };
    const { state, changes } = apply(uncounted, { type: 'delete_message', message_id: 7, message_type: 'private' });
    expect(state).toBe(uncounted);
    expect(changes).toEqual([{ collection: 'messages', ids: [7] }]);
  });
});

test('a heartbeat changes nothing', () => {
  const before = demoState();
  const result = apply(before, { type: 'heartbeat' });
  expect(result.state).toBe(before);
  expect(result.changes).toEqual([]);
});

test('kinds the console does not keep change nothing', () => {
  const before = demoState();
  const typing = event({ type: 'typing', op: 'start', message_type: 'direct', sender: { user_id: 3, email: 'adam@sandbox.test' }, recipients: [{ user_id: 2, email: 'olivia@sandbox.test' }] });
  expect(applyEvent(before, typing)).toEqual({ state: before, changes: [] });
});

test('the state given is never modified', () => {
  const before = demoState();
  const snapshot = structuredClone({
    users: [...before.users],
    channels: [...before.channels],
    subscriptions: [...before.subscriptions],
    subscribers: [...before.subscribers],
    groups: [...before.groups],
    folders: [...before.folders],
    defaults: before.userSettingsDefaults,
    defaultChannels: [...before.defaultChannelIds],
    reports: [...(before.reportIds ?? [])],
  });
  const events = [
    { type: 'realm_user', op: 'update', person: { user_id: users.mark, role: 300 } },
    { type: 'realm_user', op: 'update', person: { user_id: users.mark, custom_profile_field: { id: 1, value: 'x' } } },
    { type: 'stream', op: 'update', stream_id: channels.general, name: 'general', property: 'description', value: 'changed' },
    { type: 'stream', op: 'delete', stream_ids: [channels.design] },
    { type: 'subscription', op: 'peer_add', stream_ids: [channels.general], user_ids: [999] },
    { type: 'subscription', op: 'update', stream_id: channels.general, property: 'color', value: '#000' },
    { type: 'user_group', op: 'add_members', group_id: DEMO.groups.engineers, user_ids: [users.gina] },
    { type: 'channel_folder', op: 'reorder', order: [2, 1] },
    { type: 'realm_user_settings_defaults', op: 'update', property: 'twenty_four_hour_time', value: true },
    { type: 'default_streams', default_streams: [] },
    { type: 'delete_message', message_ids: [...DEMO.reports] },
  ];
  let state = before;
  for (const raw of events) state = apply(state, raw).state;
  expect({
    users: [...before.users],
    channels: [...before.channels],
    subscriptions: [...before.subscriptions],
    subscribers: [...before.subscribers],
    groups: [...before.groups],
    folders: [...before.folders],
    defaults: before.userSettingsDefaults,
    defaultChannels: [...before.defaultChannelIds],
    reports: [...(before.reportIds ?? [])],
  }).toEqual(snapshot);
  expect(state).not.toBe(before);
});

test('a change to one of 20,000 users leaves every other user object shared with the previous state', () => {
  const base = demoState();
  const template = base.users.get(users.kemi) as User;
  const many = { ...base, users: IdMap.of(Array.from({ length: 20_000 }, (_, i) => ({ ...template, user_id: 1000 + i })), (user) => user.user_id) };
  const { state } = apply(many, { type: 'realm_user', op: 'update', person: { user_id: 1500, role: 200 } });
  expect(state.users.get(1500)?.role).toBe(200);
  expect(many.users.get(1500)?.role).toBe(400);
  expect(state.users.get(1501)).toBe(many.users.get(1501));
  expect(state.users.size).toBe(20_000);
});
