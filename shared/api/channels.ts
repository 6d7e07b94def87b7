// Channels (older name: streams): spec endpoints 3 (update a channel) and 15 (topics in a channel), the
// spec's subscription object, and upstream's GET /streams, GET /streams/{stream_id} and
// DELETE /streams/{stream_id} (https://zulip.com/api/get-streams, /get-stream-by-id, /archive-stream).
import { z } from 'zod';
import { EmptySuccess, endpoint, successEnvelope } from './envelope';
import {
  ChannelId,
  FolderId,
  GroupSettingChange,
  GroupSettingValue,
  MessageId,
  Timestamp,
  TopicsPolicy,
  UserId,
  UserIdList,
} from './common';

/** Deprecated posting policy (spec: superseded by `can_send_message_group`). */
export const STREAM_POST_POLICIES = { anyone: 1, administrators: 2, fullMembers: 3, moderators: 4 } as const;
export const StreamPostPolicy = z.literal([1, 2, 3, 4]);

/** `message_retention_days` in channel objects: days, -1 for forever, null to inherit the organization's. */
export const RETAIN_FOREVER = -1;

/**
 * Group settings of a channel that the spec does not list (its table stops at can_administer_channel_group);
 * upstream sends them in subscription and stream objects. Optional: older servers lack some of them.
 */
const upstreamChannelGroupSettings = {
  can_send_message_group: GroupSettingValue.optional(),
  can_subscribe_group: GroupSettingValue.optional(),
  can_move_messages_within_channel_group: GroupSettingValue.optional(),
  can_move_messages_out_of_channel_group: GroupSettingValue.optional(),
  can_resolve_topics_group: GroupSettingValue.optional(),
  can_delete_any_message_group: GroupSettingValue.optional(),
  can_delete_own_message_group: GroupSettingValue.optional(),
};

/** Spec "Channel (subscription) object", as in the register response's `subscriptions`. */
export const Subscription = z.looseObject({
  stream_id: ChannelId,
  name: z.string(),
  /** Markdown source. */
  description: z.string(),
  rendered_description: z.string(),
  date_created: Timestamp,
  creator_id: UserId.nullable(),
  invite_only: z.boolean(),
  /** Only with `include_subscribers` (always for channels with fewer than 250 subscribers). */
  subscribers: UserIdList.optional(),
  /** May replace `subscribers` with `include_subscribers: partial`: all bots and users active in 14 days. */
  partial_subscribers: UserIdList.optional(),
  // null: inherit the user's default (enable_stream_*_notifications, wildcard_mentions_notify)
  desktop_notifications: z.boolean().nullable(),
  email_notifications: z.boolean().nullable(),
  push_notifications: z.boolean().nullable(),
  audible_notifications: z.boolean().nullable(),
  wildcard_mentions_notify: z.boolean().nullable(),
  pin_to_top: z.boolean(),
  is_muted: z.boolean(),
  /** Deprecated: equals not `is_muted`. */
  in_home_view: z.boolean(),
  /** Deprecated. */
  is_announcement_only: z.boolean(),
  is_web_public: z.boolean(),
  color: z.string(),
  /** Deprecated: superseded by `can_send_message_group`. */
  stream_post_policy: StreamPostPolicy,
  /** Null inherits the organization setting; RETAIN_FOREVER keeps messages forever. */
  message_retention_days: z.int().nullable(),
  /** True for public channels today, but clients must not assume it. */
  history_public_to_subscribers: z.boolean(),
  first_message_id: MessageId.nullable(),
  folder_id: FolderId.nullable(),
  topics_policy: TopicsPolicy,
  is_recently_active: z.boolean(),
  /** Average messages per week; null when the channel is too new to estimate. */
  stream_weekly_traffic: z.int().nullable(),
  can_add_subscribers_group: GroupSettingValue,
  can_remove_subscribers_group: GroupSettingValue,
  can_administer_channel_group: GroupSettingValue,
  // upstream fields after the spec's table ("not shown")
  is_archived: z.boolean().optional(),
  subscriber_count: z.int().nonnegative().optional(),
  ...upstreamChannelGroupSettings,
});
export type Subscription = z.infer<typeof Subscription>;

/**
 * Upstream's stream object of GET /streams. Fields newer than the feature-level-247 description are
 * optional (with the level that added them), so older servers and that description's examples parse.
 */
export const Stream = z.looseObject({
  stream_id: ChannelId,
  name: z.string(),
  description: z.string(),
  rendered_description: z.string(),
  date_created: Timestamp,
  invite_only: z.boolean(),
  is_web_public: z.boolean(),
  history_public_to_subscribers: z.boolean(),
  first_message_id: MessageId.nullable(),
  message_retention_days: z.int().nullable(),
  stream_weekly_traffic: z.int().nullable(),
  can_remove_subscribers_group: GroupSettingValue,
  /** Deprecated; may disappear from newer servers. */
  stream_post_policy: StreamPostPolicy.optional(),
  /** Deprecated; may disappear from newer servers. */
  is_announcement_only: z.boolean().optional(),
  /** Feature level 254; null when no creator is recorded. */
  creator_id: UserId.nullable().optional(),
  /** Feature level 315. */
  is_archived: z.boolean().optional(),
  is_recently_active: z.boolean().optional(),
  /** Feature level 394. */
  subscriber_count: z.int().nonnegative().optional(),
  /** Feature level 389; null when in no folder. */
  folder_id: FolderId.nullable().optional(),
  /** Feature level 392. */
  topics_policy: TopicsPolicy.optional(),
  /** Only with `include_default`. */
  is_default: z.boolean().optional(),
  can_add_subscribers_group: GroupSettingValue.optional(),
  can_administer_channel_group: GroupSettingValue.optional(),
  ...upstreamChannelGroupSettings,
});
export type Stream = z.infer<typeof Stream>;

