// Who a bulk subscriber job is for, from each way of choosing them: addresses pasted or imported from
// a CSV (read with the parser the invitations screen uses too: shared/domain/address-list.ts and
// components/csv-import/), matched to accounts the way the invitations checks match them (shared/domain/invitee-checks.ts
// indexUsers: either address a user answers to, without regard to case); a role; a user group
// (through its subgroups). Addresses with no account are listed, never dropped silently; deactivated
// users are kept, so the review lists them as refused.
import type { Role } from '../../../../../shared/api/common';
import type { User } from '../../../../../shared/api/users';
import { addressKey } from '../../../../../shared/domain/address-list';
import { groupMembers, type GroupIndex } from '../../../../../shared/domain/channel-groups';
import { indexUsers } from '../../../../../shared/domain/invitee-checks';
import type { Invitee } from '../../../../../shared/ipc';

export interface Matched {
  userIds: number[];
  /** Addresses no account of the organization answers to, as written. */
  unknown: string[];
}

export function matchAddresses(invitees: readonly Invitee[], users: readonly User[]): Matched {
  // The index keeps the users given, and the account that decides where two share an address.
  const index = indexUsers(users) as ReadonlyMap<string, User>;
  const ids = new Set<number>();
  const unknown: string[] = [];
  for (const invitee of invitees) {
    const found = index.get(addressKey(invitee.email));
    if (found) ids.add(found.user_id);
    else unknown.push(invitee.email);
  }
  return { userIds: [...ids], unknown };
}

/** Active humans of a role (bots are not chosen by role). */
export function usersOfRole(users: readonly User[], role: Role): number[] {
  return users.filter((user) => user.is_active && !user.is_bot && user.role === role).map((user) => user.user_id);
}

/** A group's active members, through its subgroups. */
export function usersOfGroup(groupId: number, index: GroupIndex, users: readonly User[]): number[] {
  const members = groupMembers(groupId, index);
  return users.filter((user) => user.is_active && members.has(user.user_id)).map((user) => user.user_id);
}

/** People whose name or address holds every word of the query, for the search picker. */
export function searchPeople(users: readonly User[], query: string, limit: number): User[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const found: User[] = [];
  for (const user of users) {
    const haystack = `${user.full_name} ${user.email} ${user.delivery_email ?? ''}`.toLowerCase();
    if (words.every((word) => haystack.includes(word))) found.push(user);
    if (found.length >= limit) break;
  }
  return found;
}
