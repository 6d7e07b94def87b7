// Who may give whom which role (spec 12, spec Authentication 7, upstream's update_user_backend), as a
// pure rule both sides use: the screens explain an unavailable choice before anything is sent, and the
// core checks each change the same way. Also what a change would do (who gains, who loses) and the two
// hazards that must be confirmed in words: a realm left with no administrator, and the signed-in user
// taking away their own rights.
import type { Role } from '../api/common';
import type { User } from '../api/users';

export const ROLE_NAMES: Record<Role, string> = {
  100: 'Owner',
  200: 'Administrator',
  300: 'Moderator',
  400: 'Member',
  600: 'Guest',
};

/** Roles from most to least powerful, as screens list them. */
export const ROLES_IN_ORDER: readonly Role[] = [100, 200, 300, 400, 600];

/** "an owner", "a member": for "is now …" and "could not be made …". */
export function roleWithArticle(role: Role): string {
  const name = ROLE_NAMES[role].toLowerCase();
  return /^[aeiou]/.test(name) ? `an ${name}` : `a ${name}`;
}

/** The fields of a user these rules read. */
export type RoleHolder = Pick<User, 'user_id' | 'full_name' | 'role' | 'is_active' | 'is_bot'>;

/** Owners and administrators can administer the realm (upstream's is_realm_admin is true for both). */
const administers = (role: Role) => role <= 200;
const activeHuman = (user: RoleHolder) => user.is_active && !user.is_bot;

/** Active human owners (upstream check_last_owner counts these). */
export function countHumanOwners(users: Iterable<RoleHolder>): number {
  let owners = 0;
  for (const user of users) if (user.role === 100 && activeHuman(user)) owners += 1;
  return owners;
}

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

export interface RolePlan<T extends RoleHolder> {
  changes: T[];
  unchanged: T[];
  refused: { user: T; reason: string }[];
}

/**
 * What giving `role` to each of `users` would do, user by user, in the order they are sent: as given,
 * but the signed-in user's own change (`ownUserId`) last, as the console sends it. Owners losing the
 * role count down as the plan goes, so demoting every owner refuses the last one, as the server would.
 */
export function planRoleChange<T extends RoleHolder>(actorRole: Role, users: readonly T[], role: Role, humanOwners: number, ownUserId: number | null): RolePlan<T> {
  const plan: RolePlan<T> = { changes: [], unchanged: [], refused: [] };
  let owners = humanOwners;
  const inSendingOrder = [...users.filter((user) => user.user_id !== ownUserId), ...users.filter((user) => user.user_id === ownUserId)];
  for (const user of inSendingOrder) {
    if (user.role === role) {
      plan.unchanged.push(user);
      continue;
    }
    const verdict = checkRoleChange({ actorRole, targetRole: user.role, newRole: role, humanOwners: owners, targetIsBot: user.is_bot, targetName: user.full_name });
    if (!verdict.allowed) {
      plan.refused.push({ user, reason: verdict.reason });
      continue;
    }
    plan.changes.push(user);
    if (user.role === 100 && activeHuman(user)) owners -= 1;
    if (role === 100 && activeHuman(user)) owners += 1;
  }
  return plan;
}

/** The two consequences a change may have that must be confirmed in words before it is made. */
export const ROLE_HAZARDS = ['noAdministrator', 'ownRights'] as const;
export type RoleHazard = (typeof ROLE_HAZARDS)[number];

export interface RoleMove<T extends RoleHolder> {
  user: T;
  from: Role;
  to: Role;
}

export interface RoleReview<T extends RoleHolder> {
  /** Those who gain rights (a more powerful role), and those who lose some, in the order given. */
  promotions: RoleMove<T>[];
  demotions: RoleMove<T>[];
  /**
   * After the change the realm has no active human administrator (role 200) where it had one: either
   * only its owners are left to administer it, or (`leavesNobody`) not even an owner.
   */
  leavesNoAdministrator: boolean;
  /** After the change no active human would be an owner or administrator at all. */
  leavesNobody: boolean;
  /** The active human owners left when `leavesNoAdministrator` (they alone can then administer it). */
  ownersLeft: number;
  /** The signed-in user's own move, when it takes away a role they hold. */
  ownLoss: RoleMove<T> | null;
  /** What must be confirmed: empty for a change that needs no more than a click. */
  hazards: RoleHazard[];
}

