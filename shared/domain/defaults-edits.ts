// The Default settings screen's editing model: edits stay local until reviewed, each remembers the
// server's value it was made against, and the live values can move under them (another administrator
// saving meanwhile). Pure functions over plain objects, so the screen, the review and the tests share
// one set of rules.
import type { UserSettingName } from '../api/realm-defaults';
import type { UserSettingValue } from '../api/realm-defaults-usual';
import { USER_SETTINGS_CATALOGUE } from './user-settings-defaults';

/** The defaults as a server reports them; a setting it does not report (an older server) is absent. */
export type DefaultsValues = Partial<Record<UserSettingName, UserSettingValue>>;

export interface Edit {
  readonly value: UserSettingValue;
  /** The server's value when the edit was made (undefined: the server did not report the setting). */
  readonly base: UserSettingValue | undefined;
}
export type Edits = Partial<Record<UserSettingName, Edit>>;

/** One setting that a save would change, from the server's value now to the edit's. */
export interface Change {
  readonly name: UserSettingName;
  readonly from: UserSettingValue | undefined;
  readonly to: UserSettingValue;
}

/** An edited setting that the server changed to another value meanwhile. */
export interface Conflict {
  readonly name: UserSettingName;
  /** What the server had when the edit was made. */
  readonly base: UserSettingValue | undefined;
  /** What it has now. */
  readonly server: UserSettingValue | undefined;
  readonly mine: UserSettingValue;
}

export interface Review {
  /** Everything a save would send, conflicts first, then in display order. */
  readonly changes: readonly Change[];
  readonly conflicts: readonly Conflict[];
}

const ORDER = new Map(USER_SETTINGS_CATALOGUE.map((entry, index) => [entry.name, index]));
const displayOrder = (a: { name: UserSettingName }, b: { name: UserSettingName }) => (ORDER.get(a.name) ?? 0) - (ORDER.get(b.name) ?? 0);

/** Setting names in the order the screen shows them (the review, the logs and the results use it too). */
export function inDisplayOrder<N extends string>(names: readonly N[]): N[] {
  return [...names].sort((a, b) => displayOrder({ name: a as UserSettingName }, { name: b as UserSettingName }));
}

/** The edited settings, in display order. */
export function editedNames(edits: Edits): UserSettingName[] {
  return inDisplayOrder((Object.keys(edits) as UserSettingName[]).filter((name) => edits[name] !== undefined));
}

/** The conflict of one setting, if the server moved away from the edit's base to a value other than the edit's. */
export function conflictOf(server: DefaultsValues, edits: Edits, name: UserSettingName): Conflict | null {
  const edit = edits[name];
  if (!edit) return null;
  const now = server[name];
  if (now === edit.base || now === edit.value) return null;
  return { name, base: edit.base, server: now, mine: edit.value };
}

/**
 * What a save would do now: every edit whose value differs from the server's (an edit the server
 * already matches is no change), with the conflicts among them listed first.
 */
export function reviewEdits(server: DefaultsValues, edits: Edits): Review {
  const conflicts: Conflict[] = [];
  const plain: Change[] = [];
  const conflicting: Change[] = [];
  for (const name of editedNames(edits)) {
    const edit = edits[name] as Edit;
    if (server[name] === edit.value) continue;
    const change = { name, from: server[name], to: edit.value };
    const conflict = conflictOf(server, edits, name);
    if (conflict) {
      conflicts.push(conflict);
      conflicting.push(change);
    } else plain.push(change);
  }
  return { changes: [...conflicting, ...plain], conflicts };
}

/**
 * Sets a setting's edit. Editing back to the server's value removes the edit, unless the setting is in
 * conflict (then the edit is kept, so the conflict stays visible until it is resolved).
 */
export function setEdit(edits: Edits, server: DefaultsValues, name: UserSettingName, value: UserSettingValue): Edits {
  const existing = edits[name];
  if (value === server[name] && !conflictOf(server, edits, name)) return withoutEdit(edits, name);
  return { ...edits, [name]: { value, base: existing ? existing.base : server[name] } };
}

/** Several edits at once (an import, a reset): each as setEdit would make it. */
export function setEdits(edits: Edits, server: DefaultsValues, values: DefaultsValues): Edits {
  let next = edits;
  for (const name of Object.keys(values) as UserSettingName[]) {
    const value = values[name];
    if (value !== undefined) next = setEdit(next, server, name, value);
  }
  return next;
}

export function withoutEdit(edits: Edits, name: UserSettingName): Edits {
  if (!(name in edits)) return edits;
  const { [name]: _removed, ...rest } = edits;
  return rest;
}

/** "Keep mine": the edit now stands against the server's new value. */
export function keepMine(edits: Edits, server: DefaultsValues, name: UserSettingName): Edits {
  const edit = edits[name];
  return edit ? { ...edits, [name]: { value: edit.value, base: server[name] } } : edits;
}

/** "Take theirs": the edit is dropped and the server's value shows. */
export function takeTheirs(edits: Edits, name: UserSettingName): Edits {
  return withoutEdit(edits, name);
}

/** The parameters of the one PATCH a review sends: only the changed settings. */
export function changesToParams(changes: readonly Change[]): DefaultsValues {
  return Object.fromEntries(changes.map((change) => [change.name, change.to]));
}

/** The server's values the edits were made against, as the core checks them before sending (null: not reported). */
export function expectedValues(changes: readonly Change[], edits: Edits): Partial<Record<UserSettingName, UserSettingValue | null>> {
  return Object.fromEntries(changes.map((change) => [change.name, edits[change.name]?.base ?? null]));
}
