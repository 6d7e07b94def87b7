// User groups and group-setting values. System groups' members follow from roles (upstream keeps
// them in step on every role change; deriving them means they can never drift), chained through
// subgroups: owners ⊂ administrators ⊂ moderators ⊂ full members ⊂ members ⊂ everyone ⊂ internet.
import type { GroupSettingValue } from '../../shared/api';
import type { Db } from './connection';
import type { UserRow } from './users';

export const SYSTEM_GROUPS = [
  { id: 1, name: 'role:nobody', description: 'Nobody', maxRole: null, subgroup: null },
  { id: 2, name: 'role:owners', description: 'Owners of this organization', maxRole: 100, subgroup: null },
  { id: 3, name: 'role:administrators', description: 'Administrators of this organization, including owners', maxRole: 200, subgroup: 2 },
  { id: 4, name: 'role:moderators', description: 'Moderators of this organization, including administrators', maxRole: 300, subgroup: 3 },
  { id: 5, name: 'role:fullmembers', description: 'Members of this organization, not including new accounts and guests', maxRole: 400, subgroup: 4 },
  { id: 6, name: 'role:members', description: 'Members of this organization, not including guests', maxRole: 400, subgroup: 5 },
  { id: 7, name: 'role:everyone', description: 'Everyone in this organization, including guests', maxRole: 600, subgroup: 6 },
  { id: 8, name: 'role:internet', description: 'Everyone on the Internet', maxRole: 600, subgroup: 7 },
] as const;

export type SystemGroupName = (typeof SYSTEM_GROUPS)[number]['name'];

export function systemGroupId(name: SystemGroupName): number {
  const group = SYSTEM_GROUPS.find((candidate) => candidate.name === name);
  if (!group) throw new Error(`no system group ${name}`);
  return group.id;
}

/** The system group a user of each role is a direct member of (members sit in role:fullmembers). */
export const ROLE_SYSTEM_GROUP: Readonly<Record<100 | 200 | 300 | 400 | 600, number>> = { 100: 2, 200: 3, 300: 4, 400: 5, 600: 7 };

export interface GroupRow {
  id: number;
  name: string;
  description: string;
  is_system_group: number;
  date_created: number | null;
  creator_id: number | null;
  deactivated: number;
  settings: string;
}

/** Direct members: for a system group, active users whose role is exactly that group's. */
export function directMembers(db: Db, groupId: number): number[] {
  const system = SYSTEM_GROUPS.find((group) => group.id === groupId);
  if (system) {
    const roles = Object.entries(ROLE_SYSTEM_GROUP).filter(([, group]) => group === groupId).map(([role]) => Number(role));
    if (roles.length === 0) return [];
    return db.prepare(`SELECT id FROM users WHERE is_active = 1 AND role IN (${roles.join(',')}) ORDER BY id`).pluck().all() as number[];
  }
  return db.prepare('SELECT user_id FROM group_members WHERE group_id = ? ORDER BY user_id').pluck().all(groupId) as number[];
}

export function directSubgroups(db: Db, groupId: number): number[] {
  const system = SYSTEM_GROUPS.find((group) => group.id === groupId);
  if (system) return system.subgroup === null ? [] : [system.subgroup];
  return db.prepare('SELECT subgroup_id FROM group_subgroups WHERE group_id = ? ORDER BY subgroup_id').pluck().all(groupId) as number[];
}

/** Whether the user belongs to the group, directly or through any subgroup. */
export function isInGroup(db: Db, user: Pick<UserRow, 'id' | 'role' | 'is_active'>, groupId: number, seen = new Set<number>()): boolean {
  if (seen.has(groupId)) return false;
  seen.add(groupId);
  const system = SYSTEM_GROUPS.find((group) => group.id === groupId);
  if (system) return Boolean(user.is_active) && system.maxRole !== null && user.role <= system.maxRole;
  const direct = db.prepare('SELECT 1 FROM group_members WHERE group_id = ? AND user_id = ?').get(groupId, user.id);
  if (direct) return true;
  return directSubgroups(db, groupId).some((subgroup) => isInGroup(db, user, subgroup, seen));
}

/** Whether the user holds a permission given as a group-setting value. */
export function holdsGroupSetting(db: Db, user: Pick<UserRow, 'id' | 'role' | 'is_active'>, value: GroupSettingValue): boolean {
  if (typeof value === 'number') return isInGroup(db, user, value);
  if (value.direct_members.includes(user.id)) return true;
  return value.direct_subgroups.some((group) => isInGroup(db, user, group));
}

export function parseGroupSetting(json: string): GroupSettingValue {
  return JSON.parse(json) as GroupSettingValue;
}

/** upstream: zero members and one subgroup collapses to that group; nothing at all is the nobody group. */
export function normalizeGroupSetting(value: GroupSettingValue): GroupSettingValue {
  if (typeof value === 'number') return value;
  const members = [...new Set(value.direct_members)].sort((a, b) => a - b);
  const subgroups = [...new Set(value.direct_subgroups)].sort((a, b) => a - b);
  if (members.length === 0 && subgroups.length === 1 && subgroups[0] !== undefined) return subgroups[0];
  if (members.length === 0 && subgroups.length === 0) return systemGroupId('role:nobody');
  return { direct_members: members, direct_subgroups: subgroups };
}
