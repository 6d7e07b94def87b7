// Custom user groups: upstream's create, update, members and subgroups endpoints
// (https://zulip.com/api/create-user-group, /api/update-user-group, /api/update-user-group-members,
// /api/update-user-group-subgroups), with upstream's checks and error words, and a `user_group` event
// to every active user after each change commits (groups are organization data everyone sees).
//
// Who may change a group: administrators (upstream's can_manage_all_groups default), and those the
// group's can_manage_group names; adding and removing members is also open to can_add_members_group
// and can_remove_members_group. System groups follow roles and cannot be changed here.
import type { CreateUserGroupParams, GroupSettingValue, UpdateUserGroupMembersParams, UpdateUserGroupParams, UpdateUserGroupSubgroupsParams } from '../../shared/api';
import { seconds } from '../lib/clock';
import type { ServerContext } from '../context';
import { firstUnknownGroupId, firstUnknownUserId, getGroup, groupObject, USER_GROUP_SETTINGS } from '../db/group-queries';
import { directMembers, directSubgroups, holdsGroupSetting, normalizeGroupSetting, systemGroupId, type GroupRow } from '../db/groups';
import { isAdmin, isGuest, type UserRow } from '../db/users';
import { ACTIVE_USERS } from '../events/bus';
import { badRequest } from '../lib/errors';
import { sameGroupSetting } from './channels';

type GroupSetting = (typeof USER_GROUP_SETTINGS)[number];

/** upstream UserGroup.MAX_NAME_LENGTH and INVALID_NAME_PREFIXES. */
const MAX_NAME_LENGTH = 100;
const INVALID_NAME_PREFIXES = ['@', 'role:', 'user:', 'stream:', 'channel:'];

/** upstream check_user_group_name, and the unique name (check_add_user_group's IntegrityError). */
function checkName(ctx: ServerContext, name: string, except?: number): void {
  if (name.trim() === '') throw badRequest("User group name can't be empty!");
  if (name.length > MAX_NAME_LENGTH) throw badRequest(`User group name cannot exceed ${String(MAX_NAME_LENGTH)} characters.`);
  const prefix = INVALID_NAME_PREFIXES.find((candidate) => name.startsWith(candidate));
  if (prefix !== undefined) throw badRequest(`User group name cannot start with '${prefix}'.`);
  const taken = ctx.db.prepare('SELECT id FROM user_groups WHERE name = ?').pluck().get(name) as number | undefined;
  if (taken !== undefined && taken !== except) throw badRequest(`User group '${name}' already exists.`);
}

/** upstream require_member_or_admin. */
function requireMember(actor: UserRow): void {
  if (isGuest(actor)) throw badRequest('Not allowed for guest users');
}

function checkUsers(ctx: ServerContext, userIds: readonly number[]): void {
  const unknown = firstUnknownUserId(ctx.db, userIds);
  if (unknown !== undefined) throw badRequest(`Invalid user ID: ${String(unknown)}`);
}

/** upstream access_user_groups_as_potential_subgroups. */
function checkSubgroups(ctx: ServerContext, groupIds: readonly number[]): void {
  const unknown = firstUnknownGroupId(ctx.db, groupIds);
  if (unknown !== undefined) throw badRequest(`Invalid user group ID: ${String(unknown)}`);
}

/** A group-setting value may name only existing users and groups, and never role:internet. */
function checkSettingValue(ctx: ServerContext, setting: GroupSetting, value: GroupSettingValue): GroupSettingValue {
  const normalized = normalizeGroupSetting(value);
  const groups = typeof normalized === 'number' ? [normalized] : normalized.direct_subgroups;
  if (typeof normalized === 'number') {
    const group = getGroup(ctx.db, normalized);
    if (!group || group.deactivated) throw badRequest('Invalid user group');
  } else {
    checkUsers(ctx, normalized.direct_members);
    checkSubgroups(ctx, normalized.direct_subgroups);
  }
  if (groups.includes(systemGroupId('role:internet'))) throw badRequest(`'${setting}' setting cannot be set to 'role:internet' group.`);
  return normalized;
}

