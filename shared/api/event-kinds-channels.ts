// Event kinds about channels: `stream` (the channels themselves), `subscription` (the user's and their
// peers' memberships) and `channel_folder`. Shapes from upstream's https://zulip.com/api/get-events;
// archived-channel data only for clients with `archived_channels` (spec Events 4, docs/api.md).
import { z } from 'zod';
import {
  ChannelId,
  FolderId,
  GroupSettingValue,
  MessageId,
  TopicsPolicy,
  UserId,
} from './common';
import { Stream, Subscription } from './channels';
import { ChannelFolder } from './folders';
import { checkPropertyValue, opEventOf } from './event-kinds-base';

/**
 * The value each known `stream` update property carries. Group settings carry the new group-setting
 * value (a group ID or an anonymous group), `folder_id` null when the channel left its folder.
 */
export const STREAM_PROPERTY_VALUES = {
  name: z.string(),
  description: z.string(),
  invite_only: z.boolean(),
  is_web_public: z.boolean(),
  history_public_to_subscribers: z.boolean(),
  /** Null inherits the organization setting; -1 keeps messages forever. */
  message_retention_days: z.int().nullable(),
  /** Deprecated; sent alongside can_send_message_group changes. */
  stream_post_policy: z.int(),
  is_announcement_only: z.boolean(),
  is_archived: z.boolean(),
  is_recently_active: z.boolean(),
  first_message_id: MessageId.nullable(),
  folder_id: FolderId.nullable(),
  topics_policy: TopicsPolicy,
  can_add_subscribers_group: GroupSettingValue,
  can_administer_channel_group: GroupSettingValue,
  can_remove_subscribers_group: GroupSettingValue,
  can_send_message_group: GroupSettingValue,
  can_subscribe_group: GroupSettingValue,
  can_move_messages_within_channel_group: GroupSettingValue,
  can_move_messages_out_of_channel_group: GroupSettingValue,
  can_resolve_topics_group: GroupSettingValue,
  can_delete_any_message_group: GroupSettingValue,
  can_delete_own_message_group: GroupSettingValue,
} as const satisfies Record<string, z.ZodType>;
export type StreamProperty = keyof typeof STREAM_PROPERTY_VALUES;

export const StreamCreateEvent = opEventOf('stream', 'create', { streams: z.array(Stream) });

/**
 * Since feature level 343 `stream_ids` lists the deleted channels and `streams` is deprecated, holding
 * only `{stream_id}`; before it, `streams` held whole channel objects. Either way the IDs are enough.
 */
export const StreamDeleteEvent = opEventOf('stream', 'delete', {
  streams: z.array(z.looseObject({ stream_id: ChannelId })).optional(),
  stream_ids: z.array(ChannelId).optional(),
});

/** Use `isPropertyUpdate(STREAM_PROPERTY_VALUES, event, 'folder_id')` to read a typed `value`. */
export const StreamUpdateEvent = opEventOf('stream', 'update', {
  stream_id: ChannelId,
  /** The channel's name (its new name when `property` is `name`). */
  name: z.string(),
  property: z.string(),
  /** Typed by `property`: see STREAM_PROPERTY_VALUES. */
  value: z.unknown(),
  /** Only when `property` is `description`. */
  rendered_description: z.string().optional(),
  /** Only when `property` is `invite_only`. */
  history_public_to_subscribers: z.boolean().optional(),
  is_web_public: z.boolean().optional(),
}).superRefine(checkPropertyValue(STREAM_PROPERTY_VALUES));

export const StreamEvent = z.discriminatedUnion('op', [StreamCreateEvent, StreamDeleteEvent, StreamUpdateEvent]);
export type StreamEvent = z.infer<typeof StreamEvent>;

export const SubscriptionAddEvent = opEventOf('subscription', 'add', { subscriptions: z.array(Subscription) });
export const SubscriptionRemoveEvent = opEventOf('subscription', 'remove', {
  subscriptions: z.array(z.looseObject({ stream_id: ChannelId, name: z.string() })),
});
/** A personal setting of one subscription (color, is_muted, pin_to_top, notification settings, ...). */
export const SubscriptionUpdateEvent = opEventOf('subscription', 'update', {
  stream_id: ChannelId,
  property: z.string(),
  /** Null: a notification setting back to inheriting the user's default. */
  value: z.union([z.boolean(), z.int(), z.string(), z.null()]),
});
/** Other users joined channels. */
export const SubscriptionPeerAddEvent = opEventOf('subscription', 'peer_add', {
  stream_ids: z.array(ChannelId),
  user_ids: z.array(UserId),
});
export const SubscriptionPeerRemoveEvent = opEventOf('subscription', 'peer_remove', {
  stream_ids: z.array(ChannelId),
  user_ids: z.array(UserId),
});

export const SubscriptionEvent = z.discriminatedUnion('op', [
  SubscriptionAddEvent,
  SubscriptionRemoveEvent,
  SubscriptionUpdateEvent,
  SubscriptionPeerAddEvent,
  SubscriptionPeerRemoveEvent,
]);
export type SubscriptionEvent = z.infer<typeof SubscriptionEvent>;

export const ChannelFolderAddEvent = opEventOf('channel_folder', 'add', { channel_folder: ChannelFolder });

/**
 * Upstream sends one of `{name}`, `{description, rendered_description}` or `{is_archived}` in `data`.
 * One object with optional keys rather than a union of the three: a broken value is reported at its
 * own key, and a key a newer server adds does not make the event unreadable.
 */
export const ChannelFolderUpdateEvent = opEventOf('channel_folder', 'update', {
  channel_folder_id: FolderId,
  data: z.looseObject({
    name: z.string().optional(),
    description: z.string().optional(),
    rendered_description: z.string().optional(),
    is_archived: z.boolean().optional(),
  }),
});

/** Feature level 418: every folder's ID in the new order. */
export const ChannelFolderReorderEvent = opEventOf('channel_folder', 'reorder', { order: z.array(FolderId) });

export const ChannelFolderEvent = z.discriminatedUnion('op', [
  ChannelFolderAddEvent,
  ChannelFolderUpdateEvent,
  ChannelFolderReorderEvent,
]);
export type ChannelFolderEvent = z.infer<typeof ChannelFolderEvent>;
