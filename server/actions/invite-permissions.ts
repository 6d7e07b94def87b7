// spec 9: who may invite, as which role, into which channels and groups (upstream
// zerver/views/invite.py: check_role_based_permissions, access_streams_for_invite,
// access_user_groups_for_invite). Each check throws the error upstream gives.
import { ROLES } from '../../shared/api';
import type { Db } from '../db/connection';
import { holdsGroupSetting, parseGroupSetting, type GroupRow } from '../db/groups';
import { canAdministerChannel, getStream, getSubscription, groupSetting, hasContentAccess, type StreamRow } from '../db/stream-queries';
import { isAdmin, isGuest, isOwner, type UserRow } from '../db/users';
import { badRequest, mustBeOwner } from '../lib/errors';

/** upstream require_member_or_admin: the invitation endpoints are for members and administrators. */
export function requireMemberOrAdmin(actor: UserRow): void {
  if (isGuest(actor)) throw badRequest('Not allowed for guest users');
  if (actor.is_bot) throw badRequest('This endpoint does not accept bot requests.');
}

/** spec Errors "insufficient permission to invite": guests never, others per can_invite_users_group. */
export function checkCanInvite(db: Db, actor: UserRow): void {
  if (isGuest(actor)) throw badRequest('Insufficient permission');
  if (actor.is_bot) throw badRequest('This endpoint does not accept bot requests.');
  const setting = db.prepare('SELECT can_invite_users_group FROM realm').pluck().get() as string;
  if (!holdsGroupSetting(db, actor, parseGroupSetting(setting))) throw badRequest('Insufficient permission');
}

/**
 * spec Authentication 7: roles equal to or stricter than the inviter's. Upstream is stricter still:
 * owners are invited by owners only, and administrators and moderators by administrators only (its
 * message for the latter is a plain BAD_REQUEST, unlike the owner check's UNAUTHORIZED_PRINCIPAL).
 * The same check guards revoking or resending someone else's invitation.
 */
export function checkCanInviteAs(actor: UserRow, role: number, { requireAdmin }: { requireAdmin: boolean }): void {
  if (role === ROLES.owner && !isOwner(actor)) throw mustBeOwner();
  if (requireAdmin && !isAdmin(actor)) throw badRequest('Must be an organization administrator');
}

export const roleNeedsAdmin = (role: number) => role === ROLES.owner || role === ROLES.administrator || role === ROLES.moderator;

/**
 * upstream access_streams_for_invite. A channel must exist, be active and be one the inviter can see
 * into; then the inviter must be allowed to add subscribers to it, default channels excepted.
 */
export function checkStreamsForInvite(db: Db, actor: UserRow, streamIds: readonly number[]): void {
  const streams: StreamRow[] = [];
  for (const streamId of streamIds) {
    const stream = getStream(db, streamId);
    if (!stream || stream.is_archived || !hasContentAccess(db, actor, stream, Boolean(getSubscription(db, streamId, actor.id)?.active))) {
      throw badRequest(`Invalid channel ID ${String(streamId)}. No invites were sent.`);
    }
    streams.push(stream);
  }
  if (streams.some((stream) => !canAddSubscribers(db, actor, stream))) {
    throw badRequest('You do not have permission to subscribe other users to channels.');
  }
}

/**
 * upstream: the organization's can_add_subscribers_group (default members) for channels the inviter
 * can see into, plus the channel's own can_add_subscribers_group and channel administrators.
 * Organization administrators may always (spec 3).
 */
function canAddSubscribers(db: Db, actor: UserRow, stream: StreamRow): boolean {
  if (stream.is_default || canAdministerChannel(db, actor, stream)) return true;
  if (holdsGroupSetting(db, actor, groupSetting(stream, 'can_add_subscribers_group'))) return true;
  const realmSetting = db.prepare('SELECT can_add_subscribers_group FROM realm').pluck().get() as string;
  return holdsGroupSetting(db, actor, parseGroupSetting(realmSetting));
}

/**
 * upstream access_user_groups_for_invite → access_user_group_for_update(can_add_members_group):
 * system groups are never joined by invitation; administrators may add members to any other
 * group, everyone else needs the group's can_manage_group or can_add_members_group.
 */
export function checkGroupsForInvite(db: Db, actor: UserRow, groupIds: readonly number[]): void {
  for (const groupId of groupIds) {
    const group = db.prepare('SELECT * FROM user_groups WHERE id = ?').get(groupId) as GroupRow | undefined;
    if (!group) throw badRequest('Invalid user group');
    if (group.deactivated) throw badRequest('User group is deactivated.');
    if (group.is_system_group) throw badRequest('Insufficient permission');
    if (isAdmin(actor)) continue;
    const settings = JSON.parse(group.settings) as Record<string, unknown>;
    const holds = ['can_manage_group', 'can_add_members_group'].some((name) => {
      const value = settings[name];
      return value !== undefined && value !== null && holdsGroupSetting(db, actor, value as Parameters<typeof holdsGroupSetting>[2]);
    });
    if (!holds) throw badRequest('Insufficient permission');
  }
}
