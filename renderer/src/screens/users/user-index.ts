// Search, filters, facet counts and sort orders over a realm's users, in memory. A realm of 20,000
// users must filter on every keystroke without a stall, so the expensive parts are done once per user
// (a lowercase haystack, built at the first search and cached per user object so a live patch of one
// user re-indexes only that one) and once per sort order; a keystroke is then one pass of substring tests.
import type { User } from '../../../../shared/api/users';
import { ROLES_IN_ORDER } from '../../../../shared/domain/role-rules';
import { ALL_USERS, countCodes, FACET_CODES, facetCode, passingCodes, type FacetCounts, type UserFacets } from '../../../../shared/domain/user-counts';
import { searchWords, sortKey } from '../../lists/text-keys';

// The filters and their counts are the Overview's too: one definition in shared/domain.
export type { FacetCounts, KindFilter, RoleFilter, StatusFilter } from '../../../../shared/domain/user-counts';
export type SortKey = 'name' | 'role' | 'joined';

export interface UserFilters extends UserFacets {
  query: string;
  /** Only humans not active for this many days (idle-accounts.ts); null: any. Applied by the workspace. */
  idleDays: number | null;
}

export interface SortOrder {
  key: SortKey;
  descending: boolean;
}

export const NO_FILTERS: UserFilters = { query: '', idleDays: null, ...ALL_USERS };

interface Entry {
  user: User;
  /** The name folded for sorting: no case, no accents, numbers padded so "2" comes before "10". */
  nameKey: string;
  /** Full name, email and real email, lowercased, separated so a word cannot match across them; built at the first search. */
  haystack: string | null;
  /** The join date in milliseconds; read at the first sort by it. */
  joined: number | null;
  /** Role, status and kind as one number (shared/domain/user-counts.ts facetCode): a keystroke's counts read only this. */
  facet: number;
}

export interface FilterResult {
  /** The users shown, in the sort order. */
  rows: User[];
  counts: FacetCounts;
}

// Keyed by the user object: the push handling replaces only changed users in the cached list
// (queries/pushes.ts mergeUsers), so every other user keeps its entry between versions of the list.
const entries = new WeakMap<User, Entry>();

function entryOf(user: User): Entry {
  let entry = entries.get(user);
  if (!entry) {
    // Only what the first paint needs: the rest waits for the first search or sort by date, so the
    // table of 100,000 users paints sooner.
    entry = { user, nameKey: sortKey(user.full_name), haystack: null, joined: null, facet: facetCode(user) };
    entries.set(user, entry);
  }
  return entry;
}

function haystackOf(entry: Entry): string {
  if (entry.haystack === null) {
    const { user } = entry;
    const parts = [user.full_name, user.email];
    if (user.delivery_email && user.delivery_email !== user.email) parts.push(user.delivery_email);
    entry.haystack = parts.join('\u0000').toLowerCase();
  }
  return entry.haystack;
}

function joinedOf(entry: Entry): number {
  if (entry.joined === null) {
    const joined = Date.parse(entry.user.date_joined);
    entry.joined = Number.isNaN(joined) ? 0 : joined;
  }
  return entry.joined;
}

const ROLE_RANK = new Map(ROLES_IN_ORDER.map((role, rank) => [role, rank]));

function compareWith(key: SortKey): (a: Entry, b: Entry) => number {
  const byName = (a: Entry, b: Entry) => (a.nameKey < b.nameKey ? -1 : a.nameKey > b.nameKey ? 1 : a.user.user_id - b.user.user_id);
  if (key === 'name') return byName;
  if (key === 'role') return (a, b) => (ROLE_RANK.get(a.user.role) ?? 9) - (ROLE_RANK.get(b.user.role) ?? 9) || byName(a, b);
  return (a, b) => joinedOf(a) - joinedOf(b) || a.user.user_id - b.user.user_id;
}

/** The users in a sort order, ready to filter: filtering keeps this order, so it never sorts again. */
export function sortUsers(users: readonly User[], order: SortOrder): readonly Entry[] {
  const patched = lastSort && lastSort.key === order.key && lastSort.descending === order.descending ? resorted(lastSort.users, lastSort.sorted, users, order) : null;
  const sorted = patched ?? fullSort(users, order);
  lastSort = { users, key: order.key, descending: order.descending, sorted };
  return sorted;
}

function fullSort(users: readonly User[], order: SortOrder): Entry[] {
  const sorted = users.map(entryOf).sort(compareWith(order.key));
  if (order.descending) sorted.reverse();
  return sorted;
}

// The last sort. A live change replaces a few users in the cached list in place, or appends new ones
// (queries/pushes.ts mergeUsers): re-sorting 100,000 users for that would cost more than the rest of
// the repaint, so those few are moved into place instead.
let lastSort: { users: readonly User[]; key: SortKey; descending: boolean; sorted: readonly Entry[] } | null = null;
/** Beyond this many changed users, sorting again is as cheap. */
const MAX_MOVED = 500;

