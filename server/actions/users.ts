// Changing users: spec 12 (update a user) and upstream's deactivate and reactivate. Each action checks
// permissions as upstream does (zerver/views/users.py, zerver/lib/users.py access_user_by_id), writes in
// one transaction, and publishes its events after the commit.
import type { z } from 'zod';
import type { Role, updateUserParams } from '../../shared/api';
import type { ServerContext } from '../context';
import type { Db } from '../db/connection';
import { directMembers } from '../db/groups';
import { listGroups } from '../db/group-queries';
import { getStream, metadataAccessUserIds } from '../db/stream-queries';
import { gravatarUrl, humanOwnerCount } from '../db/user-queries';
import { adminUserIds, getUser, getUserByEmail, isAdmin, isOwner, type UserRow } from '../db/users';
import { badRequest, mustBeOwner } from '../lib/errors';
import { ACTIVE_USERS, type ServerEvent } from '../events/bus';
import { emailChangeEvents, personUpdateEvent, roleChangeEvents } from './user-events';
import { applyProfileData } from './user-profile-data';
import { checkDeactivation, checkRoleChange } from './user-role-rules';

type UpdateUserParams = z.output<typeof updateUserParams>;

/** Events collected while the transaction runs, in order, each for everyone active or for those who may see real addresses. */
type Outbox = { to: 'everyone' | 'addressViewers'; event: ServerEvent }[];
const toEveryone = (events: ServerEvent[]): Outbox => events.map((event) => ({ to: 'everyone', event }));

// ---------------------------------------------------------------------------------------------------
// Access (upstream access_user_by_id)

interface Access {
  allowDeactivated: boolean;
  allowBots: boolean;
}

/**
 * The target of an administrator's change. upstream's order: an unknown user, then a bot or a
 * deactivated user where they are not allowed, then the administrator check. spec 12 makes updating a
 * user administrators only (upstream also lets a bot's owner; the spec wins).
 */
export function accessUserForAdmin(db: Db, actor: UserRow, userId: number, access: Access): UserRow {
  const target = getUser(db, userId);
  if (!target) throw badRequest('No such user');
  if (target.is_bot && !access.allowBots) throw badRequest('No such user');
  if (!target.is_active && !access.allowDeactivated) throw badRequest('User is deactivated');
  if (!isAdmin(actor)) throw badRequest('Insufficient permission');
  return target;
}

// ---------------------------------------------------------------------------------------------------
// spec 12: update a user

export function updateUser(ctx: ServerContext, actor: UserRow, params: UpdateUserParams): void {
  const outbox: Outbox = [];
  ctx.db.transaction(() => {
    const target = accessUserForAdmin(ctx.db, actor, params.user_id, { allowDeactivated: true, allowBots: true });
    if (params.role !== undefined) outbox.push(...toEveryone(changeRole(ctx.db, actor, target, params.role)));
    if (params.full_name !== undefined) outbox.push(...toEveryone(changeFullName(ctx.db, target, params.full_name)));
    if (params.profile_data !== undefined) outbox.push(...toEveryone(applyProfileData(ctx.db, target, params.profile_data)));
    if (params.new_email !== undefined) outbox.push(...changeEmail(ctx.db, actor, target, params.new_email));
  })();
  publish(ctx, outbox, params.user_id);
}

function changeRole(db: Db, actor: UserRow, target: UserRow, role: Role): ServerEvent[] {
  checkRoleChange(actor, target, role, humanOwnerCount(db));
  if (role === target.role) return [];
  db.prepare('UPDATE users SET role = ? WHERE id = ?').run(role, target.id);
  return roleChangeEvents(target.id, target.role, role);
}

/** upstream NAME_INVALID_CHARS (UserProfile). */
const NAME_INVALID_CHARS = ['*', '`', '\\', '>', '"', '@'];
/** upstream UserProfile.MAX_NAME_LENGTH. */
export const MAX_NAME_LENGTH = 100;

/** upstream check_full_name: the texts are upstream's. Returns the name as stored (trimmed). */
export function checkFullName(raw: string): string {
  const name = raw.trim();
  if (name.length > MAX_NAME_LENGTH) throw badRequest('Name too long!');
  if (name.length === 0) throw badRequest('Name must not be empty!');
  // upstream check_string_is_printable: no control, surrogate or unassigned characters
  if (/[\p{Cc}\p{Cs}\p{Cn}]/u.test(name) || NAME_INVALID_CHARS.some((character) => name.includes(character))) {
    throw badRequest('Invalid characters in name!');
  }
  // a name ending like a mention's `|15` would make mentions ambiguous
  if (/\|\d+$/.test(raw)) throw badRequest('Invalid format!');
  return name;
}

function changeFullName(db: Db, target: UserRow, raw: string): ServerEvent[] {
  const name = checkFullName(raw);
  if (name === target.full_name) return [];
  db.prepare('UPDATE users SET full_name = ? WHERE id = ?').run(name, target.id);
  return [personUpdateEvent(target.id, { full_name: name })];
}

