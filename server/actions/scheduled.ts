// Scheduled messages: spec 5 (edit) and upstream's list, create and delete
// (zerver/actions/scheduled_messages.py, zerver/views/scheduled_messages.py). A scheduled message is
// checked as POST /messages checks a message when it is scheduled and again when it is delivered
// (scheduled-delivery.ts). Every change is announced to the sender's clients after it commits.
import type { z } from 'zod';
import { EMPTY_TOPIC_LITERAL, type createScheduledMessageParams, type editScheduledMessageParams } from '../../shared/api';
import type { ServerContext } from '../context';
import type { Db } from '../db/connection';
import { getScheduledRow, scheduledMessageObject, type ScheduledRow } from '../db/scheduled-queries';
import type { UserRow } from '../db/users';
import { ApiError, badRequest } from '../lib/errors';
import { dbLookups } from '../db/markdown-lookups';
import { renderMessage } from '../markdown/render';
import { checkMessage } from './messages';

export type CreateScheduledParams = z.output<typeof createScheduledMessageParams>;
export type EditScheduledParams = z.output<typeof editScheduledMessageParams>;
type StoredType = ScheduledRow['type'];
/** The fields a check of type, recipients, topic and content decides. */
type Addressed = Pick<ScheduledRow, 'type' | 'stream_id' | 'topic' | 'to_user_ids' | 'content' | 'rendered_content'>;

/** Publishes upstream's scheduled_messages update event for the row as it now is. */
export function announceUpdate(ctx: ServerContext, id: number): void {
  const row = getScheduledRow(ctx.db, id);
  if (row) ctx.events.publish([row.sender_id], { type: 'scheduled_messages', op: 'update', scheduled_message: scheduledMessageObject(row) });
}

/** spec 5: `direct` and `private` are one type, `channel` and `stream` the other; upstream stores the old names. */
const storedType = (type: string): StoredType => (type === 'stream' || type === 'channel' ? 'stream' : 'private');

/** upstream extract_stream_id and extract_direct_message_recipient_ids: a channel ID, or a list of user IDs. */
function recipientsFor(type: StoredType, to: number | number[]): number | number[] {
  if (type === 'stream') {
    if (typeof to !== 'number') throw badRequest('Invalid data type for channel ID');
    return to;
  }
  if (!Array.isArray(to)) throw badRequest('Invalid data type for recipients');
  return [...new Set(to)];
}

const currentRecipients = (row: ScheduledRow): number | number[] =>
  row.type === 'stream' ? (row.stream_id as number) : (JSON.parse(row.to_user_ids) as number[]);

/** Checks the message as POST /messages would send it now (upstream check_message), and renders it. */
function checkAddressed(ctx: ServerContext, sender: UserRow, type: StoredType, to: number | number[], topic: string | undefined, content: string): Addressed {
  const checked = checkMessage(ctx, sender, { type, to, topic, content });
  const rendered = renderMessage(checked.content, dbLookups(ctx.db)).html;
  if (checked.target.kind === 'channel') {
    return { type: 'stream', stream_id: checked.target.stream.id, topic: checked.target.topic, to_user_ids: '[]', content: checked.content, rendered_content: rendered };
  }
  // upstream get_recipient_ids: the other participants in ID order, or the sender alone for a note to self
  const ids = checked.target.users.map((user) => user.id);
  const others = [...new Set(ids)].filter((id) => id !== sender.id).sort((a, b) => a - b);
  return { type: 'private', stream_id: null, topic: '', to_user_ids: JSON.stringify(others.length ? others : [sender.id]), content: checked.content, rendered_content: rendered };
}

/** upstream DeliveryTimeNotInFutureError. */
function checkInFuture(ctx: ServerContext, timestamp: number): void {
  if (timestamp * 1000 <= ctx.clock.now()) throw badRequest('Scheduled delivery time must be in the future.');
}

/**
 * upstream Client.default_read_by_sender: messages from the full clients (the web app, the mobile and
 * desktop apps, the terminal client) start out read for their sender; those from scripts do not.
 */
export function defaultReadBySender(client: string): boolean {
  const name = client.toLowerCase();
  const fullClients = ['zulipandroid', 'zulipios', 'zulipdesktop', 'zulipmobile', 'zulipelectron', 'zulipterminal', 'snipe', 'website', 'ios', 'android'];
  return fullClients.includes(name) || name.includes('desktop app');
}

