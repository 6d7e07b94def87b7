// Typing notifications: spec endpoints 1 (composing) and 2 (editing). The server keeps no typing state:
// clients repeat `start` every `server_typing_started_wait_period_milliseconds` while composing.
// Upstream documents them: https://zulip.com/api/set-typing-status,
// https://zulip.com/api/set-typing-status-for-message-edit.
import { z } from 'zod';
import { EmptySuccess, endpoint } from './envelope';
import { ChannelId, MessageId, UserId } from './common';

export const TypingOp = z.enum(['start', 'stop']);
export type TypingOp = z.infer<typeof TypingOp>;

/** `private` is not accepted since feature level 215; `channel` since 248. */
export const TypingType = z.enum(['direct', 'stream', 'channel']);
export type TypingType = z.infer<typeof TypingType>;

// spec 1
export const setTypingStatusParamsBase = z.object({
  /** Default `direct`. */
  type: TypingType.optional(),
  op: TypingOp,
  /** Direct only: recipient user IDs, a list even for one recipient. */
  to: z.array(UserId).optional(),
  /** Channel types only. */
  stream_id: ChannelId.optional(),
  /** Channel types only; `(no topic)` and `realm_empty_topic_display_name` mean the empty topic. */
  topic: z.string().optional(),
});
type SetTypingStatusFields = z.output<typeof setTypingStatusParamsBase>;

/** What each type needs (upstream's texts). */
export function checkSetTypingStatusParams(p: SetTypingStatusFields, ctx: z.RefinementCtx): void {
  if (p.type === 'stream' || p.type === 'channel') {
    if (p.stream_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['stream_id'], message: "Missing 'stream_id' argument" });
    }
    if (p.topic === undefined) ctx.addIssue({ code: 'custom', path: ['topic'], message: 'Missing topic' });
  } else if (p.to === undefined) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: "Missing 'to' argument" });
  } else if (p.to.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: "Empty 'to' list" });
  }
}

export const setTypingStatusParams = setTypingStatusParamsBase.superRefine(checkSetTypingStatusParams);
export type SetTypingStatusParams = z.input<typeof setTypingStatusParams>;
export const setTypingStatus = endpoint('POST', '/typing', setTypingStatusParams, EmptySuccess, { spec: 1 });

// spec 2: feature level 361 onward; before, POST /message_edit_typing with message_id in the body.
export const setEditTypingStatusParams = z.object({
  message_id: MessageId,
  op: TypingOp,
});
export const setEditTypingStatus = endpoint(
  'POST',
  '/messages/{message_id}/typing',
  setEditTypingStatusParams,
  EmptySuccess,
  { spec: 2 },
);
