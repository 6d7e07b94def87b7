// Moving channels into a folder, or out of every folder, as a main-process job: one result per
// channel (spec 3's `folder_id`, sent with the folder the console saw as `old`), progress as
// `job.progress` pushes, "retry failed", and every attempt in the activity log.
import { z } from 'zod';
import { FolderId } from '../api/common';
import { AccountId } from './push';

export const ChannelMoveResult = z.object({
  channelId: z.int(),
  /** The channel's name when the job started. */
  name: z.string(),
  /** pending: not sent yet; moved; unchanged: already there; failed: see `reason`. */
  outcome: z.enum(['pending', 'moved', 'unchanged', 'failed']),
  reason: z.string().nullable(),
});
export type ChannelMoveResult = z.infer<typeof ChannelMoveResult>;

export const ChannelMove = z.object({
  id: z.string(),
  account: AccountId,
  /** The folder moved into; null: out of every folder. */
  folderId: FolderId.nullable(),
  /** The folder's name when the job started ("No folder" for null). */
  folderName: z.string(),
  status: z.enum(['running', 'done', 'cancelled']),
  startedAt: z.int(),
  finishedAt: z.int().nullable(),
  results: z.array(ChannelMoveResult),
});
export type ChannelMove = z.infer<typeof ChannelMove>;

const ForJob = z.object({ account: AccountId, jobId: z.string().max(100) }).strict();

export const channelMoveChannels = {
  /** Starts a job and returns it at once, every result pending. */
  'channels.move.start': {
    input: z.object({ account: AccountId, channelIds: z.array(z.int()).min(1).max(20_000), folderId: FolderId.nullable() }).strict(),
    output: ChannelMove,
  },
  'channels.move.get': { input: ForJob, output: ChannelMove },
  /** A new job of the channels whose move failed, into the same folder. */
  'channels.move.retry': { input: ForJob, output: ChannelMove },
} as const;
