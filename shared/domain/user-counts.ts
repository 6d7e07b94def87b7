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
 * Adds one user to the count of every option it would show under, with the other two groups as
 * chosen (faceted counts, so a count is never a dead end); true when the user passes all three.
 * A plain function over one user: the Users screen calls it for 20,000 users on every keystroke.
 */
export function tallyUser(counts: FacetCounts, user: CountedUser, facets: UserFacets): boolean {
  const status = user.is_active ? 'active' : 'deactivated';
  const kind = user.is_bot ? 'bots' : 'humans';
  const roleOk = facets.role === 'all' || facets.role === user.role;
  const statusOk = facets.status === 'all' || facets.status === status;
  const kindOk = facets.kind === 'all' || facets.kind === kind;
  if (statusOk && kindOk) {
    counts.role.all += 1;
    counts.role[user.role] += 1;
  }
  if (roleOk && kindOk) {
    counts.status.all += 1;
    counts.status[status] += 1;
  }
  if (roleOk && statusOk) {
    counts.kind.all += 1;
    counts.kind[kind] += 1;
  }
  return roleOk && statusOk && kindOk;
}

/** The counts of every option over these users (with no option chosen: by role, by status, by kind). */
export function countUsers(users: Iterable<CountedUser>, facets: UserFacets = ALL_USERS): FacetCounts {
  const counts = emptyFacetCounts();
  for (const user of users) tallyUser(counts, user, facets);
  return counts;
}
