// spec 3, update a channel (upstream zerver/views/streams.py update_stream_backend and
// zerver/actions/streams.py). Every parameter is checked before anything is written, the changes are
// written in one transaction, and then each changed property is announced to the users who may see
// the channel, in upstream's order and shapes.
import type { z } from 'zod';
import { charCount, type GroupSettingChange, type GroupSettingValue, type TopicsPolicy, type updateChannelParams } from '../../shared/api';
import type { ServerContext } from '../context';
import { getFolder } from '../db/folder-queries';
import { firstUnknownGroupId, firstUnknownUserId, getGroup } from '../db/group-queries';
import { holdsGroupSetting, normalizeGroupSetting, parseGroupSetting, systemGroupId } from '../db/groups';
import {
  STREAM_GROUP_SETTINGS,
  allStreams,
  canAdministerChannel,
  getStream,
  groupSetting,
  hasContentAccess,
  metadataAccessUserIds,
  onlyEmptyTopicMessages,
  streamObject,
  streamPostPolicy,
  subscriberIds,
  type StreamGroupSetting,
  type StreamRow,
} from '../db/stream-queries';
import { isAdmin, isGuest, isModeratorOrAbove, isOwner, type UserRow } from '../db/users';
import { seconds } from '../lib/clock';
import { badRequest, mustBeAdmin, mustBeOwner } from '../lib/errors';
import { MAX_STREAM_DESCRIPTION_LENGTH, MAX_STREAM_NAME_LENGTH } from '../lib/limits';
import { renderMarkdown } from '../markdown/render';
import { unprintablePosition } from './folders';

export type UpdateChannel = z.output<typeof updateChannelParams>;

/** What a request changes: only what differs from the channel's current state. */
export interface ChannelUpdate {
  privacy?: { invite_only: boolean; is_web_public: boolean; history_public_to_subscribers: boolean };
  isDefault?: boolean;
  messageRetentionDays?: number | null;
  unarchive?: boolean;
  topicsPolicy?: TopicsPolicy;
  description?: { description: string; rendered: string };
  name?: string;
  folderId?: number | null;
  groupSettings: Map<StreamGroupSetting, GroupSettingValue>;
}

/** upstream Stream.MESSAGE_RETENTION_SPECIAL_VALUES_MAP. */
const RETENTION_SPECIAL = { realm_default: null, unlimited: -1 } as const;

interface RealmRow {
  moderation_request_channel_id: number | null;
  web_public_streams_enabled: number;
  enable_spectator_access: number;
  can_create_web_public_channel_group: string;
  empty_topic_display_name: string;
}

// upstream Stream.stream_permission_group_settings: which settings may not be role:everyone, and which
// need content access (not just metadata access) to change.
const EVERYONE_NOT_ALLOWED: readonly StreamGroupSetting[] = ['can_add_subscribers_group', 'can_administer_channel_group', 'can_subscribe_group'];
const NEED_CONTENT_ACCESS: readonly StreamGroupSetting[] = ['can_add_subscribers_group', 'can_subscribe_group'];
const DELETE_POLICY_SETTINGS: readonly StreamGroupSetting[] = ['can_delete_any_message_group', 'can_delete_own_message_group'];

const CONTENT_ACCESS_REQUIRED = 'Channel content access is required.';

/**
 * upstream access_stream_for_delete_or_update_requiring_metadata_access: administrators and channel
 * administrators pass; a user who can read the channel learns they may not administer it; anyone else
 * learns nothing, not even that the channel exists.
 */
export function accessChannelForUpdate(ctx: ServerContext, actor: UserRow, streamId: number): { stream: StreamRow; subscribed: boolean } {
  const stream = getStream(ctx.db, streamId);
  if (!stream) throw badRequest('Invalid channel ID');
  const subscribed = subscriberIds(ctx.db, stream.id).includes(actor.id);
  if (canAdministerChannel(ctx.db, actor, stream)) return { stream, subscribed };
  if (hasContentAccess(ctx.db, actor, stream, subscribed)) throw badRequest('You do not have permission to administer this channel.');
  throw badRequest('Invalid channel ID');
}

