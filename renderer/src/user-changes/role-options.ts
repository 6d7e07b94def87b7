// The role rules (shared/domain/role-rules.ts) applied to what a panel shows: the signed-in user as
// the live list has them, every role for one user with the reason an option is unavailable, and
// whether they may be deactivated.
import type { Role } from '../../../shared/api/common';
import type { User } from '../../../shared/api/users';
import { checkRoleChange, ROLE_NAMES, ROLES_IN_ORDER, type RuleVerdict } from '../../../shared/domain/role-rules';
import { checkStatusChange } from '../../../shared/domain/status-rules';
import type { Account } from '../../../shared/ipc';

export interface Actor {
  /** The signed-in user's role now (the realm state's, so a change made elsewhere counts at once). */
  role: Role;
  userId: number;
}

/** The signed-in user of `account`, with their role from the live list when it has them. */
export function actorOf(account: Pick<Account, 'role' | 'userId'>, people: readonly User[]): Actor {
  const own = people.find((person) => person.user_id === account.userId);
  return { role: own?.role ?? account.role, userId: account.userId };
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

/**
 * Whether `target` may be deactivated (or reactivated) by `actor`: the owner rules, then what the
 * console refuses itself (the signed-in user, bots), each with the reason in words
 * (shared/domain/status-rules.ts, the rules the core and the bulk review apply).
 */
export function statusVerdict(actor: Actor, target: User, humanOwners: number): RuleVerdict {
  return checkStatusChange(actor, target, !target.is_active, humanOwners);
}
