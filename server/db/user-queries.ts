// Users as the API shows them: upstream's user dict (GET /users, realm_user add events, the register
// snapshot's realm_users) and the spec's own-user object (spec 19), built from rows of `users`.
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { OwnUser, ProfileData as ProfileDataSchema, User } from '../../shared/api';
import { renderMarkdown } from '../markdown/render';
import type { Db } from './connection';
import { readThrough } from './read-cache';
import { isAdmin, isGuest, isOwner, type UserRow } from './users';

export type ProfileData = z.infer<typeof ProfileDataSchema>;

/** Who is looking: a signed-in user, or null for a spectator (unauthenticated register). */
export type Viewer = Pick<UserRow, 'id' | 'role'> | null;

export interface UserObjectOptions {
  /** upstream include_custom_profile_fields: humans get `profile_data` (bots never do). */
  includeCustomProfileFields?: boolean;
  /**
   * Profile data already read for many users (profileDataByUser), so a list costs one query rather
   * than one per user. A user missing from the map has no values: `{}`. Pass an empty map for
   * upstream's realm_user add event, which always carries `profile_data: {}`.
   */
  profileData?: ReadonlyMap<number, ProfileData>;
}

/**
 * upstream format_user_row (zerver/lib/users.py). The realm shows real addresses to administrators
 * only (and to the user themself); everyone else gets `delivery_email: null`. Because the addresses are
 * hidden, upstream ignores client_gravatar for these users, so `avatar_url` is always a URL.
 */
export function userObject(db: Db, row: UserRow, viewer: Viewer, options: UserObjectOptions = {}): User {
  const user: User = {
    email: row.email,
    user_id: row.id,
    avatar_version: row.avatar_version,
    is_admin: isAdmin(row),
    is_owner: isOwner(row),
    is_guest: isGuest(row),
    role: row.role,
    is_bot: Boolean(row.is_bot),
    full_name: row.full_name,
    timezone: row.timezone,
    is_active: Boolean(row.is_active),
    // upstream sends spectators the day only
    date_joined: viewer ? isoMinutes(row.date_joined) : isoDate(row.date_joined),
    delivery_email: canSeeDeliveryEmail(viewer, row.id) ? row.delivery_email : null,
    avatar_url: gravatarUrl(row.delivery_email, row.avatar_version),
  };
  // upstream removes the timezone for spectators
  if (!viewer) delete (user as Partial<User>).timezone;
  if (row.is_bot) {
    user.bot_type = row.bot_type;
    // `is_system_bot` is not part of this dict: upstream documents it only in register's
    // cross_realm_bots (https://zulip.com/api/register-queue), which adds it (server/events/snapshot.ts).
    // upstream hides that system bots own themselves
    user.bot_owner_id = row.is_system_bot ? null : row.bot_owner_id;
  } else if (options.includeCustomProfileFields && viewer) {
    // spec: spectators never receive custom profile field values
    user.profile_data = options.profileData ? (options.profileData.get(row.id) ?? {}) : (profileDataByUser(db, [row.id]).get(row.id) ?? {});
  }
  return user;
}

/** spec 19: the own-user object is the user dict as the user sees it, plus max_message_id. */
export function ownUserObject(db: Db, row: UserRow): OwnUser {
  const user = userObject(db, row, row, { includeCustomProfileFields: true });
  return {
    ...user,
    delivery_email: row.delivery_email,
    avatar_url: gravatarUrl(row.delivery_email, row.avatar_version),
    avatar_version: row.avatar_version,
    max_message_id: maxMessageIdFor(db, row.id),
  };
}

/**
 * Every user the viewer may list (upstream includes deactivated users and bots), in ID order. System
 * bots are not the organization's users: upstream keeps them in a separate internal realm, so they are
 * only in register's cross_realm_bots (https://zulip.com/api/get-users).
 */
export function listUserObjects(db: Db, viewer: Viewer, options: { userIds?: readonly number[]; includeCustomProfileFields?: boolean } = {}): User[] {
  const rows = options.userIds
    ? (db.prepare(`SELECT * FROM users WHERE is_system_bot = 0 AND id IN (SELECT value FROM json_each(?)) ORDER BY id`).all(JSON.stringify(options.userIds)) as UserRow[])
    : (db.prepare('SELECT * FROM users WHERE is_system_bot = 0 ORDER BY id').all() as UserRow[]);
  const profileData = options.includeCustomProfileFields ? profileDataByUser(db, options.userIds) : undefined;
  return rows.map((row) => userObject(db, row, viewer, { includeCustomProfileFields: options.includeCustomProfileFields ?? false, profileData }));
}

/**
 * Every account's row in ID order, system bots included, kept until the users table changes
 * (read-cache.ts): the register snapshot reads them all each time. Read-only.
 */
export function allUserRows(db: Db): readonly UserRow[] {
  return readThrough(db, 'allUserRows', ['users'], () => db.prepare('SELECT * FROM users ORDER BY id').all() as UserRow[]);
}

