// Group-setting values (https://zulip.com/api/group-setting-values) as people: who a value names (its
// pills: system roles, user groups, individual users), who it resolves to (every active member,
// through subgroups, as the server counts them), and how to write a list of pills back as a value.
// System groups' members come from the server (register `realm_user_groups`), so a waiting period for
// full members or any other server rule is followed, not guessed.
import type { GroupSettingValue } from '../api/common';
import type { UserGroup } from '../api/groups';
import type { User } from '../api/users';
import { listWords } from './list-words';

export type GroupLike = Pick<UserGroup, 'id' | 'name' | 'members' | 'direct_subgroup_ids' | 'is_system_group' | 'deactivated'>;
/** `role` where known: who may use a permission depends on it (channel-audience.ts). */
export type PersonLike = Pick<User, 'user_id' | 'full_name' | 'is_active'> & Partial<Pick<User, 'role'>>;
/** The realm's people by ID (a Map, or the core's IdMap). */
export interface People {
  get(id: number): PersonLike | undefined;
}

/** The system roles a pill can name, in the order a picker offers them. */
export const SYSTEM_ROLE_ORDER = [
  'role:owners',
  'role:administrators',
  'role:moderators',
  'role:fullmembers',
  'role:members',
  'role:everyone',
  'role:nobody',
] as const;

/** System groups in words ("role:fullmembers" is "Full members"). */
export const SYSTEM_GROUP_WORDS: Record<string, string> = {
  'role:owners': 'Owners',
  'role:administrators': 'Administrators',
  'role:moderators': 'Moderators',
  'role:fullmembers': 'Full members',
  'role:members': 'Members',
  'role:everyone': 'Everyone, guests included',
  'role:internet': 'Everyone on the internet',
  'role:nobody': 'Nobody',
};

/** One entry of a group setting as a person reads it. */
export type Pill = { kind: 'role'; groupId: number; name: string } | { kind: 'group'; groupId: number } | { kind: 'user'; userId: number };

export interface GroupIndex {
  byId: ReadonlyMap<number, GroupLike>;
  /** System groups by name ("role:members"). */
  system: ReadonlyMap<string, GroupLike>;
}

export function indexGroups(groups: Iterable<GroupLike>): GroupIndex {
  const byId = new Map<number, GroupLike>();
  const system = new Map<string, GroupLike>();
  for (const group of groups) {
    byId.set(group.id, group);
    if (group.is_system_group) system.set(group.name, group);
  }
  return { byId, system };
}

/** The pills of a value: a group ID is one pill; an anonymous group, its subgroups then its users. */
export function pillsOf(value: GroupSettingValue, index: GroupIndex): Pill[] {
  if (typeof value === 'number') return [groupPill(value, index)];
  return [...value.direct_subgroups.map((id) => groupPill(id, index)), ...value.direct_members.map((userId): Pill => ({ kind: 'user', userId }))];
}

function groupPill(groupId: number, index: GroupIndex): Pill {
  const group = index.byId.get(groupId);
  return group?.is_system_group ? { kind: 'role', groupId, name: group.name } : { kind: 'group', groupId };
}

/**
 * The value to send for a list of pills, in upstream's normal form: no pills is the nobody group, one
 * group alone is that group's ID, anything else an anonymous group. Null when the nobody group is not
 * known (a server without system groups).
 */
export function valueOfPills(pills: readonly Pill[], index: GroupIndex): GroupSettingValue | null {
  const members = unique(pills.flatMap((pill) => (pill.kind === 'user' ? [pill.userId] : [])));
  const subgroups = unique(pills.flatMap((pill) => (pill.kind === 'user' ? [] : [pill.groupId])));
  const nobody = index.system.get('role:nobody')?.id;
  // "Nobody" beside anything else adds nobody.
  const named = subgroups.filter((id) => id !== nobody);
  if (members.length === 0 && named.length === 1 && named[0] !== undefined) return named[0];
  if (members.length === 0 && named.length === 0) return nobody ?? null;
  return { direct_members: members, direct_subgroups: named };
}