/** Validates the request against the channel and returns what changes; throws the first error. */
function planUpdate(ctx: ServerContext, actor: UserRow, stream: StreamRow, subscribed: boolean, p: UpdateChannel): ChannelUpdate {
  const realm = ctx.db.prepare('SELECT * FROM realm').get() as RealmRow;
  const contentAccess = hasContentAccess(ctx.db, actor, stream, subscribed);
  const update: ChannelUpdate = { groupSettings: new Map(), privacy: planPrivacy(ctx, actor, stream, realm, contentAccess, p) };

  if (p.is_default_stream !== undefined) {
    // upstream: managing default channels is for organization administrators.
    if (!isAdmin(actor)) throw mustBeAdmin();
    if (p.is_default_stream !== (stream.is_default === 1)) update.isDefault = p.is_default_stream;
  }

  if (p.message_retention_days !== undefined) {
    if (!isOwner(actor)) throw mustBeOwner();
    const days = typeof p.message_retention_days === 'number' ? p.message_retention_days : RETENTION_SPECIAL[p.message_retention_days];
    if (days !== stream.message_retention_days) update.messageRetentionDays = days;
  }

  if (p.is_archived === true) throw badRequest('Only unarchiving of archived channels is allowed.');
  if (p.is_archived === false) {
    if (!stream.is_archived) throw badRequest('Channel is not currently deactivated');
    if (stream.invite_only && subscriberIds(ctx.db, stream.id).length === 0) throw badRequest('Channel is private and have no subscribers');
    update.unarchive = true;
  }

  // upstream can_set_topics_policy_group defaults to role:members, which every channel administrator is in.
  if (p.topics_policy !== undefined && p.topics_policy !== stream.topics_policy) {
    if (p.topics_policy === 'empty_topic_only' && !onlyEmptyTopicMessages(ctx.db, stream.id)) throw emptyTopicOnlyRefused(realm);
    update.topicsPolicy = p.topics_policy;
  }

  if (p.description !== undefined) {
    if (charCount(p.description) > MAX_STREAM_DESCRIPTION_LENGTH) {
      throw badRequest(`description is too long (limit: ${String(MAX_STREAM_DESCRIPTION_LENGTH)} characters)`);
    }
    // upstream: channel descriptions are one line.
    const description = p.description.replace(/\n/g, ' ');
    if (description !== stream.description) update.description = { description, rendered: renderMarkdown(description) };
  }

  if (p.new_name !== undefined) update.name = checkNewName(ctx, stream, p.new_name.trim());

  if (p.folder_id !== undefined) {
    if (p.folder_id !== null) {
      const folder = getFolder(ctx.db, p.folder_id);
      if (!folder || folder.is_archived) throw badRequest('Invalid channel folder ID');
    }
    if (p.folder_id !== stream.folder_id) update.folderId = p.folder_id;
  }

  for (const setting of STREAM_GROUP_SETTINGS) {
    const change = p[setting];
    if (change === undefined) continue;
    const value = checkGroupSettingChange(ctx, actor, stream, setting, change, contentAccess);
    if (value !== undefined) update.groupSettings.set(setting, value);
  }
  return update;
}

/**
 * is_private, is_web_public and history_public_to_subscribers together: the proposed combination must
 * be one upstream allows (upstream update_stream_backend). Returns the new privacy if it changes.
 */
