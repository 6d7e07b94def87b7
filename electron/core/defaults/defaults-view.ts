// A realm's defaults as the Default settings screen reads them, from the session's live state: the
// values the server reports, what it offers, and whether the signed-in user may change them.
import type { Role } from '../../../shared/api';
import { ROLE_NAMES } from '../../../shared/domain/role-rules';
import type { DefaultsView } from '../../../shared/ipc';
import type { RealmState } from '../session/realm-state';

/** spec 4: organization administrators only (owners are administrators too). */
export function canEditDefaults(role: Role): boolean {
  return role === 100 || role === 200;
}

/** Why the signed-in user cannot change a realm's defaults, in words, or null when they can. */
export function readOnlyReason(realmName: string, role: Role): string | null {
  if (canEditDefaults(role)) return null;
  const name = ROLE_NAMES[role].toLowerCase();
  const article = /^[aeiou]/.test(name) ? 'an' : 'a';
  return `You are ${article} ${name} in ${realmName}: only organization administrators and owners can change default settings. You can see them here; to change them, ask an administrator, or sign in as one.`;
}

/** Setting values only: the snapshot's other fields (the choices it offers) are not settings. */
const NOT_SETTINGS = new Set(['emojiset_choices', 'available_notification_sounds']);

export function defaultsView(account: string, state: RealmState): DefaultsView {
  const values: Record<string, boolean | number | string> = {};
  for (const [name, value] of Object.entries(state.userSettingsDefaults)) {
    if (NOT_SETTINGS.has(name)) continue;
    if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string') values[name] = value;
  }
  return {
    account,
    realmName: state.realmName,
    realmUrl: state.realmUrl,
    featureLevel: state.featureLevel,
    values,
    availableSounds: [...(state.userSettingsDefaults.available_notification_sounds ?? [])],
    ownRole: state.ownRole,
    canEdit: canEditDefaults(state.ownRole),
    readOnlyReason: readOnlyReason(state.realmName, state.ownRole),
  };
}
