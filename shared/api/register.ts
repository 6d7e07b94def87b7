// Registering an event queue: spec endpoint 21 (POST /register), its parameters, and the snapshot the
// reply carries. The spec names the reply's fields but not when each is present; upstream sends most of
// them only when their event type is in `fetch_event_types` (or when it is omitted), and each arrived at
// some feature level. So apart from the queue and the feature level every field is optional here: the
// session checks for the ones it asked for, and the upstream examples (which carry a few fields) parse.
// Upstream documents it: https://zulip.com/api/register-queue.
import { z } from 'zod';
import { endpoint, successEnvelope } from './envelope';
import { ChannelId, GroupSettingValue, MessageId, Timestamp, TopicsPolicy, UserId } from './common';
import { CustomProfileField, User } from './users';
import { Stream, Subscription } from './channels';
import { ChannelFolder } from './folders';
import { UserGroup } from './groups';
import { Draft } from './drafts';
import { SavedSnippet } from './snippets';
import { ScheduledMessage } from './scheduled';
import { UserStatus } from './status';
import { RealmUserSettingsDefaults } from './realm-defaults';

/** spec Limits: presence history default, in days (`presence_history_limit_days`). */
export const DEFAULT_PRESENCE_HISTORY_DAYS = 14;
/** spec Limits: channels with fewer subscribers than this always list them all. */
export const SUBSCRIBERS_ALWAYS_LISTED_BELOW = 250;
/** spec Limits: `include_subscribers: partial` still lists every bot and every user active this recently. */
export const PARTIAL_SUBSCRIBERS_ACTIVE_DAYS = 14;
/** Upstream's long-poll timeout when the reply has no `event_queue_longpoll_timeout_seconds` (before FL 74). */
export const DEFAULT_LONGPOLL_TIMEOUT_SECONDS = 90;
/** Upstream's typing periods for servers that do not advertise them (before feature level 204). */
export const DEFAULT_TYPING_PERIODS_MS = {
  server_typing_started_wait_period_milliseconds: 10000,
  server_typing_stopped_wait_period_milliseconds: 5000,
  server_typing_started_expiry_period_milliseconds: 15000,
} as const;

/** spec 21 `client_capabilities`: what this client can handle; an omitted key means false. */
export const ClientCapabilities = z.object({
  notification_settings_null: z.boolean().optional(),
  /** Bulk `delete_message` events (`message_ids`) instead of one event per message. */
  bulk_message_deletion: z.boolean().optional(),
  user_avatar_url_field_optional: z.boolean().optional(),
  stream_typing_notifications: z.boolean().optional(),
  /** Without it the legacy `update_global_notifications` and `update_display_settings` events come too. */
  user_settings_object: z.boolean().optional(),
  /** Without it `realm_linkifiers` is empty and no linkifier events are sent. */
  linkifier_url_template: z.boolean().optional(),
  user_list_incomplete: z.boolean().optional(),
  include_deactivated_groups: z.boolean().optional(),
  /** Archived-channel data in `subscription` and `stream` events. */
  archived_channels: z.boolean().optional(),
  /** Without it the empty topic arrives as `realm_empty_topic_display_name`. */
  empty_topic_name: z.boolean().optional(),
  /** The modern `presence` event format (`presences` keyed by user ID). */
  simplified_presence_events: z.boolean().optional(),
});
export type ClientCapabilities = z.infer<typeof ClientCapabilities>;

/**
 * spec 21 `include_subscribers`: the spec's values are the strings `true`, `false` and `partial`
 * (partial since feature level 412). Upstream clients send JSON booleans, so those are read too and
 * become the spec's string.
 */
export const IncludeSubscribers = z
  .union([z.enum(['true', 'false', 'partial']), z.boolean()])
  .transform((value) => (typeof value === 'boolean' ? (value ? 'true' : 'false') : value));

// spec 21: every parameter is optional; unauthenticated access (public realms) forbids
// client_gravatar true and include_subscribers true.
export const registerParams = z.object({
  apply_markdown: z.boolean().default(false),
  /** No static default: true when authenticated, false (and true is an error) when not. */
  client_gravatar: z.boolean().optional(),
  include_subscribers: IncludeSubscribers.default('false'),
  /** Key presences by user ID in the modern format. */
  slim_presence: z.boolean().default(false),
  presence_history_limit_days: z.int().nonnegative().default(DEFAULT_PRESENCE_HISTORY_DAYS),
  /** Omitted: every event type. Unsupported types are ignored. */
  event_types: z.array(z.string()).optional(),
  all_public_streams: z.boolean().default(false),
  client_capabilities: ClientCapabilities.optional(),
  /** The snapshot's types; falls back to `event_types`, and without either the snapshot has everything. */
  fetch_event_types: z.array(z.string()).optional(),
  /** Filters message events, e.g. `[["is", "dm"]]`. */
  narrow: z.array(z.tuple([z.string(), z.string()])).default([]),
});
export type RegisterParams = z.input<typeof registerParams>;

