// The feature level at which upstream added each parameter of PATCH /realm/user_settings_defaults
// (spec endpoint 4), and the enumerated values added later than their setting. An older server does
// not know a newer parameter: it ignores it and lists it in `ignored_parameters_unsupported` (from
// feature level 167; see https://zulip.com/api/rest-error-handling#ignored-parameters), and its
// register snapshot does not report it.
//
// Source: upstream's API changelog, https://zulip.com/api/changelog (api_docs/changelog.md in
// https://github.com/zulip/zulip), read entry by entry. The endpoint itself is new in feature level 96
// ("Added new endpoint to update default values of user settings in a realm"); the settings upstream
// had before that are supported from 96.
import { z } from 'zod';
import { ENUM_INT_SETTINGS, updateRealmUserSettingsDefaultsParams, type UserSettingName } from './realm-defaults';

/** Feature level 96: PATCH /realm/user_settings_defaults exists. */
export const REALM_DEFAULTS_ENDPOINT_SINCE = 96;

/** Settings added after the endpoint, with the changelog entry that added them. */
const ADDED_LATER = {
  // 99: `twenty_four_hour_time` moves here from PATCH /realm's `default_twenty_four_hour_time`.
  twenty_four_hour_time: 99,
  // 105: three new privacy settings.
  send_private_typing_notifications: 105,
  send_stream_typing_notifications: 105,
  send_read_receipts: 105,
  display_emoji_reaction_users: 125,
  user_list_style: 141,
  // 168: replaces the boolean `realm_name_in_notifications`.
  realm_name_in_email_notifications_policy: 168,
  web_mark_read_on_scroll_policy: 175,
  enable_followed_topic_desktop_notifications: 189,
  enable_followed_topic_email_notifications: 189,
  enable_followed_topic_push_notifications: 189,
  enable_followed_topic_audible_notifications: 189,
  enable_followed_topic_wildcard_mentions_notify: 189,
  web_stream_unreads_count_display_policy: 210,
  automatically_follow_topics_policy: 214,
  automatically_unmute_topics_in_muted_streams_policy: 214,
  // 219: renamed from `default_view` and `escape_navigates_to_default_view`; an older server knows
  // only the old names, so the new ones are unknown to it.
  web_home_view: 219,
  web_escape_navigates_to_home_view: 219,
  automatically_follow_topics_where_mentioned: 235,
  web_font_size_px: 245,
  web_line_height_percent: 245,
  receives_typing_notifications: 253,
  web_channel_default_view: 269,
  web_animate_image_previews: 275,
  web_suggest_update_timezone: 329,
  hide_ai_features: 350,
  resolved_topic_notice_auto_read_policy: 385,
  web_left_sidebar_unreads_count_summary: 398,
  web_left_sidebar_show_channel_folders: 411,
} as const satisfies Partial<Record<UserSettingName, number>>;

const PARAM_NAMES = Object.keys(updateRealmUserSettingsDefaultsParams.shape) as UserSettingName[];

/** The feature level at which upstream's PATCH /realm/user_settings_defaults accepts each setting. */
export const USER_SETTING_SINCE: Readonly<Record<UserSettingName, number>> = Object.fromEntries(
  PARAM_NAMES.map((name) => [name, (ADDED_LATER as Partial<Record<UserSettingName, number>>)[name] ?? REALM_DEFAULTS_ENDPOINT_SINCE]),
) as Record<UserSettingName, number>;

/**
 * Enumerated values added after their setting: 383 added "list of topics" (3) and 401 "top unread
 * topic" (4) to `web_channel_default_view`. An older server refuses them as invalid values.
 * (227 renumbered `desktop_icon_count_display` to insert "DMs, mentions and followed topics"; below
 * 227 its numbers mean other things, which the console does not try to translate.)
 */
export const ENUM_VALUE_SINCE: { readonly [N in keyof typeof ENUM_INT_SETTINGS]?: Readonly<Partial<Record<number, number>>> } = {
  web_channel_default_view: { 3: 383, 4: 401 },
};

/** Whether a server at `level` accepts this setting. */
export function supportsSetting(level: number, name: UserSettingName): boolean {
  return level >= USER_SETTING_SINCE[name];
}

/** Whether a server at `level` accepts this value of an enumerated integer setting. */
export function supportsValue(level: number, name: UserSettingName, value: unknown): boolean {
  const since = (ENUM_VALUE_SINCE as Partial<Record<string, Partial<Record<number, number>>>>)[name];
  const needed = typeof value === 'number' ? since?.[value] : undefined;
  return needed === undefined || level >= needed;
}

/** The settings a server at `level` does not know, in the spec's order. */
export function settingsUnsupportedAt(level: number): UserSettingName[] {
  return PARAM_NAMES.filter((name) => !supportsSetting(level, name));
}

/**
 * The params schema as a server at `level` reads it: newer settings are not parameters at all (so a
 * request's parser lists them as ignored), and newer values of older settings are invalid.
 */
export function realmDefaultsParamsAt(level: number): typeof updateRealmUserSettingsDefaultsParams {
  const omitted = Object.fromEntries(settingsUnsupportedAt(level).map((name) => [name, true as const])) as Partial<Record<UserSettingName, true>>;
  const narrowed = Object.fromEntries(
    Object.entries(ENUM_VALUE_SINCE).flatMap(([name, since]) => {
      if (!supportsSetting(level, name as UserSettingName)) return [];
      const allowed = Object.keys(ENUM_INT_SETTINGS[name as keyof typeof ENUM_INT_SETTINGS])
        .map(Number)
        .filter((value) => (since[value] ?? 0) <= level);
      return [[name, z.literal(allowed).optional()]];
    }),
  );
  // Typed as the full schema: what it accepts is a subset of what the full schema accepts, so a
  // route handler written for the full params reads these too.
  return updateRealmUserSettingsDefaultsParams.omit(omitted).extend(narrowed) as unknown as typeof updateRealmUserSettingsDefaultsParams;
}
