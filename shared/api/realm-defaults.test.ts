import { describe, expect, test } from 'vitest';
import {
  BOOLEAN_SETTINGS,
  ENUM_INT_SETTINGS,
  ENUM_STRING_SETTINGS,
  INT_SETTINGS,
  RealmUserSettingsDefaults,
  updateRealmUserSettingsDefaultsParams as params,
} from './realm-defaults';

const accepts = (update: Record<string, unknown>) => params.safeParse(update).success;

/**
 * `realm_user_settings_defaults` as an upstream server at feature level 247 sends it: the field list of
 * the register schema in reference/upstream-openapi-fl247.yaml (its register example leaves this object
 * out), with upstream's default values. It has fields the spec does not list (dense_mode,
 * default_language, the two account emails, email_address_visibility) and lacks the settings upstream
 * added later (hide_ai_features, web_animate_image_previews, ...).
 */
const upstreamSnapshot = {
  twenty_four_hour_time: false,
  dense_mode: true,
  web_mark_read_on_scroll_policy: 1,
  starred_message_counts: true,
  fluid_layout_width: false,
  high_contrast_mode: false,
  web_font_size_px: 14,
  web_line_height_percent: 122,
  color_scheme: 1,
  translate_emoticons: false,
  display_emoji_reaction_users: true,
  default_language: 'en',
  web_home_view: 'inbox',
  web_escape_navigates_to_home_view: true,
  left_side_userlist: false,
  emojiset: 'google',
  demote_inactive_streams: 1,
  user_list_style: 2,
  web_stream_unreads_count_display_policy: 2,
  enable_stream_desktop_notifications: false,
  enable_stream_email_notifications: false,
  enable_stream_push_notifications: false,
  enable_stream_audible_notifications: false,
  notification_sound: 'zulip',
  enable_desktop_notifications: true,
  enable_sounds: true,
  enable_offline_email_notifications: true,
  enable_offline_push_notifications: true,
  enable_online_push_notifications: true,
  enable_followed_topic_desktop_notifications: true,
  enable_followed_topic_email_notifications: true,
  enable_followed_topic_push_notifications: true,
  enable_followed_topic_audible_notifications: true,
  enable_digest_emails: true,
  enable_marketing_emails: true,
  enable_login_emails: true,
  message_content_in_email_notifications: true,
  pm_content_in_desktop_notifications: true,
  wildcard_mentions_notify: true,
  enable_followed_topic_wildcard_mentions_notify: true,
  desktop_icon_count_display: 1,
  realm_name_in_email_notifications_policy: 1,
  automatically_follow_topics_policy: 3,
  automatically_unmute_topics_in_muted_streams_policy: 2,
  automatically_follow_topics_where_mentioned: true,
  presence_enabled: true,
  enter_sends: false,
  enable_drafts_synchronization: true,
  email_notifications_batching_period_seconds: 120,
  available_notification_sounds: ['chime', 'ding', 'zulip'],
  emojiset_choices: [
    { key: 'google', text: 'Google' },
    { key: 'twitter', text: 'Twitter' },
    { key: 'text', text: 'Plain text' },
    { key: 'google-blob', text: 'Google blobs' },
  ],
  send_private_typing_notifications: true,
  send_stream_typing_notifications: true,
  send_read_receipts: true,
  email_address_visibility: 1,
};

describe('PATCH /realm/user_settings_defaults params (spec 4)', () => {
  test('an empty update is valid, since every parameter is optional', () => {
    expect(params.parse({})).toEqual({});
  });

  describe.each(Object.entries(ENUM_INT_SETTINGS))('%s', (name, table) => {
    const allowed = Object.keys(table).map(Number);

    test('accepts every value in its table', () => {
      expect(allowed.filter((value) => !accepts({ [name]: value }))).toEqual([]);
    });

    test('rejects the integers just outside its table', () => {
      expect(accepts({ [name]: Math.min(...allowed) - 1 })).toBe(false);
      expect(accepts({ [name]: Math.max(...allowed) + 1 })).toBe(false);
    });
  });

  describe.each(Object.entries(ENUM_STRING_SETTINGS))('%s', (name, table) => {
    test('accepts every value in its table', () => {
      expect(Object.keys(table).filter((value) => !accepts({ [name]: value }))).toEqual([]);
    });

    test('rejects a value outside its table', () => {
      expect(accepts({ [name]: 'not_a_value' })).toBe(false);
    });
  });

  test("emojiset takes upstream's brand-named values, which the spec elides", () => {
    expect(['google', 'twitter', 'google-blob'].filter((value) => !accepts({ emojiset: value }))).toEqual([]);
  });

  test('boolean parameters reject the strings "true" and "false"', () => {
    const acceptingStrings = BOOLEAN_SETTINGS.filter(
      (name) => accepts({ [name]: 'true' }) || accepts({ [name]: 'false' }),
    );
    expect(acceptingStrings).toEqual([]);
  });

  describe.each(Object.entries(INT_SETTINGS))('%s', (name, { min, max }) => {
    test(`accepts ${min} to ${max}`, () => {
      expect(accepts({ [name]: min }) && accepts({ [name]: max })).toBe(true);
    });

    test('rejects values just outside its bounds', () => {
      expect(accepts({ [name]: min - 1 })).toBe(false);
      expect(accepts({ [name]: max + 1 })).toBe(false);
    });

    test('rejects a fraction', () => {
      expect(accepts({ [name]: min + 0.5 })).toBe(false);
    });
  });

  test('an email batching period longer than one week is refused, as upstream refuses it', () => {
    expect(accepts({ email_notifications_batching_period_seconds: 7 * 24 * 60 * 60 + 1 })).toBe(false);
  });

  test('notification_sound takes any sound name but not an empty one', () => {
    expect(accepts({ notification_sound: 'ding' })).toBe(true);
    expect(accepts({ notification_sound: '' })).toBe(false);
  });

  test('a parameter the spec does not list is dropped rather than sent', () => {
    expect(params.parse({ color_scheme: 2, email_address_visibility: 1 })).toEqual({ color_scheme: 2 });
  });
});

describe('register snapshot realm_user_settings_defaults', () => {
  test("an upstream server's snapshot parses", () => {
    expect(RealmUserSettingsDefaults.safeParse(upstreamSnapshot).success).toBe(true);
  });

  test('fields the console does not know are kept', () => {
    const parsed = RealmUserSettingsDefaults.parse({ ...upstreamSnapshot, web_navigate_to_sent_message: true });
    expect(parsed).toMatchObject({ web_navigate_to_sent_message: true, dense_mode: true, default_language: 'en' });
  });

  test('an option value from a newer server does not make the snapshot unreadable', () => {
    expect(RealmUserSettingsDefaults.safeParse({ ...upstreamSnapshot, color_scheme: 4 }).success).toBe(true);
  });

  test('a value of the wrong type is rejected, naming the field', () => {
    const result = RealmUserSettingsDefaults.safeParse({ ...upstreamSnapshot, enter_sends: 'yes' });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['enter_sends']]);
  });
});
