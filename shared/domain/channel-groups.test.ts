import { describe, expect, test } from 'vitest';
import {
  groupSettingWords,
  indexGroups,
  namesUser,
  pillsOf,
  resolveGroupSetting,
  sameGroupSetting,
  valueOfPills,
  type GroupLike,
  type PersonLike,
} from './channel-groups';

// The demo's shape: system groups chained by subgroups (owners ⊂ administrators ⊂ … ⊂ everyone), two
// user groups, and a cycle between two groups that must not loop.
const system = (id: number, name: string, members: number[], subgroups: number[]): GroupLike => ({
  id,
  name,
  members,
  direct_subgroup_ids: subgroups,
  is_system_group: true,
  deactivated: false,
});
const GROUPS: GroupLike[] = [
  system(1, 'role:nobody', [], []),
  system(2, 'role:owners', [10], []),
  system(3, 'role:administrators', [11], [2]),
  system(4, 'role:moderators', [12], [3]),
  system(5, 'role:fullmembers', [13, 14, 16], [4]),
  system(6, 'role:members', [], [5]),
  system(7, 'role:everyone', [15], [6]),
  system(8, 'role:internet', [], [7]),
  { id: 20, name: 'engineers', members: [13, 14], direct_subgroup_ids: [21], is_system_group: false, deactivated: false },
  { id: 21, name: 'platform', members: [16], direct_subgroup_ids: [20], is_system_group: false, deactivated: false },
  { id: 22, name: 'retired', members: [14], direct_subgroup_ids: [], is_system_group: false, deactivated: true },
];
const index = indexGroups(GROUPS);
const person = (user_id: number, full_name: string, is_active = true): PersonLike => ({ user_id, full_name, is_active });
const PEOPLE = new Map(
  [person(10, 'Olivia Owner'), person(11, 'Adam Admin'), person(12, 'Mona Moderator'), person(13, 'Mark Member'), person(14, 'Zoe Xu'), person(15, 'Gina Guest'), person(16, 'Derek Departed', false)].map(
    (entry) => [entry.user_id, entry] as const,
  ),
);
const ids = (set: Set<number>) => [...set].sort((a, b) => a - b);

describe('resolving a group setting to its members', () => {
  test('a system role holds everyone above it, through the subgroup chain', () => {
    expect(ids(resolveGroupSetting(3, index))).toEqual([10, 11]);
    expect(ids(resolveGroupSetting(6, index))).toEqual([10, 11, 12, 13, 14, 16]);
    expect(ids(resolveGroupSetting(7, index))).toEqual([10, 11, 12, 13, 14, 15, 16]);
    expect(ids(resolveGroupSetting(1, index))).toEqual([]);
  });

  test('subgroups that contain each other are each counted once, without looping', () => {
    expect(ids(resolveGroupSetting(20, index))).toEqual([13, 14, 16]);
    expect(ids(resolveGroupSetting(21, index))).toEqual([13, 14, 16]);
  });

  test('an anonymous group joins its users and its subgroups’ members', () => {
    expect(ids(resolveGroupSetting({ direct_members: [15], direct_subgroups: [3] }, index))).toEqual([10, 11, 15]);
  });

  test('with the people known, deactivated and unknown users do not hold it', () => {
    expect(ids(resolveGroupSetting({ direct_members: [99], direct_subgroups: [20] }, index, PEOPLE))).toEqual([13, 14]);
  });

  test('an unknown group resolves to nobody rather than failing', () => {
    expect(ids(resolveGroupSetting(404, index))).toEqual([]);
  });
});

test('namesUser answers for one person what resolving the whole value would', () => {
  const values = [1, 3, 6, 7, 20, 21, { direct_members: [15], direct_subgroups: [3] }, { direct_members: [], direct_subgroups: [] }];
  for (const value of values) {
    const holders = resolveGroupSetting(value, index);
    for (const id of [10, 11, 12, 13, 14, 15, 16, 99]) expect(namesUser(value, id, index)).toBe(holders.has(id));
  }
});

describe('pills', () => {
  test('a value reads as its roles, groups and users; and writes back in upstream’s normal form', () => {
    expect(pillsOf(3, index)).toEqual([{ kind: 'role', groupId: 3, name: 'role:administrators' }]);
    const pills = pillsOf({ direct_members: [13], direct_subgroups: [4, 20] }, index);
    expect(pills).toEqual([
      { kind: 'role', groupId: 4, name: 'role:moderators' },
      { kind: 'group', groupId: 20 },
      { kind: 'user', userId: 13 },
    ]);
    expect(valueOfPills(pills, index)).toEqual({ direct_members: [13], direct_subgroups: [4, 20] });
    expect(valueOfPills([{ kind: 'group', groupId: 20 }], index)).toBe(20);
    expect(valueOfPills([], index)).toBe(1);
    // Nobody beside someone adds nobody.
    expect(valueOfPills([{ kind: 'role', groupId: 1, name: 'role:nobody' }, { kind: 'user', userId: 11 }], index)).toEqual({ direct_members: [11], direct_subgroups: [] });
  });

  test('values compare as sets', () => {
    expect(sameGroupSetting({ direct_members: [2, 1], direct_subgroups: [5] }, { direct_members: [1, 2, 2], direct_subgroups: [5] })).toBe(true);
    expect(sameGroupSetting(3, { direct_members: [], direct_subgroups: [3] })).toBe(false);
  });

  test('in words, with what is gone said so', () => {
    expect(groupSettingWords(3, index, PEOPLE)).toBe('Administrators');
    expect(groupSettingWords({ direct_members: [13, 16], direct_subgroups: [4, 20] }, index, PEOPLE)).toBe(
      'Moderators, engineers, Mark Member and Derek Departed (deactivated)',
    );
    expect(groupSettingWords({ direct_members: [], direct_subgroups: [22, 99] }, index, PEOPLE)).toBe('retired (deactivated) and a deleted group (ID 99)');
    expect(groupSettingWords(1, index, PEOPLE)).toBe('Nobody');
  });
});

