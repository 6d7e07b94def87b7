// spec 7 narrows: both forms read into one, legacy operator names mapped, and each term turned into SQL
// over `messages m` (named parameters). Pure: names and addresses are resolved through the context,
// so this file never touches the database and its rules can be tested alone. Operators and error texts
// follow upstream's zerver/lib/narrow.py (NarrowBuilder, BadNarrowOperatorError, ok_to_include_history).
import type { Narrow } from '../../shared/api';
import { dmKey } from '../db/insert-message';
import { ApiError, badRequest } from '../lib/errors';

export interface NarrowTerm {
  operator: string;
  operand: string | number | number[];
  negated: boolean;
}

/** upstream's older operator names, still accepted. */
const OPERATOR_ALIASES: Record<string, string> = {
  stream: 'channel',
  streams: 'channels',
  'pm-with': 'dm',
  'group-pm-with': 'dm-including',
};

/** Both spec forms (`["channel", "general"]` and `{operator, operand, negated}`) as objects. */
export function normalizeNarrow(narrow: Narrow | undefined): NarrowTerm[] {
  return (narrow ?? []).map((term) => {
    const { operator, operand, negated } = Array.isArray(term)
      ? { operator: term[0], operand: term[1], negated: false }
      : { operator: term.operator, operand: term.operand, negated: term.negated ?? false };
    const canonical = OPERATOR_ALIASES[operator] ?? operator;
    // upstream: is:private is the older is:dm
    const canonicalOperand = canonical === 'is' && operand === 'private' ? 'dm' : operand;
    return { operator: canonical, operand: canonicalOperand, negated };
  });
}

/** upstream BadNarrowOperatorError. */
export const badNarrow = (desc: string) => new ApiError('BAD_NARROW', `Invalid narrow operator: ${desc}`);

export interface NarrowContext {
  viewerId: number;
  /** A channel by name or ID; whether the viewer may read its whole history (can_access_stream_history). */
  channel(operand: string | number): { id: number; historyReadable: boolean } | undefined;
  /** A user's ID by address or ID. */
  userId(operand: string | number): number | undefined;
  /** Guests may not search all public channels (upstream can_access_public_streams). */
  canReadPublicChannels: boolean;
}

export interface NarrowQuery {
  /** SQL over `messages m`; `1` for the combined feed. */
  where: string;
  params: Record<string, unknown>;
  /**
   * upstream ok_to_include_history: messages beyond the viewer's own history the narrow may return,
   * as SQL over `messages m` (null: own history only). Only a non-negated channel term for a channel
   * whose history the viewer may read, or `channels:public`, opens it; an `is` term closes it.
   */
  history: string | null;
}

const PUBLIC_CHANNELS = `SELECT id FROM streams WHERE invite_only = 0 AND history_public_to_subscribers = 1`;
const WEB_PUBLIC_CHANNELS = `SELECT id FROM streams WHERE is_web_public = 1`;

/** Digits in a string form mean an ID when nothing has that name (the two-string form carries IDs as text). */
const asId = (operand: string | number) => (typeof operand === 'number' ? operand : /^\d+$/.test(operand) ? Number(operand) : undefined);

function stringOperand(term: NarrowTerm): string {
  if (typeof term.operand !== 'string') throw badRequest('elem["operand"] is not a string');
  return term.operand;
}

