// Reading user groups: upstream's user group object (GET /user_groups, register `realm_user_groups`)
// and the lookups that check a group-setting value names groups and users that exist.
import type { GroupSettingValue, UserGroup } from '../../shared/api';
import type { Db } from './connection';
import { readThrough } from './read-cache';
import { directMembers, directSubgroups, systemGroupId, type GroupRow } from './groups';

/** The group's own settings (upstream NamedUserGroup.GROUP_PERMISSION_SETTINGS). */
export const USER_GROUP_SETTINGS = [
  'can_add_members_group',
  'can_join_group',
  'can_leave_group',
  'can_manage_group',
  'can_mention_group',
  'can_remove_members_group',
] as const;
type UserGroupSetting = (typeof USER_GROUP_SETTINGS)[number];

/**
 * upstream's defaults for a setting the group has no stored value for: system groups get
 * `default_for_system_groups`, other groups the creator (as an anonymous group) or the default group.
 */
function defaultGroupSetting(setting: UserGroupSetting, row: GroupRow): GroupSettingValue {
  const nobody = systemGroupId('role:nobody');
  const everyone = systemGroupId('role:everyone');
  if (row.is_system_group) return setting === 'can_mention_group' ? everyone : nobody;
  const creator = row.creator_id === null ? nobody : { direct_members: [row.creator_id], direct_subgroups: [] };
  switch (setting) {
    case 'can_add_members_group':
    case 'can_manage_group':
      return creator;
    case 'can_leave_group':
    case 'can_mention_group':
      return everyone;
    default:
      return nobody;
  }
}

export function getGroup(db: Db, id: number): GroupRow | undefined {
  return db.prepare('SELECT * FROM user_groups WHERE id = ?').get(id) as GroupRow | undefined;
}

export function listGroups(db: Db, includeDeactivated: boolean): GroupRow[] {
  const where = includeDeactivated ? '' : 'WHERE deactivated = 0';
  return db.prepare(`SELECT * FROM user_groups ${where} ORDER BY id`).all() as GroupRow[];
}

const activeUserIds = (db: Db) => new Set(db.prepare('SELECT id FROM users WHERE is_active = 1').pluck().all() as number[]);

/**
 * Every group's object (GET /user_groups, register's realm_user_groups), reading the active users once,
 * kept until a group or a user changes (read-cache.ts): system groups list every member. Read-only.
 */
export function listGroupObjects(db: Db, includeDeactivated: boolean): readonly UserGroup[] {
  return readThrough(db, `listGroupObjects:${String(includeDeactivated)}`, ['users', 'user_groups', 'group_members', 'group_subgroups'], () => {
    const active = activeUserIds(db);
    return listGroups(db, includeDeactivated).map((row) => groupObject(db, row, active));
  });
}

/**
 * Upstream's user group object; parses with shared/api `UserGroup`. Its members are the active direct
 * members: upstream leaves deactivated users out since feature level 303. `active`: the active users'
 * IDs, when the caller has them already.
 */
export function groupObject(db: Db, row: GroupRow, active: ReadonlySet<number> = activeUserIds(db)): UserGroup {
  const stored = JSON.parse(row.settings) as Partial<Record<UserGroupSetting, GroupSettingValue>>;
  const settings = Object.fromEntries(
    USER_GROUP_SETTINGS.map((setting) => [setting, stored[setting] ?? defaultGroupSetting(setting, row)]),
  ) as Record<UserGroupSetting, GroupSettingValue>;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    members: directMembers(db, row.id).filter((id) => active.has(id)),
    direct_subgroup_ids: directSubgroups(db, row.id),
    is_system_group: row.is_system_group === 1,
    date_created: row.date_created,
    creator_id: row.creator_id,
    deactivated: row.deactivated === 1,
    ...settings,
  };
}

/** The first ID in `userIds` that names no user, if any. */
export function firstUnknownUserId(db: Db, userIds: readonly number[]): number | undefined {
  const exists = db.prepare('SELECT 1 FROM users WHERE id = ?');
  return userIds.find((id) => !exists.get(id));
}

/** The first ID in `groupIds` that names no active group, if any. */
export function firstUnknownGroupId(db: Db, groupIds: readonly number[]): number | undefined {
  const exists = db.prepare('SELECT 1 FROM user_groups WHERE id = ? AND deactivated = 0');
  return groupIds.find((id) => !exists.get(id));
}
