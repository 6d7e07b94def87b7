// Scheduled messages as stored, in upstream's shape (GET /scheduled_messages, the register snapshot's
// `scheduled_messages` and the scheduled_messages events).
import type { ScheduledMessage } from '../../shared/api';
import type { Db } from './connection';

type StoredType = 'stream' | 'private';

export interface ScheduledRow {
  id: number;
  sender_id: number;
  type: StoredType;
  stream_id: number | null;
  topic: string;
  to_user_ids: string;
  content: string;
  rendered_content: string;
  scheduled_timestamp: number;
  read_by_sender: number | null;
  delivered_message_id: number | null;
  failed: number;
  failure_message: string | null;
}

/** upstream ScheduledMessage.to_dict: channel messages carry `topic` and a channel ID as `to`. */
export function scheduledMessageObject(row: ScheduledRow): ScheduledMessage {
  const common = {
    scheduled_message_id: row.id,
    content: row.content,
    rendered_content: row.rendered_content,
    scheduled_delivery_timestamp: row.scheduled_timestamp,
    failed: row.failed === 1,
  };
  return row.type === 'stream'
    ? { ...common, to: row.stream_id as number, type: 'stream', topic: row.topic }
    : { ...common, to: JSON.parse(row.to_user_ids) as number[], type: 'private' };
}

export function getScheduledRow(db: Db, id: number): ScheduledRow | undefined {
  return db.prepare('SELECT * FROM scheduled_messages WHERE id = ?').get(id) as ScheduledRow | undefined;
}

/** upstream get_undelivered_scheduled_messages: failed ones included, earliest delivery first. */
export function listScheduledMessages(db: Db, senderId: number): ScheduledMessage[] {
  const rows = db
    .prepare('SELECT * FROM scheduled_messages WHERE sender_id = ? AND delivered_message_id IS NULL ORDER BY scheduled_timestamp, id')
    .all(senderId) as ScheduledRow[];
  return rows.map(scheduledMessageObject);
}
