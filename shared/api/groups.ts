// User groups: upstream's user group object and GET /user_groups. The spec names `realm_user_groups` in
// the register response and uses group IDs in every group setting, but does not show the group object.
import { z } from 'zod';
import { EmptySuccess, endpoint, successEnvelope } from './envelope';
import { GroupId, GroupSettingValue, Timestamp, UserId } from './common';

/** Names of the system groups upstream creates in every organization (one per role, plus three more). */
export const SYSTEM_GROUP_NAMES = {
  owners: 'role:owners',
  administrators: 'role:administrators',
  moderators: 'role:moderators',
  /** Members who pass the organization's waiting period. */
  fullMembers: 'role:fullmembers',
  members: 'role:members',
  /** Everyone in the organization, guests included. */
  everyone: 'role:everyone',
  /** Everyone on the internet, spectators included. */
  internet: 'role:internet',
  nobody: 'role:nobody',
} as const;
export const SystemGroupName = z.enum(SYSTEM_GROUP_NAMES);
export type SystemGroupName = z.infer<typeof SystemGroupName>;

/** Upstream's user group object (register `realm_user_groups`, GET /user_groups). */
export const UserGroup = z.looseObject({
  id: GroupId,
  /** A system group's name is one of SYSTEM_GROUP_NAMES. */
  name: z.string(),
  description: z.string(),
  members: z.array(UserId),
  /** Feature level 131; older servers (and upstream's own event example) leave it out: no subgroups. */
  direct_subgroup_ids: z.array(GroupId).default([]),
  is_system_group: z.boolean(),
  /** Feature level 292; null for groups created before then. */
  date_created: Timestamp.nullable().optional(),
  /** Feature level 292; null when no creator is recorded (always for system groups). */
  creator_id: UserId.nullable().optional(),
  /** Feature level 290; deactivated groups come only with `include_deactivated_groups`. */
  deactivated: z.boolean().optional(),
  // Who may do what with the group; each arrived at a different feature level.
  can_add_members_group: GroupSettingValue.optional(),
  can_join_group: GroupSettingValue.optional(),
  can_leave_group: GroupSettingValue.optional(),
  can_manage_group: GroupSettingValue.optional(),
  can_mention_group: GroupSettingValue.optional(),
  can_remove_members_group: GroupSettingValue.optional(),
});
export type UserGroup = z.infer<typeof UserGroup>;

// upstream GET /user_groups: members and administrators only (not bots or guests).
export const getUserGroupsParams = z.object({
  /** Default false. */
  include_deactivated_groups: z.boolean().optional(),
});
export const getUserGroups = endpoint(
  'GET',
  '/user_groups',
  getUserGroupsParams,
  successEnvelope({ user_groups: z.array(UserGroup) }),
);

/** The group's own settings, as create takes them: each a group-setting value. */
const groupSettingValues = {
  can_add_members_group: GroupSettingValue.optional(),
  can_join_group: GroupSettingValue.optional(),
  can_leave_group: GroupSettingValue.optional(),
  can_manage_group: GroupSettingValue.optional(),
  can_mention_group: GroupSettingValue.optional(),
  can_remove_members_group: GroupSettingValue.optional(),
};

// upstream POST /user_groups/create (https://zulip.com/api/create-user-group): the new group's ID.
export const createUserGroupParams = z.object({
  name: z.string(),
  description: z.string(),
  members: z.array(UserId),
  /** Feature level 324. */
  subgroups: z.array(GroupId).optional(),
  ...groupSettingValues,
});
export type CreateUserGroupParams = z.input<typeof createUserGroupParams>;
export const createUserGroup = endpoint('POST', '/user_groups/create', createUserGroupParams, successEnvelope({ group_id: GroupId }));

/** A group setting in an update: the new value, and optionally the value the client expects now. */
const GroupSettingUpdate = z.object({ new: GroupSettingValue, old: GroupSettingValue.optional() });

// upstream PATCH /user_groups/{user_group_id} (https://zulip.com/api/update-user-group).
export const updateUserGroupParams = z.object({
  user_group_id: GroupId,
  name: z.string().optional(),
  description: z.string().optional(),
  can_add_members_group: GroupSettingUpdate.optional(),
  can_join_group: GroupSettingUpdate.optional(),
  can_leave_group: GroupSettingUpdate.optional(),
  can_manage_group: GroupSettingUpdate.optional(),
  can_mention_group: GroupSettingUpdate.optional(),
  can_remove_members_group: GroupSettingUpdate.optional(),
});
export type UpdateUserGroupParams = z.input<typeof updateUserGroupParams>;
export const updateUserGroup = endpoint('PATCH', '/user_groups/{user_group_id}', updateUserGroupParams, EmptySuccess);

// upstream POST /user_groups/{user_group_id}/members (https://zulip.com/api/update-user-group-members).
export const updateUserGroupMembersParams = z.object({ user_group_id: GroupId, add: z.array(UserId).optional(), delete: z.array(UserId).optional() });
export type UpdateUserGroupMembersParams = z.input<typeof updateUserGroupMembersParams>;
export const updateUserGroupMembers = endpoint('POST', '/user_groups/{user_group_id}/members', updateUserGroupMembersParams, EmptySuccess);

// upstream POST /user_groups/{user_group_id}/subgroups (https://zulip.com/api/update-user-group-subgroups).
export const updateUserGroupSubgroupsParams = z.object({ user_group_id: GroupId, add: z.array(GroupId).optional(), delete: z.array(GroupId).optional() });
export type UpdateUserGroupSubgroupsParams = z.input<typeof updateUserGroupSubgroupsParams>;
export const updateUserGroupSubgroups = endpoint('POST', '/user_groups/{user_group_id}/subgroups', updateUserGroupSubgroupsParams, EmptySuccess);
