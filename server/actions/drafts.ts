// Drafts: spec 11 (create) and upstream's list, edit and delete (zerver/lib/drafts.py). A user's drafts
// are stored only while their enable_drafts_synchronization setting is on; every change is announced
// to that user's other clients as a `drafts` event after it commits.
import type { DraftInput } from '../../shared/api';
import { seconds } from '../lib/clock';
import type { ServerContext } from '../context';
import type { Db } from '../db/connection';
import { draftObject, listDrafts, type DraftRow } from '../db/draft-queries';
import { getStream, getSubscription, hasContentAccess } from '../db/stream-queries';
import { getUser, userSettings, type UserRow } from '../db/users';
import { ApiError, badRequest } from '../lib/errors';
import { normalizeContent, truncateTopic } from './messages';

/** A draft as sent on create or edit, after shared/api's checks (no NUL, one channel for channel drafts). */
export type DraftFields = DraftInput;

type StoredDraft = Omit<DraftRow, 'id' | 'user_id'>;

/** upstream draft_endpoint: every draft endpoint refuses while synchronization is off. */
function requireSync(user: UserRow): void {
  if (userSettings(user).enable_drafts_synchronization !== true) throw badRequest('User has disabled synchronizing drafts.');
}

/** upstream ResourceNotFoundError: code BAD_REQUEST, HTTP 404. */
const draftNotFound = () => new ApiError('BAD_REQUEST', 'Draft does not exist', {}, { status: 404 });

function accessDraft(db: Db, user: UserRow, draftId: number): DraftRow {
  const row = db.prepare('SELECT * FROM drafts WHERE id = ? AND user_id = ?').get(draftId, user.id) as DraftRow | undefined;
  if (!row) throw draftNotFound();
  return row;
}

/** upstream further_validated_draft_dict: what a draft is stored as. */
function validateDraft(ctx: ServerContext, user: UserRow, draft: DraftFields): StoredDraft {
  const { db } = ctx;
  const content = normalizeContent(draft.content);
  const timestamp = draft.timestamp ?? seconds(ctx.clock);
  if (timestamp < 0) throw badRequest('Timestamp must not be negative.');
  if (draft.type === 'stream') {
    // shared/api already refused anything but exactly one channel (spec 11)
    const streamId = draft.to[0] as number;
    const stream = getStream(db, streamId);
    // upstream access_stream_by_id: unknown, archived and inaccessible channels look alike
    if (!stream || stream.is_archived || !hasContentAccess(db, user, stream, getSubscription(db, streamId, user.id) !== undefined)) {
      throw badRequest('Invalid channel ID');
    }
    return { type: 'stream', to_ids: JSON.stringify([streamId]), topic: truncateTopic(draft.topic), content, last_edit_time: timestamp };
  }
  if (draft.type === 'private' && draft.to.length > 0) {
    return { type: 'private', to_ids: JSON.stringify(directRecipientIds(db, user, draft.to)), topic: '', content, last_edit_time: timestamp };
  }
  // Unaddressed: upstream stores no recipient, so a direct draft without recipients comes back as type ''.
  return { type: '', to_ids: '[]', topic: '', content, last_edit_time: timestamp };
}

/**
 * upstream get_user_profiles_by_ids and recipient_for_user_profiles, then get_recipient_ids: the other
 * participants in ID order, or the user alone for a note to self.
 */
function directRecipientIds(db: Db, user: UserRow, to: number[]): number[] {
  for (const id of new Set(to)) {
    const recipient = getUser(db, id);
    if (!recipient) throw badRequest(`Invalid user ID ${id}`);
    if (!recipient.is_active) throw badRequest(`'${recipient.email}' is no longer using Zulip.`);
  }
  const others = [...new Set(to)].filter((id) => id !== user.id).sort((a, b) => a - b);
  return others.length > 0 ? others : [user.id];
}

/** spec 11: creates the drafts in order and returns their IDs. */
export function createDrafts(ctx: ServerContext, user: UserRow, drafts: DraftFields[]): number[] {
  requireSync(user);
  const valid = drafts.map((draft) => validateDraft(ctx, user, draft));
  const insert = ctx.db.prepare(
    'INSERT INTO drafts (user_id, type, to_ids, topic, content, last_edit_time) VALUES (@user_id, @type, @to_ids, @topic, @content, @last_edit_time)',
  );
  const created = ctx.db.transaction(() => valid.map((draft) => ({ ...draft, user_id: user.id, id: Number(insert.run({ ...draft, user_id: user.id }).lastInsertRowid) })))();
  ctx.events.publish([user.id], { type: 'drafts', op: 'add', drafts: created.map(draftObject) });
  return created.map((draft) => draft.id);
}

/** upstream GET /drafts. */
export function getDrafts(ctx: ServerContext, user: UserRow): { count: number; drafts: ReturnType<typeof draftObject>[] } {
  requireSync(user);
  const drafts = listDrafts(ctx.db, user.id);
  return { count: drafts.length, drafts };
}

/** upstream PATCH /drafts/{draft_id}: the draft is replaced as a whole. */
export function editDraft(ctx: ServerContext, user: UserRow, draftId: number, draft: DraftFields): void {
  requireSync(user);
  const existing = accessDraft(ctx.db, user, draftId);
  const valid = validateDraft(ctx, user, draft);
  ctx.db
    .prepare('UPDATE drafts SET type = @type, to_ids = @to_ids, topic = @topic, content = @content, last_edit_time = @last_edit_time WHERE id = @id')
    .run({ ...valid, id: existing.id });
  ctx.events.publish([user.id], { type: 'drafts', op: 'update', draft: draftObject({ ...valid, id: existing.id, user_id: user.id }) });
}

/** upstream DELETE /drafts/{draft_id}. */
export function deleteDraft(ctx: ServerContext, user: UserRow, draftId: number): void {
  requireSync(user);
  const existing = accessDraft(ctx.db, user, draftId);
  ctx.db.prepare('DELETE FROM drafts WHERE id = ?').run(existing.id);
  ctx.events.publish([user.id], { type: 'drafts', op: 'remove', draft_id: existing.id });
}

/**
 * Turning enable_drafts_synchronization off deletes the server's copies (issue 4). Each is announced as
 * removed. (Upstream's do_change_user_setting deletes them without events, so that clients keep their
 * local copies; the sandbox announces them as the issue asks.)
 */
export function deleteAllDrafts(ctx: ServerContext, userId: number): void {
  const ids = ctx.db.transaction(() => {
    const found = ctx.db.prepare('SELECT id FROM drafts WHERE user_id = ? ORDER BY id').pluck().all(userId) as number[];
    ctx.db.prepare('DELETE FROM drafts WHERE user_id = ?').run(userId);
    return found;
  })();
  for (const id of ids) ctx.events.publish([userId], { type: 'drafts', op: 'remove', draft_id: id });
}
