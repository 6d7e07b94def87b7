// The organization's linkifiers (upstream; the spec names register `realm_linkifiers` and the
// realm_linkifiers event): patterns in message text that become links. Administrators manage them.
// upstream: zerver/views/realm_linkifiers.py, zerver/actions/realm_linkifiers.py.
import type { ServerContext } from '../context';
import type { Db } from '../db/connection';
import { linkifiersSnapshot } from '../db/linkifier-queries';
import { isAdmin, type UserRow } from '../db/users';
import { ACTIVE_USERS } from '../events/bus';
import { ApiError, badRequest, mustBeAdmin } from '../lib/errors';
import { linkifierErrors } from './linkifier-rules';

/** upstream ValidationFailureError: the first message, and every message by field. */
function checkLinkifier(db: Db, pattern: string, urlTemplate: string, exceptId?: number): void {
  const errors = linkifierErrors(pattern, urlTemplate);
  // Django's unique_together (realm, pattern) check
  const clash = db.prepare('SELECT id FROM linkifiers WHERE pattern = ? AND id IS NOT ?').pluck().get(pattern, exceptId ?? null);
  if (clash !== undefined) (errors.__all__ ??= []).push('Realm filter with this Realm and Pattern already exists.');
  const messages = Object.values(errors).flat();
  if (messages[0] !== undefined) throw new ApiError('BAD_REQUEST', messages[0], { errors });
}

function mustAdminister(actor: UserRow): void {
  // upstream @require_realm_admin
  if (!isAdmin(actor)) throw mustBeAdmin();
}

const linkifierNotFound = () => badRequest('Linkifier not found.');

/** upstream notify_linkifiers: the whole new list, to everyone (delivery drops it for old clients). */
function publishLinkifiers(ctx: ServerContext): void {
  ctx.events.publish(ACTIVE_USERS, { type: 'realm_linkifiers', realm_linkifiers: linkifiersSnapshot(ctx.db) });
}

/** upstream do_add_linkifier: appended after the others. */
export function addLinkifier(ctx: ServerContext, actor: UserRow, rawPattern: string, rawTemplate: string): number {
  mustAdminister(actor);
  const pattern = rawPattern.trim();
  const urlTemplate = rawTemplate.trim();
  const id = ctx.db.transaction(() => {
    checkLinkifier(ctx.db, pattern, urlTemplate);
    const order = ctx.db.prepare('SELECT COALESCE(MAX(sort_order) + 1, 0) FROM linkifiers').pluck().get() as number;
    return Number(ctx.db.prepare('INSERT INTO linkifiers (pattern, url_template, sort_order) VALUES (?, ?, ?)').run(pattern, urlTemplate, order).lastInsertRowid);
  })();
  publishLinkifiers(ctx);
  return id;
}

/** upstream do_update_linkifier: pattern and template both given, order kept. */
export function updateLinkifier(ctx: ServerContext, actor: UserRow, id: number, rawPattern: string, rawTemplate: string): void {
  mustAdminister(actor);
  const pattern = rawPattern.trim();
  const urlTemplate = rawTemplate.trim();
  ctx.db.transaction(() => {
    if (ctx.db.prepare('SELECT 1 FROM linkifiers WHERE id = ?').get(id) === undefined) throw linkifierNotFound();
    checkLinkifier(ctx.db, pattern, urlTemplate, id);
    ctx.db.prepare('UPDATE linkifiers SET pattern = ?, url_template = ? WHERE id = ?').run(pattern, urlTemplate, id);
  })();
  publishLinkifiers(ctx);
}

export function removeLinkifier(ctx: ServerContext, actor: UserRow, id: number): void {
  mustAdminister(actor);
  const removed = ctx.db.prepare('DELETE FROM linkifiers WHERE id = ?').run(id).changes;
  if (removed === 0) throw linkifierNotFound();
  publishLinkifiers(ctx);
}

/** upstream check_reorder_linkifiers: every linkifier exactly once, in the new order. */
export function reorderLinkifiers(ctx: ServerContext, actor: UserRow, orderedIds: readonly number[]): void {
  mustAdminister(actor);
  if (new Set(orderedIds).size < orderedIds.length) throw badRequest('The ordered list must not contain duplicated linkifiers');
  const changed = ctx.db.transaction(() => {
    const existing = ctx.db.prepare('SELECT id FROM linkifiers').pluck().all() as number[];
    if (existing.length !== orderedIds.length || !existing.every((id) => orderedIds.includes(id))) {
      throw badRequest('The ordered list must enumerate all existing linkifiers exactly once');
    }
    const setOrder = ctx.db.prepare('UPDATE linkifiers SET sort_order = ? WHERE id = ?');
    orderedIds.forEach((id, order) => setOrder.run(order, id));
    return existing.length > 0;
  })();
  if (changed) publishLinkifiers(ctx);
}
