// upstream DELETE /messages/{message_id}: administrators may delete any message, holders of the
// channel's can_delete_any_message_group any in that channel, and senders their own. Everyone who
// had the message hears of it (delivery turns the bulk event into one per message for old clients),
// and of the channel's new first message when it was the first.
import type { ServerContext } from '../context';
import { holdsGroupSetting } from '../db/groups';
import { canViewMessage, getMessageRow, messageRecipientIds } from '../db/message-queries';
import { getStream, groupSetting } from '../db/stream-queries';
import { isAdmin, type UserRow } from '../db/users';
import { badRequest } from '../lib/errors';

export function deleteMessage(ctx: ServerContext, actor: UserRow, messageId: number): void {
  const { db } = ctx;
  const row = getMessageRow(db, messageId);
  if (!row || !canViewMessage(db, actor, row)) throw badRequest('Invalid message(s)');
  const stream = row.type === 'stream' && row.stream_id !== null ? getStream(db, row.stream_id) : undefined;
  const allowed =
    isAdmin(actor) ||
    row.sender_id === actor.id ||
    (stream !== undefined && holdsGroupSetting(db, actor, groupSetting(stream, 'can_delete_any_message_group')));
  if (!allowed) throw badRequest("You don't have permission to delete this message");
  const recipients = messageRecipientIds(db, row);
  const firstOfChannel = (): number | null => (stream ? ((db.prepare('SELECT min(id) FROM messages WHERE stream_id = ?').pluck().get(stream.id) as number | null) ?? null) : null);
  const wasFirst = firstOfChannel() === messageId;
  db.transaction(() => {
    for (const table of ['message_flags', 'reactions', 'attachment_messages']) db.prepare(`DELETE FROM ${table} WHERE message_id = ?`).run(messageId);
    db.prepare('DELETE FROM messages WHERE id = ?').run(messageId);
  })();
  const where = row.type === 'stream' ? { message_type: 'stream', stream_id: row.stream_id, topic: row.topic } : { message_type: 'private' };
  ctx.events.publish(recipients, { type: 'delete_message', message_ids: [messageId], ...where });
  // upstream update_stream_first_message_id: the channel's history now starts later (or is empty).
  if (stream && wasFirst) {
    ctx.events.publish(recipients, { type: 'stream', op: 'update', property: 'first_message_id', value: firstOfChannel(), stream_id: stream.id, name: stream.name });
  }
}