/** upstream POST /scheduled_messages: returns the scheduled message's ID. */
export function createScheduledMessage(ctx: ServerContext, sender: UserRow, p: CreateScheduledParams, client: string): number {
  checkInFuture(ctx, p.scheduled_delivery_timestamp);
  const type = storedType(p.type);
  const addressed = checkAddressed(ctx, sender, type, recipientsFor(type, p.to), p.topic, p.content);
  // upstream check_schedule_message: unset, a message to oneself only is left unread
  const toSelf = addressed.type === 'private' && addressed.to_user_ids === JSON.stringify([sender.id]);
  const readBySender = p.read_by_sender ?? (defaultReadBySender(client) && !toSelf);
  const row: Omit<ScheduledRow, 'id'> = {
    ...addressed,
    sender_id: sender.id,
    scheduled_timestamp: p.scheduled_delivery_timestamp,
    read_by_sender: readBySender ? 1 : 0,
    delivered_message_id: null,
    failed: 0,
    failure_message: null,
  };
  const id = Number(
    ctx.db
      .prepare(
        `INSERT INTO scheduled_messages (sender_id, type, stream_id, topic, to_user_ids, content, rendered_content, scheduled_timestamp, read_by_sender, failed)
         VALUES (@sender_id, @type, @stream_id, @topic, @to_user_ids, @content, @rendered_content, @scheduled_timestamp, @read_by_sender, 0)`,
      )
      .run(row).lastInsertRowid,
  );
  ctx.events.publish([sender.id], { type: 'scheduled_messages', op: 'add', scheduled_messages: [scheduledMessageObject({ ...row, id })] });
  return id;
}

/** upstream access_scheduled_message (ResourceNotFoundError: HTTP 404); spec 5 names BAD_REQUEST. */
function accessScheduled(db: Db, sender: UserRow, id: number): ScheduledRow {
  const row = getScheduledRow(db, id);
  if (!row || row.sender_id !== sender.id) throw new ApiError('BAD_REQUEST', 'Scheduled message does not exist', {}, { status: 404 });
  return row;
}

/** spec 5: edit a scheduled message. */
export function editScheduledMessage(ctx: ServerContext, sender: UserRow, p: EditScheduledParams): void {
  const { db } = ctx;
  const { type, to, topic, content, scheduled_delivery_timestamp: deliverAt } = p;
  if (type === undefined && to === undefined && topic === undefined && content === undefined && deliverAt === undefined) {
    throw badRequest('Nothing to change');
  }
  // Conventions 4's exception: where the topic is required, every spelling of the empty topic is refused.
  // shared/api refuses '' and "(no topic)"; only the server knows the realm's display name.
  if (type !== undefined && storedType(type) === 'stream') {
    const displayName = db.prepare('SELECT empty_topic_display_name FROM realm').pluck().get() as string;
    if ([EMPTY_TOPIC_LITERAL, displayName, ''].includes((topic ?? '').trim())) {
      throw badRequest('A topic is required when the type changes to a channel message');
    }
  }
  if (deliverAt !== undefined) checkInFuture(ctx, deliverAt);
  const row = accessScheduled(db, sender, p.scheduled_message_id);
  if (row.delivered_message_id !== null) throw badRequest('Scheduled message was already sent');
  // spec 5 and States: a message the server failed to send needs a new delivery time
  if (row.failed && deliverAt === undefined) throw badRequest('Scheduled delivery time must be in the future.');

  let updated: ScheduledRow = { ...row };
  if (type !== undefined || to !== undefined || topic !== undefined || content !== undefined) {
    // Checked again as a whole, as it would be sent now (upstream checks again on every such edit).
    const nextType = type === undefined ? row.type : storedType(type);
    const nextTo = to === undefined ? currentRecipients(row) : recipientsFor(nextType, to);
    updated = { ...updated, ...checkAddressed(ctx, sender, nextType, nextTo, topic ?? row.topic, content ?? row.content) };
  }
  if (deliverAt !== undefined) updated.scheduled_timestamp = deliverAt;
  // upstream: an edited failed message is scheduled again
  updated = { ...updated, failed: 0, failure_message: null };
  db.prepare(
    `UPDATE scheduled_messages SET type = @type, stream_id = @stream_id, topic = @topic, to_user_ids = @to_user_ids, content = @content,
       rendered_content = @rendered_content, scheduled_timestamp = @scheduled_timestamp, failed = @failed, failure_message = @failure_message
     WHERE id = @id`,
  ).run(updated);
  announceUpdate(ctx, row.id);
}

/** upstream DELETE /scheduled_messages/{id}: cancels sending. */
export function deleteScheduledMessage(ctx: ServerContext, sender: UserRow, id: number): void {
  const row = accessScheduled(ctx.db, sender, id);
  ctx.db.prepare('DELETE FROM scheduled_messages WHERE id = ?').run(row.id);
  ctx.events.publish([sender.id], { type: 'scheduled_messages', op: 'remove', scheduled_message_id: row.id });
}
