import { describe, expect, test } from 'vitest';
import { findNameClash, lookalikeKey, nameClashWords, nameWarnings, visibleName } from './channel-names';

const channels = [
  { stream_id: 1, name: 'general', is_archived: false },
  { stream_id: 2, name: 'old-projects', is_archived: true },
  { stream_id: 3, name: 'de\u200bsign', is_archived: false },
];

describe('nameWarnings', () => {
  test('an ordinary name, emoji sequences included, has none', () => {
    expect(nameWarnings('general')).toEqual([]);
    expect(nameWarnings('release notes 2025')).toEqual([]);
    // A zero-width joiner between two pictographs, a variation selector, a subdivision flag's tags.
    expect(nameWarnings('\u{1f469}\u200d\u{1f4bb} devs')).toEqual([]);
    expect(nameWarnings('\u{1f3f3}\u{fe0f}\u200d\u{1f308} pride')).toEqual([]);
    expect(nameWarnings('\u{1f3f4}\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f} england')).toEqual([]);
    expect(nameWarnings('   ')).toEqual([]);
  });

  test('an invisible character is named, with where it is and what the name would look like', () => {
    expect(nameWarnings('gen\u200beral')).toEqual(['The name contains an invisible character (zero-width space) after “gen”: it would look like #general.']);
    expect(nameWarnings('\u202egeneral')).toEqual(['The name contains an invisible character (right-to-left override) at the start: it would look like #general.']);
    expect(nameWarnings('general\u2060')).toEqual(['The name contains an invisible character (word joiner) at the end: it would look like #general.']);
    // A joiner not between two pictographs is one, and so is a Hangul filler (a letter that draws nothing).
    expect(nameWarnings('ab\u200dcd')).toEqual(['The name contains an invisible character (zero-width joiner) after “ab”: it would look like #abcd.']);
    expect(nameWarnings('\u3164')).toEqual(['The name contains an invisible character (Hangul filler) at the start: it would look like #.']);
  });

  test('several invisible characters are listed, a long name shortened before the place', () => {
    expect(nameWarnings('a\u200bb\u2066c')).toEqual([
      'The name contains 2 invisible characters (a zero-width space after “a” and a left-to-right isolate after “ab”): it would look like #abc.',
    ]);
    expect(nameWarnings('engineering-and-design\u200c-team')).toEqual([
      'The name contains an invisible character (zero-width non-joiner) after “…ering-and-design”: it would look like #engineering-and-design-team.',
    ]);
    expect(nameWarnings('x\u{e0041}y')[0]).toContain('(U+E0041) after “x”');
  });

  test('doubled and unusual spaces are said; spaces at the ends are said to be left out', () => {
    expect(nameWarnings('team  news')).toEqual(['The name has 2 spaces in a row after “team”: easy to miss when it is read.']);
    expect(nameWarnings('team\u00a0news')).toEqual(['The name has an unusual space (no-break space) after “team”: easy to miss when it is read.']);
    expect(nameWarnings(' news')).toEqual(['The space at the start is left out: the name is saved as “news”.']);
    expect(nameWarnings('news  ')).toEqual(['The spaces at the end are left out: the name is saved as “news”.']);
    expect(nameWarnings(' a  b ')).toEqual(['The name has 2 spaces in a row after “a”: easy to miss when it is read.', 'The spaces at the start and the end are left out: the name is saved as “a  b”.']);
    // U+FEFF inside is said once, as invisible, not also as a space.
    expect(nameWarnings('a\ufeffb')).toEqual(['The name contains an invisible character (zero-width no-break space) after “a”: it would look like #ab.']);
  });
});

