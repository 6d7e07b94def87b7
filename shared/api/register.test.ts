import { describe, expect, test } from 'vitest';
import {
  RegisterReply,
  defaultChannelIds,
  register,
  registerParams,
} from './register';

/** A user object as upstream's register `realm_users` carries it. */
const hamlet = {
  user_id: 10,
  email: 'user10@zulip.testserver',
  delivery_email: 'hamlet@zulip.com',
  full_name: 'King Hamlet',
  date_joined: '2024-03-01T10:00:00+00:00',
  is_active: true,
  is_owner: false,
  is_admin: false,
  is_guest: false,
  is_bot: false,
  role: 400,
  timezone: 'Europe/Copenhagen',
  avatar_url: 'https://secure.gravatar.com/avatar/6d8cad?d=identicon&version=1',
  avatar_version: 1,
  profile_data: {},
};

/**
 * A register reply as a current upstream server sends it to the console: upstream's names
 * (`zulip_feature_level`, `realm_moderation_request_channel_id`, `realm_url`), the snapshot types the
 * console fetches, and a field no schema names.
 */
function upstreamReply() {
  return {
    result: 'success',
    msg: '',
    queue_id: '1717171717:12',
    last_event_id: -1,
    zulip_feature_level: 421,
    zulip_version: '11.0',
    zulip_merge_base: '11.0',
    realm_name: 'Elsinore',
    realm_url: 'https://elsinore.example.com',
    realm_empty_topic_display_name: 'general chat',
    realm_topics_policy: 'allow_empty_topic',
    realm_moderation_request_channel_id: 7,
    max_message_length: 10000,
    max_topic_length: 60,
    max_stream_name_length: 60,
    max_stream_description_length: 1024,
    max_channel_folder_name_length: 60,
    max_channel_folder_description_length: 1024,
    max_file_upload_size_mib: 25,
    server_typing_started_wait_period_milliseconds: 10000,
    server_typing_stopped_wait_period_milliseconds: 5000,
    server_typing_started_expiry_period_milliseconds: 15000,
    event_queue_longpoll_timeout_seconds: 90,
    user_id: 10,
    email: 'user10@zulip.testserver',
    delivery_email: 'hamlet@zulip.com',
    full_name: 'King Hamlet',
    is_admin: true,
    is_owner: true,
    is_moderator: false,
    is_guest: false,
    realm_users: [hamlet],
    realm_non_active_users: [{ ...hamlet, user_id: 11, is_active: false, full_name: 'Yorick' }],
    realm_user_groups: [
      {
        id: 2,
        name: 'role:administrators',
        description: 'Administrators of this organization',
        members: [10],
        direct_subgroup_ids: [1],
        is_system_group: true,
        can_mention_group: 11,
      },
    ],
    streams: [
      {
        stream_id: 3,
        name: 'Denmark',
        description: 'A Scandinavian country',
        rendered_description: '<p>A Scandinavian country</p>',
        date_created: 1691057093,
        invite_only: false,
        is_web_public: false,
        history_public_to_subscribers: true,
        first_message_id: 4,
        message_retention_days: null,
        stream_weekly_traffic: null,
        can_remove_subscribers_group: 2,
        folder_id: 1,
        topics_policy: 'inherit',
      },
    ],
    channel_folders: [
      {
        id: 1,
        name: 'Countries',
        description: '',
        rendered_description: '',
        creator_id: 10,
        date_created: 1717000000,
        is_archived: false,
        order: 1,
      },
    ],
    realm_user_settings_defaults: { enter_sends: true, emojiset: 'google', web_font_size_px: 16 },
    realm_default_streams: [3],
    drafts: [],
    scheduled_messages: [],
    saved_snippets: [{ id: 1, title: 'Welcome', content: 'Welcome to **Elsinore**!', date_created: 1717000000 }],
    navigation_views: [{ fragment: 'inbox', is_pinned: true }],
    recent_private_conversations: [{ max_message_id: 58, user_ids: [11] }],
    presences: { '10': { active_timestamp: 1717171700, idle_timestamp: 1717171600 } },
    server_timestamp: 1717171717.5,
    user_status: { '10': { status_text: 'out to lunch', emoji_name: 'car', emoji_code: '1f697', reaction_type: 'unicode_emoji' } },
    realm_linkifiers: [{ pattern: '#(?P<id>[0-9]+)', url_template: 'https://tracker.example.com/{id}', id: 1 }],
    realm_emoji: {
      '1': { id: '1', name: 'green_tick', source_url: '/user_avatars/1/emoji/images/1.png', deactivated: false, author_id: 5 },
    },
    realm_future_setting: { enabled: true },
  };
}

