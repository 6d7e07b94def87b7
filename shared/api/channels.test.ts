import { describe, expect, test } from 'vitest';
import { getStreams, getTopics, Subscription, updateChannel } from './channels';

const subscription = {
  stream_id: 7,
  name: 'design',
  description: 'Where **design** happens',
  rendered_description: '<p>Where <strong>design</strong> happens</p>',
  date_created: 1691057093,
  creator_id: null,
  invite_only: false,
  subscribers: [1, 2, 3],
  desktop_notifications: null,
  email_notifications: null,
  push_notifications: true,
  audible_notifications: null,
  wildcard_mentions_notify: false,
  pin_to_top: false,
  is_muted: false,
  in_home_view: true,
  is_announcement_only: false,
  is_web_public: false,
  color: '#76ce90',
  stream_post_policy: 1,
  message_retention_days: null,
  history_public_to_subscribers: true,
  first_message_id: 18,
  folder_id: 2,
  topics_policy: 'inherit',
  is_recently_active: true,
  stream_weekly_traffic: null,
  can_add_subscribers_group: 11,
  can_remove_subscribers_group: { direct_members: [1], direct_subgroups: [12] },
  can_administer_channel_group: 12,
};

describe('subscription object', () => {
  test('a subscription from the register response parses', () => {
    expect(Subscription.parse(subscription).name).toBe('design');
  });

  test('fields the spec does not list are kept', () => {
    const parsed = Subscription.parse({ ...subscription, newer_field: 'kept' });
    expect(parsed).toHaveProperty('newer_field', 'kept');
  });

  test('subscribers may be absent or replaced by partial_subscribers', () => {
    const { subscribers: _omitted, ...rest } = subscription;
    expect(Subscription.safeParse({ ...rest, partial_subscribers: [4] }).success).toBe(true);
  });

  test('a subscription without topics_policy is rejected', () => {
    const { topics_policy: _omitted, ...rest } = subscription;
    expect(Subscription.safeParse(rest).success).toBe(false);
  });
});

describe('update a channel (spec 3)', () => {
  const parse = (params: object) => updateChannel.params.safeParse({ stream_id: 7, ...params });

  test.each([30, 'realm_default', 'unlimited'])('message_retention_days accepts %s', (value) => {
    expect(parse({ message_retention_days: value }).success).toBe(true);
  });

  test('message_retention_days rejects the pre-level-91 "forever"', () => {
    expect(parse({ message_retention_days: 'forever' }).success).toBe(false);
  });

  test('folder_id null removes the channel from its folder', () => {
    expect(parse({ folder_id: null }).success).toBe(true);
  });

  test('a group setting change takes an anonymous group and an optional expected old value', () => {
    const change = { new: { direct_members: [3], direct_subgroups: [] }, old: 12 };
    expect(parse({ can_administer_channel_group: change }).success).toBe(true);
  });

  test('a group setting given as a bare value instead of {new, old} is rejected', () => {
    expect(parse({ can_remove_subscribers_group: 12 }).success).toBe(false);
  });

  test('topics_policy accepts only the four policies', () => {
    expect(parse({ topics_policy: 'no_topics' }).success).toBe(false);
  });
});

describe('get streams', () => {
  test('the upstream example reply parses', () => {
    const reply = {
      msg: '',
      result: 'success',
      streams: [
        {
          can_remove_subscribers_group: 10,
          date_created: 1691057093,
          description: 'A private stream',
          first_message_id: 18,
          history_public_to_subscribers: false,
          invite_only: true,
          is_announcement_only: false,
          is_default: false,
          is_web_public: false,
          message_retention_days: null,
          name: 'management',
          rendered_description: '<p>A private stream</p>',
          stream_id: 2,
          stream_post_policy: 1,
          stream_weekly_traffic: null,
        },
      ],
    };
    expect(getStreams.reply.parse(reply).streams[0]?.name).toBe('management');
  });

  test('a current server’s stream with folder, archive state and group settings parses', () => {
    const stream = {
      stream_id: 9,
      name: 'archive-me',
      description: '',
      rendered_description: '',
      date_created: 1700000000,
      creator_id: 4,
      invite_only: false,
      is_web_public: false,
      history_public_to_subscribers: true,
      first_message_id: null,
      message_retention_days: -1,
      stream_weekly_traffic: 3,
      is_archived: true,
      subscriber_count: 12,
      folder_id: null,
      topics_policy: 'disable_empty_topic',
      can_remove_subscribers_group: 2,
      can_send_message_group: { direct_members: [4], direct_subgroups: [2] },
    };
    const parsed = getStreams.reply.parse({ result: 'success', msg: '', streams: [stream] });
    expect(parsed.streams[0]?.is_archived).toBe(true);
  });
});

describe('get topics (spec 15)', () => {
  test('the channel ID is a path parameter', () => {
    expect(getTopics.path).toBe('/users/me/{stream_id}/topics');
    expect(getTopics.params.safeParse({}).success).toBe(false);
  });

  test('a topics reply parses', () => {
    const reply = { msg: '', result: 'success', topics: [{ max_id: 26, name: 'Denmark3' }, { max_id: 6, name: '' }] };
    expect(getTopics.reply.parse(reply).topics).toHaveLength(2);
  });
});
