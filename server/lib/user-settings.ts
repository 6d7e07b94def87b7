// The personal settings every account starts with, as upstream ships them (an organization changes
// them for new users through spec 4, realm.user_settings_defaults); which of them upstream's legacy
// events announce; and the notification sounds this server offers.
import type { UserSettingName } from '../../shared/api';
import { badRequest } from './errors';

/** Upstream's out-of-the-box values, with their source, are in shared/api/realm-defaults-usual.ts (the console's Default settings screen reads them too). */
export { USUAL_USER_SETTING_DEFAULTS as UPSTREAM_USER_SETTING_DEFAULTS } from '../../shared/api/realm-defaults-usual';

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
