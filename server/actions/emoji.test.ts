// Which emoji exist (spec 10's emoji errors), against the demo organization's custom emoji:
// `sandbox` (active) and `old_logo` (deactivated).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDemoRealm, type DemoRealm } from '../testing/in-process';
import { checkEmojiRequest, emojiCode, emojiForName, unicodeEmoji, type EmojiType } from './emoji';

let realm: DemoRealm;
let sandboxId: string, oldLogoId: string;
beforeAll(() => {
  realm = openDemoRealm();
  const idOf = (name: string) => String(realm.ctx.db.prepare('SELECT id FROM realm_emoji WHERE name = ?').pluck().get(name));
  [sandboxId, oldLogoId] = [idOf('sandbox'), idOf('old_logo')];
});
afterAll(() => realm.close());

const check = (name: string, code: string, type: EmojiType) => () => checkEmojiRequest(realm.ctx.db, name, code, type);

describe('Unicode emoji codes', () => {
  test('are lower-case codepoints without the emoji presentation selector, as upstream writes them', () => {
    expect(emojiCode('2764-FE0F')).toBe('2764');
    expect(emojiCode('1F468-200D-2764-FE0F-200D-1F468')).toBe('1f468-200d-2764-200d-1f468');
  });

  test('cover the common emoji under their usual names', () => {
    const { nameToCode } = unicodeEmoji();
    expect(nameToCode.get('+1')).toBe('1f44d');
    expect(nameToCode.get('thumbsup')).toBe('1f44d');
    expect(nameToCode.get('heart')).toBe('2764');
    expect(nameToCode.get('tada')).toBe('1f389');
  });
});

describe('a bare emoji name (upstream get_emoji_data)', () => {
  test('finds a Unicode emoji', () => {
    expect(emojiForName(realm.ctx.db, 'tada')).toEqual({ emoji_code: '1f389', reaction_type: 'unicode_emoji' });
  });

  test("finds the organization's active custom emoji by its ID", () => {
    expect(emojiForName(realm.ctx.db, 'sandbox')).toEqual({ emoji_code: sandboxId, reaction_type: 'realm_emoji' });
  });

  test("finds the service's own emoji", () => {
    expect(emojiForName(realm.ctx.db, 'zulip')).toEqual({ emoji_code: 'zulip', reaction_type: 'service_extra_emoji' });
  });

  test('does not find a deactivated custom emoji or an unknown name', () => {
    expect(() => emojiForName(realm.ctx.db, 'old_logo')).toThrow("Emoji 'old_logo' does not exist");
    expect(() => emojiForName(realm.ctx.db, 'no_such_emoji')).toThrow("Emoji 'no_such_emoji' does not exist");
  });
});

describe('a name, code and type together (upstream check_emoji_request)', () => {
  test('are accepted when they name one emoji', () => {
    expect(check('tada', '1f389', 'unicode_emoji')).not.toThrow();
    expect(check('sandbox', sandboxId, 'realm_emoji')).not.toThrow();
    expect(check('zulip', 'zulip', 'service_extra_emoji')).not.toThrow();
  });

  test('a Unicode code that is no emoji, or a name of another emoji, is refused', () => {
    expect(check('tada', 'ffff', 'unicode_emoji')).toThrow('Invalid emoji code.');
    expect(check('heart', '1f389', 'unicode_emoji')).toThrow('Invalid emoji name.');
  });

  test('a custom emoji must exist, carry its own name and be active', () => {
    expect(check('sandbox', '99999', 'realm_emoji')).toThrow('Invalid custom emoji.');
    expect(check('sandbox', 'abc', 'realm_emoji')).toThrow('Invalid custom emoji.');
    expect(check('tada', sandboxId, 'realm_emoji')).toThrow('Invalid custom emoji name.');
    expect(check('old_logo', oldLogoId, 'realm_emoji')).toThrow('This custom emoji has been deactivated.');
  });

  test("the service's own emoji is only `zulip`", () => {
    expect(check('octopus', 'octopus', 'service_extra_emoji')).toThrow('Invalid emoji code.');
    expect(check('tada', 'zulip', 'service_extra_emoji')).toThrow('Invalid emoji name.');
  });
});
