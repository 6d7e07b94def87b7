// Realm-level defaults of user settings: spec endpoint 4 (PATCH /realm/user_settings_defaults), and the
// register snapshot `realm_user_settings_defaults` (https://zulip.com/api/update-realm-user-settings-defaults,
// https://zulip.com/api/register-queue).
//
// The settings are kept as data, one table per kind, and the params schema is built from the tables, so
// the values the console sends and the values the catalogue (shared/domain/user-settings-defaults.ts)
// offers come from the same place.
import { z } from 'zod';
import { EmptySuccess, endpoint } from './envelope';

/** spec 4 "Boolean parameters", in the spec's order. */
export const BOOLEAN_SETTINGS = [
  'starred_message_counts',
  'receives_typing_notifications',
  'web_suggest_update_timezone',
  'fluid_layout_width',
  'high_contrast_mode',
  // spec 4: when disabled, server-side drafts are deleted
  'enable_drafts_synchronization',
  'translate_emoticons',
  'display_emoji_reaction_users',
  'web_escape_navigates_to_home_view',
  'left_side_userlist',
  'hide_ai_features',
  'web_left_sidebar_show_channel_folders',
  'web_left_sidebar_unreads_count_summary',
  'enable_stream_desktop_notifications',
  'enable_stream_email_notifications',
  'enable_stream_push_notifications',
  'enable_stream_audible_notifications',
  'enable_desktop_notifications',
  'enable_sounds',
  'enable_followed_topic_desktop_notifications',
  'enable_followed_topic_email_notifications',
  'enable_followed_topic_push_notifications',
  'enable_followed_topic_audible_notifications',
  'enable_offline_email_notifications',
  'enable_offline_push_notifications',
  'enable_online_push_notifications',
  'enable_digest_emails',
  'message_content_in_email_notifications',
  'pm_content_in_desktop_notifications',
  'wildcard_mentions_notify',
  'enable_followed_topic_wildcard_mentions_notify',
  'automatically_follow_topics_where_mentioned',
  'presence_enabled',
  'enter_sends',
  'twenty_four_hour_time',
  'send_private_typing_notifications',
  'send_stream_typing_notifications',
  'send_read_receipts',
] as const;
export type BooleanSettingName = (typeof BOOLEAN_SETTINGS)[number];

// spec 4: automatically_unmute_topics_in_muted_streams_policy has "same values as the previous row".
const TOPIC_VISIBILITY_POLICY = {
  1: 'topics the user participates in',
  2: 'topics the user sends a message to',
  3: 'topics the user starts',
  4: 'never',
} as const;

/** spec 4 "Integer parameters with enumerated values": each allowed value and the spec's meaning. */
export const ENUM_INT_SETTINGS = {
  web_mark_read_on_scroll_policy: { 1: 'always', 2: 'only in conversation views', 3: 'never' },
  web_channel_default_view: { 1: 'top topic', 2: 'channel feed', 3: 'list of topics', 4: 'top unread topic' },
  color_scheme: { 1: 'automatic', 2: 'dark', 3: 'light' },
  demote_inactive_streams: { 1: 'automatic', 2: 'always', 3: 'never' },
  user_list_style: { 1: 'compact', 2: 'with status', 3: 'with avatar and status' },
  web_stream_unreads_count_display_policy: { 1: 'all channels', 2: 'unmuted channels and topics', 3: 'no channels' },
  desktop_icon_count_display: { 1: 'all unread', 2: 'DMs/mentions/followed topics', 3: 'DMs and mentions', 4: 'none' },
  realm_name_in_email_notifications_policy: { 1: 'automatic', 2: 'always', 3: 'never' },
  automatically_follow_topics_policy: TOPIC_VISIBILITY_POLICY,
  automatically_unmute_topics_in_muted_streams_policy: TOPIC_VISIBILITY_POLICY,
} as const satisfies Record<string, Readonly<Record<number, string>>>;
export type EnumIntSettingName = keyof typeof ENUM_INT_SETTINGS;

/**
 * spec 4 "Other integer parameters", with the spec's unit. The spec gives no range; the bounds are
 * upstream's:
 * - web_font_size_px 12 to 20 and web_line_height_percent 122 to 158: the range the upstream web app
 *   offers (web/src/information_density.ts, INFO_DENSITY_VALUES_DICT; help/font-size.md "from 12 to
 *   20"). Upstream's server only checks that they are integers; the console keeps to what a user of
 *   the upstream app can choose, so a default it sets is one that app can show and change.
 * - email_notifications_batching_period_seconds 1 to 604800: upstream's server rejects `<= 0` and more
 *   than one week with "Invalid email batching period: N seconds" (zerver/views/user_settings.py).
 */
export const INT_SETTINGS = {
  web_font_size_px: { unit: 'px', min: 12, max: 20 },
  /** Percent of the font size: 140 means a line height of 1.4 (spec: 120 means 1.2). */
  web_line_height_percent: { unit: '%', min: 122, max: 158 },
  email_notifications_batching_period_seconds: { unit: 'seconds', min: 1, max: 7 * 24 * 60 * 60 },
} as const satisfies Record<string, { unit: string; min: number; max: number }>;
export type IntSettingName = keyof typeof INT_SETTINGS;