/**
 * What giving `role` to `changing` (the users who will change: a plan's `changes`) does to the realm
 * `everyone` is the user list of: who gains, who loses, whether anyone is left to administer it, and
 * whether the signed-in user (`actorId`) takes away their own rights.
 */
export function reviewRoleChange<T extends RoleHolder>(everyone: Iterable<RoleHolder>, changing: readonly T[], role: Role, actorId: number): RoleReview<T> {
  const review: RoleReview<T> = { promotions: [], demotions: [], leavesNoAdministrator: false, leavesNobody: false, ownersLeft: 0, ownLoss: null, hazards: [] };
  for (const user of changing) {
    if (user.role === role) continue;
    const move = { user, from: user.role, to: role };
    // Lower numbers are more powerful roles (spec: 100 owner … 600 guest).
    if (role < user.role) review.promotions.push(move);
    else review.demotions.push(move);
    if (user.user_id === actorId && role > user.role) review.ownLoss = move;
  }
  // Only taking an administrator's rights away can leave nobody: otherwise the realm is not read at
  // all, so checking each change of a 20,000-user bulk job stays cheap.
  if (!administers(role) && review.demotions.some((move) => administers(move.from) && activeHuman(move.user))) {
    const moving = new Set(changing.map((user) => user.user_id));
    const before = { any: 0, admins: 0 };
    const after = { any: 0, admins: 0, owners: 0 };
    for (const user of everyone) {
      if (!activeHuman(user)) continue;
      const next = moving.has(user.user_id) ? role : user.role;
      if (administers(user.role)) before.any += 1;
      if (user.role === 200) before.admins += 1;
      if (administers(next)) after.any += 1;
      if (next === 200) after.admins += 1;
      if (next === 100) after.owners += 1;
    }
    // Owners administer too (upstream's is_realm_admin), but a realm whose last administrator is
    // demoted leaves its owners alone to run it: easy to do by accident in a bulk change, so it is
    // confirmed as well as the realm left with nobody at all.
    review.leavesNobody = before.any > 0 && after.any === 0;
    review.leavesNoAdministrator = review.leavesNobody || (before.admins > 0 && after.admins === 0);
    review.ownersLeft = after.owners;
  }
  if (review.leavesNoAdministrator) review.hazards.push('noAdministrator');
  if (review.ownLoss) review.hazards.push('ownRights');
  return review;
}

/** "Adam Admin: Administrator → Moderator". */
export function moveWords(move: RoleMove<RoleHolder>): string {
  return `${move.user.full_name}: ${ROLE_NAMES[move.from]} → ${ROLE_NAMES[move.to]}`;
}

/**
 * What the person confirming must state they understand, as the label of the box they tick:
 * "I understand that nobody will be able to administer Sandbox Org".
 */
export function hazardConsent(review: RoleReview<RoleHolder>, realmName: string): string {
  const own = review.ownLoss;
  if (review.leavesNobody) return `I understand that nobody${own ? ', me included,' : ''} will be able to administer ${realmName}`;
  const parts: string[] = [];
  if (own) parts.push(`I will no longer be ${roleWithArticle(own.from)} of ${realmName}, only ${roleWithArticle(own.to)}`);
  if (review.leavesNoAdministrator) parts.push(`${own ? 'it' : realmName} will have no administrators, only ${review.ownersLeft === 1 ? 'its owner' : 'its owners'}`);
  return parts.length === 0 ? '' : `I understand that ${parts.join(', and that ')}`;
}

/** Why the change is dangerous, in a sentence or two: shown above the box to tick, and in the core's refusal. */
export function hazardWarning(review: RoleReview<RoleHolder>, realmName: string): string {
  const parts: string[] = [];
  if (review.leavesNobody) {
    parts.push(`After this change ${realmName} has no active owner or administrator: nobody could change roles or settings any more, or undo this change.`);
  } else if (review.leavesNoAdministrator) {
    const owners = review.ownersLeft === 1 ? 'its 1 owner' : `its ${review.ownersLeft} owners`;
    parts.push(`After this change ${realmName} has no administrators: only ${owners} could manage its settings, users and channels, or undo this change.`);
  }
  if (review.ownLoss) {
    const { to } = review.ownLoss;
    parts.push(`You are taking away your own rights (${moveWords(review.ownLoss)}): from then on you can do only what ${roleWithArticle(to)} may, and you cannot undo it yourself.`);
  }
  return parts.join(' ');
}
