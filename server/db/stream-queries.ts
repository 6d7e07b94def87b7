// Reading channels: the row type, who may see a channel's metadata or its content (upstream
// zerver/lib/streams.py), and the two API shapes: upstream's stream object (GET /streams, stream
// create events, register `streams`) and the spec's subscription object (register `subscriptions`).
import type { GroupSettingValue, Stream, Subscription, TopicsPolicy } from '../../shared/api';
import type { Db } from './connection';
import { holdsGroupSetting, parseGroupSetting, systemGroupId } from './groups';
import { isAdmin, isGuest, type UserRow } from './users';
import { TRAFFIC_WINDOW_DAYS, weeklyTraffic } from '../lib/stream-traffic';

/** Every group setting a channel has, in upstream's order (Stream.stream_permission_group_settings). */
export const STREAM_GROUP_SETTINGS = [
  'can_add_subscribers_group',
  'can_administer_channel_group',
  'can_delete_any_message_group',
  'can_delete_own_message_group',
  'can_move_messages_out_of_channel_group',
  'can_move_messages_within_channel_group',
  'can_remove_subscribers_group',
  'can_resolve_topics_group',
  'can_send_message_group',
  'can_subscribe_group',
] as const;
export type StreamGroupSetting = (typeof STREAM_GROUP_SETTINGS)[number];

/** upstream Stream.stream_permission_group_settings_granting_metadata_access. */
export const GROUP_SETTINGS_GRANTING_METADATA_ACCESS: readonly StreamGroupSetting[] = [
  'can_add_subscribers_group',
  'can_administer_channel_group',
  'can_subscribe_group',
];

export interface StreamRow extends Record<StreamGroupSetting, string> {
  id: number;
  name: string;
  description: string;
  rendered_description: string;
  date_created: number;
  creator_id: number | null;
  invite_only: number;
  is_web_public: number;
  history_public_to_subscribers: number;
  message_retention_days: number | null;
  is_archived: number;
  is_default: number;
  folder_id: number | null;
  topics_policy: TopicsPolicy;
}

export interface SubscriptionRow {
  user_id: number;
  stream_id: number;
  active: number;
  color: string;
  pin_to_top: number;
  is_muted: number;
  desktop_notifications: number | null;
  email_notifications: number | null;
  push_notifications: number | null;
  audible_notifications: number | null;
  wildcard_mentions_notify: number | null;
  subscribed_after_message_id: number;
}

type Actor = Pick<UserRow, 'id' | 'role' | 'is_active'>;

export function getStream(db: Db, id: number): StreamRow | undefined {
  return db.prepare('SELECT * FROM streams WHERE id = ?').get(id) as StreamRow | undefined;
}

export function getStreamByName(db: Db, name: string): StreamRow | undefined {
  return db.prepare('SELECT * FROM streams WHERE lower(name) = lower(?)').get(name) as StreamRow | undefined;
}

export function allStreams(db: Db): StreamRow[] {
  return db.prepare('SELECT * FROM streams ORDER BY id').all() as StreamRow[];
}

/** The user's active subscription to the channel, if any. */
export function getSubscription(db: Db, streamId: number, userId: number): SubscriptionRow | undefined {
  return db.prepare('SELECT * FROM subscriptions WHERE stream_id = ? AND user_id = ? AND active = 1').get(streamId, userId) as
    | SubscriptionRow
    | undefined;
}

/** Every channel's active subscribers at once (for the register snapshot of a large realm). */
export function subscribersByStream(db: Db): Map<number, number[]> {
  // The (stream_id, active, user_id) index answers this in order; filtering deactivated users in
  // JavaScript beats joining the users table for every one of hundreds of thousands of rows.
  const inactive = new Set(db.prepare('SELECT id FROM users WHERE is_active = 0').pluck().all() as number[]);
  // One row per channel (SQLite joins the IDs): far fewer rows to hand to JavaScript.
  const rows = db
    .prepare('SELECT stream_id, group_concat(user_id) FROM (SELECT stream_id, user_id FROM subscriptions WHERE active = 1 ORDER BY stream_id, user_id) GROUP BY stream_id')
    .raw()
    .all() as [number, string][];
  const byStream = new Map<number, number[]>();
  for (const [streamId, ids] of rows) byStream.set(streamId, ids.split(',').map(Number).filter((id) => !inactive.has(id)));
  return byStream;
}

