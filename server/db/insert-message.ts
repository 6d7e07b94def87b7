// Inserts a message row. The messages action wraps this (permissions, rendering, events); seeds call it
// directly with content already rendered.
import type { Db } from './connection';

export interface NewMessage {
  sender_id: number;
  /** A channel message, or a direct message to these participants (sender included or not). */
  to: { stream_id: number; topic: string } | { user_ids: number[] };
  content: string;
  rendered_content: string;
  date_sent: number;
  client?: string;
}

/** The key that identifies a direct-message conversation: every participant's ID, sorted. */
export function dmKey(senderId: number, userIds: readonly number[]): string {
  return [...new Set([senderId, ...userIds])].sort((a, b) => a - b).join(',');
}

export function insertMessage(db: Db, message: NewMessage): number {
  const channel = 'stream_id' in message.to ? message.to : null;
  const result = db
    .prepare(
      `INSERT INTO messages (sender_id, type, stream_id, topic, dm_key, content, rendered_content, date_sent, client)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      message.sender_id,
      channel ? 'stream' : 'private',
      channel?.stream_id ?? null,
      channel?.topic ?? '',
      'user_ids' in message.to ? dmKey(message.sender_id, message.to.user_ids) : null,
      message.content,
      message.rendered_content,
      message.date_sent,
      message.client ?? 'API',
    );
  return Number(result.lastInsertRowid);
}
