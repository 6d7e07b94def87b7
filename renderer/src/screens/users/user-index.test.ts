import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { User } from '../../../../shared/api/users';
import { user } from '../../testing/demo-samples';
import { filterUsers, narrows, NO_FILTERS, sortUsers, warmSearch } from './user-index';

const people: User[] = [
  user(1, 'Olivia Owner', 100),
  user(2, 'Adam Admin', 200),
  user(3, 'Mona Moderator', 300),
  { ...user(4, 'Mark Member'), date_joined: '2025-03-01T00:00:00Z' },
  user(5, 'Gina Guest', 600),
  { ...user(6, 'Derek Departed'), is_active: false },
  { ...user(7, 'Echo Bot'), is_bot: true, email: 'echo-bot@sandbox.test', delivery_email: 'echo-bot@sandbox.test' },
  { ...user(8, 'Émile Zola'), delivery_email: 'emile@private.example', date_joined: '2023-06-01T00:00:00Z' },
];

const names = (rows: User[]) => rows.map((each) => each.full_name);
const byName = sortUsers(people, { key: 'name', descending: false });

describe('search', () => {
  test('matches names and emails case-insensitively, every word', () => {
    expect(names(filterUsers(byName, { ...NO_FILTERS, query: 'MARK' }).rows)).toEqual(['Mark Member']);
    expect(names(filterUsers(byName, { ...NO_FILTERS, query: 'echo-bot@' }).rows)).toEqual(['Echo Bot']);
    expect(names(filterUsers(byName, { ...NO_FILTERS, query: 'private.example' }).rows)).toEqual(['Émile Zola']);
    expect(names(filterUsers(byName, { ...NO_FILTERS, query: 'o  owner' }).rows)).toEqual(['Olivia Owner']);
    expect(filterUsers(byName, { ...NO_FILTERS, query: 'nobody-here' }).rows).toEqual([]);
  });

  test('typing, deleting and replacing letters gives what a fresh search gives', () => {
    // Each keystroke may look only through the last matches: check a whole session against fresh searches.
    const typed = ['m', 'ma', 'mar', 'mark', 'mark m', 'mark', 'mar', 'mo', 'mon', 'o', 'o o', 'o ow', 'e', 'é', 'em', 'emile', '', 'z'];
    const fresh = typed.map((query) => names(filterUsers(sortUsers([...people], { key: 'name', descending: false }), { ...NO_FILTERS, query }).rows));
    const session = typed.map((query) => names(filterUsers(byName, { ...NO_FILTERS, query }).rows));
    expect(session).toEqual(fresh);
  });

  test('a query narrows the last one only when each earlier word is inside a new one', () => {
    expect(narrows(['ann'], ['anna'])).toBe(true);
    expect(narrows(['ann'], ['ann', 'b'])).toBe(true);
    expect(narrows(['ann', 'b'], ['bo', 'xanne'])).toBe(true);
    expect(narrows(['anna'], ['ann'])).toBe(false);
    expect(narrows(['ann'], ['an', 'n'])).toBe(false);
    expect(narrows([], ['a'])).toBe(true);
  });

  test('a word does not match across the name and the email', () => {
    // "Member" + "user4@…": without separators "memberuser4" would match.
    expect(filterUsers(byName, { ...NO_FILTERS, query: 'memberuser4' }).rows).toEqual([]);
  });
});

describe('filter counts', () => {
  test('each option counts what it would show with the search and the other filters', () => {
    const { rows, counts } = filterUsers(byName, { ...NO_FILTERS, kind: 'humans' });
    expect(rows).toHaveLength(7);
    expect(counts.role).toEqual({ all: 7, 100: 1, 200: 1, 300: 1, 400: 3, 600: 1 });
    expect(counts.status).toEqual({ all: 7, active: 6, deactivated: 1 });
    // The kind filter's own counts ignore the kind filter: picking Bots would show the one bot.
    expect(counts.kind).toEqual({ all: 8, humans: 7, bots: 1 });
  });

  test('the search narrows every count', () => {
    const { counts } = filterUsers(byName, { ...NO_FILTERS, query: 'departed' });
    expect(counts.role).toEqual({ all: 1, 100: 0, 200: 0, 300: 0, 400: 1, 600: 0 });
    expect(counts.status).toEqual({ all: 1, active: 0, deactivated: 1 });
    expect(counts.kind).toEqual({ all: 1, humans: 1, bots: 0 });
  });

  test('the role filter keeps bots and deactivated users of that role', () => {
    expect(names(filterUsers(byName, { ...NO_FILTERS, role: 400 }).rows)).toEqual(['Derek Departed', 'Echo Bot', 'Émile Zola', 'Mark Member']);
    expect(names(filterUsers(byName, { ...NO_FILTERS, role: 400, status: 'active', kind: 'humans' }).rows)).toEqual(['Émile Zola', 'Mark Member']);
  });
});

