// The activity log: every change made from this console, per realm, kept on disk by the main process.
import { z } from 'zod';
import { AccountId } from './push';

/** What kind of change an entry records: the log's "kind of change" filter. */
export const ActivityKind = z.enum(['role', 'status', 'name', 'invitation', 'defaults', 'channel', 'folder', 'subscribers', 'moderation', 'group']);
export type ActivityKind = z.infer<typeof ActivityKind>;

const Ids = z.array(z.int()).max(100_000);

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
});
export type ActivityEntry = z.infer<typeof ActivityEntry>;

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
} as const;
