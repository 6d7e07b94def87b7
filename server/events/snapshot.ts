// The initial state POST /register returns (spec 21, upstream fetch_initial_state_data): one section
// per event type the client asks for (fetch_event_types, else event_types, else everything), holding
// the realm's real values.
import {
  DEFAULT_LONGPOLL_TIMEOUT_SECONDS,
  DEFAULT_TYPING_PERIODS_MS,
  PARTIAL_SUBSCRIBERS_ACTIVE_DAYS,
  SUBSCRIBERS_ALWAYS_LISTED_BELOW,
  type ClientCapabilities,
} from '../../shared/api';
import { SERVICE_VERSION } from '../config';
import type { ServerContext } from '../context';
import { seconds } from '../lib/clock';
import { LIMITS } from '../lib/limits';
import { TRAFFIC_WINDOW_DAYS } from '../lib/stream-traffic';
import { listFolders, folderObject } from '../db/folder-queries';
import { listProfileFields, PROFILE_FIELD_TYPES } from '../db/profile-field-queries';
import { userSettingsDefaultsSnapshot } from '../db/realm-defaults-queries';
import { realmChannelSettings } from '../db/realm-permissions';
import { groupObject, listGroups } from '../db/group-queries';
import { allStreams, messageStatsByStream, metadataAccessStreams, streamObject, subscribersByStream, subscriptionObject, type StreamRow } from '../db/stream-queries';
import { maxMessageIdFor, ownUserObject, profileDataByUser, userObject } from '../db/user-queries';
import { isAdmin, isGuest, isModeratorOrAbove, isOwner, userSettings, type UserRow } from '../db/users';
import { userForClient, withInheritedNotificationSettings } from './snapshot-compat';
import { userSections } from './snapshot-sections';

export interface SnapshotRequest {
  /** null: an unauthenticated visitor of a realm with public access. */
  user: UserRow | null;
  /** null: every section. */
  want: ReadonlySet<string> | null;
  includeSubscribers: 'true' | 'false' | 'partial';
  clientGravatar: boolean;
  slimPresence: boolean;
  presenceHistoryLimitDays: number;
  capabilities: ClientCapabilities;
}

export type Snapshot = Record<string, unknown>;

export function buildSnapshot(ctx: ServerContext, request: SnapshotRequest): Snapshot {
  const want = (type: string) => request.want === null || request.want.has(type);
  const snapshot: Snapshot = {
    zulip_feature_level: ctx.config.featureLevel,
    service_feature_level: ctx.config.featureLevel,
    zulip_version: SERVICE_VERSION,
    zulip_merge_base: SERVICE_VERSION,
  };
  if (want('realm')) Object.assign(snapshot, realmSection(ctx));
  if (request.user === null) {
    if (want('stream')) snapshot.streams = allStreams(ctx.db).filter((row) => row.is_web_public && !row.is_archived).map((row) => streamObject(ctx.db, row));
    return snapshot;
  }
  const user = request.user;
  const db = ctx.db;
  if (want('realm_user')) Object.assign(snapshot, usersSection(ctx, user, request));
  if (want('realm_user_groups')) {
    snapshot.realm_user_groups = listGroups(db, Boolean(request.capabilities.include_deactivated_groups)).map((row) => groupObject(db, row));
  }
  // upstream fetch_initial_state_data: `streams` (and the subscription lists) cover every channel the
  // user may see the metadata of (do_get_streams with include_all), so an administrator gets the
  // private channels they are not in too; archived ones only with `archived_channels`.
  const visibleStreams = metadataAccessStreams(db, user).filter((row) => request.capabilities.archived_channels || !row.is_archived);
  const now = seconds(ctx.clock);
  // Per-channel numbers for every channel at once: one query each instead of two per channel.
  const many = want('stream') || want('subscription') ? { now, stats: messageStatsByStream(db, now - TRAFFIC_WINDOW_DAYS * 86_400), subscribers: subscribersByStream(db) } : { now };
  if (want('stream')) snapshot.streams = visibleStreams.map((row) => streamObject(db, row, many));
  if (want('subscription')) {
    // spec 21 notification_settings_null: without it, null settings arrive as the user's own values.
    const inherited = request.capabilities.notification_settings_null ? null : userSettings(user);
    Object.assign(snapshot, subscriptionsSection(ctx, user, visibleStreams, request.includeSubscribers, many, inherited));
  }
  if (want('channel_folders')) snapshot.channel_folders = listFolders(db, true).map(folderObject);
  if (want('custom_profile_fields')) {
    snapshot.custom_profile_fields = listProfileFields(db);
    snapshot.custom_profile_field_types = PROFILE_FIELD_TYPES;
  }
  if (want('default_streams')) {
    snapshot.realm_default_streams = db.prepare('SELECT id FROM streams WHERE is_default = 1 AND is_archived = 0 ORDER BY id').pluck().all();
  }
  if (want('realm_user_settings_defaults')) snapshot.realm_user_settings_defaults = userSettingsDefaultsSnapshot(db, ctx.config.featureLevel);
  if (want('message')) snapshot.max_message_id = maxMessageIdFor(db, user.id);
  if (want('recent_private_conversations')) snapshot.recent_private_conversations = recentConversations(ctx, user.id);
  if (want('navigation_views')) snapshot.navigation_views = [];
  Object.assign(
    snapshot,
    userSections(ctx, user, { want, slimPresence: request.slimPresence, presenceHistoryLimitDays: request.presenceHistoryLimitDays, capabilities: request.capabilities }),
  );
  return snapshot;
}