/** Group-setting values compare as sets (upstream does): member and subgroup order does not matter. */
export function sameGroupSetting(a: GroupSettingValue, b: GroupSettingValue): boolean {
  if (typeof a === 'number' || typeof b === 'number') return a === b;
  return sameSet(a.direct_members, b.direct_members) && sameSet(a.direct_subgroups, b.direct_subgroups);
}

/** Every user in a group: its members and its subgroups' members, each group counted once. */
export function groupMembers(groupId: number, index: GroupIndex): Set<number> {
  const cached = membersCache.get(index)?.get(groupId);
  if (cached) return cached;
  const members = new Set<number>();
  const seen = new Set<number>();
  const visit = (id: number) => {
    if (seen.has(id)) return;
    seen.add(id);
    const group = index.byId.get(id);
    if (!group) return;
    for (const user of group.members) members.add(user);
    for (const sub of group.direct_subgroup_ids) visit(sub);
  };
  visit(groupId);
  let perIndex = membersCache.get(index);
  if (!perIndex) membersCache.set(index, (perIndex = new Map()));
  perIndex.set(groupId, members);
  return members;
}

// Resolving role:members of a 20,000-user realm is a large set: computed once per group per index.
const membersCache = new WeakMap<GroupIndex, Map<number, Set<number>>>();

/**
 * Who holds a value: the active users it names, directly or through groups. `people` (by ID) leaves
 * out deactivated users and IDs the realm does not know; without it every ID counts.
 */
export function resolveGroupSetting(value: GroupSettingValue, index: GroupIndex, people?: People): Set<number> {
  const ids = new Set<number>();
  const groups = typeof value === 'number' ? [value] : value.direct_subgroups;
  for (const group of groups) for (const user of groupMembers(group, index)) ids.add(user);
  if (typeof value !== 'number') for (const user of value.direct_members) ids.add(user);
  if (!people) return ids;
  for (const id of ids) if (!people.get(id)?.is_active) ids.delete(id);
  return ids;
}

/**
 * Whether one user is named by a value, directly or through groups: resolveGroupSetting's answer for
 * one person without building the set of every holder (role:members of a 100,000-user realm).
 * Whether the user is active is the caller's to check.
 */
export function namesUser(value: GroupSettingValue, userId: number, index: GroupIndex): boolean {
  if (typeof value === 'number') return groupMembers(value, index).has(userId);
  return value.direct_members.includes(userId) || value.direct_subgroups.some((group) => groupMembers(group, index).has(userId));
}

/** A pill's name: "Administrators", "engineers", "Mark Member"; something gone meanwhile says so. */
export function pillWords(pill: Pill, index: GroupIndex, people: People): string {
  switch (pill.kind) {
    case 'role':
      return SYSTEM_GROUP_WORDS[pill.name] ?? pill.name;
    case 'group': {
      const group = index.byId.get(pill.groupId);
      if (!group) return `a deleted group (ID ${pill.groupId})`;
      return group.deactivated ? `${group.name} (deactivated)` : group.name;
    }
    case 'user': {
      const person = people.get(pill.userId);
      if (!person) return `an unknown user (ID ${pill.userId})`;
      return person.is_active ? person.full_name : `${person.full_name} (deactivated)`;
    }
  }
}

/** A value in words: "Administrators", "Moderators, engineers and Mark Member", "Nobody". */
export function groupSettingWords(value: GroupSettingValue, index: GroupIndex, people: People): string {
  const names = pillsOf(value, index).map((pill) => pillWords(pill, index, people));
  return listWords(names.length ? names : ['Nobody']);
}


function unique(ids: readonly number[]): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}

function sameSet(a: readonly number[], b: readonly number[]): boolean {
  const left = unique(a);
  const right = unique(b);
  return left.length === right.length && left.every((id, index) => id === right[index]);
}
