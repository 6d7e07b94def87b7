// User groups: upstream's user group object and GET /user_groups. The spec names `realm_user_groups` in
// the register response and uses group IDs in every group setting, but does not show the group object.
import { z } from 'zod';
import { endpoint, successEnvelope } from './envelope';
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