describe('sorting', () => {
  test('by name in the reader’s collation, accents beside their letter', () => {
    expect(names([...byName].map((entry) => entry.user))).toEqual([
      'Adam Admin',
      'Derek Departed',
      'Echo Bot',
      'Émile Zola',
      'Gina Guest',
      'Mark Member',
      'Mona Moderator',
      'Olivia Owner',
    ]);
  });

  test('numbers in names by value, case and accents ignored', () => {
    const numbered = [user(1, 'ava andersen 10'), user(2, 'Ava Andersen 2'), user(3, 'Ava Andersen'), user(4, 'Åva Andersen 3')];
    expect(sortUsers(numbered, { key: 'name', descending: false }).map((entry) => entry.user.user_id)).toEqual([3, 2, 4, 1]);
  });

  test('by role from owners to guests, then by name; descending reverses', () => {
    const byRole = sortUsers(people, { key: 'role', descending: false }).map((entry) => entry.user.full_name);
    expect(byRole.slice(0, 3)).toEqual(['Olivia Owner', 'Adam Admin', 'Mona Moderator']);
    expect(byRole.at(-1)).toBe('Gina Guest');
    expect(sortUsers(people, { key: 'role', descending: true })[0]?.user.full_name).toBe('Gina Guest');
  });

  test('by date joined, newest first when descending', () => {
    const newest = sortUsers(people, { key: 'joined', descending: true }).map((entry) => entry.user.full_name);
    expect(newest[0]).toBe('Mark Member');
    expect(newest.at(-1)).toBe('Émile Zola');
  });

  test('filtering keeps the sort order', () => {
    const byRole = sortUsers(people, { key: 'role', descending: false });
    expect(names(filterUsers(byRole, { ...NO_FILTERS, query: 'o' }).rows)[0]).toBe('Olivia Owner');
  });
});

describe('a live change re-sorts only what moved', () => {
  const many: User[] = Array.from({ length: 300 }, (_, i) => user(i + 1, `Person ${String((i * 7919) % 1000)}`, [100, 200, 300, 400, 600][i % 5] as User['role']));
  const ids = (entries: ReturnType<typeof sortUsers>) => entries.map((entry) => entry.user.user_id);

  for (const order of [
    { key: 'name', descending: false },
    { key: 'role', descending: true },
    { key: 'joined', descending: false },
  ] as const) {
    test(`renamed, promoted and new users land where a full sort puts them (${order.key}${order.descending ? ', descending' : ''})`, () => {
      const first = sortUsers(many, order);
      const patched = many.map((each) => (each.user_id === 7 ? { ...each, full_name: 'Aaron First', role: 100 as const } : each.user_id === 150 ? { ...each, role: 600 as const } : each));
      patched.push({ ...user(999, 'Zed Newcomer', 400), date_joined: '2030-01-01T00:00:00Z' });
      const again = sortUsers(patched, order);
      // The same entries as sorting from scratch (another order first, so nothing is reused).
      sortUsers(patched, { key: order.key === 'name' ? 'role' : 'name', descending: false });
      expect(ids(again)).toEqual(ids(sortUsers(patched, order)));
      expect(again).not.toBe(first);
      expect(ids(again)).toHaveLength(301);
    });
  }

  test('a user removed is sorted from scratch, and comes out right', () => {
    const order = { key: 'name', descending: false } as const;
    sortUsers(many, order);
    const fewer = many.filter((each) => each.user_id !== 42);
    expect(ids(sortUsers(fewer, order))).not.toContain(42);
    expect(ids(sortUsers(fewer, order))).toHaveLength(299);
  });
});

describe('warming the search', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('builds every haystack in chunks between tasks, and the search finds the same users after it', () => {
    const many = Array.from({ length: 5_000 }, (_, index) => user(index + 1, `Person ${index + 1}`));
    const sorted = sortUsers(many, { key: 'name', descending: false });
    warmSearch(sorted);
    expect(sorted.every((entry) => entry.haystack === null)).toBe(true);
    vi.runOnlyPendingTimers();
    expect(sorted.some((entry) => entry.haystack === null)).toBe(true);
    vi.runAllTimers();
    expect(sorted.every((entry) => entry.haystack !== null)).toBe(true);
    expect(filterUsers(sorted, { ...NO_FILTERS, query: 'person 4999' }).rows.map((each) => each.user_id)).toEqual([4999]);
  });

  test('stops when asked', () => {
    const many = Array.from({ length: 5_000 }, (_, index) => user(index + 1, `Someone ${index + 1}`));
    const sorted = sortUsers(many, { key: 'name', descending: false });
    const stop = warmSearch(sorted);
    vi.runOnlyPendingTimers();
    stop();
    vi.runAllTimers();
    expect(sorted.some((entry) => entry.haystack === null)).toBe(true);
  });
});
