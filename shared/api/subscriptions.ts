// Subscriptions: upstream's POST /users/me/subscriptions (https://zulip.com/api/subscribe), which
// subscribes users to channels by name and creates the channels that do not exist yet, with the
// settings given beside the names (they apply to created channels only).
import { z } from 'zod';
import { endpoint, successEnvelope } from './envelope';
import { ChannelId, FolderId, GroupSettingValue, TopicsPolicy, UserId } from './common';
import { MessageRetentionDaysChange } from './channels';

/** One channel to subscribe to, by name; `description` and `color` apply when it is created. */
export const SubscriptionRequest = z.object({
  name: z.string(),
  /** Markdown; limit: the register response's `max_stream_description_length`. */
  description: z.string().optional(),
  /** `#rrggbb`: the subscriber's own color for the channel. */
  color: z.string().optional(),
});
export type SubscriptionRequest = z.infer<typeof SubscriptionRequest>;

export const subscribeParams = z.object({
  subscriptions: z.array(SubscriptionRequest),
  /** Users to subscribe instead of oneself: all addresses or all IDs. */
  principals: z.union([z.array(z.string()), z.array(UserId)]).optional(),
  /** Default true: a channel the user may not access fails the whole request. */
  authorization_errors_fatal: z.boolean().optional(),
  /** Default false: post to the organization's new-channel announcements channel, if it has one. */
  announce: z.boolean().optional(),
  // The settings of channels this request creates (ignored for channels that exist).
  invite_only: z.boolean().optional(),
  /** Needs WEB_PUBLIC_STREAMS_ENABLED, `enable_spectator_access` and `can_create_web_public_channel_group`. */
  is_web_public: z.boolean().optional(),
  /** Administrators only; a private channel cannot be one. */
  is_default_stream: z.boolean().optional(),
  /** Default: false for private channels, true (and only true) for public ones. */
  history_public_to_subscribers: z.boolean().optional(),
  /** Owners only; default `realm_default`. */
  message_retention_days: MessageRetentionDaysChange.optional(),
  topics_policy: TopicsPolicy.optional(),
  folder_id: FolderId.optional(),
  can_add_subscribers_group: GroupSettingValue.optional(),
  can_administer_channel_group: GroupSettingValue.optional(),
  can_delete_any_message_group: GroupSettingValue.optional(),
  can_delete_own_message_group: GroupSettingValue.optional(),
  can_move_messages_out_of_channel_group: GroupSettingValue.optional(),
  can_move_messages_within_channel_group: GroupSettingValue.optional(),
  can_remove_subscribers_group: GroupSettingValue.optional(),
  can_resolve_topics_group: GroupSettingValue.optional(),
  can_send_message_group: GroupSettingValue.optional(),
  can_subscribe_group: GroupSettingValue.optional(),
});
export type SubscribeParams = z.input<typeof subscribeParams>;

/**
 * Channel names per user: keyed by user ID since feature level 342 (upstream keyed them by address
 * before, as the feature-level-247 examples do).
 */
const NamesByUser = z.record(z.string(), z.array(z.string()));

export const subscribe = endpoint(
  'POST',
  '/users/me/subscriptions',
  subscribeParams,
  successEnvelope({
    subscribed: NamesByUser,
    already_subscribed: NamesByUser,
    /** With `authorization_errors_fatal: false`: the channels the user may not access. */
    unauthorized: z.array(z.string()).optional(),
  }),
);

// upstream DELETE /users/me/subscriptions (https://zulip.com/api/unsubscribe): unsubscribes the user,
// or `principals`, from channels by name. Removing others needs can_remove_subscribers_group (or being
// an administrator) in every channel named.
export const unsubscribeParams = z.object({
  subscriptions: z.array(z.string()),
  /** Users to unsubscribe instead of oneself: all addresses or all IDs. */
  principals: z.union([z.array(z.string()), z.array(UserId)]).optional(),
});
export type UnsubscribeParams = z.input<typeof unsubscribeParams>;

export const unsubscribe = endpoint(
  'DELETE',
  '/users/me/subscriptions',
  unsubscribeParams,
  successEnvelope({
    /** One name per user unsubscribed from it. */
    removed: z.array(z.string()),
    /** One name per user who was not subscribed to it. */
    not_removed: z.array(z.string()),
  }),
);

// upstream GET /streams/{stream_id}/members (https://zulip.com/api/get-subscribers): the IDs of the
// channel's active subscribers, for anyone who may see the channel's subscribers.
export const getSubscribersParams = z.object({ stream_id: ChannelId });
export const getSubscribers = endpoint(
  'GET',
  '/streams/{stream_id}/members',
  getSubscribersParams,
  successEnvelope({ subscribers: z.array(UserId) }),
);