const EMAIL_PATTERN = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+\.[^\s@<>(),;:"[\]\\]+$/;

/**
 * spec 12 new_email: an organization owner holding can_change_user_emails. The address must be valid,
 * inside the realm's domains if it restricts them, and not another account's (upstream's invitation
 * texts for the same checks).
 */
function changeEmail(db: Db, actor: UserRow, target: UserRow, raw: string): Outbox {
  const email = raw.trim();
  if (email === target.delivery_email) return [];
  if (!isOwner(actor)) throw mustBeOwner();
  if (!actor.can_change_user_emails) throw badRequest('User not authorized to change user emails');
  if (!EMAIL_PATTERN.test(email)) throw badRequest('Invalid address.');
  const domains = JSON.parse(db.prepare('SELECT restricted_domains FROM realm').pluck().get() as string) as string[];
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (domains.length > 0 && !domains.some((allowed) => allowed.toLowerCase() === domain)) throw badRequest('Outside your domain.');
  const holder = getUserByEmail(db, email);
  if (holder && holder.id !== target.id) {
    throw badRequest(holder.is_active ? 'Already has an account.' : 'Account has been deactivated.');
  }
  // The realm's API emails are the real addresses, so both change (upstream: email_address_is_realm_public).
  db.prepare('UPDATE users SET delivery_email = ?, email = ? WHERE id = ?').run(email, email, target.id);
  const events = emailChangeEvents(target.id, email, {
    url: gravatarUrl(email, target.avatar_version),
    mediumUrl: gravatarUrl(email, target.avatar_version, true),
    version: target.avatar_version,
  });
  return [
    { to: 'addressViewers', event: events.toAddressViewers },
    { to: 'everyone', event: events.avatar },
    { to: 'everyone', event: events.newEmail },
  ];
}

// ---------------------------------------------------------------------------------------------------
// upstream DELETE /users/{user_id} and POST /users/{user_id}/reactivate

/**
 * Deactivates a human user and, as upstream does, the bots they own (bots first). The account keeps its
 * data; its next request gets USER_DEACTIVATED. `deactivation_notification_comment` would be emailed
 * upstream; the sandbox sends no email.
 */
export function deactivateUser(ctx: ServerContext, actor: UserRow, userId: number): void {
  const deactivated: number[] = [];
  ctx.db.transaction(() => {
    const target = accessUserForAdmin(ctx.db, actor, userId, { allowDeactivated: false, allowBots: false });
    checkDeactivation(actor, target, humanOwnerCount(ctx.db));
    const bots = ctx.db.prepare('SELECT id FROM users WHERE is_bot = 1 AND is_active = 1 AND bot_owner_id = ? ORDER BY id').pluck().all(target.id) as number[];
    for (const id of [...bots, target.id]) {
      ctx.db.prepare('UPDATE users SET is_active = 0 WHERE id = ?').run(id);
      deactivated.push(id);
    }
  })();
  for (const id of deactivated) {
    // upstream send_events_for_user_deactivation: the user's channels lose a subscriber, then the
    // update. Groups get no event: clients drop a deactivated user from members themselves.
    for (const { watchers, streamId } of subscribedChannels(ctx.db, id)) {
      ctx.events.publish(watchers, { type: 'subscription', op: 'peer_remove', stream_ids: [streamId], user_ids: [id] });
    }
    ctx.events.publish(ACTIVE_USERS, personUpdateEvent(id, { is_active: false }));
  }
}

export function reactivateUser(ctx: ServerContext, actor: UserRow, userId: number): void {
  ctx.db.transaction(() => {
    const target = accessUserForAdmin(ctx.db, actor, userId, { allowDeactivated: true, allowBots: true });
    // upstream reactivates an active user again without complaint; saying so is clearer
    if (target.is_active) throw badRequest('User is already active');
    ctx.db.prepare('UPDATE users SET is_active = 1 WHERE id = ?').run(target.id);
  })();
  // upstream do_reactivate_user: the update, then the user is back in their channels' subscribers and
  // in the members of each group they belong to directly. Upstream skips archived channels here
  // although deactivation counted them, leaving a client's counts one short of a fresh register: the
  // sandbox announces them too, so both directions match (docs/server.md).
  ctx.events.publish(ACTIVE_USERS, personUpdateEvent(userId, { is_active: true }));
  for (const { watchers, streamId } of subscribedChannels(ctx.db, userId)) {
    ctx.events.publish(watchers, { type: 'subscription', op: 'peer_add', stream_ids: [streamId], user_ids: [userId] });
  }
  for (const group of listGroups(ctx.db, true)) {
    if (directMembers(ctx.db, group.id).includes(userId)) ctx.events.publish(ACTIVE_USERS, { type: 'user_group', op: 'add_members', group_id: group.id, user_ids: [userId] });
  }
}

/** The channels the user is subscribed to (archived ones too), each with who else sees its subscribers. */
function subscribedChannels(db: Db, userId: number): { streamId: number; watchers: number[] }[] {
  const ids = db.prepare('SELECT stream_id FROM subscriptions WHERE user_id = ? AND active = 1 ORDER BY stream_id').pluck().all(userId) as number[];
  return ids.flatMap((streamId) => {
    const row = getStream(db, streamId);
    if (!row) return [];
    const watchers = metadataAccessUserIds(db, row).filter((id) => id !== userId);
    return watchers.length > 0 ? [{ streamId, watchers }] : [];
  });
}

// ---------------------------------------------------------------------------------------------------

/** After the commit: everyone active hears the public changes; address changes go to those who may see addresses. */
function publish(ctx: ServerContext, outbox: Outbox, targetId: number): void {
  if (outbox.length === 0) return;
  const addressViewers = [...adminUserIds(ctx.db), ...(getUser(ctx.db, targetId)?.is_active ? [targetId] : [])];
  for (const { to, event } of outbox) ctx.events.publish(to === 'everyone' ? ACTIVE_USERS : addressViewers, event);
}