function realmSection(ctx: ServerContext): Snapshot {
  const realm = ctx.db.prepare('SELECT * FROM realm').get() as {
    name: string;
    topics_policy: string;
    empty_topic_display_name: string;
    moderation_request_channel_id: number | null;
  };
  return {
    realm_name: realm.name,
    realm_url: ctx.realmUrl,
    realm_uri: ctx.realmUrl,
    realm_empty_topic_display_name: realm.empty_topic_display_name,
    realm_topics_policy: realm.topics_policy,
    // The spec's name, with null for "reporting is off"; upstream's name uses -1.
    moderation_request_channel: realm.moderation_request_channel_id,
    realm_moderation_request_channel_id: realm.moderation_request_channel_id ?? -1,
    ...realmChannelSettings(ctx.db),
    max_file_upload_size_mib: ctx.config.maxFileUploadSizeMib,
    ...LIMITS,
    // spec 1: typing timing, upstream's defaults.
    ...DEFAULT_TYPING_PERIODS_MS,
    // upstream's 90 seconds, or longer than the heartbeat period, so a live connection is never taken for dead.
    event_queue_longpoll_timeout_seconds: Math.max(DEFAULT_LONGPOLL_TIMEOUT_SECONDS, Math.ceil(ctx.config.heartbeatMs / 1000) + 30),
  };
}

function usersSection(ctx: ServerContext, user: UserRow, request: SnapshotRequest): Snapshot {
  const rows = ctx.db.prepare('SELECT * FROM users ORDER BY id').all() as UserRow[];
  const viewer = { id: user.id, role: user.role };
  const profileData = profileDataByUser(ctx.db);
  const toObject = (row: UserRow) => userObject(ctx.db, row, viewer, { includeCustomProfileFields: true, profileData });
  const avatars = {
    viewer,
    clientGravatar: request.clientGravatar,
    avatarUrlOptional: Boolean(request.capabilities.user_avatar_url_field_optional),
    now: seconds(ctx.clock),
  };
  const forClient = (row: UserRow) => userForClient(toObject(row), row, avatars);
  // The user's own avatar_url below, like upstream's, is always a URL (upstream forces client_gravatar off for it).
  const own = ownUserObject(ctx.db, user);
  return {
    realm_users: rows.filter((row) => row.is_active && !row.is_system_bot).map(forClient),
    realm_non_active_users: rows.filter((row) => !row.is_active).map(forClient),
    // upstream get_cross_realm_dicts: always with avatar URLs, whatever the client asked for
    cross_realm_bots: rows.filter((row) => row.is_system_bot).map(toObject),
    user_id: user.id,
    email: own.email,
    delivery_email: own.delivery_email,
    full_name: own.full_name,
    avatar_url: own.avatar_url,
    role: user.role,
    is_owner: isOwner(user),
    is_admin: isAdmin(user),
    is_moderator: isModeratorOrAbove(user) && !isAdmin(user),
    is_guest: isGuest(user),
  };
}

/**
 * spec 21 include_subscribers: 'true' lists every channel's subscribers; 'partial' lists them in full
 * below 250 subscribers and, above, only bots and users active in the last 14 days.
 */
function subscriptionsSection(
  ctx: ServerContext,
  user: UserRow,
  visible: StreamRow[],
  include: SnapshotRequest['includeSubscribers'],
  many: Parameters<typeof streamObject>[2] & { subscribers?: ReadonlyMap<number, readonly number[]> },
  inheritedSettings: Record<string, unknown> | null,
): Snapshot {
  const db = ctx.db;
  const now = seconds(ctx.clock);
  const subscriptions = [];
  const neverSubscribed = [];
  const activeSince = now - PARTIAL_SUBSCRIBERS_ACTIVE_DAYS * 86_400;
  const partialOf = (ids: number[]) =>
    db
      .prepare(
        'SELECT id FROM users WHERE id IN (SELECT value FROM json_each(?)) AND (is_bot = 1 OR last_active >= ?) ORDER BY id',
      )
      .pluck()
      .all(JSON.stringify(ids), activeSince) as number[];
  for (const row of visible) {
    const sub = subscriptionObject(db, row, user.id, many);
    const ids = include === 'false' ? [] : [...(many.subscribers?.get(row.id) ?? [])];
    const lists =
      // spec 21 include_subscribers: full lists below this many subscribers; partial lists above it.
      include === 'true' || (include === 'partial' && ids.length < SUBSCRIBERS_ALWAYS_LISTED_BELOW)
        ? { subscribers: ids }
        : include === 'partial'
          ? { partial_subscribers: partialOf(ids) }
          : {};
    if (sub) subscriptions.push({ ...(inheritedSettings ? withInheritedNotificationSettings(sub, inheritedSettings) : sub), ...lists });
    else neverSubscribed.push({ ...streamObject(db, row, many), ...lists });
  }
  return { subscriptions, unsubscribed: [], never_subscribed: neverSubscribed };
}

/** upstream get_recent_private_conversations: each DM conversation's newest message and other people. */
function recentConversations(ctx: ServerContext, userId: number): { max_message_id: number; user_ids: number[] }[] {
  const rows = ctx.db
    .prepare(
      `SELECT dm_key, max(id) AS max_id FROM messages
       WHERE type = 'private' AND (',' || dm_key || ',') LIKE '%,' || CAST(? AS INTEGER) || ',%'
       GROUP BY dm_key ORDER BY max_id DESC LIMIT 1000`,
    )
    .all(userId) as { dm_key: string; max_id: number }[];
  return rows.map((row) => ({
    max_message_id: row.max_id,
    user_ids: row.dm_key.split(',').map(Number).filter((id) => id !== userId),
  }));
}
