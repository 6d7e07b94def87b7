// Which emoji exist, and whether a (name, code, type) triple names one (spec 10's emoji errors).
// upstream: zerver/lib/emoji.py get_emoji_data and check_emoji_request.
//
// Unicode emoji come from emoji-datasource (iamcal/emoji-data), the data set upstream builds its own
// emoji_codes.json from: a code is the emoji's `unified` codepoints, lower case, without the FE0F
// variation selector (upstream unqualify_emoji), and a name is any of its `short_names`. Upstream
// renames some emoji on top of that data (tools/setup/emoji/emoji_names.py), so a few names differ
// from upstream's; every code is the same.
import { createRequire } from 'node:module';
import type { Db } from '../db/connection';
import { badRequest } from '../lib/errors';

export type EmojiType = 'unicode_emoji' | 'realm_emoji' | 'service_extra_emoji';

export interface EmojiData {
  emoji_code: string;
  reaction_type: EmojiType;
}

/** upstream's zulip_extra_emoji (the spec's service_extra_emoji): only `zulip`, whose code is its name. */
export const SERVICE_EXTRA_EMOJI = ['zulip'] as const;

interface DatasourceEmoji {
  unified: string;
  short_names: string[];
}

interface UnicodeEmojiTable {
  nameToCode: ReadonlyMap<string, string>;
  codes: ReadonlySet<string>;
}

let table: UnicodeEmojiTable | undefined;

/** upstream get_emoji_code: lower-case codepoints without the emoji presentation selector. */
export function emojiCode(unified: string): string {
  return unified
    .toLowerCase()
    .split('-')
    .filter((part) => part !== 'fe0f')
    .join('-');
}

/** Built on first use: 1.3 MB of JSON that most requests never need. */
export function unicodeEmoji(): UnicodeEmojiTable {
  if (table) return table;
  const data = createRequire(import.meta.url)('emoji-datasource/emoji.json') as DatasourceEmoji[];
  const nameToCode = new Map<string, string>();
  const codes = new Set<string>();
  for (const emoji of data) {
    const code = emojiCode(emoji.unified);
    codes.add(code);
    for (const name of emoji.short_names) if (!nameToCode.has(name)) nameToCode.set(name, code);
  }
  table = { nameToCode, codes };
  return table;
}

interface RealmEmojiRow {
  id: number;
  name: string;
  deactivated: number;
}

function realmEmojiById(db: Db, code: string): RealmEmojiRow | undefined {
  if (!/^\d+$/.test(code)) return undefined;
  return db.prepare('SELECT id, name, deactivated FROM realm_emoji WHERE id = ?').get(Number(code)) as RealmEmojiRow | undefined;
}

/**
 * upstream get_emoji_data: what a bare name means. Active custom emoji come first (an organization may
 * shadow a Unicode name), then the service's own emoji, then Unicode.
 */
export function emojiForName(db: Db, name: string): EmojiData {
  const custom = db.prepare('SELECT id FROM realm_emoji WHERE name = ? AND deactivated = 0').pluck().get(name) as number | undefined;
  if (custom !== undefined) return { emoji_code: String(custom), reaction_type: 'realm_emoji' };
  if ((SERVICE_EXTRA_EMOJI as readonly string[]).includes(name)) return { emoji_code: name, reaction_type: 'service_extra_emoji' };
  const code = unicodeEmoji().nameToCode.get(name);
  if (code !== undefined) return { emoji_code: code, reaction_type: 'unicode_emoji' };
  throw badRequest(`Emoji '${name}' does not exist`);
}

/** upstream check_emoji_request: the code must exist for its type, and the name must be that emoji's. */
export function checkEmojiRequest(db: Db, name: string, code: string, type: EmojiType): void {
  switch (type) {
    case 'realm_emoji': {
      const custom = realmEmojiById(db, code);
      if (!custom) throw badRequest('Invalid custom emoji.');
      if (custom.name !== name) throw badRequest('Invalid custom emoji name.');
      if (custom.deactivated) throw badRequest('This custom emoji has been deactivated.');
      return;
    }
    case 'service_extra_emoji':
      if (!(SERVICE_EXTRA_EMOJI as readonly string[]).includes(code)) throw badRequest('Invalid emoji code.');
      if (name !== code) throw badRequest('Invalid emoji name.');
      return;
    case 'unicode_emoji': {
      const emoji = unicodeEmoji();
      if (!emoji.codes.has(code)) throw badRequest('Invalid emoji code.');
      if (emoji.nameToCode.get(name) !== code) throw badRequest('Invalid emoji name.');
      return;
    }
  }
}
