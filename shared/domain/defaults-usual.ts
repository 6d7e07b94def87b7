// "Differs from the usual default": upstream's out-of-the-box values (shared/api/realm-defaults-usual.ts,
// where their source is cited) against a realm's, and the edits that reset settings to them.
import type { UserSettingName } from '../api/realm-defaults';
import { USUAL_USER_SETTING_DEFAULTS } from '../api/realm-defaults-usual';
import type { DefaultsValues } from './defaults-edits';
import type { SettingGroup } from './user-settings-defaults';
import { USER_SETTINGS_CATALOGUE } from './user-settings-defaults';

export { USUAL_USER_SETTING_DEFAULTS };

/** Whether a value differs from upstream's usual default (a value the server does not report does not). */
export function differsFromUsual(name: UserSettingName, value: DefaultsValues[UserSettingName]): boolean {
  return value !== undefined && value !== USUAL_USER_SETTING_DEFAULTS[name];
}

/**
 * The usual values of the settings (of one group, or all) that differ from them, as edits to review.
 * Settings the server does not report are left alone: it would ignore them.
 */
export function usualValuesFor(values: DefaultsValues, group: SettingGroup | 'all'): DefaultsValues {
  const reset: DefaultsValues = {};
  for (const entry of USER_SETTINGS_CATALOGUE) {
    if (group !== 'all' && entry.group !== group) continue;
    if (differsFromUsual(entry.name, values[entry.name])) reset[entry.name] = USUAL_USER_SETTING_DEFAULTS[entry.name];
  }
  return reset;
}
