import { describe, expect, test } from 'vitest';
import { buildDefaultsFile, defaultsFileName, DEFAULTS_FILE_FORMAT, parseDefaultsFile } from './defaults-file';

const good = () =>
  buildDefaultsFile({
    realmName: 'Sandbox Org',
    realmUrl: 'http://127.0.0.1:9991',
    featureLevel: 421,
    values: { enter_sends: true, color_scheme: 2, emojiset: 'text', web_font_size_px: 18, notification_sound: 'chime' },
    exportedAt: new Date('2025-03-01T14:05:09.000Z'),
  });
const text = (value: unknown) => JSON.stringify(value);

describe('the default-settings file', () => {
  test('an export names its realm and feature level, and lists the settings in display order', () => {
    const file = good();
    expect(file).toMatchObject({ format: DEFAULTS_FILE_FORMAT, version: 1, realm: { name: 'Sandbox Org', url: 'http://127.0.0.1:9991' }, featureLevel: 421, exportedAt: '2025-03-01T14:05:09.000Z' });
    expect(Object.keys(file.settings)).toEqual(['color_scheme', 'web_font_size_px', 'emojiset', 'enter_sends', 'notification_sound']);
    expect(defaultsFileName('Sandbox Org', new Date('2025-03-01T14:05:09Z'))).toBe('default-settings-sandbox-org-2025-03-01.json');
  });

  test('an export reads back as the same values', () => {
    const parsed = parseDefaultsFile(text(good()));
    expect(parsed).toEqual({ ok: true, file: good(), values: good().settings });
  });

  test('a byte-order mark at the start is allowed', () => {
    expect(parseDefaultsFile('\uFEFF' + text(good())).ok).toBe(true);
  });
});

describe('a bad file names every problem and yields nothing', () => {
  const problems = (input: string) => {
    const parsed = parseDefaultsFile(input);
    if (parsed.ok) throw new Error('expected problems');
    return parsed.problems;
  };

  test('not JSON', () => {
    expect(problems('not json at all')[0]).toMatch(/^The file is not JSON( \(it stops being JSON at line 1, column 2\))?, so it is not a default-settings export\. Choose the JSON file that Export saved\.$/);
    expect(problems('{\n  "format": "x",\n  oops\n}')[0]).toContain('line 3, column 3');
  });

  test('JSON that is not an export', () => {
    expect(problems('[1, 2]')).toEqual(['The file is not a JSON object, so it is not a default-settings export.']);
    expect(problems(text({ format: 'something-else' }))).toEqual([
      'This is not a Realm Console default-settings file: its "format" is "something-else", not "realm-console.user-settings-defaults".',
    ]);
  });

  test('a newer version: nothing to fix in the file, the advice is to update the console', () => {
    expect(parseDefaultsFile(text({ ...good(), version: 2 }))).toEqual({
      ok: false,
      problems: ['The file is version 2, from a newer Realm Console; this one reads version 1.'],
      advice: 'Update Realm Console, then import the file again.',
    });
  });

  test('a missing or wrong envelope field', () => {
    const { realm: _realm, ...noRealm } = good();
    expect(problems(text(noRealm))).toEqual(['The file has no "realm".']);
    expect(problems(text({ ...good(), exportedAt: 'yesterday' }))).toEqual(['"exportedAt" in the file must be a date and time such as 2025-03-01T14:05:09.000Z, not "yesterday".']);
  });

  test('each bad setting: which setting, which value, why', () => {
    const file = { ...good(), settings: { ...good().settings, web_font_size_px: 40, color_scheme: 7, emojiset: 'apple', enter_sends: 'yes', colour_scheme: 2 } };
    expect(problems(text(file))).toEqual([
      'Color scheme (color_scheme): 7 is not allowed: it must be one of 1 (Automatic), 2 (Dark), 3 (Light).',
      'Font size (web_font_size_px): 40 is not allowed: it must be a whole number from 12 to 20 (px).',
      'Emoji set (emojiset): "apple" is not allowed: it must be one of "google" (Google), "twitter" (Twitter), "text" (Plain text), "google-blob" (Google blobs).',
      'Enter sends the message (enter_sends): "yes" is not allowed: it must be true or false.',
      '"colour_scheme" is not a setting Realm Console knows: check its spelling (settings are named as the API names them, e.g. "color_scheme").',
    ]);
  });

  test('a null value and a file without settings', () => {
    expect(problems(text({ ...good(), settings: { presence_enabled: null } }))).toEqual(['Show availability to other users (presence_enabled): null is not allowed: it must be true or false.']);
    expect(problems(text({ ...good(), settings: {} }))).toEqual(['The file lists no settings.']);
  });
});