/** upstream access_user_group_to_update: the group exists, is not a system group, and the actor may change it. */
function accessForUpdate(ctx: ServerContext, actor: UserRow, groupId: number, also: GroupSetting[] = []): GroupRow {
  requireMember(actor);
  const group = getGroup(ctx.db, groupId);
  if (!group || group.deactivated) throw badRequest('Invalid user group');
  if (group.is_system_group) throw badRequest('Insufficient permission');
  if (isAdmin(actor)) return group;
  const object = groupObject(ctx.db, group);
  const allowed = (['can_manage_group', ...also] as const).some((setting) => {
    const value = object[setting];
    return value !== undefined && holdsGroupSetting(ctx.db, actor, value);
  });
  if (!allowed) throw badRequest('Insufficient permission');
  return group;
}

/** Every group a group contains, itself included, through any depth of subgroups. */
function recursiveSubgroups(ctx: ServerContext, groupIds: readonly number[]): Set<number> {
  const seen = new Set<number>();
  const queue = [...groupIds];
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...directSubgroups(ctx.db, id));
  }
  return seen;
}

function announce(ctx: ServerContext, event: Record<string, unknown> & { op: string }): void {
  ctx.events.publish(ACTIVE_USERS, { type: 'user_group', ...event });
}

/** POST /user_groups/create: returns the new group's ID. */
export function createUserGroup(ctx: ServerContext, actor: UserRow, params: CreateUserGroupParams): number {
  requireMember(actor);
  const name = params.name;
  checkName(ctx, name);
  const members = [...new Set(params.members)];
  checkUsers(ctx, members);
  const subgroups = [...new Set(params.subgroups ?? [])];
  checkSubgroups(ctx, subgroups);
  const settings: Partial<Record<GroupSetting, GroupSettingValue>> = {};
  for (const setting of USER_GROUP_SETTINGS) {
    const value = params[setting];
    if (value !== undefined) settings[setting] = checkSettingValue(ctx, setting, value);
  }
  const id = ctx.db.transaction(() => {
    const created = Number(
      ctx.db
        .prepare('INSERT INTO user_groups (name, description, is_system_group, date_created, creator_id, settings) VALUES (?, ?, 0, ?, ?, ?)')
        .run(name, params.description, seconds(ctx.clock), actor.id, JSON.stringify(settings)).lastInsertRowid,
    );
    const member = ctx.db.prepare('INSERT INTO group_members (group_id, user_id) VALUES (?, ?)');
    for (const userId of members) member.run(created, userId);
    const subgroup = ctx.db.prepare('INSERT INTO group_subgroups (group_id, subgroup_id) VALUES (?, ?)');
    for (const groupId of subgroups) subgroup.run(created, groupId);
    return created;
  })();
  announce(ctx, { op: 'add', group: groupObject(ctx.db, getGroup(ctx.db, id) as GroupRow) });
  return id;
}

/** PATCH /user_groups/{id}: the name, the description and the group's settings (`{new, old}`). */
export function updateUserGroup(ctx: ServerContext, actor: UserRow, params: UpdateUserGroupParams): void {
  const given = params.name !== undefined || params.description !== undefined || USER_GROUP_SETTINGS.some((setting) => params[setting] !== undefined);
  if (!given) throw badRequest('No new data supplied');
  const group = accessForUpdate(ctx, actor, params.user_group_id);
  const current = groupObject(ctx.db, group);
  const data: Record<string, unknown> = {};
  if (params.name !== undefined && params.name !== group.name) {
    checkName(ctx, params.name, group.id);
    data.name = params.name;
  }
  if (params.description !== undefined && params.description !== group.description) data.description = params.description;
  const stored = JSON.parse(group.settings) as Record<string, GroupSettingValue>;
  for (const setting of USER_GROUP_SETTINGS) {
    const change = params[setting];
    const now = current[setting];
    if (change === undefined || now === undefined) continue;
    if (change.old !== undefined && !sameGroupSetting(normalizeGroupSetting(change.old), now)) throw badRequest("'old' value does not match the expected value.");
    const next = checkSettingValue(ctx, setting, change.new);
    if (sameGroupSetting(next, now)) continue;
    stored[setting] = next;
    data[setting] = next;
  }
  if (Object.keys(data).length === 0) return;
  ctx.db
    .prepare('UPDATE user_groups SET name = ?, description = ?, settings = ? WHERE id = ?')
    .run((data.name as string | undefined) ?? group.name, (data.description as string | undefined) ?? group.description, JSON.stringify(stored), group.id);
  announce(ctx, { op: 'update', group_id: group.id, data });
}