/** spec 3: a number of days, back to the organization setting, or forever. */
export const MessageRetentionDaysChange = z.union([z.int().positive(), z.literal(['realm_default', 'unlimited'])]);

// spec 3: administrators (and holders of the channel administration permission). Only unarchiving is
// allowed through `is_archived`; the server enforces it because it depends on the channel's state.
export const updateChannelParams = z.object({
  stream_id: ChannelId,
  /** Markdown; limit: the register response's `max_stream_description_length`. */
  description: z.string().optional(),
  /** Limit: the register response's `max_stream_name_length`. */
  new_name: z.string().optional(),
  is_private: z.boolean().optional(),
  /** Needs WEB_PUBLIC_STREAMS_ENABLED, `enable_spectator_access` and `can_create_web_public_channel_group`. */
  is_web_public: z.boolean().optional(),
  /** False is an error for a public or web-public channel, and when `is_private` is false. */
  history_public_to_subscribers: z.boolean().optional(),
  is_default_stream: z.boolean().optional(),
  message_retention_days: MessageRetentionDaysChange.optional(),
  is_archived: z.boolean().optional(),
  /** Null removes the channel from its folder. */
  folder_id: FolderId.nullable().optional(),
  topics_policy: TopicsPolicy.optional(),
  can_add_subscribers_group: GroupSettingChange.optional(),
  can_remove_subscribers_group: GroupSettingChange.optional(),
  can_administer_channel_group: GroupSettingChange.optional(),
  can_delete_any_message_group: GroupSettingChange.optional(),
  can_delete_own_message_group: GroupSettingChange.optional(),
  // Upstream parameters after the spec's table ("not shown"). `stream_post_policy` and
  // `is_announcement_only` are left out: removed at feature level 333 in favour of can_send_message_group.
  can_send_message_group: GroupSettingChange.optional(),
  can_subscribe_group: GroupSettingChange.optional(),
  can_move_messages_within_channel_group: GroupSettingChange.optional(),
  can_move_messages_out_of_channel_group: GroupSettingChange.optional(),
  can_resolve_topics_group: GroupSettingChange.optional(),
});
export type UpdateChannelParams = z.input<typeof updateChannelParams>;
// The spec does not show the reply; upstream returns the empty success envelope.
export const updateChannel = endpoint('PATCH', '/streams/{stream_id}', updateChannelParams, EmptySuccess, { spec: 3 });

// upstream GET /streams (all flags optional; upstream defaults in comments)
export const getStreamsParams = z.object({
  /** Default true. */
  include_public: z.boolean().optional(),
  /** Default false. */
  include_web_public: z.boolean().optional(),
  /** Default true. */
  include_subscribed: z.boolean().optional(),
  /** Default true; false also lists archived channels. */
  exclude_archived: z.boolean().optional(),
  /** Default false; administrators only. Older servers call it `include_all_active`. */
  include_all: z.boolean().optional(),
  /** Default false; adds `is_default` to each channel. */
  include_default: z.boolean().optional(),
  /** Default false; for bots, the channels their owner is subscribed to. */
  include_owner_subscribed: z.boolean().optional(),
  /** Default false; channels whose content the user can access. */
  include_can_access_content: z.boolean().optional(),
});
export type GetStreamsParams = z.input<typeof getStreamsParams>;
export const getStreams = endpoint('GET', '/streams', getStreamsParams, successEnvelope({ streams: z.array(Stream) }));

// upstream GET /streams/{stream_id}: any channel the user may see the metadata of.
export const getStreamParams = z.object({ stream_id: ChannelId });
export const getStream = endpoint('GET', '/streams/{stream_id}', getStreamParams, successEnvelope({ stream: Stream }));

// upstream DELETE /streams/{stream_id}: archives the channel (administrators and channel administrators).
// Its messages stay; `PATCH is_archived=false` (spec 3) brings it back.
export const archiveChannelParams = z.object({ stream_id: ChannelId });
export const archiveChannel = endpoint('DELETE', '/streams/{stream_id}', archiveChannelParams, EmptySuccess);

/** One topic of spec 15's reply. */
export const Topic = z.looseObject({
  name: z.string(),
  /** ID of the newest message in the topic. */
  max_id: MessageId,
});
export type Topic = z.infer<typeof Topic>;

// spec 15: a private channel with protected history lists only topics since the user (or bot) subscribed.
export const getTopicsParams = z.object({
  stream_id: ChannelId,
  /** Default false: the empty topic comes back as `realm_empty_topic_display_name`. */
  allow_empty_topic_name: z.boolean().optional(),
});
export const getTopics = endpoint(
  'GET',
  '/users/me/{stream_id}/topics',
  getTopicsParams,
  successEnvelope({ topics: z.array(Topic) }),
  { spec: 15 },
);
