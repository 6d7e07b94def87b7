// Who may give whom which role (spec 12, spec Authentication 7, upstream's update_user_backend), as a
// pure rule both sides use: the Users screen explains an unavailable choice before anything is sent,
// and the core checks each change of a bulk job the same way.
import type { Role } from '../api/common';

export const ROLE_NAMES: Record<Role, string> = {
  100: 'Owner',
  200: 'Administrator',
  300: 'Moderator',
  400: 'Member',
  600: 'Guest',
};

/** Roles from most to least powerful, as screens list them. */
export const ROLES_IN_ORDER: readonly Role[] = [100, 200, 300, 400, 600];

export interface RoleChange {
  /** The signed-in user's role. */
  actorRole: Role;
  /** The target's current role. */
  targetRole: Role;
  newRole: Role;
  /** Active human owners in the realm (the only owner cannot lose the role). */
  humanOwners: number;
  /** Bots are not counted as owners for the only-owner rule. */
  targetIsBot?: boolean;
  targetName?: string;
}

export type RuleVerdict = { allowed: true } | { allowed: false; reason: string };

const ALLOWED: RuleVerdict = { allowed: true };

/** Why a role change may not be made, in words that say what would make it possible. */
export function checkRoleChange(change: RoleChange): RuleVerdict {
  const { actorRole, targetRole, newRole } = change;
  const who = change.targetName ?? 'This user';
  if (newRole === targetRole) return ALLOWED;
  if ((newRole === 100 || targetRole === 100) && actorRole !== 100) {
    return {
      allowed: false,
      reason:
        newRole === 100
          ? 'Only organization owners can grant the owner role. Sign in as an owner, or ask one to make this change.'
          : `${who} is an owner: only organization owners can remove the owner role. Sign in as an owner, or ask one to make this change.`,
    };
  }
  if (actorRole > 200) {
    return { allowed: false, reason: 'Only organization administrators and owners can change roles.' };
  }
  if (targetRole === 100 && !change.targetIsBot && change.humanOwners <= 1) {
    return {
      allowed: false,
      reason: `${who} is the only owner of this organization and cannot lose the owner role. Make someone else an owner first.`,
    };
  }
  // spec 12: "making a guest an administrator gives BAD_REQUEST"; owners are administrators too.
  if (targetRole === 600 && newRole <= 200) {
    return {
      allowed: false,
      reason: `${who} is a guest: a guest cannot be made an ${newRole === 100 ? 'owner' : 'administrator'} directly. Make them a member first.`,
    };
  }
  return ALLOWED;
}

/** Deactivation follows the owner rules too (upstream deactivate_user_backend). */
export function checkDeactivation(change: Omit<RoleChange, 'newRole'>): RuleVerdict {
  const who = change.targetName ?? 'This user';
  if (change.actorRole > 200) return { allowed: false, reason: 'Only organization administrators and owners can deactivate users.' };
  if (change.targetRole === 100 && change.actorRole !== 100) {
    return { allowed: false, reason: `${who} is an owner: only organization owners can deactivate an owner.` };
  }
  if (change.targetRole === 100 && !change.targetIsBot && change.humanOwners <= 1) {
    return { allowed: false, reason: `${who} is the only owner of this organization and cannot be deactivated. Make someone else an owner first.` };
  }
  return ALLOWED;
}
