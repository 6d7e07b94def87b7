// Saved snippets: spec endpoints 17 (edit) and 18 (create), plus upstream's list and delete
// (feature level 297 onward). The register response also carries them as `saved_snippets`.
// Upstream documents them: https://zulip.com/api/edit-saved-snippet,
// https://zulip.com/api/create-saved-snippet.
import { z } from 'zod';
import { EmptySuccess, endpoint, successEnvelope } from './envelope';
import { Id, Timestamp } from './common';

/** Spec "Saved snippet". */
export const SavedSnippet = z.looseObject({
  id: Id,
  title: z.string(),
  /** Markdown, inserted into a message when the snippet is used. */
  content: z.string(),
  date_created: Timestamp,
});
export type SavedSnippet = z.infer<typeof SavedSnippet>;

// Upstream strips whitespace before its non-empty check, so a blank title is empty too.
const NonBlank = z.string().refine((text) => text.trim() !== '', { message: 'Must not be empty' });

// spec 18
export const createSavedSnippetParams = z.object({
  title: NonBlank,
  /** Markdown. */
  content: NonBlank,
});
export type CreateSavedSnippetParams = z.input<typeof createSavedSnippetParams>;
export const createSavedSnippet = endpoint(
  'POST',
  '/saved_snippets',
  createSavedSnippetParams,
  successEnvelope({ saved_snippet_id: Id }),
  { spec: 18 },
);

// spec 17: an unknown snippet is BAD_REQUEST; upstream also refuses a blank title or content here.
export const editSavedSnippetParams = z.object({
  saved_snippet_id: Id,
  title: NonBlank.optional(),
  content: NonBlank.optional(),
});
export type EditSavedSnippetParams = z.input<typeof editSavedSnippetParams>;
export const editSavedSnippet = endpoint(
  'PATCH',
  '/saved_snippets/{saved_snippet_id}',
  editSavedSnippetParams,
  EmptySuccess,
  { spec: 17 },
);

// upstream GET /saved_snippets
export const getSavedSnippets = endpoint(
  'GET',
  '/saved_snippets',
  z.object({}),
  successEnvelope({ saved_snippets: z.array(SavedSnippet) }),
);

// upstream DELETE /saved_snippets/{saved_snippet_id}
export const deleteSavedSnippet = endpoint(
  'DELETE',
  '/saved_snippets/{saved_snippet_id}',
  z.object({ saved_snippet_id: Id }),
  EmptySuccess,
);