/** spec 4 "String parameters" with enumerated values: each allowed value and its meaning. */
export const ENUM_STRING_SETTINGS = {
  // The spec lists the values only; the meanings are upstream's (OpenAPI: "Recent conversations view"...).
  web_home_view: { recent_topics: 'recent conversations', inbox: 'inbox', all_messages: 'all messages' },
  // The spec writes `text` and elides the two brand-named values as <emoji_set_a> and <emoji_set_b>.
  // These four are upstream's actual values and names (https://github.com/zulip/zulip/blob/main/zerver/models/users.py); upstream's default is `google`.
  emojiset: { google: 'Google', twitter: 'Twitter', text: 'plain text', 'google-blob': 'Google blobs' },
  web_animate_image_previews: { always: 'always', on_hover: 'on hover', never: 'never' },
  resolved_topic_notice_auto_read_policy: {
    always: 'always',
    except_followed: 'except in followed topics',
    never: 'never',
  },
} as const satisfies Record<string, Readonly<Record<string, string>>>;
export type EnumStringSettingName = keyof typeof ENUM_STRING_SETTINGS;

/**
 * spec 4 free-string parameters. `notification_sound` names one of the server's
 * `available_notification_sounds` (register snapshot); upstream also accepts `none`. Only the server
 * knows its sounds, so here it is any non-empty name.
 */
export const STRING_SETTINGS = ['notification_sound'] as const;
export type StringSettingName = (typeof STRING_SETTINGS)[number];

export type UserSettingName =
  | BooleanSettingName
  | EnumIntSettingName
  | IntSettingName
  | EnumStringSettingName
  | StringSettingName;

/** The allowed values of one enumerated setting, as a literal schema (object keys are strings). */
function valuesOf(table: Readonly<Record<string, string>>, keyType: 'int' | 'string') {
  const keys = Object.keys(table);
  return z.literal(keyType === 'int' ? keys.map(Number) : keys);
}

/** One schema per name. The casts only restore the per-name types that Object.fromEntries loses. */
function shapeOf<N extends string, S extends z.ZodType>(names: readonly N[], schema: (name: N) => S) {
  return Object.fromEntries(names.map((name) => [name, schema(name)])) as { [K in N]: S };
}
const namesOf = <T extends object>(tables: T) => Object.keys(tables) as (keyof T & string)[];

type EnumIntParams = {
  [K in EnumIntSettingName]: z.ZodOptional<z.ZodLiteral<keyof (typeof ENUM_INT_SETTINGS)[K] & number>>;
};
type EnumStringParams = {
  [K in EnumStringSettingName]: z.ZodOptional<z.ZodLiteral<keyof (typeof ENUM_STRING_SETTINGS)[K] & string>>;
};

// spec 4: administrators only; changes defaults for new users only; every parameter is optional.
// Parameters the spec does not show ("after send_read_receipts", e.g. upstream's
// email_address_visibility) are not sent: an unknown key is dropped by the schema.
export const updateRealmUserSettingsDefaultsParams = z.object({
  ...shapeOf(BOOLEAN_SETTINGS, () => z.boolean().optional()),
  ...(shapeOf(namesOf(ENUM_INT_SETTINGS), (name) =>
    valuesOf(ENUM_INT_SETTINGS[name], 'int').optional(),
  ) as EnumIntParams),
  ...shapeOf(namesOf(INT_SETTINGS), (name) => {
    const { min, max } = INT_SETTINGS[name];
    return z.int().min(min).max(max).optional();
  }),
  ...(shapeOf(namesOf(ENUM_STRING_SETTINGS), (name) =>
    valuesOf(ENUM_STRING_SETTINGS[name], 'string').optional(),
  ) as EnumStringParams),
  ...shapeOf(STRING_SETTINGS, () => z.string().min(1).optional()),
});
export type UpdateRealmUserSettingsDefaultsParams = z.input<typeof updateRealmUserSettingsDefaultsParams>;

export const updateRealmUserSettingsDefaults = endpoint(
  'PATCH',
  '/realm/user_settings_defaults',
  updateRealmUserSettingsDefaultsParams,
  EmptySuccess,
  { spec: 4 },
);

/** One entry of the register snapshot's `emojiset_choices`: `key` is an `emojiset` value. */
export const EmojisetChoice = z.looseObject({ key: z.string(), text: z.string() });
export type EmojisetChoice = z.infer<typeof EmojisetChoice>;

/**
 * The register snapshot `realm_user_settings_defaults` (upstream: every RealmUserDefault property, plus
 * `emojiset_choices` and `available_notification_sounds`). Every field is optional because servers of
 * different feature levels have different settings, and unknown fields are kept.
 *
 * Values are read more loosely than params are written: an enumerated setting is any integer or string
 * and the integer settings are unbounded, because this is what the server holds (upstream does not
 * bound font size or line height, and a newer server may add an option). One unfamiliar value must not
 * make the whole register reply unreadable; the screen shows it as it is.
 */
export const RealmUserSettingsDefaults = z.looseObject({
  ...shapeOf(BOOLEAN_SETTINGS, () => z.boolean().optional()),
  ...shapeOf(namesOf(ENUM_INT_SETTINGS), () => z.int().optional()),
  ...shapeOf(namesOf(INT_SETTINGS), () => z.int().optional()),
  ...shapeOf(namesOf(ENUM_STRING_SETTINGS), () => z.string().optional()),
  ...shapeOf(STRING_SETTINGS, () => z.string().optional()),
  emojiset_choices: z.array(EmojisetChoice).optional(),
  available_notification_sounds: z.array(z.string()).optional(),
});
export type RealmUserSettingsDefaults = z.infer<typeof RealmUserSettingsDefaults>;
