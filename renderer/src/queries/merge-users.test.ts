// The cached users list patched by a live change: changed users replaced where they are, new ones at
// the end, removed ones gone, and every other user's object kept (the Users screen's indexes are keyed
// by those objects).
import { describe, expect, test } from 'vitest';
import type { User } from '../../../shared/api/users';
import { mergeUsers } from './pushes';

const user = (id: number, role: User['role'] = 400) => ({ user_id: id, full_name: `User ${String(id)}`, role }) as User;
const ids = (list: User[]) => list.map((each) => each.user_id);

describe('merging changed users into the cached list', () => {
  const list = [1, 3, 5, 8, 13, 21].map((id) => user(id));

  test('a changed user is replaced where it was, and every other user keeps its object', () => {
    const changed = user(8, 300);
    const merged = mergeUsers(list, [8], [changed]);
    expect(ids(merged)).toEqual([1, 3, 5, 8, 13, 21]);
    expect(merged[3]).toBe(changed);
    expect(merged.filter((each, index) => each !== list[index])).toEqual([changed]);
    expect(list[3]?.role).toBe(400);
  });

  test('a new user goes at the end, and one without a record is removed', () => {
    expect(ids(mergeUsers(list, [34], [user(34)]))).toEqual([1, 3, 5, 8, 13, 21, 34]);
    expect(ids(mergeUsers(list, [5, 13], [user(13, 200)]))).toEqual([1, 3, 8, 13, 21]);
  });

  test('a list not in ID order is merged right all the same', () => {
    const shuffled = [13, 1, 21, 5, 3, 8].map((id) => user(id));
    const merged = mergeUsers(shuffled, [5, 8], [user(5, 200), user(8, 200)]);
    expect(ids(merged)).toEqual([13, 1, 21, 5, 3, 8]);
    expect(merged.filter((each) => each.role === 200).map((each) => each.user_id)).toEqual([5, 8]);
    expect(merged.length).toBe(6);
  });

  test('two records for one user leave it once, with the last record', () => {
    const merged = mergeUsers(list, [3], [user(3, 300), user(3, 200)]);
    expect(ids(merged)).toEqual([1, 3, 5, 8, 13, 21]);
    expect(merged[1]?.role).toBe(200);
  });
});
