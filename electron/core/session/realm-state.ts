// A realm as the console knows it: the POST /register snapshot (spec 21), with every event applied in
// order by reducer.ts, plus what the console fetches beside the snapshot (pending invitations, the
// reports in the moderation request channel). Immutable: each event makes a new state that shares
// whatever did not change.
import { z } from 'zod';
import {
  ChannelId,
  DEFAULT_LONGPOLL_TIMEOUT_SECONDS,
  DEFAULT_TYPING_PERIODS_MS,
  defaultChannelIds,
  User,
  UserIdList,
  type ChannelFolder,
  type CustomProfileField,
  type Invite,
  type RealmUserSettingsDefaults,
  type RegisterReply,
  type Role,
  type Stream,
  type Subscription,
  type UserGroup,
} from '../../../shared/api';
import { ConsoleError } from '../errors';
import type { RealmChannelPolicy } from '../../../shared/domain/channel-permissions';
import { IdMap } from './id-map';
import { lastActiveFromRegister, PRESENCE_HISTORY_DAYS } from './presence';
import { channelPolicyFromRegister } from './realm-policy';

export interface RealmLimits {
  maxMessageLength: number | null;
  maxTopicLength: number | null;
  maxChannelNameLength: number | null;
  maxChannelDescriptionLength: number | null;
  maxFolderNameLength: number | null;
  maxFolderDescriptionLength: number | null;
  typingStartedWaitMs: number;
  typingStoppedWaitMs: number;
  typingStartedExpiryMs: number;
}

export interface RealmState {
  readonly realmName: string;
  readonly realmUrl: string;
  readonly featureLevel: number;
  readonly ownUserId: number;
  readonly ownRole: Role;
  /** Active and deactivated users (realm_users and realm_non_active_users), by user ID. */
  readonly users: IdMap<User>;
  /** Every channel the user can see, archived ones included, by channel ID. */
  readonly channels: IdMap<Stream>;
  /** The user's own subscriptions, by channel ID. */
  readonly subscriptions: IdMap<Subscription>;
  /** Each visible channel's subscribers (register asks for them), kept up to date by peer events. */
  readonly subscribers: IdMap<ReadonlySet<number>>;
  readonly folders: IdMap<ChannelFolder>;
  readonly groups: IdMap<UserGroup>;
  readonly userSettingsDefaults: RealmUserSettingsDefaults;
  /** The fields users' `profile_data` holds values of, in their display order. */
  readonly profileFields: readonly CustomProfileField[];
  readonly defaultChannelIds: ReadonlySet<number>;
  /** Null when moderation requests are off. */
  readonly moderationRequestChannelId: number | null;
  /** The system bot that posts moderation requests; null if the server does not say which it is. */
  readonly notificationBotId: number | null;
  readonly limits: RealmLimits;
  /** The organization's channel settings (register `realm` section). */
  readonly channelPolicy: RealmChannelPolicy;
  readonly longpollTimeoutSeconds: number;
  /** Pending invitations (GET /invites): whose they are is `invitationsScope`; null for users who may not list any. */
  readonly invitations: readonly Invite[] | null;
  /** Whose invitations `invitations` holds, as they were fetched (a role change refetches them). */
  readonly invitationsScope: InvitationsScope | null;
  /** An `invites_changed` arrived: `invitations` is out of date until the session refetches it. */
  readonly invitationsStale: boolean;
  /**
   * IDs of the notification bot's messages in the moderation request channel (one per report); null
   * without such a channel, without access to it, or before the session has counted them.
   */
  readonly reportIds: ReadonlySet<number> | null;
  /** When each user was last active (seconds), for users seen within `presenceHistoryDays` (reduce-presence.ts). */
  readonly lastActive: IdMap<number>;
  /** How far back the server was asked for presence: a user not in `lastActive` was not seen since. */
  readonly presenceHistoryDays: number;
}

/**
 * Subscriber lists live in `state.subscribers` alone; copies inside channel and subscription objects
 * would go stale with the first peer event.
 */
export function withoutSubscriberLists<T extends Stream | Subscription>(channel: T): T {
  if (!('subscribers' in channel) && !('partial_subscribers' in channel)) return channel;
  const { subscribers: _all, partial_subscribers: _partial, ...rest } = channel;
  return rest as T;
}

const NeverSubscribed = z.array(z.object({ stream_id: ChannelId, subscribers: UserIdList.optional() }));

/** Upstream's notification bot (settings.NOTIFICATION_BOT), and the sandbox's name for it. */
const NOTIFICATION_BOT_ADDRESS = /^(notification-bot|notify-bot)@/i;

