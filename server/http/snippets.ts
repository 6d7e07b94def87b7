// Saved snippets: spec 17 (PATCH /saved_snippets/{id}) and 18 (POST /saved_snippets), plus upstream's
// GET /saved_snippets and DELETE /saved_snippets/{id}.
import { createSavedSnippet, deleteSavedSnippet, editSavedSnippet, getSavedSnippets } from '../../shared/api';
import * as actions from '../actions/snippets';
import { listSavedSnippets } from '../db/snippet-queries';
import type { RouteModule } from './route';

export const snippetRoutes: RouteModule = (routes, ctx) => {
  routes.authed(getSavedSnippets, (actor) => ({ saved_snippets: listSavedSnippets(ctx.db, actor.id) }));

  routes.authed(createSavedSnippet, (actor, { title, content }) => ({
    saved_snippet_id: actions.createSavedSnippet(ctx, actor, title, content),
  }));

  routes.authed(editSavedSnippet, (actor, { saved_snippet_id, title, content }) => {
    actions.editSavedSnippet(ctx, actor, saved_snippet_id, { title, content });
    return {};
  });

  routes.authed(deleteSavedSnippet, (actor, { saved_snippet_id }) => {
    actions.deleteSavedSnippet(ctx, actor, saved_snippet_id);
    return {};
  });
};
