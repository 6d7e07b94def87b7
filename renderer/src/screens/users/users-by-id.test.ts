import { describe, expect, test } from 'vitest';
import type { User } from '../../../../shared/api/users';
import { user } from '../../testing/demo-samples';
import { lookupMaker } from './users-by-id';

const realm = (count: number) => Array.from({ length: count }, (_, index) => user(index + 1, `Person ${index + 1}`));

describe('users by ID across live changes', () => {
  test('a renamed user is found under the new record, the others unchanged', () => {
    const lookupOf = lookupMaker();
    const before = realm(5);
    lookupOf(before);
    const renamed = { ...(before[2] as User), full_name: 'Renamed' };
    const after = before.map((each) => (each.user_id === 3 ? renamed : each));
    const lookup = lookupOf(after);
    expect(lookup.get(3)).toBe(renamed);
    expect(lookup.get(1)).toBe(before[0]);
  });

  test('a new user is found; a removed one is not', () => {
    const lookupOf = lookupMaker();
    const before = realm(5);
    lookupOf(before);
    const joined = user(6, 'New Person');
    expect(lookupOf([...before, joined]).get(6)).toBe(joined);
    const lookup = lookupOf(before.filter((each) => each.user_id !== 2));
    expect(lookup.has(2)).toBe(false);
    expect(lookup.has(6)).toBe(false);
    expect(lookup.get(5)).toBe(before[4]);
  });

  test('a user replaced by another at the same place: the old ID is gone', () => {
    const lookupOf = lookupMaker();
    const before = realm(3);
    lookupOf(before);
    const lookup = lookupOf([before[0] as User, user(9, 'Someone Else'), before[2] as User]);
    expect(lookup.has(2)).toBe(false);
    expect(lookup.get(9)?.full_name).toBe('Someone Else');
  });

  test('many changes at once give the same answers as a fresh lookup', () => {
    const lookupOf = lookupMaker();
    const before = realm(2_000);
    lookupOf(before);
    const after = before.map((each) => ({ ...each, role: 200 as const }));
    const lookup = lookupOf(after);
    expect(after.every((each) => lookup.get(each.user_id) === each)).toBe(true);
  });
});
