import { describe, expect, test } from 'vitest';
import { getUserGroups, SYSTEM_GROUP_NAMES, SystemGroupName, UserGroup } from './groups';

describe('user groups', () => {
  test('the upstream example reply parses', () => {
    const reply = {
      msg: '',
      result: 'success',
      user_groups: [
        {
          description: 'Owners of this organization',
          id: 1,
          name: 'role:owners',
          members: [1],
          direct_subgroup_ids: [],
          is_system_group: true,
          can_mention_group: 11,
        },
      ],
    };
    expect(getUserGroups.reply.parse(reply).user_groups[0]?.name).toBe(SYSTEM_GROUP_NAMES.owners);
  });

  test('a current group with anonymous-group settings and a deactivated flag parses, extras kept', () => {
    const group = UserGroup.parse({
      id: 30,
      name: 'support',
      description: 'Support team',
      members: [4, 5],
      direct_subgroup_ids: [],
      is_system_group: false,
      date_created: 1720000000,
      creator_id: 4,
      deactivated: false,
      can_manage_group: { direct_members: [4], direct_subgroups: [2] },
      can_join_group: 13,
      future_setting_group: 9,
    });
    expect(group).toHaveProperty('future_setting_group', 9);
  });

  test('role:fullmembers and role:internet are system group names; a role name without prefix is not', () => {
    expect(SystemGroupName.safeParse('role:fullmembers').success).toBe(true);
    expect(SystemGroupName.safeParse('role:internet').success).toBe(true);
    expect(SystemGroupName.safeParse('owners').success).toBe(false);
  });
});

test('a group without direct_subgroup_ids (before level 131) is read as having no subgroups', () => {
  const group = UserGroup.parse({ id: 2, name: 'backend', description: '', members: [12], is_system_group: false });
  expect(group.direct_subgroup_ids).toEqual([]);
});
