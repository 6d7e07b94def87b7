// The file the Default settings screen exports and imports: a versioned JSON document naming the
// realm and its server's feature level, with the settings by their API names. An import is validated
// whole before anything changes; every problem is named (which setting, which value, why), so a
// hand-edited file can be fixed in one go.
import { z } from 'zod';
import { updateRealmUserSettingsDefaultsParams, type UserSettingName } from '../api/realm-defaults';
import type { UserSettingValue } from '../api/realm-defaults-usual';
import type { DefaultsValues } from './defaults-edits';
import { catalogueEntry, USER_SETTINGS_CATALOGUE, type CatalogueEntry } from './user-settings-defaults';

export const DEFAULTS_FILE_FORMAT = 'realm-console.user-settings-defaults';
export const DEFAULTS_FILE_VERSION = 1;

const SettingValue = z.union([z.boolean(), z.number(), z.string()]);

export const DefaultsFile = z.object({
  format: z.literal(DEFAULTS_FILE_FORMAT),
  version: z.literal(DEFAULTS_FILE_VERSION),
  realm: z.object({ name: z.string().min(1), url: z.string().min(1) }),
  /** The feature level of the server the settings were exported from. */
  featureLevel: z.int().nonnegative(),
  /** ISO 8601, UTC. */
  exportedAt: z.iso.datetime(),
  settings: z.record(z.string(), SettingValue),
});
export type DefaultsFile = z.infer<typeof DefaultsFile>;

export interface ExportInput {
  realmName: string;
  realmUrl: string;
  featureLevel: number;
  values: DefaultsValues;
  exportedAt: Date;
}

/** Every setting the server reports, in display order (a file reads like the screen). */
export function buildDefaultsFile(input: ExportInput): DefaultsFile {
  const settings: Record<string, UserSettingValue> = {};
  for (const entry of USER_SETTINGS_CATALOGUE) {
    const value = input.values[entry.name];
    if (value !== undefined) settings[entry.name] = value;
  }
  return {
    format: DEFAULTS_FILE_FORMAT,
    version: DEFAULTS_FILE_VERSION,
    realm: { name: input.realmName, url: input.realmUrl },
    featureLevel: input.featureLevel,
    exportedAt: input.exportedAt.toISOString(),
    settings,
  };
}

/** "default-settings-sandbox-org-2025-03-01.json". */
export function defaultsFileName(realmName: string, date: Date): string {
  const slug = realmName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40) || 'realm';
  return `default-settings-${slug}-${date.toISOString().slice(0, 10)}.json`;
}

/** A refused file: what is wrong, and what to do about it (`advice`, unless the problems say it). */
export type ParsedDefaultsFile = { ok: true; file: DefaultsFile; values: DefaultsValues } | { ok: false; problems: string[]; advice?: string };

const fail = (...problems: string[]): ParsedDefaultsFile => ({ ok: false, problems });

/** "line 3, column 5" of an offset into the text. */
function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
}

/** Reads an import: the whole file is checked, and either every setting is usable or nothing is. */
export function parseDefaultsFile(text: string): ParsedDefaultsFile {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    // The parser's own words quote the file's bytes ("Unexpected token 'o', "not json…" is not valid JSON"):
    // say what it means, and where, when the engine gives a position.
    const at = /position (\d+)/.exec((error as Error).message);
    const where = at ? ` (it stops being JSON at ${lineAndColumn(text, Number(at[1]))})` : '';
    return fail(`The file is not JSON${where}, so it is not a default-settings export. Choose the JSON file that Export saved.`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return fail('The file is not a JSON object, so it is not a default-settings export.');
  const record = json as Record<string, unknown>;
  if (record.format !== DEFAULTS_FILE_FORMAT) {
    return fail(`This is not a Realm Console default-settings file: its "format" is ${shown(record.format)}, not "${DEFAULTS_FILE_FORMAT}".`);
  }
  if (typeof record.version === 'number' && record.version > DEFAULTS_FILE_VERSION) {
    // Nothing in the file is wrong: this console is too old for it.
    return { ok: false, problems: [`The file is version ${record.version}, from a newer Realm Console; this one reads version ${DEFAULTS_FILE_VERSION}.`], advice: 'Update Realm Console, then import the file again.' };
  }
  const envelope = DefaultsFile.safeParse(json);
  const problems = envelope.success ? [] : envelope.error.issues.filter((issue) => issue.path[0] !== 'settings' || issue.path.length === 1).map((issue) => envelopeProblem(issue.path, valueAt(json, issue.path)));
  const settings = typeof record.settings === 'object' && record.settings !== null && !Array.isArray(record.settings) ? (record.settings as Record<string, unknown>) : {};
  const values: DefaultsValues = {};
  for (const [name, value] of Object.entries(settings)) {
    const problem = settingProblem(name, value);
    if (problem) problems.push(problem);
    else values[name as UserSettingName] = value as UserSettingValue;
  }
  if (problems.length === 0 && !envelope.success) problems.push('The file is not a default-settings export Realm Console can read.');
  if (problems.length === 0 && Object.keys(values).length === 0) problems.push('The file lists no settings.');
  if (problems.length > 0 || !envelope.success) return { ok: false, problems };
  return { ok: true, file: envelope.data, values };
}

/** The value at a path of the parsed file (zod's issues carry the path, not always the value). */
function valueAt(json: unknown, path: readonly PropertyKey[]): unknown {
  let value = json;
  for (const key of path) value = typeof value === 'object' && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}

function envelopeProblem(path: readonly PropertyKey[], value: unknown): string {
  const where = path.map(String).join('.');
  if (value === undefined) return `The file has no "${where}".`;
  const expected: Record<string, string> = {
    version: `the number ${DEFAULTS_FILE_VERSION}`,
    'realm.name': "the realm's name",
    'realm.url': "the realm's address",
    featureLevel: 'a whole number',
    exportedAt: 'a date and time such as 2025-03-01T14:05:09.000Z',
    settings: 'an object of settings by name',
  };
  return `"${where}" in the file must be ${expected[where] ?? 'something else'}, not ${shown(value)}.`;
}

/** Why one setting of a file cannot be imported, or null when it can. */
export function settingProblem(name: string, value: unknown): string | null {
  const entry = catalogueEntry(name);
  if (!entry) return `"${name}" is not a setting Realm Console knows: check its spelling (settings are named as the API names them, e.g. "color_scheme").`;
  const schema = updateRealmUserSettingsDefaultsParams.shape[entry.name];
  if (value !== undefined && value !== null && schema.safeParse(value).success) return null;
  return `${entry.label} (${entry.name}): ${shown(value)} is not allowed: it must be ${allowed(entry)}.`;
}

function allowed(entry: CatalogueEntry): string {
  switch (entry.type) {
    case 'boolean':
      return 'true or false';
    case 'enum-int':
    case 'enum-string':
      return `one of ${entry.values.map((option) => `${JSON.stringify(option.value)} (${option.label})`).join(', ')}`;
    case 'int':
      return `a whole number from ${entry.min} to ${entry.max} (${entry.unit})`;
    case 'string':
      return 'the name of a notification sound, such as "zulip"';
  }
}

/** A value as the problem quotes it: JSON, cut short. */
function shown(value: unknown): string {
  if (value === undefined) return 'missing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
