// upstream POST /users/me/subscriptions (zerver/views/streams.py add_subscriptions_backend,
// zerver/lib/streams.py list_to_streams and check_channel_creation_permissions,
// https://zulip.com/api/subscribe): subscribes the user (or `principals`) to channels by name, creating
// the channels that do not exist with the settings given. Everything is checked before anything is
// written; then one transaction, then the events: the new channels to those who may see them, each
// subscriber's new subscriptions to them, and the new subscribers to everyone else who sees the channel.
// The notification bot's messages upstream sends on the side ("you were subscribed", the new channel's
// first message) are not sent.
import type { z } from 'zod';
import { charCount, type GroupSettingValue, type subscribeParams } from '../../shared/api';
import type { ServerContext } from '../context';
import { insertStream, subscribe } from '../db/create-stream';
import { getFolder } from '../db/folder-queries';
import { holdsGroupSetting, normalizeGroupSetting, parseGroupSetting, systemGroupId } from '../db/groups';
import { FIXED_REALM_PERMISSIONS } from '../db/realm-permissions';
import {
  STREAM_GROUP_SETTINGS,
  canAdministerChannel,
  getStream,
  getStreamByName,
  getSubscription,
  groupSetting,
  hasContentAccess,
  hasMetadataAccess,
  metadataAccessUserIds,
  streamObject,
  subscriberIds,
  subscriptionObject,
  type StreamGroupSetting,
  type StreamRow,
} from '../db/stream-queries';
import { getUser, getUserByEmail, isAdmin, isGuest, isModeratorOrAbove, isOwner, type UserRow } from '../db/users';
import { seconds } from '../lib/clock';
import { badRequest, mustBeOwner } from '../lib/errors';
import { MAX_STREAM_DESCRIPTION_LENGTH } from '../lib/limits';
import { announceDefaultStreams, checkChannelName, checkGroupSettingValue } from './channels';

export type Subscribe = z.output<typeof subscribeParams>;

export interface SubscribeResult {
  /** Channel names by user ID (feature level 342 and later). */
  subscribed: Record<string, string[]>;
  already_subscribed: Record<string, string[]>;
  unauthorized?: string[];
}

interface Wanted {
  name: string;
  description: string;
  color: string | undefined;
}

/** upstream Stream.MESSAGE_RETENTION_SPECIAL_VALUES_MAP. */
const RETENTION_SPECIAL = { realm_default: null, unlimited: -1 } as const;
const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
const DELETE_POLICY_SETTINGS: readonly StreamGroupSetting[] = ['can_delete_any_message_group', 'can_delete_own_message_group'];

export function subscribeToChannels(ctx: ServerContext, actor: UserRow, p: Subscribe): SubscribeResult {
  const { db } = ctx;
  // upstream require_non_guest_user.
  if (isGuest(actor)) throw badRequest('Not allowed for guest users');
  const wanted = p.subscriptions.map(checkWanted);
  const byName = new Map<string, Wanted>();
  for (const entry of wanted) if (!byName.has(entry.name.toLowerCase())) byName.set(entry.name.toLowerCase(), entry);

  const existing: StreamRow[] = [];
  const missing: Wanted[] = [];
  for (const entry of byName.values()) {
    const row = getStreamByName(db, entry.name);
    if (row) existing.push(row);
    else missing.push(entry);
  }
  const settings = missing.length > 0 ? checkCreation(ctx, actor, p) : null;

  const subscribers = p.principals && p.principals.length > 0 ? principals(ctx, p.principals) : [actor];
  const subscribingOthers = subscribers.some((user) => user.id !== actor.id);
  const unauthorized = existing.filter((row) => row.is_archived || !hasContentAccess(db, actor, row, Boolean(getSubscription(db, row.id, actor.id))));
  const fatal = p.authorization_errors_fatal ?? true;
  const first = unauthorized[0];
  if (first && fatal) throw badRequest(`Unable to access channel (${first.name}).`);
  const authorized = existing.filter((row) => !unauthorized.includes(row));
  if (subscribingOthers && authorized.some((row) => !mayAddSubscribers(ctx, actor, row))) throw badRequest('Insufficient permission');

  const now = seconds(ctx.clock);
  const added: { stream: StreamRow; users: UserRow[] }[] = [];
  const result: SubscribeResult = { subscribed: {}, already_subscribed: {} };
  const note = (into: Record<string, string[]>, user: UserRow, name: string) => (into[String(user.id)] ??= []).push(name);
  const createdIds = db.transaction(() => {
    const ids = settings ? missing.map((entry) => createChannel(ctx, actor, entry, settings, now)) : [];
    const after = (db.prepare('SELECT max(id) FROM messages').pluck().get() as number | null) ?? 0;
    const colors = new Map(wanted.map((entry) => [entry.name.toLowerCase(), entry.color]));
    for (const stream of [...authorized, ...ids.map((id) => getStream(db, id) as StreamRow)]) {
      const already = new Set(subscriberIds(db, stream.id));
      const fresh = subscribers.filter((user) => !already.has(user.id));
      for (const user of subscribers) note(already.has(user.id) ? result.already_subscribed : result.subscribed, user, stream.name);
      if (fresh.length === 0) continue;
      subscribe(db, stream.id, fresh.map((user) => user.id), after, colors.get(stream.name.toLowerCase()));
      added.push({ stream, users: fresh });
    }
    return ids;
  })();
  if (!fatal) result.unauthorized = unauthorized.map((row) => row.name);
  announce(ctx, createdIds, added, now);
  return result;
}

