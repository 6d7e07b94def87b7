// The personal settings every account starts with, as upstream ships them (an organization changes
// them for new users through spec 4, realm.user_settings_defaults); which of them upstream's legacy
// events announce; and the notification sounds this server offers.
import type { UserSettingName } from '../../shared/api';
import { badRequest } from './errors';

export const UPSTREAM_USER_SETTING_DEFAULTS: Record<UserSettingName, boolean | number | string> = {
  starred_message_counts: true,
  receives_typing_notifications: true,
  web_suggest_update_timezone: true,
  fluid_layout_width: false,
  high_contrast_mode: false,
  enable_drafts_synchronization: true,
  translate_emoticons: false,
  display_emoji_reaction_users: true,
  web_escape_navigates_to_home_view: true,
  left_side_userlist: false,
  hide_ai_features: false,
  web_left_sidebar_show_channel_folders: true,
  web_left_sidebar_unreads_count_summary: true,
  enable_stream_desktop_notifications: false,
  enable_stream_email_notifications: false,
  enable_stream_push_notifications: false,
  enable_stream_audible_notifications: false,
  enable_desktop_notifications: true,
  enable_sounds: true,
  enable_followed_topic_desktop_notifications: true,
  enable_followed_topic_email_notifications: true,
  enable_followed_topic_push_notifications: true,
  enable_followed_topic_audible_notifications: true,
  enable_offline_email_notifications: true,
  enable_offline_push_notifications: true,
  enable_online_push_notifications: true,
  enable_digest_emails: true,
  message_content_in_email_notifications: true,
  pm_content_in_desktop_notifications: true,
  wildcard_mentions_notify: true,
  enable_followed_topic_wildcard_mentions_notify: true,
  automatically_follow_topics_where_mentioned: true,
  presence_enabled: true,
  enter_sends: false,
  twenty_four_hour_time: false,
  send_private_typing_notifications: true,
  send_stream_typing_notifications: true,
  send_read_receipts: true,
  web_mark_read_on_scroll_policy: 1,
  web_channel_default_view: 1,
  color_scheme: 1,
  demote_inactive_streams: 1,
  user_list_style: 2,
  web_stream_unreads_count_display_policy: 2,
  desktop_icon_count_display: 1,
  realm_name_in_email_notifications_policy: 1,
  automatically_follow_topics_policy: 3,
  automatically_unmute_topics_in_muted_streams_policy: 4,
  web_font_size_px: 16,
  web_line_height_percent: 140,
  email_notifications_batching_period_seconds: 120,
  web_home_view: 'inbox',
  emojiset: 'google',
  web_animate_image_previews: 'on_hover',
  resolved_topic_notice_auto_read_policy: 'except_followed',
  notification_sound: 'zulip',
};

/**
 * upstream UserProfile.display_settings_legacy and notification_settings_legacy, as far as spec 4
 * names them: the settings older than feature level 89, the only ones upstream also announces with the
 * legacy update_display_settings or update_global_notifications event. Newer settings get only
 * user_settings. (server/events/delivery.ts decides which legacy event a client without
 * user_settings_object receives.)
 */
export const LEGACY_DISPLAY_SETTINGS: readonly UserSettingName[] = [
  'color_scheme',
  'web_home_view',
  'demote_inactive_streams',
  'emojiset',
  'enable_drafts_synchronization',
  'enter_sends',
  'fluid_layout_width',
  'high_contrast_mode',
  'left_side_userlist',
  'starred_message_counts',
  'translate_emoticons',
  'twenty_four_hour_time',
];
export const LEGACY_NOTIFICATION_SETTINGS: readonly UserSettingName[] = [
  'desktop_icon_count_display',
  'email_notifications_batching_period_seconds',
  'enable_desktop_notifications',
  'enable_digest_emails',
  'enable_offline_email_notifications',
  'enable_offline_push_notifications',
  'enable_online_push_notifications',
  'enable_sounds',
  'enable_stream_audible_notifications',
  'enable_stream_desktop_notifications',
  'enable_stream_email_notifications',
  'enable_stream_push_notifications',
  'message_content_in_email_notifications',
  'notification_sound',
  'pm_content_in_desktop_notifications',
  'presence_enabled',
  'realm_name_in_email_notifications_policy',
  'wildcard_mentions_notify',
];

/**
 * The notification sounds this server offers (register `available_notification_sounds`); upstream
 * also accepts `none`. The names are upstream's long-standing ones.
 */
export const AVAILABLE_NOTIFICATION_SOUNDS = ['chime', 'ding', 'zulip'] as const;

/** upstream check_settings_values: a notification sound, personal or the organization's default, is one on offer or `none`. */
export function checkNotificationSound(sound: string | undefined): void {
  if (sound === undefined || sound === 'none' || (AVAILABLE_NOTIFICATION_SOUNDS as readonly string[]).includes(sound)) return;
  throw badRequest(`Invalid notification sound '${sound}'`);
}
