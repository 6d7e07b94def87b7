// Saved snippets: spec 17 (edit) and 18 (create), plus upstream's list and delete
// (zerver/actions/saved_snippets.py). Each change is announced to the owner's clients after it commits.
import { charCount } from '../../shared/api';
import { seconds } from '../lib/clock';
import type { ServerContext } from '../context';
import type { Db } from '../db/connection';
import { savedSnippetObject, type SnippetRow } from '../db/snippet-queries';
import type { UserRow } from '../db/users';
import { ApiError, badRequest } from '../lib/errors';
import { MAX_MESSAGE_LENGTH } from '../lib/limits';

/** upstream SavedSnippet.MAX_TITLE_LENGTH. */
export const MAX_SNIPPET_TITLE_LENGTH = 60;

/**
 * upstream's StringConstraints(strip_whitespace=True, max_length=...): whitespace around the text goes,
 * then the limit applies. (shared/api has already refused blank text, spec 18.)
 */
function cleaned(name: 'title' | 'content', text: string): string {
  const stripped = text.trim();
  const max = name === 'title' ? MAX_SNIPPET_TITLE_LENGTH : MAX_MESSAGE_LENGTH;
  if (charCount(stripped) > max) throw badRequest(`${name} is too long (limit: ${max} characters)`);
  return stripped;
}

/** spec 17 (unknown snippet: BAD_REQUEST); upstream's ResourceNotFoundError answers with HTTP 404. */
function accessSnippet(db: Db, user: UserRow, id: number): SnippetRow {
  const row = db.prepare('SELECT * FROM saved_snippets WHERE id = ? AND user_id = ?').get(id, user.id) as SnippetRow | undefined;
  if (!row) throw new ApiError('BAD_REQUEST', 'Saved snippet does not exist.', {}, { status: 404 });
  return row;
}

/** spec 18: returns the new snippet's ID. */
export function createSavedSnippet(ctx: ServerContext, user: UserRow, title: string, content: string): number {
  const row: Omit<SnippetRow, 'id'> = { user_id: user.id, title: cleaned('title', title), content: cleaned('content', content), date_created: seconds(ctx.clock) };
  const id = Number(
    ctx.db.prepare('INSERT INTO saved_snippets (user_id, title, content, date_created) VALUES (@user_id, @title, @content, @date_created)').run(row).lastInsertRowid,
  );
  ctx.events.publish([user.id], { type: 'saved_snippets', op: 'add', saved_snippet: savedSnippetObject({ ...row, id }) });
  return id;
}

/** spec 17: changes the title, the content or both. */
export function editSavedSnippet(ctx: ServerContext, user: UserRow, id: number, change: { title?: string | undefined; content?: string | undefined }): void {
  // upstream: nothing to change is a success without an event, before the snippet is even looked up
  if (change.title === undefined && change.content === undefined) return;
  const existing = accessSnippet(ctx.db, user, id);
  const updated: SnippetRow = {
    ...existing,
    title: change.title === undefined ? existing.title : cleaned('title', change.title),
    content: change.content === undefined ? existing.content : cleaned('content', change.content),
  };
  ctx.db.prepare('UPDATE saved_snippets SET title = @title, content = @content WHERE id = @id').run(updated);
  ctx.events.publish([user.id], { type: 'saved_snippets', op: 'update', saved_snippet: savedSnippetObject(updated) });
}

/** upstream DELETE /saved_snippets/{saved_snippet_id}. */
export function deleteSavedSnippet(ctx: ServerContext, user: UserRow, id: number): void {
  const existing = accessSnippet(ctx.db, user, id);
  ctx.db.prepare('DELETE FROM saved_snippets WHERE id = ?').run(existing.id);
  ctx.events.publish([user.id], { type: 'saved_snippets', op: 'remove', saved_snippet_id: existing.id });
}