function checkWanted(entry: Subscribe['subscriptions'][number]): Wanted {
  const name = entry.name.trim();
  checkChannelName(name);
  if (entry.color !== undefined && !HEX_COLOR.test(entry.color)) throw badRequest('add.color is not a valid hex color code');
  const description = entry.description ?? '';
  if (charCount(description) > MAX_STREAM_DESCRIPTION_LENGTH) {
    throw badRequest(`description is too long (limit: ${String(MAX_STREAM_DESCRIPTION_LENGTH)} characters)`);
  }
  // upstream: channel descriptions are one line.
  return { name, description: description.replace(/\n/g, ' '), color: entry.color };
}

interface CreationSettings {
  invite_only: boolean;
  is_web_public: boolean;
  history_public_to_subscribers: boolean;
  is_default: boolean;
  message_retention_days: number | null;
  topics_policy: NonNullable<Subscribe['topics_policy']>;
  folder_id: number | null;
  groups: Partial<Record<StreamGroupSetting, GroupSettingValue>>;
}

/** upstream check_channel_creation_permissions and the settings of the channels to create. */
function checkCreation(ctx: ServerContext, actor: UserRow, p: Subscribe): CreationSettings {
  const { db } = ctx;
  const inviteOnly = p.invite_only ?? false;
  const webPublic = p.is_web_public ?? false;
  const isDefault = p.is_default_stream ?? false;
  const creators = inviteOnly ? FIXED_REALM_PERMISSIONS.can_create_private_channel_group : FIXED_REALM_PERMISSIONS.can_create_public_channel_group;
  if (!holdsGroupSetting(db, actor, creators)) throw badRequest('Insufficient permission');
  if (isDefault && !isAdmin(actor)) throw badRequest('Insufficient permission');
  if (inviteOnly && isDefault) throw badRequest('A default channel cannot be private.');
  // upstream get_default_value_for_history_public_to_subscribers: public channels always share history.
  const historyPublic = inviteOnly ? (p.history_public_to_subscribers ?? false) : true;
  if (webPublic && inviteOnly) throw badRequest('Invalid parameters');
  if (webPublic) {
    const realm = db.prepare('SELECT web_public_streams_enabled, enable_spectator_access, can_create_web_public_channel_group FROM realm').get() as {
      web_public_streams_enabled: number;
      enable_spectator_access: number;
      can_create_web_public_channel_group: string;
    };
    if (!realm.web_public_streams_enabled || !realm.enable_spectator_access) throw badRequest('Web-public channels are not enabled.');
    if (!holdsGroupSetting(db, actor, parseGroupSetting(realm.can_create_web_public_channel_group))) throw badRequest('Insufficient permission');
  }
  const retention = p.message_retention_days === undefined ? null : typeof p.message_retention_days === 'number' ? p.message_retention_days : RETENTION_SPECIAL[p.message_retention_days];
  if (retention !== null && !isOwner(actor)) throw mustBeOwner();
  const topicsPolicy = p.topics_policy ?? 'inherit';
  if (topicsPolicy !== 'inherit' && !holdsGroupSetting(db, actor, FIXED_REALM_PERMISSIONS.can_set_topics_policy_group)) throw badRequest('Insufficient permission');
  if (p.folder_id !== undefined) {
    const folder = getFolder(db, p.folder_id);
    if (!folder || folder.is_archived) throw badRequest('Invalid channel folder ID');
  }
  const groups: CreationSettings['groups'] = {};
  for (const setting of STREAM_GROUP_SETTINGS) {
    const given = p[setting];
    if (given === undefined) continue;
    const value = normalizeGroupSetting(given);
    checkGroupSettingValue(ctx, setting, value);
    if (DELETE_POLICY_SETTINGS.includes(setting) && value !== systemGroupId('role:nobody') && !isModeratorOrAbove(actor)) throw badRequest('Insufficient permission');
    groups[setting] = value;
  }
  return {
    invite_only: inviteOnly,
    is_web_public: webPublic,
    history_public_to_subscribers: historyPublic,
    is_default: isDefault,
    message_retention_days: retention,
    topics_policy: topicsPolicy,
    folder_id: p.folder_id ?? null,
    groups,
  };
}

