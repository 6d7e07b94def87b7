// Drafts: spec endpoint 11 (create) and the spec's draft object, plus upstream's list, edit and delete.
// Changes reach the user's other clients as `drafts` events.
// Upstream documents them: https://zulip.com/api/create-drafts, https://zulip.com/api/get-drafts,
// https://zulip.com/api/edit-draft, https://zulip.com/api/delete-draft.
import { z } from 'zod';
import { EmptySuccess, endpoint, successEnvelope } from './envelope';
import { Id, Timestamp } from './common';

/** `''` is an unaddressed draft; `private` covers one-to-one and group direct messages. */
export const DraftType = z.enum(['', 'stream', 'private']);
export type DraftType = z.infer<typeof DraftType>;

/** Spec "Draft object", as fetched. */
export const Draft = z.looseObject({
  /** Only present when drafts are fetched. */
  id: Id.optional(),
  type: DraftType,
  /** One channel ID for channel drafts, user IDs for direct drafts, empty when unaddressed. */
  to: z.array(Id),
  /** Used for channel drafts; ideally empty otherwise. */
  topic: z.string(),
  content: z.string(),
  /** When last edited; the server fills it in on create if absent. */
  timestamp: Timestamp.optional(),
});
export type Draft = z.infer<typeof Draft>;

const withoutNullBytes = (what: string) =>
  z.string().refine((text) => !text.includes('\0'), { message: `${what} must not contain null bytes` });

/** A draft as sent on create or edit: no `id` (the spec forbids sending it), no NUL characters. */
export const DraftInputBase = z.object({
  type: DraftType,
  to: z.array(Id),
  topic: withoutNullBytes('Topic'),
  content: withoutNullBytes('Content'),
  timestamp: Timestamp.optional(),
});
type DraftInputFields = z.output<typeof DraftInputBase>;

/** spec 11: a channel draft names exactly one channel (upstream's text). */
export function checkDraft(draft: DraftInputFields, ctx: z.RefinementCtx): void {
  if (draft.type === 'stream' && draft.to.length !== 1) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'Must specify exactly 1 stream ID for stream messages' });
  }
}

export const DraftInput = DraftInputBase.superRefine(checkDraft);
export type DraftInput = z.input<typeof DraftInput>;

// spec 11
export const createDraftsParams = z.object({ drafts: z.array(DraftInput) });
export const createDrafts = endpoint(
  'POST',
  '/drafts',
  createDraftsParams,
  successEnvelope({
    /** IDs of the created drafts, in the order they were sent. */
    ids: z.array(Id),
  }),
  { spec: 11 },
);

// upstream GET /drafts: most recently edited first.
export const getDrafts = endpoint(
  'GET',
  '/drafts',
  z.object({}),
  successEnvelope({ count: z.int().nonnegative(), drafts: z.array(Draft) }),
);

// upstream PATCH /drafts/{draft_id}: replaces the whole draft.
export const editDraftParams = z.object({ draft_id: Id, draft: DraftInput });
export const editDraft = endpoint('PATCH', '/drafts/{draft_id}', editDraftParams, EmptySuccess);

// upstream DELETE /drafts/{draft_id}
export const deleteDraft = endpoint('DELETE', '/drafts/{draft_id}', z.object({ draft_id: Id }), EmptySuccess);