function planPrivacy(
  ctx: ServerContext,
  actor: UserRow,
  stream: StreamRow,
  realm: RealmRow,
  contentAccess: boolean,
  p: UpdateChannel,
): ChannelUpdate['privacy'] {
  const given = p.is_private !== undefined || p.is_web_public !== undefined || p.history_public_to_subscribers !== undefined;
  const isPrivate = p.is_private ?? stream.invite_only === 1;
  const isWebPublic = p.is_web_public ?? stream.is_web_public === 1;
  const isDefault = p.is_default_stream ?? stream.is_default === 1;
  // By default private channels get protected history and public ones public history.
  const historyPublic = p.history_public_to_subscribers ?? (p.is_private !== undefined ? !p.is_private : stream.history_public_to_subscribers === 1);
  if (isWebPublic && !historyPublic) throw badRequest('Invalid parameters');
  if (isWebPublic && isPrivate) throw badRequest('Invalid parameters');
  // spec 3: false is an error for public and web-public channels, and when is_private is false.
  if (!isPrivate && !historyPublic) throw badRequest('Invalid parameters');
  if (isPrivate && isDefault) throw badRequest('A default channel cannot be private.');
  if (!isPrivate && realm.moderation_request_channel_id === stream.id) throw badRequest('Moderation request channel must be private.');
  // spec 3: an administrator's ability to change a private channel's permissions depends on being
  // subscribed to it (upstream: content access, which a subscription or a group setting gives).
  if (given && stream.invite_only === 1 && !contentAccess) throw badRequest(CONTENT_ACCESS_REQUIRED);
  if (p.is_web_public) {
    if (!realm.web_public_streams_enabled || !realm.enable_spectator_access) throw badRequest('Web-public channels are not enabled.');
    if (!holdsGroupSetting(ctx.db, actor, parseGroupSetting(realm.can_create_web_public_channel_group))) {
      throw badRequest('Insufficient permission');
    }
  }
  const changed =
    isPrivate !== (stream.invite_only === 1) ||
    isWebPublic !== (stream.is_web_public === 1) ||
    historyPublic !== (stream.history_public_to_subscribers === 1);
  return given && changed ? { invite_only: isPrivate, is_web_public: isWebPublic, history_public_to_subscribers: historyPublic } : undefined;
}

function emptyTopicOnlyRefused(realm: RealmRow) {
  const topic = realm.empty_topic_display_name;
  return badRequest(
    `To enable this configuration, all messages in this channel must be in the ${topic} topic. Consider renaming other topics to ${topic}.`,
  );
}

/** upstream check_stream_name and check_stream_name_available, for a rename. */
function checkNewName(ctx: ServerContext, stream: StreamRow, name: string): string {
  if (name === stream.name) throw badRequest('Channel already has that name.');
  checkChannelName(name);
  // Changing only the case of the channel's own name is allowed; any other channel's name is taken.
  const key = name.toLowerCase();
  if (allStreams(ctx.db).some((other) => other.id !== stream.id && other.name.toLowerCase() === key)) {
    throw badRequest('Channel name already in use.');
  }
  return name;
}

/** upstream check_stream_name: not empty, not too long, printable. `name` is already trimmed. */
export function checkChannelName(name: string): void {
  if (name === '') throw badRequest("Channel name can't be empty.");
  if (charCount(name) > MAX_STREAM_NAME_LENGTH) {
    throw badRequest(`Channel name too long (limit: ${String(MAX_STREAM_NAME_LENGTH)} characters).`);
  }
  const position = unprintablePosition(name);
  if (position !== undefined) throw badRequest(`Invalid character in channel name, at position ${String(position)}.`);
}

const sortedIds = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** Group-setting values compare as sets: member and subgroup order does not matter. */
export function sameGroupSetting(a: GroupSettingValue, b: GroupSettingValue): boolean {
  if (typeof a === 'number' || typeof b === 'number') return a === b;
  return (
    JSON.stringify(sortedIds(a.direct_members)) === JSON.stringify(sortedIds(b.direct_members)) &&
    JSON.stringify(sortedIds(a.direct_subgroups)) === JSON.stringify(sortedIds(b.direct_subgroups))
  );
}

/**
 * One `{new, old}` group-setting change (upstream validate_group_setting_value_change and
 * access_user_group_api_value_for_setting): the normalized new value, or undefined if it changes nothing.
 */
function checkGroupSettingChange(
  ctx: ServerContext,
  actor: UserRow,
  stream: StreamRow,
  setting: StreamGroupSetting,
  change: GroupSettingChange,
  contentAccess: boolean,
): GroupSettingValue | undefined {
  const current = groupSetting(stream, setting);
  const next = normalizeGroupSetting(change.new);
  if (change.old !== undefined && !sameGroupSetting(normalizeGroupSetting(change.old), current)) {
    throw badRequest("'old' value does not match the expected value.");
  }
  if (sameGroupSetting(next, current)) return undefined;
  if (NEED_CONTENT_ACCESS.includes(setting) && !contentAccess) throw badRequest(CONTENT_ACCESS_REQUIRED);
  // upstream can_set_delete_message_policy_group defaults to role:moderators.
  if (DELETE_POLICY_SETTINGS.includes(setting) && !isModeratorOrAbove(actor)) throw badRequest('Insufficient permission');

  checkGroupSettingValue(ctx, setting, next);
  return next;
}