describe('register reply', () => {
  test('a realistic upstream reply parses and keeps a field no schema names', () => {
    const reply = RegisterReply.parse(upstreamReply());

    expect(reply.realm_users?.[0]?.full_name).toBe('King Hamlet');
    expect(reply.realm_future_setting).toEqual({ enabled: true });
  });

  test("upstream's zulip_feature_level is read as the spec's service_feature_level", () => {
    const reply = RegisterReply.parse(upstreamReply());

    expect(reply.service_feature_level).toBe(421);
  });

  test('the spec name wins when a server sends both feature levels', () => {
    const reply = RegisterReply.parse({ ...upstreamReply(), service_feature_level: 430 });

    expect(reply.service_feature_level).toBe(430);
  });

  test('a reply with no feature level under either name fails at service_feature_level', () => {
    const { zulip_feature_level: _, ...withoutLevel } = upstreamReply();

    const result = RegisterReply.safeParse(withoutLevel);

    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['service_feature_level']]);
  });

  test("upstream's moderation request channel is read as the spec's moderation_request_channel", () => {
    const reply = RegisterReply.parse(upstreamReply());

    expect(reply.moderation_request_channel).toBe(7);
  });

  test("upstream's -1 moderation request channel reads as null: reporting is off", () => {
    const reply = RegisterReply.parse({ ...upstreamReply(), realm_moderation_request_channel_id: -1 });

    expect(reply.moderation_request_channel).toBeNull();
  });

  test('a server that says nothing about the moderation channel leaves it undefined', () => {
    const { realm_moderation_request_channel_id: _, ...withoutChannel } = upstreamReply();

    const reply = RegisterReply.parse(withoutChannel);

    expect(reply.moderation_request_channel).toBeUndefined();
  });

  test('realm_uri from servers before feature level 257 is read as realm_url', () => {
    const { realm_url: _, ...older } = upstreamReply();

    const reply = RegisterReply.parse({ ...older, realm_uri: 'https://old.example.com' });

    expect(reply.realm_url).toBe('https://old.example.com');
  });

  test("the feature-level-247 OpenAPI example (queue, feature level and emoji only) parses", () => {
    const example = {
      last_event_id: -1,
      msg: '',
      queue_id: 'fb67bf8a-c031-47cc-84cf-ed80accacda8',
      realm_emoji: {
        '1': { author_id: 5, deactivated: false, id: '1', name: 'green_tick', source_url: '/user_avatars/1/emoji/images/1.png' },
        '2': {
          author_id: 3,
          deactivated: false,
          id: '2',
          name: 'animated_img',
          source_url: '/user_avatars/1/emoji/images/animated_img.gif',
          still_url: '/user_avatars/1/emoji/images/still/animated_img.png',
        },
      },
      result: 'success',
      zulip_feature_level: 2,
      zulip_version: '5.0-dev-1650-gc3fd37755f',
      zulip_merge_base: '5.0-dev-1646-gea6b21cd8c',
    };

    expect(RegisterReply.safeParse(example).success).toBe(true);
  });

  test('unauthenticated access to a public realm gets a null queue_id', () => {
    const reply = RegisterReply.parse({ ...upstreamReply(), queue_id: null });

    expect(reply.queue_id).toBeNull();
  });

  test('a user with an unknown role fails at that user', () => {
    const broken = upstreamReply();
    broken.realm_users = [{ ...hamlet, role: 700 }];

    const result = RegisterReply.safeParse(broken);

    expect(result.error?.issues[0]?.path).toEqual(['realm_users', 0, 'role']);
  });

  test('modern presence keyed by user ID and legacy presence keyed by email both parse', () => {
    const legacy = {
      'user10@zulip.testserver': {
        website: { client: 'website', status: 'idle', timestamp: 1717171600, pushable: false },
        aggregated: { client: 'website', status: 'idle', timestamp: 1717171600 },
      },
    };

    const modern = RegisterReply.safeParse(upstreamReply());
    const old = RegisterReply.safeParse({ ...upstreamReply(), presences: legacy });

    expect([modern.success, old.success]).toEqual([true, true]);
  });
});

describe('default channels', () => {
  test('IDs (feature level 330 on) and channel objects (before) both give the channel IDs', () => {
    expect(defaultChannelIds([3, 5])).toEqual([3, 5]);
    expect(defaultChannelIds([{ stream_id: 3, name: 'Denmark' }, { stream_id: 5 }])).toEqual([3, 5]);
  });
});

describe('register params', () => {
  test("include_subscribers accepts 'partial'", () => {
    expect(registerParams.parse({ include_subscribers: 'partial' }).include_subscribers).toBe('partial');
  });

  test("include_subscribers reads upstream clients' booleans as the spec's strings", () => {
    expect(registerParams.parse({ include_subscribers: true }).include_subscribers).toBe('true');
    expect(registerParams.parse({ include_subscribers: false }).include_subscribers).toBe('false');
  });

  test('include_subscribers refuses a value the spec does not list', () => {
    expect(registerParams.safeParse({ include_subscribers: 'some' }).success).toBe(false);
  });

  test('omitted parameters take the defaults of spec 21', () => {
    const params = registerParams.parse({});

    expect(params).toEqual({
      apply_markdown: false,
      include_subscribers: 'false',
      slim_presence: false,
      presence_history_limit_days: 14,
      all_public_streams: false,
      narrow: [],
    });
  });

  test('a narrow term must be a pair of strings', () => {
    expect(registerParams.safeParse({ narrow: [['is', 'dm']] }).success).toBe(true);
    expect(registerParams.safeParse({ narrow: [['is']] }).success).toBe(false);
  });

  test('client_capabilities are booleans', () => {
    const ok = registerParams.safeParse({ client_capabilities: { bulk_message_deletion: true, empty_topic_name: true } });
    const broken = registerParams.safeParse({ client_capabilities: { bulk_message_deletion: 'yes' } });

    expect(ok.success).toBe(true);
    expect(broken.error?.issues[0]?.path).toEqual(['client_capabilities', 'bulk_message_deletion']);
  });
});

describe('register endpoint', () => {
  test('is spec 21, POST /register, and works without credentials for public realms', () => {
    expect(register).toMatchObject({ spec: 21, method: 'POST', path: '/register', auth: 'optional' });
  });
});
