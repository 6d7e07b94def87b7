// Sending messages (upstream POST /messages; check_message and do_send_messages in
// zerver/actions/message_send.py), rendering (spec 20) and marking a topic read (spec 13).
import { charCount, EMPTY_TOPIC_LITERAL, type sendMessageParams } from '../../shared/api';
import type { z } from 'zod';
import { seconds } from '../lib/clock';
import type { ServerContext } from '../context';
import type { Db } from '../db/connection';
import { holdsGroupSetting, systemGroupId } from '../db/groups';
import { insertMessage } from '../db/insert-message';
import { getMessageRow, messageRecipientIds, OWN_HISTORY_SQL, type MessageRow } from '../db/message-queries';
import { getStream, getStreamByName, getSubscription, groupSetting, hasContentAccess, type StreamRow } from '../db/stream-queries';
import { getUser, isGuest, type UserRow } from '../db/users';
import { ApiError, badRequest } from '../lib/errors';
import { MAX_MESSAGE_LENGTH, MAX_TOPIC_LENGTH, TRUNCATED_MESSAGE_MARKER, truncateContent } from '../lib/limits';
import { dbLookups } from '../db/markdown-lookups';
import { renderMessage, type RenderedMessage } from '../markdown/render';
import { linkAttachments } from './attachments';
import { messageEventGroups } from './message-events';

export type SendMessageParams = z.output<typeof sendMessageParams>;

export type MessageTarget = { kind: 'channel'; stream: StreamRow; topic: string } | { kind: 'direct'; users: UserRow[] };

export interface DeliveryOptions {
  client: string;
  /** Whether the sender's copy starts out read. */
  readBySender: boolean;
  /** For the sender's own queue: the client's local echo ID (upstream local_id, sender_queue_id). */
  localId?: string;
  senderQueueId?: string;
}

/** upstream POST /messages: checks the addressee, the content and the sender's permission, then sends. */
export function sendMessage(ctx: ServerContext, sender: UserRow, p: SendMessageParams, client: string): { id: number } {
  const { target, content } = checkMessage(ctx, sender, p);
  const id = deliverMessage(ctx, sender, target, content, {
    client,
    readBySender: p.read_by_sender ?? true,
    localId: p.local_id,
    senderQueueId: p.queue_id,
  });
  return { id };
}

/** upstream check_message: the addressee, the content and the sender's permission, without sending (scheduled messages check here first). */
export function checkMessage(ctx: ServerContext, sender: UserRow, p: Pick<SendMessageParams, 'type' | 'to' | 'topic' | 'content'>): { target: MessageTarget; content: string } {
  const toChannel = p.type === 'stream' || p.type === 'channel';
  // upstream reads the addressee before the content (Addressee.legacy_build, then check_message).
  const address = toChannel ? channelIndicator(p.to, p.topic) : directRecipients(ctx.db, p.to);
  const content = normalizeContent(p.content);
  const target: MessageTarget =
    'indicator' in address ? channelTarget(ctx.db, sender, address.indicator, address.topic) : { kind: 'direct', users: address.users };
  return { target, content };
}

/** upstream normalize_body: trailing whitespace and leading blank lines go; too long is truncated, not refused. */
export function normalizeContent(raw: string): string {
  const body = raw.replace(/\s+$/u, '').replace(/^\n+/, '');
  if (body.length === 0) throw badRequest('Message must not be empty');
  if (body.includes('\0')) throw badRequest('Message must not contain null bytes');
  return truncateContent(body, MAX_MESSAGE_LENGTH, TRUNCATED_MESSAGE_MARKER);
}

/** upstream truncate_topic: a long topic is cut, not refused. */
export const truncateTopic = (topic: string) => truncateContent(topic, MAX_TOPIC_LENGTH, '...');

/** Conventions 4: `(no topic)` and the realm's display name of the empty topic both mean the empty topic. */
export function readTopicName(db: Db, topic: string): string {
  const displayName = db.prepare('SELECT empty_topic_display_name FROM realm').pluck().get() as string;
  return topic === EMPTY_TOPIC_LITERAL || topic === displayName ? '' : topic;
}

function channelIndicator(to: SendMessageParams['to'], topic: string | undefined): { indicator: string | number; topic: string } {
  let indicator: unknown = to;
  if (Array.isArray(to)) {
    // upstream extract_stream_indicator accepts a one-element list
    if (to.length !== 1) throw badRequest('Expected exactly one channel');
    indicator = to[0];
  }
  if (typeof indicator !== 'string' && typeof indicator !== 'number') throw badRequest('Invalid data type for channel');
  if (topic === undefined) throw badRequest('Missing topic');
  return { indicator, topic };
}