/**
 * upstream access_user_group_api_value_for_setting: the groups and users a normalized group-setting
 * value names must exist, and no setting may be role:internet; some may not be role:everyone.
 */
export function checkGroupSettingValue(ctx: ServerContext, setting: StreamGroupSetting, value: GroupSettingValue): void {
  const groups = typeof value === 'number' ? [value] : value.direct_subgroups;
  if (typeof value === 'number') {
    const group = getGroup(ctx.db, value);
    if (!group || group.deactivated) throw badRequest('Invalid user group');
  } else {
    const unknownUser = firstUnknownUserId(ctx.db, value.direct_members);
    if (unknownUser !== undefined) throw badRequest(`Invalid user ID: ${String(unknownUser)}`);
    const unknownGroup = firstUnknownGroupId(ctx.db, value.direct_subgroups);
    if (unknownGroup !== undefined) throw badRequest(`Invalid user group ID: ${String(unknownGroup)}`);
  }
  for (const group of groups) {
    if (group === systemGroupId('role:internet')) throw badRequest(`'${setting}' setting cannot be set to 'role:internet' group.`);
    if (group === systemGroupId('role:everyone') && EVERYONE_NOT_ALLOWED.includes(setting)) {
      throw badRequest(`'${setting}' setting cannot be set to 'role:everyone' group.`);
    }
  }
}

/** spec 3: applies the request, or throws the first error without changing anything. */
export function updateChannel(ctx: ServerContext, actor: UserRow, p: UpdateChannel): void {
  const { stream, subscribed } = accessChannelForUpdate(ctx, actor, p.stream_id);
  const update = planUpdate(ctx, actor, stream, subscribed, p);
  const audienceBefore = metadataAccessUserIds(ctx.db, stream);
  ctx.db.transaction(() => applyUpdate(ctx, stream.id, update))();
  announce(ctx, stream, update, audienceBefore);
}

function applyUpdate(ctx: ServerContext, streamId: number, update: ChannelUpdate): void {
  const set = (columns: Record<string, unknown>) => {
    const names = Object.keys(columns);
    ctx.db.prepare(`UPDATE streams SET ${names.map((name) => `${name} = @${name}`).join(', ')} WHERE id = @id`).run({ ...columns, id: streamId });
  };
  const flag = (value: boolean) => (value ? 1 : 0);
  if (update.privacy) {
    set({
      invite_only: flag(update.privacy.invite_only),
      is_web_public: flag(update.privacy.is_web_public),
      history_public_to_subscribers: flag(update.privacy.history_public_to_subscribers),
    });
  }
  if (update.isDefault !== undefined) set({ is_default: flag(update.isDefault) });
  if (update.messageRetentionDays !== undefined) set({ message_retention_days: update.messageRetentionDays });
  if (update.unarchive) set({ is_archived: 0 });
  if (update.topicsPolicy !== undefined) set({ topics_policy: update.topicsPolicy satisfies TopicsPolicy });
  if (update.description) set({ description: update.description.description, rendered_description: update.description.rendered });
  if (update.name !== undefined) set({ name: update.name });
  if (update.folderId !== undefined) set({ folder_id: update.folderId });
  for (const [setting, value] of update.groupSettings) set({ [setting]: JSON.stringify(value) });
}

/** upstream's stream update event as published (the queue adds `id`; shared/api StreamUpdateEvent). */
export type StreamUpdateEvent = {
  type: 'stream';
  op: 'update';
  stream_id: number;
  name: string;
  property: string;
  value: unknown;
  rendered_description?: string;
  history_public_to_subscribers?: boolean;
  is_web_public?: boolean;
};

/**
 * The `stream` update events for a change, in the order upstream's update_stream_backend sends them.
 * Each carries the channel's name at that point: a rename's own event names the old name.
 */