/** What streamObject needs of a channel's messages: the first ID, the latest send time, and the recent traffic. */
export interface MessageStats {
  first_id: number | null;
  last_sent: number | null;
  /** Messages sent since `since` (the traffic window). */
  recent: number;
}

/** Each channel's first message ID, latest send time and messages sent since `since` (UTC seconds), at once. */
export function messageStatsByStream(db: Db, since: number): Map<number, MessageStats> {
  // The first and last IDs come from the (stream_id, topic, id) index alone; only the last message's
  // row is read, for its time (IDs grow with time).
  const rows = db
    .prepare(
      `SELECT g.stream_id, g.first_id, m.date_sent AS last_sent
       FROM (SELECT stream_id, min(id) AS first_id, max(id) AS last_id FROM messages WHERE stream_id IS NOT NULL GROUP BY stream_id) g
       JOIN messages m ON m.id = g.last_id`,
    )
    .all() as { stream_id: number; first_id: number; last_sent: number }[];
  const recent = new Map(
    (db.prepare('SELECT stream_id, count(*) FROM messages WHERE stream_id IS NOT NULL AND date_sent > ? GROUP BY stream_id').raw().all(since) as [number, number][]),
  );
  return new Map(rows.map((row) => [row.stream_id, { first_id: row.first_id, last_sent: row.last_sent, recent: recent.get(row.stream_id) ?? 0 }]));
}

function messageStatsOf(db: Db, streamId: number, since: number): MessageStats {
  return db
    .prepare('SELECT min(id) AS first_id, max(date_sent) AS last_sent, count(CASE WHEN date_sent > ? THEN 1 END) AS recent FROM messages WHERE stream_id = ?')
    .get(since, streamId) as MessageStats;
}

/** Active users subscribed to the channel (upstream leaves deactivated users out of subscriber lists). */
export function subscriberIds(db: Db, streamId: number): number[] {
  return db
    .prepare(
      `SELECT s.user_id FROM subscriptions s JOIN users u ON u.id = s.user_id
       WHERE s.stream_id = ? AND s.active = 1 AND u.is_active = 1 ORDER BY s.user_id`,
    )
    .pluck()
    .all(streamId) as number[];
}

export const groupSetting = (row: StreamRow, setting: StreamGroupSetting): GroupSettingValue => parseGroupSetting(row[setting]);

const isPublic = (row: StreamRow) => !row.invite_only;

/**
 * upstream user_has_content_access: may read the channel's messages. Guests only through a subscription
 * or a web-public channel; can_add_subscribers_group and can_subscribe_group never include guests.
 */
export function hasContentAccess(db: Db, user: Actor, row: StreamRow, subscribed: boolean): boolean {
  if (row.is_web_public || subscribed) return true;
  if (isGuest(user)) return false;
  if (isPublic(row)) return true;
  return (
    holdsGroupSetting(db, user, groupSetting(row, 'can_add_subscribers_group')) ||
    holdsGroupSetting(db, user, groupSetting(row, 'can_subscribe_group'))
  );
}

/** upstream user_has_metadata_access: may know the channel exists, its name, settings and subscribers. */
export function hasMetadataAccess(db: Db, user: Actor, row: StreamRow, subscribed: boolean): boolean {
  if (row.is_web_public || subscribed) return true;
  if (isGuest(user)) return false;
  if (isPublic(row) || isAdmin(user)) return true;
  return GROUP_SETTINGS_GRANTING_METADATA_ACCESS.some((setting) => holdsGroupSetting(db, user, groupSetting(row, setting)));
}

/** Whether the user may administer the channel: administrators, and non-guests in can_administer_channel_group. */
export function canAdministerChannel(db: Db, user: Actor, row: StreamRow): boolean {
  if (isAdmin(user)) return true;
  return !isGuest(user) && holdsGroupSetting(db, user, groupSetting(row, 'can_administer_channel_group'));
}

/**
 * upstream can_access_stream_metadata_user_ids: who is told about changes to the channel. Public:
 * every active non-guest plus subscribed guests (every guest too when web-public). Private:
 * subscribers, administrators, and non-guests given metadata access by a group setting.
 */