describe('lookalikeKey and visibleName', () => {
  test('invisible characters, case, compatibility forms and spaces do not count', () => {
    expect(visibleName('gen\u200beral')).toBe('general');
    expect(lookalikeKey('GEN\u200bERAL')).toBe('general');
    expect(lookalikeKey('\uff47\uff45\uff4e\uff45\uff52\uff41\uff4c')).toBe('general');
    expect(lookalikeKey('Stra\u00dfe')).toBe(lookalikeKey('STRASSE'));
    expect(lookalikeKey('team\u00a0 news')).toBe(lookalikeKey('team news'));
    expect(lookalikeKey('\u2764\ufe0f fans')).toBe(lookalikeKey('\u2764 fans'));
  });

  test('letters that look alike are one (UTS #39 skeleton), accents and other names are not', () => {
    // Cyrillic е and а, Greek ο and ρ, the digit 1 and a lower-case l, the digit 0 and an o, "rn" and "m".
    expect(lookalikeKey('g\u0435ner\u0430l')).toBe(lookalikeKey('general'));
    expect(lookalikeKey('\u03bf\u03c1en')).toBe(lookalikeKey('open'));
    expect(lookalikeKey('genera1')).toBe(lookalikeKey('general'));
    expect(lookalikeKey('g0als')).toBe(lookalikeKey('goals'));
    expect(lookalikeKey('rnodern')).toBe(lookalikeKey('modern'));
    expect(lookalikeKey('g\u00e9n\u00e9ral')).not.toBe(lookalikeKey('general'));
    expect(lookalikeKey('generals')).not.toBe(lookalikeKey('general'));
    expect(lookalikeKey('\u041c\u043e\u0441\u043a\u0432\u0430')).not.toBe(lookalikeKey('general'));
  });
});

describe('mixed alphabets', () => {
  test('a word mixing Latin with Cyrillic or Greek letters is warned about, with what it reads as', () => {
    expect(nameWarnings('g\u0435neral')).toEqual([
      'The name mixes Latin and Cyrillic letters in one word (a Cyrillic “\u0435” after “g”): it reads as #general, which a search for that name would not find.',
    ]);
    // Half and half: the Latin letters are the word's, the Greek ones the odd ones out.
    expect(nameWarnings('\u03bf\u03c1en')).toEqual([
      'The name mixes Latin and Greek letters in one word (a Greek “\u03bf” at the start and a Greek “\u03c1” after “\u03bf”): it reads as #open, which a search for that name would not find.',
    ]);
    expect(nameWarnings('s\u0430l\u0435s t\u0435\u0430m \u0441')[0]).toMatch(/^The name mixes Latin and Cyrillic letters in one word \(a Cyrillic “\u0430” after “s”, a Cyrillic “\u0435” after “s\u0430l” and a Cyrillic “\u0435” after “s\u0430l\u0435s t” and 1 more\): it reads as #sales team \u0441,/);
  });

  test('names in one alphabet a word, accents and other scripts are not', () => {
    expect(nameWarnings('\u041c\u043e\u0441\u043a\u0432\u0430 office')).toEqual([]);
    expect(nameWarnings('caf\u00e9-cr\u00e8me')).toEqual([]);
    expect(nameWarnings('\u4f1a\u8b70 Q3')).toEqual([]);
    expect(nameWarnings('\u03b1\u03b8\u03ae\u03bd\u03b1 team')).toEqual([]);
  });
});

describe('findNameClash and nameClashWords', () => {
  test('the same name, case aside, archived ones included, in the words the server would use', () => {
    const clash = findNameClash('OLD-projects', channels, null);
    expect(clash).toEqual({ channel: channels[1], kind: 'same' });
    expect(clash && nameClashWords(clash)).toBe('A channel named old-projects already exists (archived): choose another name.');
  });

  test('a name that only looks the same is a clash too, said with the other name’s invisible characters', () => {
    const clash = findNameClash('design', channels, null);
    expect(clash).toEqual({ channel: channels[2], kind: 'lookalike' });
    expect(clash && nameClashWords(clash)).toBe('The name looks the same as #design, a channel that already exists; its name has a zero-width space after “de”: choose another name.');
    const cyrillic = findNameClash('g\u0435neral', channels, null);
    expect(cyrillic && nameClashWords(cyrillic)).toBe('The name looks the same as #general, a channel that already exists: choose another name.');
    expect(findNameClash('g\u00e9n\u00e9ral', channels, null)).toBeNull();
    const hidden = findNameClash('gen\u200beral', channels, null);
    expect(hidden && nameClashWords(hidden)).toBe('The name looks the same as #general, a channel that already exists: choose another name.');
  });

  test('the channel itself is no clash, and a different name is none', () => {
    expect(findNameClash('gen\u200beral', channels, 1)).toBeNull();
    expect(findNameClash('General', channels, 1)).toBeNull();
    expect(findNameClash('generally', channels, null)).toBeNull();
  });

  test('the same name wins over a look-alike met first', () => {
    const both = [channels[2], { stream_id: 4, name: 'Design', is_archived: false }].filter((one) => one !== undefined);
    expect(findNameClash('design', both, null)?.kind).toBe('same');
  });
});
