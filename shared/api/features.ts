// Feature levels (spec Versioning): the server's level is `service_feature_level` in the register
// response. The constants name the levels at which a shape changes, so callers write
// `level >= EMPTY_TOPIC_SINCE` instead of a bare number.

/** Requests with unsupported parameters succeed and list them in `ignored_parameters_unsupported` (Versioning 3). */
export const IGNORED_PARAMETERS_SINCE = 167;
/** `invite_expires_in_minutes` replaced `invite_expires_in_days`. */
export const INVITE_EXPIRES_IN_MINUTES_SINCE = 126;
/** Status `away` deprecated (it mirrors `presence_enabled`). */
export const AWAY_DEPRECATED_SINCE = 148;
/** fetch_api_key returns `user_id` (spec 6). */
export const FETCH_API_KEY_USER_ID_SINCE = 171;
/** `direct` is the preferred message type value (over `private`). */
export const DIRECT_TYPE_SINCE = 174;
/** Outgoing webhook trigger `private_message` renamed `direct_message`. */
export const WEBHOOK_DIRECT_MESSAGE_TRIGGER_SINCE = 201;
/** Typing: `stream_id` parameter, `private` type dropped, `to` no longer used for channels. */
export const TYPING_STREAM_ID_SINCE = 215;
/** `channel` accepted as a type value (typing, scheduled messages). */
export const CHANNEL_TYPE_SINCE = 248;
/** Upload reply `url` (and `uri` deprecated). */
export const UPLOAD_URL_SINCE = 272;
/** get-messages `message_ids`. */
export const MESSAGE_IDS_SINCE = 300;
/** Channel post-policy parameters removed in favour of `can_send_message_group`. */
export const CAN_SEND_MESSAGE_GROUP_SINCE = 333;
/** The empty string is a valid channel topic; `allow_empty_topic_name` exists. */
export const EMPTY_TOPIC_SINCE = 334;
/** Edit typing at POST /messages/{message_id}/typing (before: /message_edit_typing). */
export const EDIT_TYPING_PATH_SINCE = 361;
/** Privacy of archived channels can be edited. */
export const ARCHIVED_CHANNEL_PRIVACY_SINCE = 362;
/** A message's `last_edit_timestamp` excludes moves. */
export const LAST_EDIT_EXCLUDES_MOVES_SINCE = 365;
/** `include_subscribers: partial` in register. */
export const PARTIAL_SUBSCRIBERS_SINCE = 412;

export interface FeatureLevelChange {
  readonly level: number;
  readonly change: string;
}

/** Every row of the spec's Versioning 5 table, in ascending level order. */
export const FEATURE_LEVELS: readonly FeatureLevelChange[] = [
  { level: INVITE_EXPIRES_IN_MINUTES_SINCE, change: '`invite_expires_in_minutes` replaced `invite_expires_in_days`' },
  { level: AWAY_DEPRECATED_SINCE, change: '`away` deprecated' },
  { level: DIRECT_TYPE_SINCE, change: '`direct` added as the preferred type value' },
  { level: WEBHOOK_DIRECT_MESSAGE_TRIGGER_SINCE, change: 'Webhook trigger `private_message` renamed `direct_message`' },
  {
    level: TYPING_STREAM_ID_SINCE,
    change: 'Typing: `stream_id` introduced; `private` type dropped; `to` no longer used for channels',
  },
  { level: CHANNEL_TYPE_SINCE, change: '`channel` added as a type value (typing, scheduled messages)' },
  { level: UPLOAD_URL_SINCE, change: '`uri` deprecated in favor of `url`' },
  { level: MESSAGE_IDS_SINCE, change: '`message_ids` parameter of get-messages' },
  {
    level: CAN_SEND_MESSAGE_GROUP_SINCE,
    change: 'Channel post-policy parameters removed in favor of `can_send_message_group`',
  },
  { level: EMPTY_TOPIC_SINCE, change: 'Empty string valid as a channel topic; `allow_empty_topic_name` introduced' },
  { level: EDIT_TYPING_PATH_SINCE, change: 'Edit-typing path moved to /messages/{message_id}/typing' },
  { level: PARTIAL_SUBSCRIBERS_SINCE, change: '`partial` value of `include_subscribers`' },
];

/** True when a server at `serverLevel` has the change made at `since`. */
export function hasFeature(serverLevel: number, since: number): boolean {
  return serverLevel >= since;
}

export interface Deprecation {
  /** An endpoint (`METHOD /path`) or a parameter or field name. */
  readonly name: string;
  readonly kind: 'endpoint' | 'parameter' | 'field';
  /** Where it appears. */
  readonly where: string;
  readonly instead?: string;
}

/** The spec's Versioning 6 list. The removal schedule is not shown. */
export const DEPRECATED: readonly Deprecation[] = [
  {
    name: 'POST /mark_topic_as_read',
    kind: 'endpoint',
    where: 'spec 13',
    instead: 'the update-personal-message-flags-for-narrow endpoint',
  },
  { name: 'use_first_unread_anchor', kind: 'parameter', where: 'GET /messages', instead: 'anchor: "first_unread"' },
  { name: 'away', kind: 'parameter', where: 'POST /users/me/status and user status', instead: 'presence_enabled' },
  { name: 'uri', kind: 'field', where: 'POST /user_uploads reply', instead: 'url' },
  { name: 'stream_post_policy', kind: 'field', where: 'channel objects', instead: 'can_send_message_group' },
  { name: 'is_announcement_only', kind: 'field', where: 'channel objects', instead: 'can_send_message_group' },
  { name: 'in_home_view', kind: 'field', where: 'subscription objects', instead: 'is_muted' },
  { name: 'max_message_id', kind: 'field', where: 'own-user object' },
];
