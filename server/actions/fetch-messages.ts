// spec 7 GET /messages: an anchor and a range around it (or listed IDs), through a narrow, over what
// the viewer may see. upstream zerver/views/message_fetch.py (parse_anchor_value, get_messages_backend)
// and zerver/lib/narrow.py (limit_query_to_range, post_process_limited_query).
import type { getMessagesParams, FetchedMessage } from '../../shared/api';
import type { z } from 'zod';
import type { ServerContext } from '../context';
import type { Db } from '../db/connection';
import {
  canReadChannelHistory,
  createMessageFormatter,
  messageFlags,
  OWN_HISTORY_SQL,
  type MessageRow,
} from '../db/message-queries';
import { getStream, getStreamByName } from '../db/stream-queries';
import { isGuest, type UserRow } from '../db/users';
import { badRequest } from '../lib/errors';
import { buildNarrow, normalizeNarrow, type NarrowContext } from './narrow';

export type GetMessagesParams = z.output<typeof getMessagesParams>;

/**
 * upstream anchors "newest" at LARGER_THAN_MAX_MESSAGE_ID (10^16), which is not a safe integer, so the
 * reply could not be read as one; the largest safe integer plays its part.
 */
export const NEWEST_ANCHOR = Number.MAX_SAFE_INTEGER;

export interface GetMessagesReply extends Record<string, unknown> {
  anchor?: number;
  found_anchor: boolean;
  found_newest: boolean;
  found_oldest: boolean;
  history_limited: boolean;
  messages: FetchedMessage[];
}

export function getMessages(ctx: ServerContext, viewer: UserRow, p: GetMessagesParams): GetMessagesReply {
  const { db } = ctx;
  const narrow = buildNarrow(normalizeNarrow(p.narrow), narrowContext(db, viewer));
  const access = narrow.history ? `(${OWN_HISTORY_SQL} OR ${narrow.history})` : OWN_HISTORY_SQL;
  const where = `${access} AND ${narrow.where}`;
  const select = (extra: string, params: Record<string, unknown> = {}) =>
    db.prepare(`SELECT m.* FROM messages m WHERE ${where} ${extra}`).all({ ...narrow.params, ...params }) as MessageRow[];
  const format = createMessageFormatter(db, viewer, {
    apply_markdown: p.apply_markdown ?? true,
    client_gravatar: p.client_gravatar ?? true,
    allow_empty_topic_name: p.allow_empty_topic_name ?? false,
  });
  const present = (rows: MessageRow[]): FetchedMessage[] => rows.map((row) => ({ ...format(row), flags: messageFlags(db, row, viewer) }));

  if (p.message_ids !== undefined) {
    // spec 7: the listed messages that exist, are visible and match the narrow; no anchor in the reply
    const rows = select('AND m.id IN (SELECT value FROM json_each(@ids)) ORDER BY m.id', { ids: JSON.stringify(p.message_ids) });
    return { found_anchor: false, found_newest: false, found_oldest: false, history_limited: false, messages: present(rows) };
  }

  const anchor = resolveAnchor(p, () => {
    const first = db
      .prepare(
        `SELECT min(m.id) FROM messages m WHERE ${OWN_HISTORY_SQL} AND ${narrow.where}
         AND NOT EXISTS (SELECT 1 FROM message_flags f WHERE f.user_id = @viewer AND f.message_id = m.id AND f.flag = 'read')`,
      )
      .pluck()
      .get(narrow.params) as number | null;
    return first ?? undefined;
  });
  const anchoredToLeft = anchor === 0;
  const anchoredToRight = anchor >= NEWEST_ANCHOR;
  const includeAnchor = p.include_anchor ?? true;
  const numBefore = p.num_before ?? 0;
  const numAfter = anchoredToRight ? 0 : (p.num_after ?? 0);

  const before = !anchoredToLeft && numBefore > 0 ? select('AND m.id < @anchor ORDER BY m.id DESC LIMIT @limit', { anchor, limit: numBefore }).reverse() : [];
  const atAnchor = includeAnchor && !anchoredToLeft && !anchoredToRight ? select('AND m.id = @anchor', { anchor }) : [];
  const after = numAfter > 0 ? select('AND m.id > @anchor ORDER BY m.id LIMIT @limit', { anchor, limit: numAfter }) : [];
  const rows = [...before, ...atAnchor, ...after];

  const foundOldest = anchoredToLeft || before.length < numBefore;
  return {
    anchor,
    found_anchor: atAnchor.length === 1,
    found_newest: anchoredToRight || after.length < numAfter,
    found_oldest: foundOldest,
    history_limited: foundOldest && hiddenByProtectedHistory(db, access, narrow.where, narrow.params, rows[0]?.id ?? anchor + 1),
    messages: present(rows),
  };
}

/** upstream parse_anchor_value; first_unread is the oldest unread message matching the narrow, else newest. */
function resolveAnchor(p: GetMessagesParams, firstUnread: () => number | undefined): number {
  if (p.use_first_unread_anchor || p.anchor === 'first_unread') return firstUnread() ?? NEWEST_ANCHOR;
  if (p.anchor === undefined) throw badRequest("Missing 'anchor' argument.");
  if (p.anchor === 'oldest') return 0;
  if (p.anchor === 'newest') return NEWEST_ANCHOR;
  return Math.min(Number(p.anchor), NEWEST_ANCHOR);
}

/**
 * spec 7 history_limited, read as the sandbox's only cut to history: whether messages matching the
 * narrow, older than what was returned, are hidden because they were sent to a protected-history
 * channel before the viewer subscribed.
 */
function hiddenByProtectedHistory(db: Db, access: string, narrowWhere: string, params: Record<string, unknown>, below: number): boolean {
  const hidden = db
    .prepare(
      `SELECT 1 FROM messages m
       JOIN subscriptions s ON s.stream_id = m.stream_id AND s.user_id = @viewer AND s.active = 1
       JOIN streams st ON st.id = m.stream_id
       WHERE m.type = 'stream' AND st.history_public_to_subscribers = 0 AND m.id <= s.subscribed_after_message_id
         AND m.id < @below AND NOT ${access} AND ${narrowWhere}
       LIMIT 1`,
    )
    .get({ ...params, below });
  return hidden !== undefined;
}

/** Channels and users as narrows name them, and what the viewer may read of each channel. */
function narrowContext(db: Db, viewer: UserRow): NarrowContext {
  const userByAddress = db.prepare('SELECT id FROM users WHERE lower(email) = lower(@address) OR lower(delivery_email) = lower(@address)').pluck();
  const userById = db.prepare('SELECT id FROM users WHERE id = ?').pluck();
  return {
    viewerId: viewer.id,
    channel(operand) {
      const stream = typeof operand === 'number' ? getStream(db, operand) : getStreamByName(db, operand);
      return stream && { id: stream.id, historyReadable: canReadChannelHistory(db, viewer, stream) };
    },
    userId(operand) {
      const id = typeof operand === 'number' ? userById.get(operand) : userByAddress.get({ address: operand });
      return id as number | undefined;
    },
    canReadPublicChannels: !isGuest(viewer),
  };
}
