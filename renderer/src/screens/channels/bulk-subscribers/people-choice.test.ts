// Choosing the people of a bulk subscriber job: addresses matched as the invitations checks match them
// (either address, any case; an active account over a deactivated one), unknown ones listed; roles and
// groups give active people only; search needs every word.
import { describe, expect, test } from 'vitest';
import type { User } from '../../../../../shared/api/users';
import { indexGroups } from '../../../../../shared/domain/channel-groups';
import { matchAddresses, searchPeople, usersOfGroup, usersOfRole } from './people-choice';

const user = (user_id: number, email: string, role: User['role'], is_active = true, delivery_email: string | null = email): User =>
  ({ user_id, email, delivery_email, full_name: `Person ${user_id}`, role, is_active, is_bot: false }) as User;

const users = [
  user(1, 'ann@example.com', 400),
  user(2, 'user2@realm.example', 400, true, 'bo@example.com'),
  user(3, 'old@example.com', 400, false),
  user(4, 'old@example.com', 600),
  user(5, 'cy@example.com', 200, false),
];

describe('people of a bulk subscriber job', () => {
  test('addresses: either address in any case; the active account of a shared address; unknown ones listed in order', () => {
    const invitees = ['ANN@example.com', 'bo@example.com', 'old@example.com', 'nobody@example.com', 'cy@example.com', 'ann@example.com', 'ghost@x.y'].map((email) => ({ email, name: null }));
    expect(matchAddresses(invitees, users)).toEqual({ userIds: [1, 2, 4, 5], unknown: ['nobody@example.com', 'ghost@x.y'] });
  });

  test('a role or a group gives its active people', () => {
    expect(usersOfRole(users, 400)).toEqual([1, 2]);
    expect(usersOfRole(users, 200)).toEqual([]);
    const index = indexGroups([
      { id: 10, name: 'Crew', members: [1], direct_subgroup_ids: [11], is_system_group: false, deactivated: false },
      { id: 11, name: 'Sub', members: [3, 4], direct_subgroup_ids: [], is_system_group: false, deactivated: false },
    ]);
    expect(usersOfGroup(10, index, users)).toEqual([1, 4]);
  });

  test('search needs every word, in a name or an address', () => {
    expect(searchPeople(users, 'person bo@', 10).map((each) => each.user_id)).toEqual([2]);
    expect(searchPeople(users, '   ', 10)).toEqual([]);
    expect(searchPeople(users, 'example', 2)).toHaveLength(2);
  });
});
