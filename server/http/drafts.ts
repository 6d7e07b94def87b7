// Drafts: spec 11 (POST /drafts) and upstream's GET /drafts, PATCH /drafts/{draft_id} and
// DELETE /drafts/{draft_id}.
import type { FastifyRequest } from 'fastify';
import { createDrafts, deleteDraft, editDraft, getDrafts } from '../../shared/api';
import * as actions from '../actions/drafts';
import { badRequest } from '../lib/errors';
import type { RouteModule } from './route';

export const draftRoutes: RouteModule = (routes, ctx) => {
  routes.authed(createDrafts, (actor, { drafts }, { request }) => {
    const raw = rawParam(request, 'drafts');
    if (Array.isArray(raw)) raw.forEach((draft, index) => rejectUnexpectedKeys(draft, `drafts[${index}]`));
    return { ids: actions.createDrafts(ctx, actor, drafts) };
  });

  routes.authed(getDrafts, (actor) => actions.getDrafts(ctx, actor));

  routes.authed(editDraft, (actor, { draft_id, draft }, { request }) => {
    rejectUnexpectedKeys(rawParam(request, 'draft'), 'draft');
    actions.editDraft(ctx, actor, draft_id, draft);
    return {};
  });

  routes.authed(deleteDraft, (actor, { draft_id }) => {
    actions.deleteDraft(ctx, actor, draft_id);
    return {};
  });
};

const DRAFT_KEYS = new Set(['type', 'to', 'topic', 'content', 'timestamp']);

/**
 * spec Draft object: `id` must not be sent on create or edit. shared/api's schema drops unknown keys,
 * so the raw value is checked here; upstream's DraftData forbids every extra key, in these words
 * (typed_endpoint's extra_forbidden template).
 */
function rejectUnexpectedKeys(draft: unknown, varName: string): void {
  if (!draft || typeof draft !== 'object' || Array.isArray(draft)) return;
  const extra = Object.keys(draft).find((key) => !DRAFT_KEYS.has(key));
  if (extra !== undefined) throw badRequest(`Argument "${extra}" at ${varName}[${JSON.stringify(extra)}] is unexpected`);
}

/** The parameter as the client sent it (already known to be valid JSON: the schema parsed it). */
function rawParam(request: FastifyRequest, name: string): unknown {
  for (const source of [request.body, request.query]) {
    if (!source || typeof source !== 'object' || !(name in source)) continue;
    const value = (source as Record<string, unknown>)[name];
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
