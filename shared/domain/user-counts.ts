// How the console counts a realm's users, on the Overview and in the Users & roles filters alike: one
// tally and one set of words, so a figure on one screen is the count beside the same words on the
// other. A bot or a deactivated user keeps its role, so it counts under that role, and also under
// Bots or Deactivated: the three groups (role, status, kind) each add up to every user.
import type { Role } from '../api/common';
import { ROLES_IN_ORDER } from './role-rules';

export type RoleFilter = 'all' | Role;
export type StatusFilter = 'all' | 'active' | 'deactivated';
export type KindFilter = 'all' | 'humans' | 'bots';

/** One option chosen in each of the three groups. */
export interface UserFacets {
  role: RoleFilter;
  status: StatusFilter;
  kind: KindFilter;
}

/** Every user: no option but "all" chosen (how the Users & roles screen opens). */
export const ALL_USERS: UserFacets = { role: 'all', status: 'all', kind: 'all' };

/** How many users each option of each group would show, given the options chosen in the other two. */
export interface FacetCounts {
  role: Record<RoleFilter, number>;
  status: Record<StatusFilter, number>;
  kind: Record<KindFilter, number>;
}

/** What counting reads of a user (the API's user object has these fields). */
export interface CountedUser {
  role: Role;
  is_active: boolean;
  is_bot: boolean;
}

export const ROLE_OPTIONS: readonly RoleFilter[] = ['all', ...ROLES_IN_ORDER];
export const STATUS_OPTIONS: readonly StatusFilter[] = ['all', 'active', 'deactivated'];
export const KIND_OPTIONS: readonly KindFilter[] = ['all', 'humans', 'bots'];

/** The words for each option, wherever a count of users is shown. */
export const FACET_WORDS: { role: Record<RoleFilter, string>; status: Record<StatusFilter, string>; kind: Record<KindFilter, string> } = {
  role: { all: 'All roles', 100: 'Owners', 200: 'Administrators', 300: 'Moderators', 400: 'Members', 600: 'Guests' },
  status: { all: 'Active and deactivated', active: 'Active', deactivated: 'Deactivated' },
  kind: { all: 'Humans and bots', humans: 'Humans', bots: 'Bots' },
};

export function emptyFacetCounts(): FacetCounts {
  return {
    role: { all: 0, 100: 0, 200: 0, 300: 0, 400: 0, 600: 0 },
    status: { all: 0, active: 0, deactivated: 0 },
    kind: { all: 0, humans: 0, bots: 0 },
  };
}

/**
 * A user's role, status and kind as one small number (below FACET_CODES). Counting a large list then
 * reads one integer per user, and a tally of codes gives every count at once (countCodes).
 */
export function facetCode(user: CountedUser): number {
  return ROLE_INDEX[user.role] * 4 + (user.is_active ? 0 : 2) + (user.is_bot ? 1 : 0);
}

/** How many facet codes there are: 5 roles × active or not × bot or not. */
export const FACET_CODES = ROLES_IN_ORDER.length * 4;

const ROLE_INDEX = Object.fromEntries(ROLES_IN_ORDER.map((role, index) => [role, index])) as Record<Role, number>;

function decode(code: number): { role: Role; status: 'active' | 'deactivated'; kind: 'humans' | 'bots' } {
  return { role: ROLES_IN_ORDER[code >> 2] as Role, status: code & 2 ? 'deactivated' : 'active', kind: code & 1 ? 'bots' : 'humans' };
}

/** For each facet code, whether its users pass the chosen options (1) or not (0). */
export function passingCodes(facets: UserFacets): Uint8Array {
  const passing = new Uint8Array(FACET_CODES);
  for (let code = 0; code < FACET_CODES; code++) passing[code] = addCode(null, code, 0, facets) ? 1 : 0;
  return passing;
}

/** The counts of every option, from how many users have each facet code. */
export function countCodes(tally: ArrayLike<number>, facets: UserFacets): FacetCounts {
  const counts = emptyFacetCounts();
  for (let code = 0; code < FACET_CODES; code++) if (tally[code]) addCode(counts, code, tally[code] as number, facets);
  return counts;
}

/**
 * Adds `n` users of one facet code to the count of every option they would show under, with the other
 * two groups as chosen (faceted counts, so a count is never a dead end); true when they pass all three.
 */
function addCode(counts: FacetCounts | null, code: number, n: number, facets: UserFacets): boolean {
  const { role, status, kind } = decode(code);
  const roleOk = facets.role === 'all' || facets.role === role;
  const statusOk = facets.status === 'all' || facets.status === status;
  const kindOk = facets.kind === 'all' || facets.kind === kind;
  if (counts && statusOk && kindOk) {
    counts.role.all += n;
    counts.role[role] += n;
  }
  if (counts && roleOk && kindOk) {
    counts.status.all += n;
    counts.status[status] += n;
  }
  if (counts && roleOk && statusOk) {
    counts.kind.all += n;
    counts.kind[kind] += n;
  }
  return roleOk && statusOk && kindOk;
}

/** The counts of every option over these users (with no option chosen: by role, by status, by kind). */
export function countUsers(users: Iterable<CountedUser>, facets: UserFacets = ALL_USERS): FacetCounts {
  const tally = new Uint32Array(FACET_CODES);
  for (const user of users) {
    const code = facetCode(user);
    tally[code] = (tally[code] as number) + 1;
  }
  return countCodes(tally, facets);
}
