// A user's saved snippets as stored, in upstream's shape (GET /saved_snippets and the register
// snapshot's `saved_snippets`).
import type { SavedSnippet } from '../../shared/api';
import type { Db } from './connection';

export interface SnippetRow {
  id: number;
  user_id: number;
  title: string;
  content: string;
  date_created: number;
}

/** upstream SavedSnippet.to_api_dict. */
export const savedSnippetObject = (row: SnippetRow): SavedSnippet => ({ id: row.id, title: row.title, content: row.content, date_created: row.date_created });

/** upstream do_get_saved_snippets (also the register response's `saved_snippets`). */
export function listSavedSnippets(db: Db, userId: number): SavedSnippet[] {
  const rows = db.prepare('SELECT * FROM saved_snippets WHERE user_id = ? ORDER BY id').all(userId) as SnippetRow[];
  return rows.map(savedSnippetObject);
}