function directRecipients(db: Db, to: SendMessageParams['to']): { users: UserRow[] } {
  if (typeof to === 'number') throw badRequest('Invalid data type for recipients');
  // upstream extract_private_recipients: a string is comma-separated addresses
  const list: (string | number)[] = typeof to === 'string' ? to.split(',') : to;
  const cleaned = [...new Set(list.map((item) => (typeof item === 'string' ? item.trim() : item)).filter((item) => item !== ''))];
  if (cleaned.length === 0) throw badRequest('Message must have recipients');
  const users = cleaned.map((item) => {
    if (typeof item === 'number') {
      const user = getUser(db, item);
      if (!user) throw badRequest(`Invalid user ID ${item}`);
      return user;
    }
    const user = db.prepare('SELECT * FROM users WHERE lower(email) = lower(?) OR lower(delivery_email) = lower(?)').get(item, item) as UserRow | undefined;
    if (!user) throw badRequest(`Invalid email '${item}'`);
    return user;
  });
  // upstream validate_recipient_user_profiles
  const gone = users.find((user) => !user.is_active);
  if (gone) throw badRequest(`'${gone.email}' is no longer using Zulip.`);
  return { users };
}

function channelTarget(db: Db, sender: UserRow, indicator: string | number, rawTopic: string): MessageTarget {
  const stream = typeof indicator === 'number' ? getStream(db, indicator) : getStreamByName(db, indicator.trim());
  if (!stream) {
    throw typeof indicator === 'number'
      ? new ApiError('STREAM_DOES_NOT_EXIST', `Channel with ID '${indicator}' does not exist`, { stream_id: indicator })
      : new ApiError('STREAM_DOES_NOT_EXIST', `Channel '${indicator.trim()}' does not exist`, { stream: indicator.trim() });
  }
  checkCanSendTo(db, sender, stream);
  const topic = truncateTopic(readTopicName(db, rawTopic.trim()));
  checkTopicsPolicy(db, stream, topic);
  return { kind: 'channel', stream, topic };
}

/** The channel's can_send_message_group, held by the sender or, for a bot, by its owner. */
export function checkPostingPermission(db: Db, sender: UserRow, stream: StreamRow): void {
  const canSend = groupSetting(stream, 'can_send_message_group');
  const owner = sender.is_bot && sender.bot_owner_id !== null ? getUser(db, sender.bot_owner_id) : undefined;
  if (canSend !== systemGroupId('role:everyone') && !holdsGroupSetting(db, sender, canSend) && !(owner && holdsGroupSetting(db, owner, canSend))) {
    throw badRequest('You do not have permission to post in this channel.');
  }
}

/** upstream access_stream_for_send_message, can_send_message_group first. */
function checkCanSendTo(db: Db, sender: UserRow, stream: StreamRow): void {
  checkPostingPermission(db, sender, stream);
  const owner = sender.is_bot && sender.bot_owner_id !== null ? getUser(db, sender.bot_owner_id) : undefined;
  const refused = badRequest(`Not authorized to send to channel '${stream.name}'`);
  if (stream.is_archived) throw refused;
  if (stream.is_web_public || (!stream.invite_only && !isGuest(sender))) return;
  if (getSubscription(db, stream.id, sender.id)) return;
  // Bots may send wherever their owner is subscribed.
  if (owner && getSubscription(db, stream.id, owner.id)) return;
  if (stream.history_public_to_subscribers && !isGuest(sender) && hasContentAccess(db, sender, stream, false)) return;
  throw refused;
}

/** spec topics_policy: the channel's own, or the organization's for `inherit`. */
export function effectiveTopicsPolicy(db: Db, stream: StreamRow): string {
  if (stream.topics_policy !== 'inherit') return stream.topics_policy;
  return db.prepare('SELECT topics_policy FROM realm').pluck().get() as string;
}

function checkTopicsPolicy(db: Db, stream: StreamRow, topic: string): void {
  const policy = effectiveTopicsPolicy(db, stream);
  const displayName = db.prepare('SELECT empty_topic_display_name FROM realm').pluck().get() as string;
  // upstream MessagesNotAllowedInEmptyTopicError and TopicsNotAllowedError
  if (policy === 'disable_empty_topic' && topic === '') {
    throw badRequest(`Sending messages to the ${displayName} topic is not allowed in this channel.`);
  }
  if (policy === 'empty_topic_only' && topic !== '') throw badRequest(`Only the ${displayName} topic is allowed in this channel.`);
}

