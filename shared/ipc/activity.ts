// The activity log: every change made from this console, per realm, kept on disk by the main process.
import { z } from 'zod';
import { Role } from '../api/common';
import { ROLE_HAZARDS } from '../domain/role-rules';
import { AccountId } from './push';

/** What kind of change an entry records: the log's "kind of change" filter. */
export const ActivityKind = z.enum(['role', 'status', 'name', 'invitation', 'defaults', 'channel', 'folder', 'subscribers', 'moderation', 'group']);
export type ActivityKind = z.infer<typeof ActivityKind>;

const Ids = z.array(z.int()).max(100_000);

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
  // The fields the log is filtered by. Entries written before they existed lack them; reading derives
  // what it can (activity-fields.ts).
  kind: ActivityKind.optional(),
  /** The actor's user ID in the realm. */
  actorId: z.int().optional(),
  /** The users the change was about (the target, or the users added to a channel). */
  userIds: Ids.optional(),
  /** The channels the change was about. */
  channelIds: Ids.optional(),
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
/** What an undo must have confirmed: the role rules' hazards, and a shorter retention put back (older messages deleted for good). */
export const UNDO_HAZARDS = [...ROLE_HAZARDS, 'retentionLoss'] as const;
export type UndoHazard = (typeof UNDO_HAZARDS)[number];

export const UndoStep = z.object({
  key: z.string(),
  /** The user, channel or organization, in words. */
  target: z.string(),
  /** What goes back to what: "Moderator → Member". */
  change: z.string(),
  verdict: z.enum(['ready', 'unchanged', 'refused']),
  reason: z.string().nullable(),
  /** For a ready step, what it does to whom when that is more than its value (who loses sight of a channel made private again, the messages a shorter retention deletes); else absent. */
  note: z.string().optional(),
  /** A ready step that deletes messages for good (a shorter retention put back): confirmed in a box to tick, acknowledged as `retentionLoss`. */
  deletesMessages: z.literal(true).optional(),
  /** For a role step: the user and the role they go back to, so the review can check the role rules. */
  role: z.object({ userId: z.int(), to: Role }).nullable(),
  /** For a status step: the user and whether they become active, so the review can say what a deactivation does. */
  status: z.object({ userId: z.int(), active: z.boolean() }).nullable(),
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

/** The filters of `activity.query`; every one given must hold. */
export const ActivityFilters = z
  .object({
    /** Who acted: an actor's user ID, or their name as the entry words it when it has no ID. */
    actorId: z.int().optional(),
    actor: z.string().max(500).optional(),
    kinds: z.array(ActivityKind).max(20).optional(),
    /** The change was about this user or this channel. */
    userId: z.int().optional(),
    channelId: z.int().optional(),
    /** UTC milliseconds: from (inclusive), to (exclusive). */
    from: z.int().optional(),
    to: z.int().optional(),
    /** Words, each found (case-insensitive) in the actor, the action, the target, the details or the error. */
    search: z.string().max(500).optional(),
  })
  .strict();
export type ActivityFilters = z.infer<typeof ActivityFilters>;

/** One choice of a filter: an ID (or an actor's name) and how the log last named it. */
const Choice = z.object({ id: z.int().nullable(), label: z.string() });
export type ActivityChoice = z.infer<typeof Choice>;

export const ActivityPage = z.object({
  /** Entries matching the filters, in the whole log. */
  total: z.int(),
  /** The log's size, filters aside, so "no match" and "nothing yet" can be told apart. */
  size: z.int(),
  /** The page asked for, newest first. */
  entries: z.array(ActivityEntry),
  /** What the filters can be set to: the actors, users and channels the log names. */
  choices: z.object({ actors: z.array(Choice), users: z.array(Choice), channels: z.array(Choice) }),
});
export type ActivityPage = z.infer<typeof ActivityPage>;

export const activityChannels = {
  /** Newest first; with `channelId`, only the changes to that channel. */
  'activity.list': {
    input: z.object({ account: AccountId, limit: z.int().min(1).max(100_000).default(1000), channelId: z.int().optional() }).strict(),
    output: z.array(ActivityEntry),
  },
  /** One page of the entries matching the filters, newest first, run by the core over its index of the log. */
  'activity.query': {
    input: z
      .object({ account: AccountId, filters: ActivityFilters.default({}), offset: z.int().min(0).default(0), limit: z.int().min(1).max(500).default(100) })
      .strict(),
    output: ActivityPage,
  },
  /** The whole log as CSV (safe against formula injection), for the renderer to save. */
  'activity.exportCsv': { input: z.object({ account: AccountId }).strict(), output: z.object({ filename: z.string(), csv: z.string() }) },
  /** What an undo would do, step by step, against the realm as it is now: nothing is sent. */
  'activity.undo.review': { input: z.object({ account: AccountId, scope: UndoScope }).strict(), output: UndoReview },
  /**
   * Starts the undo as a job (progress as `job.progress` pushes of type undo, results from
   * `activity.undo.get`). Refused with CONFIRMATION_NEEDED when a role step has a hazard not in `acknowledged`, or a step deletes messages and `retentionLoss` is not.
   */
  'activity.undo.start': {
    input: z.object({ account: AccountId, scope: UndoScope, acknowledged: z.array(z.enum(UNDO_HAZARDS)).max(UNDO_HAZARDS.length).optional() }).strict(),
    output: UndoJob,
  },
  'activity.undo.get': { input: z.object({ account: AccountId, undoId: z.string().min(1).max(100) }).strict(), output: UndoJob },
  'activity.undo.cancel': { input: z.object({ account: AccountId, undoId: z.string().min(1).max(100) }).strict(), output: UndoJob },
} as const;