export function metadataAccessUserIds(db: Db, row: StreamRow): number[] {
  const users = db.prepare('SELECT id, role, is_active FROM users WHERE is_active = 1 ORDER BY id').all() as Actor[];
  const subscribed = new Set(subscriberIds(db, row.id));
  return users.filter((user) => hasMetadataAccess(db, user, row, subscribed.has(user.id))).map((user) => user.id);
}

const bool = (value: number) => value === 1;
const nullableBool = (value: number | null) => (value === null ? null : value === 1);

/** upstream get_stream_post_policy_value_based_on_group_setting: the deprecated stream_post_policy. */
export function streamPostPolicy(canSendMessageGroup: GroupSettingValue): 1 | 2 | 3 | 4 {
  const byGroup = new Map<number, 1 | 2 | 3 | 4>([
    [systemGroupId('role:everyone'), 1],
    [systemGroupId('role:administrators'), 2],
    [systemGroupId('role:fullmembers'), 3],
    [systemGroupId('role:moderators'), 4],
  ]);
  return (typeof canSendMessageGroup === 'number' ? byGroup.get(canSendMessageGroup) : undefined) ?? 4;
}

/** upstream: a channel counts as recently active with a message, or its creation, in the last 180 days. */
const RECENTLY_ACTIVE_DAYS = 180;

export interface StreamObjectOptions {
  /** UTC seconds to measure `is_recently_active` from; defaults to the system time. */
  now?: number;
  /** Add `is_default` (GET /streams `include_default`). */
  includeDefault?: boolean;
  /** Precomputed for many channels at once (messageStatsByStream, subscribersByStream). */
  stats?: ReadonlyMap<number, MessageStats>;
  subscribers?: ReadonlyMap<number, readonly number[]>;
}

/** Upstream's stream object (zerver/lib/types.py APIStreamDict); parses with shared/api `Stream`. */
export function streamObject(db: Db, row: StreamRow, options: StreamObjectOptions = {}): Stream {
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const since = now - RECENTLY_ACTIVE_DAYS * 86_400;
  const trafficSince = now - TRAFFIC_WINDOW_DAYS * 86_400;
  const stats = options.stats ? (options.stats.get(row.id) ?? { first_id: null, last_sent: null, recent: 0 }) : messageStatsOf(db, row.id, trafficSince);
  const settings = Object.fromEntries(STREAM_GROUP_SETTINGS.map((setting) => [setting, groupSetting(row, setting)])) as Record<
    StreamGroupSetting,
    GroupSettingValue
  >;
  const postPolicy = streamPostPolicy(settings.can_send_message_group);
  return {
    stream_id: row.id,
    name: row.name,
    description: row.description,
    rendered_description: row.rendered_description,
    date_created: row.date_created,
    creator_id: row.creator_id,
    invite_only: bool(row.invite_only),
    is_web_public: bool(row.is_web_public),
    history_public_to_subscribers: bool(row.history_public_to_subscribers),
    first_message_id: stats.first_id,
    message_retention_days: row.message_retention_days,
    stream_post_policy: postPolicy,
    is_announcement_only: postPolicy === 2,
    is_archived: bool(row.is_archived),
    is_recently_active: row.date_created >= since || (stats.last_sent ?? 0) >= since,
    stream_weekly_traffic: weeklyTraffic(stats.recent, row.date_created, now),
    subscriber_count: options.subscribers ? (options.subscribers.get(row.id)?.length ?? 0) : subscriberIds(db, row.id).length,
    folder_id: row.folder_id,
    topics_policy: row.topics_policy,
    ...settings,
    ...(options.includeDefault ? { is_default: bool(row.is_default) } : {}),
  };
}

export interface SubscriptionObjectOptions extends StreamObjectOptions {
  /** Add `subscribers` (register `include_subscribers`). */
  includeSubscribers?: boolean;
}

/**
 * The spec's subscription object for the user's subscription to the channel (register `subscriptions`),
 * or undefined when the user is not subscribed.
 */
