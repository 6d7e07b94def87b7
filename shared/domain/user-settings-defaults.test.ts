import { describe, expect, test } from 'vitest';
import {
  ENUM_INT_SETTINGS,
  ENUM_STRING_SETTINGS,
  updateRealmUserSettingsDefaultsParams as params,
} from '../api/realm-defaults';
import {
  SETTING_GROUPS,
  USER_SETTINGS_CATALOGUE,
  catalogueByGroup,
  catalogueEntry,
  type CatalogueEntry,
} from './user-settings-defaults';

const accepts = (name: string, value: unknown) => params.safeParse({ [name]: value }).success;

/** The values a screen may offer for an entry: all of them for enumerations, the ends of a range. */
function offeredValues(entry: CatalogueEntry): unknown[] {
  switch (entry.type) {
    case 'boolean':
      return [true, false];
    case 'enum-int':
    case 'enum-string':
      return entry.values.map(({ value }) => value);
    case 'int':
      return [entry.min, entry.max];
    case 'string':
      return ['ding'];
  }
}

describe('catalogue of realm-level default user settings', () => {
  test('names exactly the parameters of spec endpoint 4, each once', () => {
    const names = USER_SETTINGS_CATALOGUE.map((entry) => entry.name).sort();
    expect(names).toEqual(Object.keys(params.shape).sort());
  });

  test('every value an entry offers is accepted by the params schema', () => {
    const refused = USER_SETTINGS_CATALOGUE.flatMap((entry) =>
      offeredValues(entry)
        .filter((value) => !accepts(entry.name, value))
        .map((value) => `${entry.name}=${String(value)}`),
    );
    expect(refused).toEqual([]);
  });

  test('an enumerated entry offers every value its table allows, in the spec order', () => {
    const tables: Record<string, object> = { ...ENUM_INT_SETTINGS, ...ENUM_STRING_SETTINGS };
    const incomplete = USER_SETTINGS_CATALOGUE.filter(
      (entry) =>
        (entry.type === 'enum-int' || entry.type === 'enum-string') &&
        entry.values.map(({ value }) => String(value)).join() !== Object.keys(tables[entry.name] ?? {}).join(),
    );
    expect(incomplete.map((entry) => entry.name)).toEqual([]);
  });

  test('an integer entry has the bounds the params schema enforces', () => {
    const loose = USER_SETTINGS_CATALOGUE.filter(
      (entry) => entry.type === 'int' && (accepts(entry.name, entry.min - 1) || accepts(entry.name, entry.max + 1)),
    );
    expect(loose.map((entry) => entry.name)).toEqual([]);
  });

  test('every group has at least one setting', () => {
    const empty = catalogueByGroup().filter(({ entries }) => entries.length === 0);
    expect(empty.map(({ group }) => group.id)).toEqual([]);
  });

  test('catalogueByGroup lists the groups in display order and every setting exactly once', () => {
    const groups = catalogueByGroup();
    expect(groups.map(({ group }) => group.id)).toEqual(SETTING_GROUPS.map((group) => group.id));
    expect(groups.flatMap(({ entries }) => entries.map((entry) => entry.name)).sort()).toEqual(
      USER_SETTINGS_CATALOGUE.map((entry) => entry.name).sort(),
    );
  });

  test('setting labels are non-empty and unique', () => {
    const labels = USER_SETTINGS_CATALOGUE.map((entry) => entry.label.trim());
    expect(labels.filter((label) => label === '')).toEqual([]);
    expect(labels.filter((label, index) => labels.indexOf(label) !== index)).toEqual([]);
  });

  test('value labels are non-empty and unique within a setting', () => {
    const unclear = USER_SETTINGS_CATALOGUE.filter((entry) => {
      if (entry.type !== 'enum-int' && entry.type !== 'enum-string') return false;
      const labels = entry.values.map(({ label }) => label.trim());
      return labels.includes('') || new Set(labels).size !== labels.length;
    });
    expect(unclear.map((entry) => entry.name)).toEqual([]);
  });

  test('catalogueEntry finds a setting with its value labels', () => {
    expect(catalogueEntry('color_scheme')).toMatchObject({
      type: 'enum-int',
      label: 'Color scheme',
      group: 'display',
      values: [
        { value: 1, label: 'Automatic' },
        { value: 2, label: 'Dark' },
        { value: 3, label: 'Light' },
      ],
    });
  });

  test('catalogueEntry shows the emoji sets under their upstream names', () => {
    expect(catalogueEntry('emojiset')).toMatchObject({
      values: [
        { value: 'google', label: 'Google' },
        { value: 'twitter', label: 'Twitter' },
        { value: 'text', label: 'Plain text' },
        { value: 'google-blob', label: 'Google blobs' },
      ],
    });
  });

  test('catalogueEntry knows nothing of a setting the spec does not list', () => {
    expect(catalogueEntry('email_address_visibility')).toBeUndefined();
  });

  test('the drafts setting warns that turning it off deletes server-side drafts', () => {
    expect(catalogueEntry('enable_drafts_synchronization')?.description).toMatch(/deletes/);
  });

  test('integer settings carry their unit', () => {
    const names = ['web_font_size_px', 'web_line_height_percent', 'email_notifications_batching_period_seconds'];
    const units = names.map((name) => {
      const entry = catalogueEntry(name);
      return entry?.type === 'int' ? entry.unit : undefined;
    });
    expect(units).toEqual(['px', '%', 'seconds']);
  });
});
