// The activity log: every change made from this console, per realm, kept on disk by the main process.
import { z } from 'zod';
import { AccountId } from './push';

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
});
export type ActivityEntry = z.infer<typeof ActivityEntry>;

export const activityChannels = {
  /** Newest first; with `channelId`, only the changes to that channel. */
  'activity.list': {
    input: z.object({ account: AccountId, limit: z.int().min(1).max(100_000).default(1000), channelId: z.int().optional() }).strict(),
    output: z.array(ActivityEntry),
  },
  /** The whole log as CSV (safe against formula injection), for the renderer to save. */
  'activity.exportCsv': { input: z.object({ account: AccountId }).strict(), output: z.object({ filename: z.string(), csv: z.string() }) },
} as const;
