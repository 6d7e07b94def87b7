// Default settings in words, for the screen, the review, the activity log and import errors: "Dark",
// not 2; "2 minutes", not 120.
import type { UserSettingName } from '../api/realm-defaults';
import type { UserSettingValue } from '../api/realm-defaults-usual';
import { catalogueEntry, type CatalogueEntry } from './user-settings-defaults';

/** The words a server's value reads as when it does not report the setting at all. */
export const NOT_REPORTED = 'Not reported';

/** "2 minutes", "1 hour 30 minutes", "45 seconds", "7 days". */
export function durationWords(seconds: number): string {
  const parts: string[] = [];
  let rest = seconds;
  for (const [unit, size] of [['day', 86_400], ['hour', 3_600], ['minute', 60], ['second', 1]] as const) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0) parts.push(`${count} ${unit}${count === 1 ? '' : 's'}`);
  }
  return parts.length ? parts.slice(0, 2).join(' ') : '0 seconds';
}

/** A notification sound's name as the upstream app shows it: capitalized; `none` means silent. */
export function soundWords(sound: string): string {
  if (sound === 'none') return 'None (silent)';
  return sound.charAt(0).toUpperCase() + sound.slice(1);
}

/** One value of a setting in words. An enumerated value the console does not know is shown as it is. */
export function valueWords(entry: CatalogueEntry, value: UserSettingValue | undefined): string {
  if (value === undefined) return NOT_REPORTED;
  switch (entry.type) {
    case 'boolean':
      return value === true ? 'On' : value === false ? 'Off' : String(value);
    case 'enum-int':
    case 'enum-string':
      return entry.values.find((option) => option.value === value)?.label ?? `Unknown value (${String(value)})`;
    case 'int':
      if (typeof value !== 'number') return String(value);
      if (entry.unit === 'seconds') return durationWords(value);
      return entry.unit === '%' ? `${value}%` : `${value} ${entry.unit}`;
    case 'string':
      return typeof value === 'string' ? soundWords(value) : String(value);
  }
}

/** A setting's value in words, by name (a name the catalogue does not know shows its raw value). */
export function settingValueWords(name: string, value: UserSettingValue | undefined): string {
  const entry = catalogueEntry(name);
  if (entry) return valueWords(entry, value);
  return value === undefined ? NOT_REPORTED : String(value);
}

/** A setting's label, or its API name when the catalogue does not know it. */
export function settingLabel(name: string): string {
  return catalogueEntry(name)?.label ?? name;
}

/** "Color scheme: Automatic → Dark", as the review and the activity log list a change. */
export function changeWords(change: { name: UserSettingName; from: UserSettingValue | undefined; to: UserSettingValue }): string {
  return `${settingLabel(change.name)}: ${settingValueWords(change.name, change.from)} → ${settingValueWords(change.name, change.to)}`;
}

/** "Hide AI features, Offer to update the time zone": settings named in a sentence. */
export function settingList(names: readonly string[]): string {
  return names.map(settingLabel).join(', ');
}