export function buildNarrow(terms: readonly NarrowTerm[], context: NarrowContext): NarrowQuery {
  const params: Record<string, unknown> = { viewer: context.viewerId };
  let counter = 0;
  const param = (value: unknown) => {
    const name = `n${counter++}`;
    params[name] = value;
    return `@${name}`;
  };
  const conditions: string[] = [];
  const historyChannels = new Set<number>();
  let publicHistory = false;
  let closesHistory = false;

  for (const term of terms) {
    let condition: string | null;
    switch (term.operator) {
      case 'channel': {
        if (Array.isArray(term.operand)) throw badRequest('elem["operand"] is not a string or an integer');
        const channel = context.channel(term.operand) ?? lookUpById(term.operand, context.channel);
        if (!channel) throw badNarrow(`unknown channel ${String(term.operand)}`);
        if (!term.negated && channel.historyReadable) historyChannels.add(channel.id);
        condition = `(m.type = 'stream' AND m.stream_id = ${param(channel.id)})`;
        break;
      }
      case 'channels': {
        const operand = stringOperand(term);
        if (operand === 'public') {
          if (!term.negated && context.canReadPublicChannels) publicHistory = true;
          condition = `(m.type = 'stream' AND m.stream_id IN (${PUBLIC_CHANNELS}))`;
        } else if (operand === 'web-public') {
          condition = `(m.type = 'stream' AND m.stream_id IN (${WEB_PUBLIC_CHANNELS}))`;
        } else {
          throw badNarrow(`unknown channels operand ${operand}`);
        }
        break;
      }
      case 'topic':
        // upstream topic_match_sa: case-insensitive
        condition = `(m.type = 'stream' AND lower(m.topic) = lower(${param(stringOperand(term))}))`;
        break;
      case 'sender': {
        if (Array.isArray(term.operand)) throw badRequest('elem["operand"] is not a string or an integer');
        const sender = context.userId(term.operand) ?? lookUpById(term.operand, context.userId);
        if (sender === undefined) throw badNarrow(`unknown user ${String(term.operand)}`);
        condition = `m.sender_id = ${param(sender)}`;
        break;
      }
      case 'dm': {
        const ids = dmOperandIds(term.operand, context);
        if (!ids) throw badNarrow(`unknown user in ${describeOperand(term.operand)}`);
        condition = `(m.type = 'private' AND m.dm_key = ${param(dmKey(context.viewerId, ids))})`;
        break;
      }
      case 'dm-including': {
        if (Array.isArray(term.operand)) throw badRequest('elem["operand"] is not a string or an integer');
        const user = context.userId(term.operand) ?? lookUpById(term.operand, context.userId);
        if (user === undefined) throw badNarrow(`unknown user ${String(term.operand)}`);
        condition = `(m.type = 'private' AND (',' || m.dm_key || ',') LIKE ${param(`%,${user},%`)})`;
        break;
      }
      case 'is':
        closesHistory = true;
        condition = isCondition(stringOperand(term));
        break;
      case 'search': {
        const words = searchWords(stringOperand(term));
        // Each word (or "quoted phrase") must appear in the content or the topic, ignoring case.
        condition = words.length
          ? `(${words
              .map((word) => {
                const p = param(word.toLowerCase());
                return `(instr(lower(m.content), ${p}) > 0 OR instr(lower(m.topic), ${p}) > 0)`;
              })
              .join(' AND ')})`
          : null;
        break;
      }
      case 'has':
        condition = hasCondition(stringOperand(term));
        break;
      case 'id': {
        const id = Array.isArray(term.operand) ? undefined : asId(term.operand);
        if (id === undefined) throw badNarrow('Invalid message ID');
        condition = `m.id = ${param(id)}`;
        break;
      }
      case 'near':
        // upstream: only moves the client's view, never filters
        condition = null;
        break;
      default:
        throw badNarrow(`unknown operator ${term.operator}`);
    }
    if (condition !== null) conditions.push(term.negated ? `NOT ${condition}` : condition);
  }

  let history: string | null = null;
  if (!closesHistory) {
    const sources: string[] = [];
    if (historyChannels.size) sources.push(`m.stream_id IN (${[...historyChannels].join(', ')})`);
    if (publicHistory) sources.push(`m.stream_id IN (${PUBLIC_CHANNELS})`);
    if (sources.length) history = `(m.type = 'stream' AND (${sources.join(' OR ')}))`;
  }
  return { where: conditions.length ? conditions.join(' AND ') : '1', params, history };
}

function lookUpById<T>(operand: string | number, lookup: (operand: number) => T | undefined): T | undefined {
  const id = typeof operand === 'string' ? asId(operand) : undefined;
  return id === undefined ? undefined : lookup(id);
}

/** A dm operand: a list of IDs, one ID, or a comma-separated string of addresses (or IDs). */
function dmOperandIds(operand: NarrowTerm['operand'], context: NarrowContext): number[] | undefined {
  const parts: (string | number)[] = Array.isArray(operand)
    ? operand
    : typeof operand === 'number'
      ? [operand]
      : operand.split(',').map((part) => part.trim()).filter(Boolean);
  if (parts.length === 0) return undefined;
  const ids: number[] = [];
  for (const part of parts) {
    const id = context.userId(part) ?? lookUpById(part, context.userId);
    if (id === undefined) return undefined;
    ids.push(id);
  }
  return ids;
}

const describeOperand = (operand: NarrowTerm['operand']) => (Array.isArray(operand) ? `[${operand.join(', ')}]` : String(operand));

const flagExists = (flags: string[]) =>
  `EXISTS (SELECT 1 FROM message_flags f WHERE f.user_id = @viewer AND f.message_id = m.id AND f.flag IN (${flags.map((flag) => `'${flag}'`).join(', ')}))`;

function isCondition(operand: string): string {
  switch (operand) {
    case 'dm':
      return `m.type = 'private'`;
    case 'unread':
      return `NOT ${flagExists(['read'])}`;
    case 'starred':
      return flagExists(['starred']);
    case 'mentioned':
      return flagExists(['mentioned', 'stream_wildcard_mentioned', 'topic_wildcard_mentioned']);
    case 'alerted':
      return flagExists(['has_alert_word']);
    case 'resolved':
      return `(m.type = 'stream' AND m.topic LIKE '✔ %')`;
    default:
      throw badNarrow(`unknown 'is' operand ${operand}`);
  }
}

/** upstream has: judged from the rendered HTML, as upstream's has_link, has_image and has_attachment columns are. */
function hasCondition(operand: string): string {
  switch (operand) {
    case 'link':
      return `m.rendered_content LIKE '%<a %'`;
    case 'image':
      return `m.rendered_content LIKE '%<img %'`;
    case 'attachment':
      return `m.content LIKE '%/user_uploads/%'`;
    default:
      throw badNarrow(`unknown 'has' operand ${operand}`);
  }
}

/** Words, with "quoted phrases" kept whole (upstream's search splits the same way). */
export function searchWords(operand: string): string[] {
  return [...operand.matchAll(/"([^"]+)"|(\S+)/g)].map((match) => match[1] ?? match[2] ?? '').filter(Boolean);
}
