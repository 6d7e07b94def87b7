// Reading messages: the row type, who may see a message (spec 7's history rules), the viewer's flags,
// and the spec's message object (GET /messages, message events, the outgoing webhook's `message`).
import type { Message } from '../../shared/api';
import type { Db } from './connection';
import { getStream, getSubscription, hasContentAccess, type StreamRow } from './stream-queries';
import { canSeeDeliveryEmail, gravatarUrl } from './user-queries';
import { isGuest, type UserRow } from './users';

export interface MessageRow {
  id: number;
  sender_id: number;
  type: 'stream' | 'private';
  stream_id: number | null;
  /** '' for direct messages and the empty topic. */
  topic: string;
  /** Direct messages: every participant's ID, sorted and comma-separated. */
  dm_key: string | null;
  content: string;
  rendered_content: string;
  date_sent: number;
  client: string;
  last_edit_timestamp: number | null;
  last_moved_timestamp: number | null;
}

export type Viewer = Pick<UserRow, 'id' | 'role' | 'is_active'>;

export function getMessageRow(db: Db, id: number): MessageRow | undefined {
  return db.prepare('SELECT * FROM messages WHERE id = ?').get(id) as MessageRow | undefined;
}

export const dmParticipants = (row: Pick<MessageRow, 'dm_key'>): number[] => (row.dm_key ?? '').split(',').filter(Boolean).map(Number);

/**
 * The viewer's own message history, as SQL over `messages m` with the named parameter @viewer: messages
 * they sent, direct messages they take part in, and channel messages sent while they were subscribed
 * (upstream's UserMessage rows). For a protected-history channel "while subscribed" is what
 * subscribed_after_message_id records; for other channels the seeds subscribe people from message 0.
 * (better-sqlite3 binds JS numbers as REAL, so the ID is cast before it is written into a pattern.)
 */
export const OWN_HISTORY_SQL = `(m.sender_id = @viewer
  OR (m.type = 'private' AND (',' || m.dm_key || ',') LIKE '%,' || CAST(@viewer AS INTEGER) || ',%')
  OR (m.type = 'stream' AND EXISTS (
    SELECT 1 FROM subscriptions s
    WHERE s.user_id = @viewer AND s.stream_id = m.stream_id AND s.active = 1 AND m.id > s.subscribed_after_message_id)))`;

/**
 * upstream can_access_stream_history: whether the viewer may read the channel's whole history, not
 * only what they received. Web-public and public channels (guests excepted), and channels whose history
 * is public to subscribers for those with content access.
 */
export function canReadChannelHistory(db: Db, viewer: Viewer, stream: StreamRow): boolean {
  if (stream.is_web_public) return true;
  if (!stream.invite_only && stream.history_public_to_subscribers && !isGuest(viewer)) return true;
  if (!stream.history_public_to_subscribers) return false;
  return hasContentAccess(db, viewer, stream, getSubscription(db, stream.id, viewer.id) !== undefined);
}

function inOwnHistory(db: Db, viewer: Pick<UserRow, 'id'>, row: MessageRow): boolean {
  if (row.sender_id === viewer.id) return true;
  if (row.type === 'private') return dmParticipants(row).includes(viewer.id);
  const subscription = row.stream_id === null ? undefined : getSubscription(db, row.stream_id, viewer.id);
  return subscription !== undefined && row.id > subscription.subscribed_after_message_id;
}

/** upstream access_message: the message is in the viewer's history, or in a channel history they may read. */
export function canViewMessage(db: Db, viewer: Viewer, row: MessageRow): boolean {
  if (inOwnHistory(db, viewer, row)) return true;
  if (row.type !== 'stream' || row.stream_id === null) return false;
  const stream = getStream(db, row.stream_id);
  return stream !== undefined && canReadChannelHistory(db, viewer, stream);
}

/** upstream's flag order (UserMessage.flags), so flag lists compare equal. */
const FLAG_ORDER = [
  'read',
  'starred',
  'collapsed',
  'mentioned',
  'stream_wildcard_mentioned',
  'topic_wildcard_mentioned',
  'wildcard_mentioned',
  'has_alert_word',
  'historical',
];