/** POST /user_groups/{id}/members: adds, then removes, as upstream; each checked before anything changes. */
export function updateUserGroupMembers(ctx: ServerContext, actor: UserRow, params: UpdateUserGroupMembersParams): void {
  const add = [...new Set(params.add ?? [])];
  const remove = [...new Set(params.delete ?? [])];
  if (add.length === 0 && remove.length === 0) throw badRequest('Nothing to do. Specify at least one of "add" or "delete".');
  const also: GroupSetting[] = [...(add.length ? (['can_add_members_group'] as const) : []), ...(remove.length ? (['can_remove_members_group'] as const) : [])];
  const group = accessForUpdate(ctx, actor, params.user_group_id, also);
  checkUsers(ctx, [...add, ...remove]);
  const members = new Set(directMembers(ctx.db, group.id));
  const already = add.find((id) => members.has(id));
  if (already !== undefined) throw badRequest(`User ${String(already)} is already a member of this group`);
  const absent = remove.find((id) => !members.has(id));
  if (absent !== undefined) throw badRequest(`There is no member '${String(absent)}' in this user group`);
  ctx.db.transaction(() => {
    const insert = ctx.db.prepare('INSERT INTO group_members (group_id, user_id) VALUES (?, ?)');
    for (const userId of add) insert.run(group.id, userId);
    const drop = ctx.db.prepare('DELETE FROM group_members WHERE group_id = ? AND user_id = ?');
    for (const userId of remove) drop.run(group.id, userId);
  })();
  if (add.length) announce(ctx, { op: 'add_members', group_id: group.id, user_ids: add });
  if (remove.length) announce(ctx, { op: 'remove_members', group_id: group.id, user_ids: remove });
}

/** POST /user_groups/{id}/subgroups: adds, then removes; a subgroup that would contain the group is refused. */
export function updateUserGroupSubgroups(ctx: ServerContext, actor: UserRow, params: UpdateUserGroupSubgroupsParams): void {
  const add = [...new Set(params.add ?? [])];
  const remove = [...new Set(params.delete ?? [])];
  if (add.length === 0 && remove.length === 0) throw badRequest('Nothing to do. Specify at least one of "add" or "delete".');
  checkSubgroups(ctx, [...add, ...remove]);
  const group = accessForUpdate(ctx, actor, params.user_group_id);
  const direct = new Set(directSubgroups(ctx.db, group.id));
  const already = add.find((id) => direct.has(id));
  if (already !== undefined) throw badRequest(`User group ${String(already)} is already a subgroup of this group.`);
  if (recursiveSubgroups(ctx, add).has(group.id)) throw badRequest(`User group ${String(group.id)} is already a subgroup of one of the passed subgroups.`);
  const absent = remove.find((id) => !direct.has(id));
  if (absent !== undefined) throw badRequest(`User group ${String(absent)} is not a subgroup of this group.`);
  ctx.db.transaction(() => {
    const insert = ctx.db.prepare('INSERT INTO group_subgroups (group_id, subgroup_id) VALUES (?, ?)');
    for (const id of add) insert.run(group.id, id);
    const drop = ctx.db.prepare('DELETE FROM group_subgroups WHERE group_id = ? AND subgroup_id = ?');
    for (const id of remove) drop.run(group.id, id);
  })();
  if (add.length) announce(ctx, { op: 'add_subgroups', group_id: group.id, direct_subgroup_ids: add });
  if (remove.length) announce(ctx, { op: 'remove_subgroups', group_id: group.id, direct_subgroup_ids: remove });
}
