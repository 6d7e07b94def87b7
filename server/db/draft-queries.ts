// A user's drafts as stored, in upstream's shape (GET /drafts and the register snapshot's `drafts`).
import type { Draft } from '../../shared/api';
import type { Db } from './connection';

export interface DraftRow {
  id: number;
  user_id: number;
  type: '' | 'stream' | 'private';
  to_ids: string;
  topic: string;
  content: string;
  last_edit_time: number;
}

/** upstream Draft.to_dict. */
export function draftObject(row: DraftRow): Draft & { id: number; timestamp: number } {
  return { id: row.id, type: row.type, to: JSON.parse(row.to_ids) as number[], topic: row.topic, content: row.content, timestamp: row.last_edit_time };
}

/** upstream GET /drafts orders by last edit, oldest first (the register response is newest first). */
export function listDrafts(db: Db, userId: number): ReturnType<typeof draftObject>[] {
  const rows = db.prepare('SELECT * FROM drafts WHERE user_id = ? ORDER BY last_edit_time, id').all(userId) as DraftRow[];
  return rows.map(draftObject);
}