export function subscriptionObject(db: Db, row: StreamRow, userId: number, options: SubscriptionObjectOptions = {}): Subscription | undefined {
  const sub = getSubscription(db, row.id, userId);
  if (!sub) return undefined;
  const { is_default: _isDefault, ...stream } = streamObject(db, row, { now: options.now, stats: options.stats, subscribers: options.subscribers });
  return {
    ...stream,
    creator_id: row.creator_id,
    stream_post_policy: stream.stream_post_policy ?? 1,
    is_announcement_only: stream.is_announcement_only ?? false,
    folder_id: row.folder_id,
    topics_policy: row.topics_policy,
    is_recently_active: stream.is_recently_active ?? true,
    can_add_subscribers_group: groupSetting(row, 'can_add_subscribers_group'),
    can_administer_channel_group: groupSetting(row, 'can_administer_channel_group'),
    color: sub.color,
    pin_to_top: bool(sub.pin_to_top),
    is_muted: bool(sub.is_muted),
    in_home_view: !bool(sub.is_muted),
    desktop_notifications: nullableBool(sub.desktop_notifications),
    email_notifications: nullableBool(sub.email_notifications),
    push_notifications: nullableBool(sub.push_notifications),
    audible_notifications: nullableBool(sub.audible_notifications),
    wildcard_mentions_notify: nullableBool(sub.wildcard_mentions_notify),
    ...(options.includeSubscribers ? { subscribers: [...(options.subscribers?.get(row.id) ?? subscriberIds(db, row.id))] } : {}),
  };
}

export interface TopicRow {
  name: string;
  max_id: number;
}

/**
 * spec 15: the channel's topics, newest first, with the ID of each topic's newest message. Topics
 * differing only in case are one topic, named as in its newest message (upstream
 * get_topic_history_for_stream). `afterMessageId` limits it to later messages (protected history).
 */
export function topicsInStream(db: Db, streamId: number, afterMessageId = 0): TopicRow[] {
  return db
    .prepare(
      `SELECT m.topic AS name, t.max_id FROM (
         SELECT lower(topic) AS key, max(id) AS max_id FROM messages
         WHERE stream_id = ? AND type = 'stream' AND id > ? GROUP BY lower(topic)
       ) t JOIN messages m ON m.id = t.max_id
       ORDER BY t.max_id DESC`,
    )
    .all(streamId, afterMessageId) as TopicRow[];
}

/** Whether every message in the channel is in the empty topic (spec: the empty_topic_only precondition). */
export function onlyEmptyTopicMessages(db: Db, streamId: number): boolean {
  return !db.prepare("SELECT 1 FROM messages WHERE stream_id = ? AND type = 'stream' AND topic <> '' LIMIT 1").get(streamId);
}

/** upstream get_metadata_access_streams: every channel the user may know of, sorted by name. */
export function metadataAccessStreams(db: Db, user: Actor): StreamRow[] {
  const subscribed = subscribedStreamIds(db, user.id);
  return allStreams(db)
    .filter((row) => hasMetadataAccess(db, user, row, subscribed.has(row.id)))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** upstream GET /streams flags, with its defaults already applied. */
export interface StreamListing {
  includePublic: boolean;
  includeWebPublic: boolean;
  includeSubscribed: boolean;
  excludeArchived: boolean;
  /** Every channel in the organization (administrators only; the caller checks). */
  includeAll: boolean;
  includeOwnerSubscribed: boolean;
  includeCanAccessContent: boolean;
}

function subscribedStreamIds(db: Db, userId: number): Set<number> {
  return new Set(db.prepare('SELECT stream_id FROM subscriptions WHERE user_id = ? AND active = 1').pluck().all(userId) as number[]);
}

/**
 * upstream get_streams_for_user: the channels each flag adds, sorted by name. Guests never get public
 * channels just for being public; a bot may add the channels its owner is subscribed to.
 */
export function streamsForUser(db: Db, user: Pick<UserRow, 'id' | 'role' | 'is_active' | 'is_bot' | 'bot_owner_id'>, listing: StreamListing): StreamRow[] {
  const rows = allStreams(db).filter((row) => !listing.excludeArchived || !row.is_archived);
  const subscribed = subscribedStreamIds(db, user.id);
  const ownerSubscribed =
    listing.includeOwnerSubscribed && user.is_bot && user.bot_owner_id !== null ? subscribedStreamIds(db, user.bot_owner_id) : new Set<number>();
  const chosen = listing.includeAll
    ? rows
    : rows.filter(
        (row) =>
          (listing.includeSubscribed && subscribed.has(row.id)) ||
          ownerSubscribed.has(row.id) ||
          (listing.includePublic && !isGuest(user) && isPublic(row)) ||
          (listing.includeWebPublic && row.is_web_public === 1) ||
          (listing.includeCanAccessContent && hasContentAccess(db, user, row, subscribed.has(row.id))),
      );
  return chosen.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
