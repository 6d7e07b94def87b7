// The reducer's part for people: `realm_user` (add, update in every person form, remove) and
// `user_group` (add, update, members, subgroups, remove). Shapes: upstream's
// https://zulip.com/api/get-events; shared/api/event-kinds-users.ts.
import type { PersonUpdate, RealmUserEvent, Role, User, UserGroup, UserGroupEvent } from '../../../shared/api';
import type { RealmChange } from '../../../shared/ipc';
import type { RealmState } from './realm-state';

export interface Reduced {
  state: RealmState;
  changes: RealmChange[];
}

/** Upstream turned deactivation into `update {is_active}` at feature level 222; before it, `remove` meant that. */
const DEACTIVATION_BY_UPDATE_LEVEL = 222;
/**
 * Since feature level 303 upstream leaves deactivated users out of groups' `members`, yet tells clients
 * who may see the user nothing but the `is_active` update: they drop the user from groups themselves.
 * Reactivation comes with `add_members` for each group (https://zulip.com/api/get-events).
 */
const GROUPS_WITHOUT_DEACTIVATED_LEVEL = 303;

export function reduceRealmUser(state: RealmState, event: RealmUserEvent): Reduced {
  switch (event.op) {
    case 'add': {
      const user = event.person;
      return { state: { ...state, users: state.users.set(user.user_id, user) }, changes: [{ collection: 'users', ids: [user.user_id] }] };
    }
    case 'update': {
      const id = event.person.user_id;
      const user = state.users.get(id);
      if (!user) return { state, changes: [] };
      const updated = applyPersonUpdate(user, event.person);
      const ownRole = id === state.ownUserId ? updated.role : state.ownRole;
      const changes: RealmChange[] = [{ collection: 'users', ids: [id] }];
      // The signed-in user's own role decides what the console may do (and show).
      if (ownRole !== state.ownRole) changes.push({ collection: 'realm', ids: [] });
      const left = event.person.is_active === false && state.featureLevel >= GROUPS_WITHOUT_DEACTIVATED_LEVEL ? leaveGroups(state.groups, id) : null;
      if (left) changes.push({ collection: 'groups', ids: left.ids });
      return { state: { ...state, users: state.users.set(id, updated), ownRole, groups: left ? left.groups : state.groups }, changes };
    }
    case 'remove': {
      const id = event.person.user_id;
      if (!state.users.has(id)) return { state, changes: [] };
      const users =
        state.featureLevel < DEACTIVATION_BY_UPDATE_LEVEL
          ? state.users.update(id, (user) => ({ ...user, is_active: false }))
          : // The user is no longer visible to this client: forget them.
            state.users.delete(id);
      return { state: { ...state, users }, changes: [{ collection: 'users', ids: [id] }] };
    }
  }
}

/** Takes a deactivated user out of every group's members; null when they were in none. */
function leaveGroups(groups: RealmState['groups'], userId: number): { groups: RealmState['groups']; ids: number[] } | null {
  const ids = [...groups.values()].filter((group) => group.members.includes(userId)).map((group) => group.id);
  if (ids.length === 0) return null;
  const next = groups.withMutations((draft) => {
    for (const group of groups.values()) if (ids.includes(group.id)) draft.set(group.id, { ...group, members: without(group.members, [userId]) });
  });
  return { groups: next, ids };
}

/** One `realm_user update`: upstream sends one form per event; every key present is applied. */
export function applyPersonUpdate(user: User, person: PersonUpdate): User {
  const { user_id: _id, role, new_email, custom_profile_field, ...rest } = person;
  const next: Record<string, unknown> = { ...user };
  // Known simple forms (full_name, is_active, avatar_*, timezone + email, bot_owner_id, delivery_email,
  // is_billing_admin) and any form a newer server adds are plain field replacements.
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) next[key] = value;
  if (role !== undefined) Object.assign(next, roleFlags(role));
  // `email` in user objects is the API address that `new_email` replaces.
  if (new_email !== undefined) next.email = new_email;
  if (custom_profile_field) {
    const profile = { ...user.profile_data };
    const key = String(custom_profile_field.id);
    if (custom_profile_field.value === null) delete profile[key];
    else profile[key] = { value: custom_profile_field.value, rendered_value: custom_profile_field.rendered_value ?? null };
    next.profile_data = profile;
  }
  return next as User;
}

/** The user object's role flags follow the role (spec Authentication 7). */
function roleFlags(role: Role) {
  return { role, is_owner: role === 100, is_admin: role === 100 || role === 200, is_guest: role === 600 };
}

export function reduceUserGroup(state: RealmState, event: UserGroupEvent): Reduced {
  const changed = (groups: RealmState['groups'], id: number): Reduced =>
    groups === state.groups ? { state, changes: [] } : { state: { ...state, groups }, changes: [{ collection: 'groups', ids: [id] }] };
  const edit = (id: number, change: (group: UserGroup) => UserGroup) => changed(state.groups.update(id, change), id);
  switch (event.op) {
    case 'add':
      return changed(state.groups.set(event.group.id, event.group), event.group.id);
    case 'update':
      return edit(event.group_id, (group) => ({ ...group, ...definedKeys(event.data) }));
    case 'add_members':
      return edit(event.group_id, (group) => ({ ...group, members: union(group.members, event.user_ids) }));
    case 'remove_members':
      return edit(event.group_id, (group) => ({ ...group, members: without(group.members, event.user_ids) }));
    case 'add_subgroups':
      return edit(event.group_id, (group) => ({ ...group, direct_subgroup_ids: union(group.direct_subgroup_ids, event.direct_subgroup_ids) }));
    case 'remove_subgroups':
      return edit(event.group_id, (group) => ({ ...group, direct_subgroup_ids: without(group.direct_subgroup_ids, event.direct_subgroup_ids) }));
    case 'remove':
      return changed(state.groups.delete(event.group_id), event.group_id);
  }
}

/** The keys of a partial update that are present (zod leaves absent optional keys out; be sure). */
export function definedKeys<T extends object>(data: T): Partial<T> {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** Up to this many added IDs, scanning the list for each costs less than a Set of the whole list. */
const SCANNED = 8;

export function union(ids: readonly number[], added: readonly number[]): number[] {
  const result = [...ids];
  // A role change adds one user to a system group of up to 100,000 members.
  if (added.length <= SCANNED) {
    for (const id of added) if (!result.includes(id)) result.push(id);
    return result;
  }
  const present = new Set(ids);
  for (const id of added) {
    if (present.has(id)) continue;
    present.add(id);
    result.push(id);
  }
  return result;
}

export function without(ids: readonly number[], removed: readonly number[]): number[] {
  const gone = new Set(removed);
  return ids.filter((id) => !gone.has(id));
}
