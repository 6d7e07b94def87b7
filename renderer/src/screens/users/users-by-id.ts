// The realm's users by ID, for the Users screen's selection and detail panel. A live change replaces a
// few users in the cached list in place or appends new ones (queries/pushes.ts mergeUsers): building a
// 100,000-entry map again for that cost tens of milliseconds a change, so the map is patched with what
// changed since the last list instead (a pass comparing references, then one update per changed user).
import { useMemo, useState } from 'react';
import type { User } from '../../../../shared/api/users';

export interface UserLookup {
  get(id: number): User | undefined;
  has(id: number): boolean;
}

/** Beyond this many changed users, building the map again is as cheap. */
const MAX_PATCHED = 500;

/** A lookup of `users` by ID: a new object for each new list, so memos that depend on it follow. */
export function useUsersById(users: readonly User[]): UserLookup {
  const [lookupOf] = useState(lookupMaker);
  return useMemo(() => lookupOf(users), [lookupOf, users]);
}

/** A function from a list to its lookup that patches its map from one list to the next. */
export function lookupMaker(): (users: readonly User[]) => UserLookup {
  let last: { users: readonly User[]; map: Map<number, User> } | null = null;
  return (users) => {
    const map = last && patched(last.users, users, last.map) ? last.map : new Map(users.map((user) => [user.user_id, user]));
    last = { users, map };
    return { get: (id) => map.get(id), has: (id) => map.has(id) };
  };
}

/** Patches `map` (of `before`) to hold `users`; false, untouched, when a rebuild is due. */
export function patched(before: readonly User[], users: readonly User[], map: Map<number, User>): boolean {
  // Someone removed: positions shift, so the changes cannot be told apart by position.
  if (users.length < before.length) return false;
  const gone: User[] = [];
  const added: User[] = [];
  for (let i = 0; i < users.length; i++) {
    const user = users[i] as User;
    if (i < before.length && user === before[i]) continue;
    if (i < before.length) gone.push(before[i] as User);
    added.push(user);
    if (added.length > MAX_PATCHED) return false;
  }
  for (const user of gone) if (map.get(user.user_id) === user) map.delete(user.user_id);
  for (const user of added) map.set(user.user_id, user);
  return true;
}