/**
 * Stores a message already checked, with everyone's flags, and announces it after the commit. Also
 * how the notification bot posts reports (no permission checks: upstream's system bots may post anywhere).
 */
export function deliverMessage(ctx: ServerContext, sender: UserRow, target: MessageTarget, content: string, options: DeliveryOptions): number {
  const { db } = ctx;
  const rendered = renderMessage(content, dbLookups(db));
  const sent = db.transaction(() => {
    const id = insertMessage(db, {
      sender_id: sender.id,
      to: target.kind === 'channel' ? { stream_id: target.stream.id, topic: target.topic } : { user_ids: target.users.map((user) => user.id) },
      content,
      rendered_content: rendered.html,
      date_sent: seconds(ctx.clock),
      client: options.client,
    });
    const row = getMessageRow(db, id) as MessageRow;
    const recipients = messageRecipientIds(db, row);
    const flags = initialFlags(db, row, recipients, rendered, options.readBySender);
    const insertFlag = db.prepare('INSERT OR IGNORE INTO message_flags (user_id, message_id, flag) VALUES (?, ?, ?)');
    for (const [userId, userFlags] of flags) for (const flag of userFlags) insertFlag.run(userId, id, flag);
    linkAttachments(ctx, id, sender, rendered.html); // spec 23: sharing a link shares the upload
    return { row, flags };
  })();
  for (const group of messageEventGroups(db, sent.row, sent.flags, options)) ctx.events.publish(group.recipients, group.event);
  return sent.row.id;
}

/** upstream create_user_messages: read for the sender, mentioned for loud mentions, wildcard flags. */
function initialFlags(db: Db, row: MessageRow, recipients: number[], rendered: RenderedMessage, readBySender: boolean): Map<number, string[]> {
  const topicParticipants =
    rendered.mentions.topicWildcard && row.type === 'stream'
      ? new Set(db.prepare('SELECT DISTINCT sender_id FROM messages WHERE stream_id = ? AND topic = ?').pluck().all(row.stream_id, row.topic) as number[])
      : new Set<number>();
  const flags = new Map<number, string[]>();
  for (const userId of recipients) {
    const userFlags: string[] = [];
    if (userId === row.sender_id && readBySender) userFlags.push('read');
    if (rendered.mentions.userIds.has(userId)) userFlags.push('mentioned');
    if (rendered.mentions.streamWildcard) userFlags.push('stream_wildcard_mentioned');
    if (topicParticipants.has(userId)) userFlags.push('topic_wildcard_mentioned');
    flags.set(userId, userFlags);
  }
  return flags;
}

/** spec 20: the HTML a message with this content would get. */
export function renderContent(ctx: ServerContext, content: string): { rendered: string } {
  if (charCount(content) > MAX_MESSAGE_LENGTH) throw badRequest(`content is too long (limit: ${MAX_MESSAGE_LENGTH} characters)`);
  return { rendered: renderMessage(content, dbLookups(ctx.db)).html };
}

/** spec 13: marks the user's unread messages in one topic read (upstream mark_topic_as_read). */
export function markTopicAsRead(ctx: ServerContext, user: UserRow, streamId: number, topicName: string): void {
  const { db } = ctx;
  const stream = getStream(db, streamId);
  // upstream access_stream_by_id: unknown, archived and inaccessible channels look alike
  if (!stream || stream.is_archived || !hasContentAccess(db, user, stream, getSubscription(db, stream.id, user.id) !== undefined)) {
    throw badRequest('Invalid channel ID');
  }
  const topic = readTopicName(db, topicName);
  const inTopic = db
    .prepare(
      `SELECT m.id, EXISTS (SELECT 1 FROM message_flags f WHERE f.user_id = @viewer AND f.message_id = m.id AND f.flag = 'read') AS read
       FROM messages m WHERE m.type = 'stream' AND m.stream_id = @stream AND lower(m.topic) = lower(@topic) AND ${OWN_HISTORY_SQL}
       ORDER BY m.id`,
    )
    .all({ viewer: user.id, stream: stream.id, topic }) as { id: number; read: number }[];
  if (topic !== '' && inTopic.length === 0) throw badRequest(`No such topic '${topicName}'`);
  const unread = inTopic.filter((message) => !message.read).map((message) => message.id);
  if (unread.length === 0) return;
  const insert = db.prepare("INSERT OR IGNORE INTO message_flags (user_id, message_id, flag) VALUES (?, ?, 'read')");
  db.transaction(() => {
    for (const id of unread) insert.run(user.id, id);
  })();
  // upstream do_mark_stream_messages_as_read
  ctx.events.publish([user.id], { type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: unread, all: false });
}
