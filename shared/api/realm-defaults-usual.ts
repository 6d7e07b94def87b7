// Upstream's out-of-the-box values of the user settings that spec endpoint 4 sets defaults for: what
// every new organization's defaults start as, and so what a new member gets unless an administrator
// changed them. The sandbox seeds its organization with them; the console's Default settings screen
// marks the settings that differ from them and resets to them.
//
// Source: upstream's `UserBaseSettings` model, the field defaults in `zerver/models/users.py`
// (https://github.com/zulip/zulip/blob/main/zerver/models/users.py). `RealmUserDefault` inherits them
// unchanged, and a new realm's row is created with no overrides of these settings
// (`RealmUserDefault.objects.create(realm=realm)` in zerver/actions/create_realm.py; only
// `email_address_visibility`, which the spec does not list, depends on the organization type).
// Defaults upstream has changed over time are given as they are now: `user_list_style` is "with avatar
// and status" (3), the font size 16 px and the line height 140%.
//
// `web_left_sidebar_show_channel_folders` (feature level 411) is on: upstream's help centre describes
// channels "organized into sections by folder" in the left sidebar out of the box
// (https://zulip.com/help/left-sidebar).
import type { UserSettingName } from './realm-defaults';

export type UserSettingValue = boolean | number | string;

export const USUAL_USER_SETTING_DEFAULTS: Readonly<Record<UserSettingName, UserSettingValue>> = {
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
  // MARK_READ_ON_SCROLL_ALWAYS
  web_mark_read_on_scroll_policy: 1,
  // WEB_CHANNEL_DEFAULT_VIEW_FIRST_TOPIC
  web_channel_default_view: 1,
  // COLOR_SCHEME_AUTOMATIC
  color_scheme: 1,
  // DEMOTE_STREAMS_AUTOMATIC
  demote_inactive_streams: 1,
  // USER_LIST_STYLE_WITH_AVATAR
  user_list_style: 3,
  // WEB_STREAM_UNREADS_COUNT_DISPLAY_POLICY_UNMUTED_STREAMS
  web_stream_unreads_count_display_policy: 2,
  // DESKTOP_ICON_COUNT_DISPLAY_MESSAGES
  desktop_icon_count_display: 1,
  // REALM_NAME_IN_EMAIL_NOTIFICATIONS_POLICY_AUTOMATIC
  realm_name_in_email_notifications_policy: 1,
  // AUTOMATICALLY_CHANGE_VISIBILITY_POLICY_ON_INITIATION
  automatically_follow_topics_policy: 3,
  // AUTOMATICALLY_CHANGE_VISIBILITY_POLICY_ON_SEND
  automatically_unmute_topics_in_muted_streams_policy: 2,
  // WEB_FONT_SIZE_PX_DEFAULT
  web_font_size_px: 16,
  // WEB_LINE_HEIGHT_PERCENT_DEFAULT
  web_line_height_percent: 140,
  email_notifications_batching_period_seconds: 120,
  web_home_view: 'inbox',
  // GOOGLE_EMOJISET
  emojiset: 'google',
  web_animate_image_previews: 'on_hover',
  // ResolvedTopicNoticeAutoReadPolicyEnum.except_followed
  resolved_topic_notice_auto_read_policy: 'except_followed',
  notification_sound: 'zulip',
};