/** `users` sorted by moving what changed since `before` (sorted as `sorted`); null when a full sort is due. */
function resorted(before: readonly User[], sorted: readonly Entry[], users: readonly User[], order: SortOrder): Entry[] | null {
  if (users === before) return [...sorted];
  // Someone removed: positions shift, so the changes cannot be told apart by position.
  if (users.length < before.length) return null;
  const gone = new Set<User>();
  const added: User[] = [];
  for (let i = 0; i < users.length; i++) {
    const user = users[i] as User;
    if (i < before.length && user === before[i]) continue;
    if (i < before.length) gone.add(before[i] as User);
    added.push(user);
    if (added.length > MAX_MOVED) return null;
  }
  const ascending = compareWith(order.key);
  const compare = order.descending ? (a: Entry, b: Entry) => ascending(b, a) : ascending;
  const result = [...sorted];
  // Each order is total (ties go by user ID), so a replaced user's old entry is found where it sorts.
  for (const user of gone) {
    const entry = entries.get(user);
    const at = entry ? positionOf(result, entry, compare) : -1;
    if (at < 0 || result[at] !== entry) return null;
    result.splice(at, 1);
  }
  for (const user of added) {
    const entry = entryOf(user);
    result.splice(positionOf(result, entry, compare) + 1, 0, entry);
  }
  return result;
}

/** The last position in `sorted` whose entry sorts at or before `entry` (-1: none). */
function positionOf(sorted: readonly Entry[], entry: Entry, compare: (a: Entry, b: Entry) => number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(sorted[middle] as Entry, entry) <= 0) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}

export type SortedUsers = ReturnType<typeof sortUsers>;

/**
 * The users matching the search and filters, and each filter option's count: how many users that
 * option would show with the search and the other filters as they are (so a count is never a dead end).
 * Counting tallies each match's facet code, a small integer kept in its entry, and derives every count
 * from that tally: on a realm of 100,000 users, reading three fields of each user object cost more than
 * the rest of a keystroke.
 */
export function filterUsers(sorted: SortedUsers, filters: UserFilters): FilterResult {
  const words = searchWords(filters.query);
  const memo = rememberedFor(sorted);
  // Deleting letters goes back to an answer already given: the same list, not a copy.
  const key = `${words.join(' ')}\u0000${String(filters.role)}\u0000${filters.status}\u0000${filters.kind}`;
  const known = memo.results.get(key);
  if (known) return known;
  const found = textMatches(memo, sorted, words);
  const passing = passingCodes(filters);
  const tally = new Uint32Array(FACET_CODES);
  const rows: User[] = [];
  for (let i = 0; i < found.length; i++) {
    const entry = found[i] as Entry;
    const code = entry.facet;
    tally[code] = (tally[code] as number) + 1;
    if (passing[code]) rows.push(entry.user);
  }
  const result = { rows, counts: countCodes(tally, filters) };
  remember(memo.results, key, result);
  return result;
}

// Recent searches over one sorted list: their matches and their answers. Typing extends the query a
// letter at a time, and every user matching "ann" matches "an" too: the next keystroke only looks
// through the smallest earlier result it narrows, not 100,000 users again.
const MAX_REMEMBERED = 16;
interface Remembered {
  sorted: SortedUsers;
  found: Map<string, readonly Entry[]>;
  results: Map<string, FilterResult>;
}
let remembered: Remembered = { sorted: [], found: new Map(), results: new Map() };

function rememberedFor(sorted: SortedUsers): Remembered {
  if (remembered.sorted !== sorted) remembered = { sorted, found: new Map(), results: new Map() };
  return remembered;
}

function remember<T>(map: Map<string, T>, key: string, value: T): void {
  if (map.size >= MAX_REMEMBERED) map.delete(map.keys().next().value as string);
  map.set(key, value);
}

function textMatches(memo: Remembered, sorted: SortedUsers, words: readonly string[]): readonly Entry[] {
  if (words.length === 0) return sorted;
  const key = words.join(' ');
  const known = memo.found.get(key);
  if (known) return known;
  let from: readonly Entry[] = sorted;
  for (const [earlier, found] of memo.found) if (found.length < from.length && narrows(earlier.split(' '), words)) from = found;
  const found: Entry[] = [];
  for (const entry of from) if (matchesAll(haystackOf(entry), words)) found.push(entry);
  remember(memo.found, key, found);
  return found;
}

/** Users whose haystacks are built per pause between tasks: a few milliseconds, so typing never waits. */
const WARM_CHUNK = 2_000;

/**
 * Builds the search haystacks of `sorted` a chunk at a time after the table has painted, so neither the
 * first paint nor the first keystroke pays for 100,000 of them. Returns a function that stops it.
 */
export function warmSearch(sorted: SortedUsers): () => void {
  let next = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const step = () => {
    const end = Math.min(next + WARM_CHUNK, sorted.length);
    for (; next < end; next++) haystackOf(sorted[next] as Entry);
    if (next < sorted.length) timer = setTimeout(step, 0);
  };
  timer = setTimeout(step, 0);
  return () => clearTimeout(timer);
}

/** True when whatever matches `words` also matches `before`: each earlier word is inside a new one. */
export function narrows(before: readonly string[], words: readonly string[]): boolean {
  return before.every((old) => words.some((word) => word.includes(old)));
}

// A plain loop: this runs 100,000 times a keystroke, and a closure per user shows in the profile.
function matchesAll(haystack: string, words: readonly string[]): boolean {
  for (let i = 0; i < words.length; i++) if (!haystack.includes(words[i] as string)) return false;
  return true;
}