export function sortFlags(flags: Iterable<string>): string[] {
  const rank = (flag: string) => {
    const index = FLAG_ORDER.indexOf(flag);
    return index < 0 ? FLAG_ORDER.length : index;
  };
  return [...new Set(flags)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/**
 * The viewer's flags for a message: what message_flags holds for them, with upstream's legacy
 * `wildcard_mentioned`; a message outside their own history (read through a channel's shared history)
 * is `read` and `historical`, as upstream reports messages without a UserMessage row.
 */
export function messageFlags(db: Db, row: MessageRow, viewer: Pick<UserRow, 'id'>): string[] {
  const stored = db.prepare('SELECT flag FROM message_flags WHERE user_id = ? AND message_id = ?').pluck().all(viewer.id, row.id) as string[];
  return apiFlags(inOwnHistory(db, viewer, row) ? stored : [...stored, 'read', 'historical']);
}

/** Stored flags as the API lists them: upstream's order, with the legacy `wildcard_mentioned`. */
export function apiFlags(stored: Iterable<string>): string[] {
  const flags = new Set(stored);
  if (flags.has('stream_wildcard_mentioned') || flags.has('topic_wildcard_mentioned')) flags.add('wildcard_mentioned');
  return sortFlags(flags);
}

export interface MessageFormatOptions {
  /** spec 7 apply_markdown: HTML (default) or the Markdown source. */
  apply_markdown?: boolean;
  /** spec 7 client_gravatar (default true): null avatar_url where the viewer may see the sender's email. */
  client_gravatar?: boolean;
  /** Conventions 5 (default false): the empty topic as realm_empty_topic_display_name. */
  allow_empty_topic_name?: boolean;
}

interface SenderRow {
  id: number;
  email: string;
  delivery_email: string;
  full_name: string;
  avatar_version: number;
}

/**
 * A stable integer per conversation (upstream's Recipient ID): the channel's ID for channel messages,
 * and for direct messages a number above every channel ID derived from the participants.
 */
export function recipientId(row: Pick<MessageRow, 'type' | 'stream_id' | 'dm_key'>): number {
  if (row.type === 'stream') return row.stream_id ?? 0;
  let hash = 0x811c9dc5;
  for (const char of row.dm_key ?? '') {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return 1_000_000_000 + (hash % 1_000_000_000);
}

/**
 * Formats many messages for one viewer, reading each sender, channel and conversation once. The spec's
 * message object without `flags` (GET /messages adds them; events carry them beside the message).
 */
export function createMessageFormatter(db: Db, viewer: Viewer, options: MessageFormatOptions = {}): (row: MessageRow) => Message {
  const applyMarkdown = options.apply_markdown ?? true;
  const clientGravatar = options.client_gravatar ?? true;
  const allowEmptyTopic = options.allow_empty_topic_name ?? false;
  const userStmt = db.prepare('SELECT id, email, delivery_email, full_name, avatar_version FROM users WHERE id = ?');
  const reactionsStmt = db.prepare('SELECT emoji_name, emoji_code, reaction_type, user_id FROM reactions WHERE message_id = ? ORDER BY rowid');
  const users = new Map<number, SenderRow>();
  const user = (id: number) => {
    let found = users.get(id);
    if (!found) {
      found = userStmt.get(id) as SenderRow;
      users.set(id, found);
    }
    return found;
  };
  const channelNames = new Map<number, string>();
  const channelName = (id: number) => {
    let name = channelNames.get(id);
    if (name === undefined) {
      name = (db.prepare('SELECT name FROM streams WHERE id = ?').pluck().get(id) as string | undefined) ?? '';
      channelNames.set(id, name);
    }
    return name;
  };
  const emptyTopicName = allowEmptyTopic ? '' : (db.prepare('SELECT empty_topic_display_name FROM realm').pluck().get() as string);

  return (row) => {
    const sender = user(row.sender_id);
    const message: Message = {
      id: row.id,
      sender_id: sender.id,
      sender_email: sender.email,
      sender_full_name: sender.full_name,
      sender_realm_str: 'sandbox',
      // spec: null only with client_gravatar and when the viewer may see the sender's real address
      avatar_url: clientGravatar && canSeeDeliveryEmail(viewer, sender.id) ? null : gravatarUrl(sender.delivery_email, sender.avatar_version),
      client: row.client,
      content: applyMarkdown ? row.rendered_content : row.content,
      content_type: applyMarkdown ? 'text/html' : 'text/x-markdown',
      display_recipient:
        row.type === 'stream' && row.stream_id !== null
          ? channelName(row.stream_id)
          : dmParticipants(row).map((id) => {
              const participant = user(id);
              return { id, email: participant.email, full_name: participant.full_name, is_mirror_dummy: false };
            }),
      is_me_message: /^\/me\s/.test(row.content) && !row.content.includes('\n'),
      reactions: reactionsStmt.all(row.id) as Message['reactions'],
      recipient_id: recipientId(row),
      subject: row.type === 'stream' && row.topic === '' ? emptyTopicName : row.topic,
      submessages: [],
      timestamp: row.date_sent,
      topic_links: [],
      type: row.type,
    };
    if (row.type === 'stream' && row.stream_id !== null) message.stream_id = row.stream_id;
    if (row.last_edit_timestamp !== null) message.last_edit_timestamp = row.last_edit_timestamp;
    if (row.last_moved_timestamp !== null) message.last_moved_timestamp = row.last_moved_timestamp;
    return message;
  };
}

/** One message as `viewer` sees it (see createMessageFormatter); the event queues reuse it. */
export function messageObject(db: Db, row: MessageRow, viewer: Viewer, options: MessageFormatOptions = {}): Message {
  return createMessageFormatter(db, viewer, options)(row);
}

/** Who receives a new message: the channel's active subscribers, or the conversation's active participants; always the sender. */
export function messageRecipientIds(db: Db, row: MessageRow): number[] {
  const ids =
    row.type === 'stream'
      ? (db
          .prepare('SELECT s.user_id FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE s.stream_id = ? AND s.active = 1 AND u.is_active = 1')
          .pluck()
          .all(row.stream_id) as number[])
      : (db
          .prepare('SELECT id FROM users WHERE is_active = 1 AND id IN (SELECT value FROM json_each(?))')
          .pluck()
          .all(JSON.stringify(dmParticipants(row))) as number[]);
  return [...new Set([...ids, row.sender_id])].sort((a, b) => a - b);
}