export function channelUpdateEvents(before: Pick<StreamRow, 'id' | 'name' | 'can_send_message_group'>, update: ChannelUpdate): StreamUpdateEvent[] {
  let name = before.name;
  const events: StreamUpdateEvent[] = [];
  const push = (property: string, value: unknown, extra: Partial<StreamUpdateEvent> = {}) =>
    events.push({ type: 'stream', op: 'update', property, value, stream_id: before.id, name, ...extra });
  if (update.privacy) {
    // upstream do_change_stream_permission: one event carries all three privacy fields.
    const { invite_only, history_public_to_subscribers, is_web_public } = update.privacy;
    push('invite_only', invite_only, { history_public_to_subscribers, is_web_public });
  }
  if (update.messageRetentionDays !== undefined) push('message_retention_days', update.messageRetentionDays);
  if (update.unarchive) push('is_archived', false);
  if (update.topicsPolicy !== undefined) push('topics_policy', update.topicsPolicy);
  if (update.description) push('description', update.description.description, { rendered_description: update.description.rendered });
  if (update.name !== undefined) {
    push('name', update.name);
    name = update.name;
  }
  if (update.folderId !== undefined) push('folder_id', update.folderId);
  for (const [setting, value] of update.groupSettings) {
    push(setting, value);
    // upstream: a change of who may post also updates the deprecated fields derived from it.
    if (setting === 'can_send_message_group') {
      const [oldPolicy, newPolicy] = [streamPostPolicy(parseGroupSetting(before.can_send_message_group)), streamPostPolicy(value)];
      if (oldPolicy !== newPolicy) {
        push('stream_post_policy', newPolicy);
        push('is_announcement_only', newPolicy === 2);
      }
    }
  }
  return events;
}

/**
 * Publishes after commit. Users who could see the channel before and still can get the update
 * events; users who gain sight of it get it whole (stream create, and its subscribers); users who
 * lose sight of it get a stream delete.
 */
function announce(ctx: ServerContext, before: StreamRow, update: ChannelUpdate, audienceBefore: number[]): void {
  const after = getStream(ctx.db, before.id);
  if (!after) return;
  const audienceAfter = metadataAccessUserIds(ctx.db, after);
  const [was, is] = [new Set(audienceBefore), new Set(audienceAfter)];
  const kept = audienceAfter.filter((id) => was.has(id));
  const gained = audienceAfter.filter((id) => !was.has(id));
  const lost = audienceBefore.filter((id) => !is.has(id));
  const now = seconds(ctx.clock);

  // spec Events 4: news of an archived channel goes only to clients with `archived_channels`; for the
  // others, unarchiving looks like the channel being created (upstream do_unarchive_stream), which
  // delivery makes of the is_archived update with the channel attached (server/events/delivery.ts).
  const archived = Boolean(before.is_archived);
  const marks = archived ? { _archived_channel: true, ...(update.unarchive ? { _stream: { ...streamObject(ctx.db, after, { now }), for_unarchiving: true } } : {}) } : {};
  for (const event of channelUpdateEvents(before, update)) ctx.events.publish(kept, { ...event, ...marks });
  if (gained.length > 0) {
    ctx.events.publish(gained, { type: 'stream', op: 'create', streams: [streamObject(ctx.db, after, { now })] });
    ctx.events.publish(gained, { type: 'subscription', op: 'peer_add', stream_ids: [after.id], user_ids: subscriberIds(ctx.db, after.id) });
  }
  if (lost.length > 0) {
    ctx.events.publish(lost, { type: 'stream', op: 'delete', streams: [{ stream_id: after.id }], stream_ids: [after.id] });
  }
  if (update.isDefault !== undefined) announceDefaultStreams(ctx);
}

/** upstream notify_default_streams_change: the realm's default channel IDs, to every active non-guest. */
export function announceDefaultStreams(ctx: ServerContext): void {
  const defaults = ctx.db.prepare('SELECT id FROM streams WHERE is_default = 1 ORDER BY id').pluck().all() as number[];
  const users = ctx.db.prepare('SELECT id, role FROM users WHERE is_active = 1').all() as Pick<UserRow, 'id' | 'role'>[];
  ctx.events.publish(users.filter((user) => !isGuest(user)).map((user) => user.id), { type: 'default_streams', default_streams: defaults });
}