/** spec "Recent direct-message conversation" (`recent_private_conversations`). */
export const RecentPrivateConversation = z.looseObject({
  max_message_id: MessageId,
  /** The other participants; empty for messages to oneself. */
  user_ids: z.array(UserId),
});
export type RecentPrivateConversation = z.infer<typeof RecentPrivateConversation>;

/** spec "Navigation view" (`navigation_views`). */
export const NavigationView = z.looseObject({
  fragment: z.string(),
  /** True: in the sidebar; false: in the more-views menu. */
  is_pinned: z.boolean(),
  /** Omitted for built-in views. */
  name: z.string().nullable().optional(),
});
export type NavigationView = z.infer<typeof NavigationView>;

/** Upstream's custom emoji object; `realm_emoji` maps emoji IDs (as strings) to these. */
export const RealmEmoji = z.looseObject({
  id: z.string(),
  name: z.string(),
  /** Relative to the organization's URL. */
  source_url: z.string(),
  /** Non-null only for animated emoji (feature level 113). */
  still_url: z.string().nullable().optional(),
  deactivated: z.boolean(),
  /** Null when the uploader is unknown. */
  author_id: UserId.nullable().optional(),
});
export type RealmEmoji = z.infer<typeof RealmEmoji>;
export const RealmEmojiMap = z.record(z.string(), RealmEmoji);

/** Upstream's linkifier (RFC 6570 `url_template`, only for clients with `linkifier_url_template`). */
export const RealmLinkifier = z.looseObject({
  pattern: z.string(),
  url_template: z.string(),
  id: z.int(),
});
export type RealmLinkifier = z.infer<typeof RealmLinkifier>;

/** Modern presence (with `slim_presence`): when the user was last active and last idle. */
export const ModernPresence = z.looseObject({
  active_timestamp: Timestamp,
  idle_timestamp: Timestamp,
});
/** Legacy presence of one client (since feature level 178 always `website` and `aggregated`). */
export const LegacyClientPresence = z.looseObject({
  client: z.string(),
  status: z.enum(['active', 'idle']),
  timestamp: Timestamp,
  /** Absent from the `aggregated` entry. */
  pushable: z.boolean().optional(),
});
/** Legacy presence: one entry per client name, plus `aggregated`. */
export const LegacyPresence = z.record(z.string(), LegacyClientPresence);
// Modern first: a legacy entry lacks its two timestamps, so it falls through to the legacy form.
export const UserPresence = z.union([ModernPresence, LegacyPresence]);
export type UserPresence = z.infer<typeof UserPresence>;

/**
 * `realm_default_streams`: channel IDs since feature level 330, channel objects before. Read with
 * `defaultChannelIds`.
 */
export const DefaultChannelEntry = z.union([ChannelId, z.looseObject({ stream_id: ChannelId })]);

/** Upstream's "none" for a channel setting such as the moderation request channel. */
const NO_CHANNEL = -1;
const ChannelSetting = z.union([ChannelId, z.literal(NO_CHANNEL)]).nullable();