/** Reads a register reply that asked for the sections session.ts fetches. */
export function realmStateFromRegister(reply: RegisterReply): RealmState {
  const required = <T>(value: T | undefined, field: string): T => {
    if (value === undefined) {
      throw new ConsoleError('INVALID_REPLY', `The server's reply to POST /register has no ${field}, which the console asked for.`, { field });
    }
    return value;
  };
  const ownUserId = required(reply.user_id, 'user_id');
  const users = IdMap.of([...required(reply.realm_users, 'realm_users'), ...(reply.realm_non_active_users ?? [])], (user) => user.user_id);
  const own = users.get(ownUserId);
  if (!own) throw new ConsoleError('INVALID_REPLY', "The server's reply to POST /register does not list the signed-in user in realm_users.", { field: 'realm_users' });

  // Only a legacy presence reply is keyed by email: the index is built for it alone.
  let byEmail: Map<string, number> | undefined;
  const subscriptions = required(reply.subscriptions, 'subscriptions');
  // `never_subscribed` is upstream's list of visible channels the user is not in; it carries their
  // subscribers. Only those two fields are read (a loose object would copy every other field of 5,000
  // channels at sign-in).
  const neverSubscribed = NeverSubscribed.catch([]).parse(reply.never_subscribed ?? []);
  const subscribers = IdMap.empty<ReadonlySet<number>>().withMutations((draft) => {
    for (const channel of [...subscriptions, ...neverSubscribed]) {
      if (channel.subscribers) draft.set(channel.stream_id, new Set(channel.subscribers));
    }
  });

  return {
    realmName: required(reply.realm_name, 'realm_name'),
    realmUrl: required(reply.realm_url, 'realm_url'),
    featureLevel: reply.service_feature_level,
    ownUserId,
    ownRole: own.role,
    users,
    channels: IdMap.of(required(reply.streams, 'streams').map(withoutSubscriberLists), (channel) => channel.stream_id),
    subscriptions: IdMap.of(subscriptions.map(withoutSubscriberLists), (subscription) => subscription.stream_id),
    subscribers,
    folders: IdMap.of(reply.channel_folders ?? [], (folder) => folder.id),
    groups: IdMap.of(required(reply.realm_user_groups, 'realm_user_groups'), (group) => group.id),
    userSettingsDefaults: required(reply.realm_user_settings_defaults, 'realm_user_settings_defaults'),
    // Optional: a server without custom profile fields may leave the section out.
    profileFields: inDisplayOrder(reply.custom_profile_fields ?? []),
    defaultChannelIds: new Set(defaultChannelIds(reply.realm_default_streams ?? [])),
    moderationRequestChannelId: reply.moderation_request_channel ?? null,
    notificationBotId: findNotificationBot(reply),
    limits: {
      maxMessageLength: reply.max_message_length ?? null,
      maxTopicLength: reply.max_topic_length ?? null,
      maxChannelNameLength: reply.max_stream_name_length ?? null,
      maxChannelDescriptionLength: reply.max_stream_description_length ?? null,
      maxFolderNameLength: reply.max_channel_folder_name_length ?? null,
      maxFolderDescriptionLength: reply.max_channel_folder_description_length ?? null,
      typingStartedWaitMs: reply.server_typing_started_wait_period_milliseconds ?? DEFAULT_TYPING_PERIODS_MS.server_typing_started_wait_period_milliseconds,
      typingStoppedWaitMs: reply.server_typing_stopped_wait_period_milliseconds ?? DEFAULT_TYPING_PERIODS_MS.server_typing_stopped_wait_period_milliseconds,
      typingStartedExpiryMs: reply.server_typing_started_expiry_period_milliseconds ?? DEFAULT_TYPING_PERIODS_MS.server_typing_started_expiry_period_milliseconds,
    },
    channelPolicy: channelPolicyFromRegister(reply),
    longpollTimeoutSeconds: reply.event_queue_longpoll_timeout_seconds ?? DEFAULT_LONGPOLL_TIMEOUT_SECONDS,
    invitations: null,
    invitationsScope: null,
    invitationsStale: false,
    reportIds: null,
    lastActive: lastActiveFromRegister(reply, (email: string) => (byEmail ??= new Map([...users.values()].map((user) => [user.email, user.user_id]))).get(email)),
    presenceHistoryDays: PRESENCE_HISTORY_DAYS,
  };
}

/** Fields in upstream's display order: by `order`, then by ID. */
export function inDisplayOrder(fields: readonly CustomProfileField[]): CustomProfileField[] {
  return [...fields].sort((a, b) => a.order - b.order || a.id - b.id);
}

/**
 * Upstream lists system bots in `cross_realm_bots` (not in realm_users); the notification bot is the
 * one with its address. A server without that list (or with another address) gets no report count.
 */
function findNotificationBot(reply: RegisterReply): number | null {
  const bots = z.array(User).catch([]).parse(reply.cross_realm_bots ?? []);
  const candidates = [...bots, ...(reply.realm_users ?? [])].filter((user) => user.is_bot && user.is_system_bot !== false);
  const bot = candidates.find((user) => NOTIFICATION_BOT_ADDRESS.test(user.email)) ?? candidates.find((user) => user.full_name === 'Notification Bot');
  return bot?.user_id ?? null;
}

/** Everyone's pending invitations, or only the signed-in user's own. */
export type InvitationsScope = 'all' | 'own';

/**
 * What upstream's GET /invites lists for a role: administrators and owners every pending invitation,
 * moderators and members their own (require_member_or_admin), guests nothing (it refuses them).
 */
export function invitationsScope(role: Role): InvitationsScope | null {
  if (role === 100 || role === 200) return 'all';
  return role === 300 || role === 400 ? 'own' : null;
}

/** Pending invitations as GET /invites answered, with whose they are. */
export interface ListedInvitations {
  scope: InvitationsScope;
  invites: readonly Invite[];
}

/** The moderation request channel's name, or null without one (or when the user cannot see it). */
export function moderationChannelName(state: RealmState): string | null {
  if (state.moderationRequestChannelId === null) return null;
  return state.channels.get(state.moderationRequestChannelId)?.name ?? null;
}

/**
 * Whether the user receives the moderation channel's messages, so the count can be kept live: only
 * subscribers get message events (the console does not register with all_public_streams).
 */
export function canCountReports(state: RealmState): boolean {
  return state.moderationRequestChannelId !== null && state.notificationBotId !== null && state.subscriptions.has(state.moderationRequestChannelId);
}

export function withInvitations(state: RealmState, listed: ListedInvitations | null): RealmState {
  return { ...state, invitations: listed?.invites ?? null, invitationsScope: listed?.scope ?? null, invitationsStale: false };
}

export function withReports(state: RealmState, reportIds: ReadonlySet<number> | null): RealmState {
  return { ...state, reportIds };
}