/** The realm's real addresses are visible to administrators only, and to each user their own. */
export function canSeeDeliveryEmail(viewer: Viewer, userId: number): boolean {
  return viewer !== null && (viewer.id === userId || isAdmin(viewer));
}

interface ProfileValueRow {
  user_id: number;
  field_id: number;
  value: string;
  rendered_value: string | null;
  field_type: number;
}

/** upstream CustomProfileField.is_renderable: short and long text are Markdown. */
export const isRenderableFieldType = (fieldType: number) => fieldType === 1 || fieldType === 2;

/**
 * Custom profile field values keyed by user, each keyed by field ID as a string (spec 19
 * `profile_data`). Renderable fields carry `rendered_value`; a value stored without one (seeds) is
 * rendered here.
 */
export function profileDataByUser(db: Db, userIds?: readonly number[]): Map<number, ProfileData> {
  const sql = `SELECT pv.user_id, pv.field_id, pv.value, pv.rendered_value, f.field_type
    FROM profile_values pv JOIN custom_profile_fields f ON f.id = pv.field_id
    ${userIds ? 'WHERE pv.user_id IN (SELECT value FROM json_each(?))' : ''}
    ORDER BY pv.user_id, f.field_order, f.id`;
  const rows = (userIds ? db.prepare(sql).all(JSON.stringify(userIds)) : db.prepare(sql).all()) as ProfileValueRow[];
  const byUser = new Map<number, ProfileData>();
  for (const row of rows) {
    const data = byUser.get(row.user_id) ?? {};
    data[String(row.field_id)] = isRenderableFieldType(row.field_type)
      ? { value: row.value, rendered_value: row.rendered_value ?? renderMarkdown(row.value) }
      : { value: row.value };
    byUser.set(row.user_id, data);
  }
  return byUser;
}

/**
 * spec 19 (deprecated) max_message_id: the newest message the user received, or -1 (upstream
 * max_message_id_for_user). Received means a direct message they take part in, or a channel message
 * sent while they were subscribed. `lastIdByStream`: each channel's newest message ID, when the caller
 * has read them already (the register snapshot), so no channel's messages are read again.
 */
export function maxMessageIdFor(db: Db, userId: number, lastIdByStream?: ReadonlyMap<number, { last_id: number }>): number {
  // The participants are in dm_key, which the (dm_key, id) index holds: only matching rows are read.
  const direct = db
    .prepare(
      `SELECT max(id) FROM messages
       WHERE dm_key IS NOT NULL AND (',' || dm_key || ',') LIKE '%,' || CAST(? AS INTEGER) || ',%' AND type = 'private'`,
    )
    .pluck()
    .get(userId) as number | null;
  const subscriptions = db.prepare('SELECT stream_id, subscribed_after_message_id FROM subscriptions WHERE user_id = ? AND active = 1').raw().all(userId) as [number, number][];
  // A channel's newest message is after the subscription exactly when any of its messages is.
  const newestIn = lastIdByStream
    ? (streamId: number) => lastIdByStream.get(streamId)?.last_id ?? null
    : (streamId: number) => db.prepare('SELECT max(id) FROM messages WHERE stream_id = ?').pluck().get(streamId) as number | null;
  let newest = direct ?? -1;
  for (const [streamId, after] of subscriptions) {
    const last = newestIn(streamId);
    if (last !== null && last > after && last > newest) newest = last;
  }
  return newest;
}

/** Active human owners (upstream realm.get_human_owner_users), for the only-owner rules. */
export function humanOwnerCount(db: Db): number {
  return db.prepare('SELECT count(*) FROM users WHERE role = 100 AND is_active = 1 AND is_bot = 0').pluck().get() as number;
}

/** Addresses' Gravatar hashes: the register snapshot of a large realm would otherwise hash every address each time. */
const gravatarHashes = new Map<string, string>();
const GRAVATAR_HASHES_KEPT = 100_000;

function gravatarHash(email: string): string {
  const address = email.toLowerCase();
  let hash = gravatarHashes.get(address);
  if (hash === undefined) {
    if (gravatarHashes.size >= GRAVATAR_HASHES_KEPT) gravatarHashes.clear();
    hash = createHash('md5').update(address).digest('hex');
    gravatarHashes.set(address, hash);
  }
  return hash;
}

/** upstream get_gravatar_url: every sandbox avatar is a Gravatar; the version busts caches. */
export function gravatarUrl(email: string, avatarVersion: number, medium = false): string {
  const hash = gravatarHash(email);
  // upstream MEDIUM_AVATAR_SIZE
  const size = medium ? '&s=500' : '';
  return `https://secure.gravatar.com/avatar/${hash}?d=identicon${size}&version=${String(avatarVersion)}`;
}

/** Python's datetime.isoformat(timespec="minutes") in UTC, as upstream formats date_joined. */
export function isoMinutes(utcSeconds: number): string {
  return `${new Date(utcSeconds * 1000).toISOString().slice(0, 16)}+00:00`;
}

/** Python's date.isoformat(): the day only. */
export function isoDate(utcSeconds: number): string {
  return new Date(utcSeconds * 1000).toISOString().slice(0, 10);
}