/** Every field named by the spec, and the upstream fields the console reads; unknown fields are kept. */
export const RegisterReplyFields = successEnvelope({
  /** Null only for unauthenticated access to a public realm. */
  queue_id: z.string().nullable(),
  last_event_id: z.int(),
  /** spec Versioning 2. Upstream calls it `zulip_feature_level`; RegisterReply fills this from it. */
  service_feature_level: z.int().nonnegative().optional(),
  zulip_feature_level: z.int().nonnegative().optional(),
  zulip_version: z.string().optional(),
  zulip_merge_base: z.string().optional(),

  // With `realm` fetched.
  realm_name: z.string().optional(),
  /** Renamed `realm_url` at feature level 257; RegisterReply fills `realm_url` from it. */
  realm_uri: z.string().optional(),
  realm_url: z.string().optional(),
  /** What the empty topic is shown as (feature level 334). */
  realm_empty_topic_display_name: z.string().optional(),
  /** Feature level 392. */
  realm_topics_policy: TopicsPolicy.optional(),
  // The organization's channel settings (https://zulip.com/api/register-queue), each optional: older
  // servers lack some. Group settings are a group ID or an anonymous group, as in channels.
  /** Days messages are kept; -1 (upstream's "unlimited") keeps them forever. */
  realm_message_retention_days: z.int().nullable().optional(),
  /** The server allows web-public channels at all (its WEB_PUBLIC_STREAMS_ENABLED setting). */
  server_web_public_streams_enabled: z.boolean().optional(),
  realm_enable_spectator_access: z.boolean().optional(),
  realm_can_create_public_channel_group: GroupSettingValue.optional(),
  realm_can_create_private_channel_group: GroupSettingValue.optional(),
  realm_can_create_web_public_channel_group: GroupSettingValue.optional(),
  realm_can_add_subscribers_group: GroupSettingValue.optional(),
  realm_can_delete_any_message_group: GroupSettingValue.optional(),
  realm_can_delete_own_message_group: GroupSettingValue.optional(),
  realm_can_move_messages_between_channels_group: GroupSettingValue.optional(),
  realm_can_move_messages_between_topics_group: GroupSettingValue.optional(),
  realm_can_resolve_topics_group: GroupSettingValue.optional(),
  realm_can_set_topics_policy_group: GroupSettingValue.optional(),
  realm_can_set_delete_message_policy_group: GroupSettingValue.optional(),
  /**
   * spec name. Null (upstream: -1) means moderation requests are off, so no "report message". Upstream
   * sends `realm_moderation_request_channel_id` (feature level 331); RegisterReply fills this from it.
   */
  moderation_request_channel: ChannelSetting.optional(),
  realm_moderation_request_channel_id: ChannelSetting.optional(),
  max_message_length: z.int().positive().optional(),
  max_topic_length: z.int().positive().optional(),
  max_stream_name_length: z.int().positive().optional(),
  max_stream_description_length: z.int().positive().optional(),
  /** Feature level 410. */
  max_channel_folder_name_length: z.int().positive().optional(),
  max_channel_folder_description_length: z.int().positive().optional(),
  max_file_upload_size_mib: z.int().nonnegative().optional(),
  /** Typing protocol (spec 1); see DEFAULT_TYPING_PERIODS_MS for servers before feature level 204. */
  server_typing_started_wait_period_milliseconds: z.int().positive().optional(),
  server_typing_stopped_wait_period_milliseconds: z.int().positive().optional(),
  server_typing_started_expiry_period_milliseconds: z.int().positive().optional(),
  /** The client's GET /events timeout; DEFAULT_LONGPOLL_TIMEOUT_SECONDS when absent. */
  event_queue_longpoll_timeout_seconds: z.int().positive().optional(),

  // With `realm_user` fetched: the current user, and everyone else.
  user_id: UserId.optional(),
  email: z.string().optional(),
  delivery_email: z.string().optional(),
  full_name: z.string().optional(),
  is_admin: z.boolean().optional(),
  is_owner: z.boolean().optional(),
  is_moderator: z.boolean().optional(),
  is_guest: z.boolean().optional(),
  realm_users: z.array(User).optional(),
  realm_non_active_users: z.array(User).optional(),
  /** With `custom_profile_fields`: the fields whose values users' `profile_data` holds, by ID. */
  custom_profile_fields: z.array(CustomProfileField).optional(),

  // Each with the event type of the same name (`realm_user_groups`, `stream`, `subscription`, ...).
  realm_user_groups: z.array(UserGroup).optional(),
  /** With `stream`: every channel the user can see, subscribed or not. */
  streams: z.array(Stream).optional(),
  subscriptions: z.array(Subscription).optional(),
  channel_folders: z.array(ChannelFolder).optional(),
  realm_user_settings_defaults: RealmUserSettingsDefaults.optional(),
  /** With `default_streams`. */
  realm_default_streams: z.array(DefaultChannelEntry).optional(),
  /** Empty when the user turned draft synchronization off. */
  drafts: z.array(Draft).optional(),
  scheduled_messages: z.array(ScheduledMessage).optional(),
  saved_snippets: z.array(SavedSnippet).optional(),
  navigation_views: z.array(NavigationView).optional(),
  recent_private_conversations: z.array(RecentPrivateConversation).optional(),
  /** With `presence`: keyed by user ID (`slim_presence`) or by email. */
  presences: z.record(z.string(), UserPresence).optional(),
  server_timestamp: z.number().optional(),
  /** Keyed by user ID; only users who set a status. */
  user_status: z.record(z.string(), UserStatus).optional(),
  realm_linkifiers: z.array(RealmLinkifier).optional(),
  realm_emoji: RealmEmojiMap.optional(),
});
export type RegisterReplyFields = z.output<typeof RegisterReplyFields>;

/**
 * The register reply with the spec's names filled in from upstream's: `service_feature_level` (always
 * present afterwards: a reply with neither name fails there), `moderation_request_channel` (-1 becomes
 * null; undefined when the server said nothing) and `realm_url`.
 */
export type RegisterReply = RegisterReplyFields & {
  service_feature_level: number;
  moderation_request_channel?: number | null;
  realm_url?: string;
};
export const RegisterReply = RegisterReplyFields.transform((reply, ctx): RegisterReply => {
  const featureLevel = reply.service_feature_level ?? reply.zulip_feature_level;
  if (featureLevel === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['service_feature_level'],
      message: 'Missing service_feature_level (or upstream zulip_feature_level)',
      input: reply,
    });
    return z.NEVER;
  }
  const moderation = reply.moderation_request_channel !== undefined
    ? reply.moderation_request_channel
    : reply.realm_moderation_request_channel_id;
  return {
    ...reply,
    service_feature_level: featureLevel,
    moderation_request_channel: moderation === NO_CHANNEL ? null : moderation,
    realm_url: reply.realm_url ?? reply.realm_uri,
  };
});

/** The default channels' IDs, whichever form the server sent. */
export function defaultChannelIds(entries: readonly z.output<typeof DefaultChannelEntry>[]): number[] {
  return entries.map((entry) => (typeof entry === 'number' ? entry : entry.stream_id));
}

// spec 21; Authentication 6: realms with public access allow it without credentials.
export const register = endpoint('POST', '/register', registerParams, RegisterReply, { spec: 21, auth: 'optional' });
