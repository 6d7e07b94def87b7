// Who may give whom which role (spec 12, spec Authentication 7), and who may deactivate whom. Pure
// rules over the roles involved, so every combination is cheap to test.
import type { Role } from '../../shared/api';
import { badRequest, mustBeAdmin, mustBeOwner } from '../lib/errors';
import { isAdmin, isOwner, ROLE, type UserRow } from '../db/users';

type Actor = Pick<UserRow, 'role'>;
type Target = Pick<UserRow, 'role' | 'is_bot'>;

export const LAST_OWNER_ROLE_MESSAGE = 'The owner permission cannot be removed from the only organization owner.';
export const LAST_OWNER_DEACTIVATE_MESSAGE = 'Cannot deactivate the only organization owner';
export const GUEST_TO_ADMIN_MESSAGE =
  'A guest cannot be made an administrator directly. Make them a member first, then an administrator.';

/** upstream check_last_owner: an owner who is the realm's only active human owner. */
export function isOnlyOwner(target: Target, humanOwners: number): boolean {
  return target.role === ROLE.owner && !target.is_bot && humanOwners <= 1;
}

/**
 * spec 12 role rules, in upstream's order (zerver/views/users.py update_user_backend): the owner role
 * needs an owner on either side of the change; the only owner keeps it. An unchanged role is no change.
 */
export function checkRoleChange(actor: Actor, target: Target, newRole: Role, humanOwners: number): void {
  if (newRole === target.role) return;
  if ((newRole === ROLE.owner || target.role === ROLE.owner) && !isOwner(actor)) throw mustBeOwner();
  if (!isAdmin(actor)) throw mustBeAdmin();
  if (target.role === ROLE.owner && isOnlyOwner(target, humanOwners)) throw badRequest(LAST_OWNER_ROLE_MESSAGE);
  // spec 12 "making a guest an administrator gives BAD_REQUEST" (upstream allows it; the spec wins).
  // Owners are administrators too, so a guest cannot jump straight to owner either.
  if (target.role === ROLE.guest && newRole <= ROLE.admin) throw badRequest(GUEST_TO_ADMIN_MESSAGE);
}

/** upstream deactivate_user_backend, after the administrator check: owners for owners; never the only one. */
export function checkDeactivation(actor: Actor, target: Target, humanOwners: number): void {
  if (isOwner(target) && !isOwner(actor)) throw mustBeOwner();
  if (isOnlyOwner(target, humanOwners)) throw badRequest(LAST_OWNER_DEACTIVATE_MESSAGE);
}