function createChannel(ctx: ServerContext, actor: UserRow, entry: Wanted, settings: CreationSettings, now: number): number {
  return insertStream(ctx.db, {
    name: entry.name,
    description: entry.description,
    date_created: now,
    creator_id: actor.id,
    invite_only: settings.invite_only,
    is_web_public: settings.is_web_public,
    history_public_to_subscribers: settings.history_public_to_subscribers,
    is_default: settings.is_default,
    message_retention_days: settings.message_retention_days,
    topics_policy: settings.topics_policy,
    folder_id: settings.folder_id,
    settings: settings.groups,
  });
}

/** upstream bulk_principals_to_user_profiles: every address or ID must name an active user (bots too). */
export function principals(ctx: ServerContext, given: readonly string[] | readonly number[]): UserRow[] {
  const users = new Map<number, UserRow>();
  for (const principal of given) {
    const user = typeof principal === 'number' ? getUser(ctx.db, principal) : getUserByEmail(ctx.db, principal.trim());
    if (!user || user.is_system_bot) throw badRequest('No such user');
    if (!user.is_active) throw badRequest('User is deactivated');
    users.set(user.id, user);
  }
  return [...users.values()];
}

/**
 * upstream get_streams_to_which_user_cannot_add_subscribers: administrators; the channel's own
 * can_add_subscribers_group; channel administrators for public channels; and, for channels the user
 * can read, the organization's can_add_subscribers_group.
 */
function mayAddSubscribers(ctx: ServerContext, actor: UserRow, stream: StreamRow): boolean {
  const { db } = ctx;
  if (isAdmin(actor)) return true;
  if (holdsGroupSetting(db, actor, groupSetting(stream, 'can_add_subscribers_group'))) return true;
  if (!stream.invite_only && canAdministerChannel(db, actor, stream)) return true;
  const realmSetting = db.prepare('SELECT can_add_subscribers_group FROM realm').pluck().get() as string;
  return hasContentAccess(db, actor, stream, Boolean(getSubscription(db, stream.id, actor.id))) && holdsGroupSetting(db, actor, parseGroupSetting(realmSetting));
}

/**
 * After commit, as upstream does: a created channel to everyone who may see it, its first subscribers
 * included (upstream create_stream_if_needed); an existing channel to each new subscriber who could not
 * see it before (upstream send_stream_creation_events_for_previously_inaccessible_streams: a private
 * channel's, a public one's guests), so a client knows the channel before its subscription arrives;
 * the realm's default channels if one of them is default; each subscriber's new subscriptions
 * (upstream send_subscription_add_events); and the new subscribers to the channels' other watchers.
 */
function announce(ctx: ServerContext, createdIds: readonly number[], added: readonly { stream: StreamRow; users: UserRow[] }[], now: number): void {
  const { db } = ctx;
  let defaults = false;
  const created = new Set(createdIds);
  for (const id of createdIds) {
    const row = getStream(db, id);
    if (!row) continue;
    defaults ||= row.is_default === 1;
    ctx.events.publish(metadataAccessUserIds(db, row), { type: 'stream', op: 'create', streams: [streamObject(db, row, { now })] });
  }
  for (const { stream, users } of added) {
    const row = created.has(stream.id) ? undefined : getStream(db, stream.id);
    if (!row) continue;
    const newlyAware = users.filter((user) => !hasMetadataAccess(db, user, row, false)).map((user) => user.id);
    if (newlyAware.length > 0) ctx.events.publish(newlyAware, { type: 'stream', op: 'create', streams: [streamObject(db, row, { now })] });
  }
  if (defaults) announceDefaultStreams(ctx);

  const byUser = new Map<number, StreamRow[]>();
  for (const { stream, users } of added) for (const user of users) byUser.set(user.id, [...(byUser.get(user.id) ?? []), stream]);
  for (const [userId, streams] of byUser) {
    const subscriptions = streams.flatMap((stream) => {
      const row = getStream(db, stream.id);
      const sub = row ? subscriptionObject(db, row, userId, { now, includeSubscribers: true }) : undefined;
      return sub ? [sub] : [];
    });
    if (subscriptions.length > 0) ctx.events.publish([userId], { type: 'subscription', op: 'add', subscriptions });
  }
  for (const { stream, users } of added) {
    const row = getStream(db, stream.id);
    if (!row) continue;
    const newcomers = new Set(users.map((user) => user.id));
    const watchers = metadataAccessUserIds(db, row).filter((userId) => !newcomers.has(userId));
    if (watchers.length > 0) ctx.events.publish(watchers, { type: 'subscription', op: 'peer_add', stream_ids: [row.id], user_ids: [...newcomers] });
  }
}
