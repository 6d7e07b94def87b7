// The activity log: every change made from this console, per realm, kept on disk by the main process.
import { z } from 'zod';
import { Role } from '../api/common';
import { ROLE_HAZARDS } from '../domain/role-rules';
import { AccountId } from './push';

/** A value of a default setting or a channel's property as the log keeps it (JSON, checked again when undone). */
const LoggedValue = z.json();

/**
 * How to reverse a logged change that succeeded, with the values it found and left, so an undo can
 * refuse when someone changed the target since. `id` names the entry for an undo.
 */
export const UndoData = z.discriminatedUnion('kind', [
  /** A role change: `from` the role before, `to` the role it left. */
  z.object({ id: z.string().min(1).max(100), kind: z.literal('role'), userId: z.int(), from: Role, to: Role }),
  /** A deactivation (`active` false) or reactivation (true): the state it left. */
  z.object({ id: z.string().min(1).max(100), kind: z.literal('status'), userId: z.int(), active: z.boolean() }),
  /** A save of default settings: each setting's value before and after. */
  z.object({ id: z.string().min(1).max(100), kind: z.literal('defaults'), changes: z.array(z.object({ setting: z.string(), old: LoggedValue, new: LoggedValue })).min(1) }),
  /** A change to a channel: each property's value before and after (ChannelChange's property names). */
  z.object({ id: z.string().min(1).max(100), kind: z.literal('channel'), channelId: z.int(), changes: z.array(z.object({ property: z.string(), old: LoggedValue, new: LoggedValue })).min(1) }),
]);
export type UndoData = z.infer<typeof UndoData>;

export const ActivityEntry = z.object({
  /** UTC milliseconds. */
  at: z.int(),
  /** The signed-in user who made the change. */
  actor: z.string(),
  /** e.g. "Changed role", "Renamed", "Deactivated", "Sent invitations". */
  action: z.string(),
  /** What was changed, in words: "Mark Member (mark@example.com)". */
  target: z.string(),
  /** e.g. "Member → Administrator". */
  details: z.string(),
  result: z.enum(['ok', 'failed']),
  /** The error in the server's words, for failures. */
  error: z.string().nullable(),
  /** The channel a change was about, so a channel's history can be listed (absent for other changes). */
  channelId: z.int().optional(),
  /** How to reverse the change: only on entries that succeeded and can be undone. */
  undo: UndoData.optional(),
  /** The bulk job (or undo) that wrote the entry, so the whole job can be undone. */
  jobId: z.string().optional(),
});
export type ActivityEntry = z.infer<typeof ActivityEntry>;

/** What an undo reverses: one entry, or every entry of a job that succeeded. */
export const UndoScope = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('entry'), entryId: z.string().min(1).max(100) }).strict(),
  z.object({ kind: z.literal('job'), jobId: z.string().min(1).max(100) }).strict(),
]);
export type UndoScope = z.infer<typeof UndoScope>;

/**
 * One step of an undo: one user's role or status, one default setting, or one property of a channel.
 * ready: it will be sent; unchanged: already back as it was; refused: it will not be (see `reason`).
 */
export const UndoStep = z.object({
  key: z.string(),
  /** The user, channel or organization, in words. */
  target: z.string(),
  /** What goes back to what: "Moderator → Member". */
  change: z.string(),
  verdict: z.enum(['ready', 'unchanged', 'refused']),
  reason: z.string().nullable(),
  /** For a role step: the user and the role they go back to, so the review can check the role rules. */
  role: z.object({ userId: z.int(), to: Role }).nullable(),
});
export type UndoStep = z.infer<typeof UndoStep>;

export const UndoReview = z.object({
  realmName: z.string(),
  /** The signed-in user, whose own role an undo may change (confirmed in words). */
  ownUserId: z.int(),
  steps: z.array(UndoStep),
});
export type UndoReview = z.infer<typeof UndoReview>;

export const UndoOutcome = z.object({
  key: z.string(),
  target: z.string(),
  change: z.string(),
  /** pending until sent; undone; unchanged (already back); refused (changed since, gone); failed (the rules or the server). */
  outcome: z.enum(['pending', 'undone', 'unchanged', 'refused', 'failed']),
  reason: z.string().nullable(),
});
export type UndoOutcome = z.infer<typeof UndoOutcome>;

export const UndoJob = z.object({
  id: z.string(),
  account: AccountId,
  status: z.enum(['running', 'done', 'cancelled']),
  startedAt: z.int(),
  finishedAt: z.int().nullable(),
  results: z.array(UndoOutcome),
});
export type UndoJob = z.infer<typeof UndoJob>;

export const activityChannels = {
  /** Newest first; with `channelId`, only the changes to that channel. */
  'activity.list': {
    input: z.object({ account: AccountId, limit: z.int().min(1).max(100_000).default(1000), channelId: z.int().optional() }).strict(),
    output: z.array(ActivityEntry),
  },
  /** The whole log as CSV (safe against formula injection), for the renderer to save. */
  'activity.exportCsv': { input: z.object({ account: AccountId }).strict(), output: z.object({ filename: z.string(), csv: z.string() }) },
  /** What an undo would do, step by step, against the realm as it is now: nothing is sent. */
  'activity.undo.review': { input: z.object({ account: AccountId, scope: UndoScope }).strict(), output: UndoReview },
  /**
   * Starts the undo as a job (progress as `job.progress` pushes of type undo, results from
   * `activity.undo.get`). Refused with CONFIRMATION_NEEDED when a role step has a hazard not in `acknowledged`.
   */
  'activity.undo.start': {
    input: z.object({ account: AccountId, scope: UndoScope, acknowledged: z.array(z.enum(ROLE_HAZARDS)).max(ROLE_HAZARDS.length).optional() }).strict(),
    output: UndoJob,
  },
  'activity.undo.get': { input: z.object({ account: AccountId, undoId: z.string().min(1).max(100) }).strict(), output: UndoJob },
  'activity.undo.cancel': { input: z.object({ account: AccountId, undoId: z.string().min(1).max(100) }).strict(), output: UndoJob },
} as const;
