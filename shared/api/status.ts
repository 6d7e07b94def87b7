// spec 10: update your own status, and the spec's user status object.
// Upstream documents it: https://zulip.com/api/update-status.
import { z } from 'zod';
import { EmptySuccess, endpoint } from './envelope';
import { ReactionType, ReportedReactionType, textUpTo } from './common';

/** spec Limits: status_text. */
export const MAX_STATUS_TEXT_LENGTH = 60;

/** Spec "User status". Upstream leaves out the parts that are not set, so every field is optional. */
export const UserStatus = z.looseObject({
  status_text: z.string().optional(),
  emoji_name: z.string().optional(),
  emoji_code: z.string().optional(),
  reaction_type: ReportedReactionType.optional(),
  /** Deprecated (feature level 148): equals not `presence_enabled`. */
  away: z.boolean().optional(),
});
export type UserStatus = z.infer<typeof UserStatus>;

// spec 10: only the parameters passed change.
export const updateStatusParamsBase = z.object({
  /** The empty string clears the status. */
  status_text: textUpTo(MAX_STATUS_TEXT_LENGTH).optional(),
  /** Required if `emoji_code` or `reaction_type` is passed. */
  emoji_name: z.string().optional(),
  emoji_code: z.string().optional(),
  reaction_type: ReactionType.optional(),
  /** Deprecated. */
  away: z.boolean().optional(),
});
type UpdateStatusFields = z.output<typeof updateStatusParamsBase>;

/** spec 10's errors that depend only on the parameters (upstream's texts). */
export function checkUpdateStatusParams(p: UpdateStatusFields, ctx: z.RefinementCtx): void {
  if (Object.values(p).every((value) => value === undefined)) {
    ctx.addIssue({ code: 'custom', path: [], message: 'Client did not pass any new values.' });
  }
  if (p.emoji_name === undefined && (p.emoji_code !== undefined || p.reaction_type !== undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: ['emoji_name'],
      message: 'Client must pass emoji_name if they pass either emoji_code or reaction_type.',
    });
  }
}

export const updateStatusParams = updateStatusParamsBase.superRefine(checkUpdateStatusParams);
export type UpdateStatusParams = z.input<typeof updateStatusParams>;
export const updateStatus = endpoint('POST', '/users/me/status', updateStatusParams, EmptySuccess, { spec: 10 });
