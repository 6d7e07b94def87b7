// Who may deactivate or reactivate whom (upstream deactivate_user_backend, reactivate_user_backend,
// https://zulip.com/api/deactivate-user and https://zulip.com/api/reactivate-user), as a pure rule both
// sides use: the bulk review says up front who cannot change and why, and the core checks each change
// the same way before it sends anything. The owner rules are role-rules.ts' (checkDeactivation).
import type { Role } from '../api/common';
import type { User } from '../api/users';
import { checkDeactivation, countHumanOwners, reviewRoleChange, type RoleHolder, type RoleReview, type RuleVerdict } from './role-rules';

/** The rules as the review states them before anything is chosen. */
export const DEACTIVATION_RULES: readonly string[] = [
  'The last owner of the organization cannot be deactivated: make someone else an owner first.',
  'You cannot deactivate yourself: the console would lose its connection.',
  'Only owners can deactivate an owner.',
  "A bot is not deactivated here on its own, but from its owner's bot settings: selected bots are listed apart and left as they are. The bots a deactivated user owns go with them.",
];

/**
 * What deactivating `changing` leaves of those who administer the realm, with the hazards to confirm
 * in words (role-rules.ts): a deactivated user administers nothing, as a member does, so the review of
 * the same people made members counts who is left, and its words say it ("no administrators, only its
 * owner"). Deactivating oneself is refused, so it never takes away the signed-in user's own rights.
 */
export function reviewDeactivation<T extends RoleHolder>(everyone: Iterable<RoleHolder>, changing: readonly T[], actorId: number): RoleReview<T> {
  return reviewRoleChange(everyone, changing, 400, actorId);
}

/**
 * The active bots the server deactivates with their owners (upstream do_deactivate_user deactivates a
 * user's bots with them), named before: those of `owners`, less the bots among `owners` themselves.
 */
export function botsGoingWith<T extends RoleHolder & Pick<User, 'bot_owner_id'>>(everyone: Iterable<T>, owners: readonly RoleHolder[]): T[] {
  return ownedBots(everyone, owners, true);
}

/**
 * The deactivated bots of users being reactivated: reactivating a user restores that user alone
 * (upstream do_reactivate_user), so their bots stay deactivated, and are named before.
 */
export function botsStayingDeactivated<T extends RoleHolder & Pick<User, 'bot_owner_id'>>(everyone: Iterable<T>, owners: readonly RoleHolder[]): T[] {
  return ownedBots(everyone, owners, false);
}

function ownedBots<T extends RoleHolder & Pick<User, 'bot_owner_id'>>(everyone: Iterable<T>, owners: readonly RoleHolder[], active: boolean): T[] {
  const ids = new Set(owners.map((owner) => owner.user_id));
  const bots: T[] = [];
  for (const user of everyone) if (user.is_bot && user.is_active === active && user.bot_owner_id != null && ids.has(user.bot_owner_id) && !ids.has(user.user_id)) bots.push(user);
  return bots;
}

export interface StatusActor {
  role: Role;
  userId: number;
}

/** Why one user may not be deactivated (`active` false) or reactivated (`active` true) by `actor`. */
export function checkStatusChange(actor: StatusActor, target: RoleHolder, active: boolean, humanOwners: number): RuleVerdict {
  if (active) {
    return actor.role <= 200 ? { allowed: true } : { allowed: false, reason: 'Only organization administrators and owners can reactivate users.' };
  }
  // The owner rules first: for the only owner, "make someone else an owner first" is the useful answer.
  const verdict = checkDeactivation({ actorRole: actor.role, targetRole: target.role, humanOwners, targetIsBot: target.is_bot, targetName: target.full_name });
  if (!verdict.allowed) return verdict;
  if (target.user_id === actor.userId) {
    return { allowed: false, reason: 'You cannot deactivate the account you are signed in with: the console would lose its connection. Ask another administrator or owner.' };
  }
  if (target.is_bot) return { allowed: false, reason: `${target.full_name} is a bot: bots are deactivated from their owner's bot settings.` };
  return { allowed: true };
}

export interface StatusPlan<T extends RoleHolder> {
  /** People who will change. */
  changes: T[];
  /** Bots, apart: deactivated from their owner's settings, so refused here; reactivated like people. */
  bots: { user: T; reason: string | null }[];
  /** Already in the state asked for. */
  unchanged: T[];
  refused: { user: T; reason: string }[];
}

/**
 * What deactivating (`active` false) or reactivating each of `users` would do, in the order given.
 * Owners deactivated count down as the plan goes, so deactivating every owner refuses the last one,
 * as the server would.
 */
export function planStatusChange<T extends RoleHolder>(actor: StatusActor, users: readonly T[], active: boolean, everyone: Iterable<RoleHolder>): StatusPlan<T> {
  const plan: StatusPlan<T> = { changes: [], bots: [], unchanged: [], refused: [] };
  let owners = countHumanOwners(everyone);
  for (const user of users) {
    if (user.is_active === active) {
      plan.unchanged.push(user);
      continue;
    }
    const verdict = checkStatusChange(actor, user, active, owners);
    if (user.is_bot) {
      plan.bots.push({ user, reason: verdict.allowed ? null : verdict.reason });
      continue;
    }
    if (!verdict.allowed) {
      plan.refused.push({ user, reason: verdict.reason });
      continue;
    }
    plan.changes.push(user);
    if (!active && user.role === 100) owners -= 1;
  }
  return plan;
}
