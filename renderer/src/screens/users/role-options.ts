// The spec's role rules (shared/domain/role-rules.ts) applied to what the screen shows: every role
// for one user with the reason an option is unavailable, and a bulk change's plan (who changes, who
// already has the role, who cannot, and why), before anything is sent.
import type { Role } from '../../../../shared/api/common';
import type { User } from '../../../../shared/api/users';
import { checkDeactivation, checkRoleChange, ROLE_NAMES, ROLES_IN_ORDER, type RuleVerdict } from '../../../../shared/domain/role-rules';

export interface Actor {
  /** The signed-in user's role now (the realm state's, so a change made elsewhere counts at once). */
  role: Role;
  userId: number;
}

export interface RoleOption {
  role: Role;
  name: string;
  current: boolean;
  verdict: RuleVerdict;
}

export function roleOptions(actor: Actor, target: User, humanOwners: number): RoleOption[] {
  return ROLES_IN_ORDER.map((role) => ({
    role,
    name: ROLE_NAMES[role],
    current: role === target.role,
    verdict: checkRoleChange({ actorRole: actor.role, targetRole: target.role, newRole: role, humanOwners, targetIsBot: target.is_bot, targetName: target.full_name }),
  }));
}

export function deactivationVerdict(actor: Actor, target: User, humanOwners: number): RuleVerdict {
  return checkDeactivation({ actorRole: actor.role, targetRole: target.role, humanOwners, targetIsBot: target.is_bot, targetName: target.full_name });
}

export interface BulkPlan {
  changes: User[];
  unchanged: User[];
  refused: { user: User; reason: string }[];
}

/**
 * What a bulk change would do, user by user, in the order the job runs them. Owners losing the role
 * count down as the plan goes, so demoting every owner refuses the last one, as the server would.
 */
export function planBulkRole(actor: Actor, users: readonly User[], role: Role, humanOwners: number): BulkPlan {
  const plan: BulkPlan = { changes: [], unchanged: [], refused: [] };
  let owners = humanOwners;
  for (const user of users) {
    if (user.role === role) {
      plan.unchanged.push(user);
      continue;
    }
    const verdict = checkRoleChange({ actorRole: actor.role, targetRole: user.role, newRole: role, humanOwners: owners, targetIsBot: user.is_bot, targetName: user.full_name });
    if (!verdict.allowed) {
      plan.refused.push({ user, reason: verdict.reason });
      continue;
    }
    plan.changes.push(user);
    if (user.role === 100 && user.is_active && !user.is_bot) owners -= 1;
    if (role === 100 && user.is_active && !user.is_bot) owners += 1;
  }
  return plan;
}
