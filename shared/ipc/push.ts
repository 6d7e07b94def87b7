// The one union of messages the main process pushes to the renderer, unasked.
import { z } from 'zod';
import { User } from '../api/users';
import { ChannelEntry } from './channel-entry';

/** The state of an account's event queue: connecting (before its first snapshot), live, reconnecting, offline (failing for 30 s or more, or refused). */
export const SessionState = z.enum(['connecting', 'live', 'reconnecting', 'offline']);
export type SessionState = z.infer<typeof SessionState>;

export const AccountId = z.string().min(1);
export type AccountId = z.infer<typeof AccountId>;

/**
 * An account's event queue as the renderer sees it: whether it is live, why not, when the core tries
 * again, and how old the console's copy of the realm is. Times are epoch milliseconds of the machine
 * the core and the renderer share, so a screen can count down to the next try.
 */
export const SessionStatus = z.object({
  state: SessionState,
  /** Why the session is not live, in words, when it is not (null while live or during the first try). */
  detail: z.string().nullable(),
  /**
   * When the next try to reach the server starts: in the future while the session waits, now or in the
   * past while that try is under way. Null while live, and when the session waits for the user instead
   * (the server refused the credentials: only a new sign-in, or "Retry now", tries again).
   */
  retryAt: z.number().nullable(),
  /** While not live: when the session was last live, i.e. how old the realm's data is. Null while live, and before the first snapshot. */
  lastLiveAt: z.number().nullable(),
});
export type SessionStatus = z.infer<typeof SessionStatus>;

/**
 * The collections of a realm's state a change can touch. `messages` names messages deleted on the server
 * (the state keeps no messages: it tells the screens that show some, the report's conversation).
 */
export const RealmCollection = z.enum(['realm', 'users', 'channels', 'subscriptions', 'folders', 'groups', 'defaults', 'invitations', 'reports', 'profileFields', 'presence', 'messages']);
export type RealmCollection = z.infer<typeof RealmCollection>;

/** One collection and the IDs in it that changed (empty: the collection as a whole, e.g. realm settings). */
export const RealmChange = z.object({ collection: RealmCollection, ids: z.array(z.int()) });
export type RealmChange = z.infer<typeof RealmChange>;

/**
 * At most this many records ride on one push: a larger batch (a bulk import, a resync-sized burst)
 * names IDs only, and the renderer reads those entries or the list again.
 */
export const MAX_PUSHED_RECORDS = 1_000;

/**
 * The changed entries of the large lists, as the core's state has them after the batch, so the renderer
 * patches its cached list without asking again. Present only for a collection whose IDs it covers:
 * `users` for the `users` change, `channels` for the `channels` and `subscriptions` changes (an entry
 * holds both). A changed ID with no record here is gone from the realm's state.
 */
export const ChangedRecords = z.object({
  users: z.array(User).max(MAX_PUSHED_RECORDS).optional(),
  channels: z.array(ChannelEntry).max(MAX_PUSHED_RECORDS).optional(),
});
export type ChangedRecords = z.infer<typeof ChangedRecords>;

export const JobProgress = z.object({
  id: z.string(),
  type: z.enum(['roleBatch', 'statusBatch', 'campaign', 'defaultsCopy', 'channelBatch', 'channelMove', 'subscriberJob', 'undo']),
  status: z.enum(['running', 'paused', 'done', 'cancelled', 'stopped']),
  done: z.int(),
  total: z.int(),
  /** Results so far by outcome, e.g. { changed: 12, failed: 1 }. */
  counts: z.record(z.string(), z.int()),
  etaSeconds: z.int().nullable(),
  /** Why the job paused or stopped, in words. */
  detail: z.string().nullable(),
});
export type JobProgress = z.infer<typeof JobProgress>;

export const Push = z.discriminatedUnion('kind', [
  /** An account's session status changed (its fields are SessionStatus's). */
  z.object({ kind: z.literal('session.state'), account: AccountId, ...SessionStatus.shape }),
  z.object({
    kind: z.literal('realm.changed'),
    account: AccountId,
    /** Exactly what changed, so large collections are patched rather than refetched. */
    changes: z.array(RealmChange),
    /** The changed users and channels themselves, for a batch of at most MAX_PUSHED_RECORDS. */
    records: ChangedRecords.optional(),
  }),
  z.object({
    kind: z.literal('realm.resynced'),
    account: AccountId,
  }),
  /** An account was added or removed (another window, or a sign-out the core made itself). */
  z.object({ kind: z.literal('accounts.changed') }),
  /** A long job (a bulk role change or deactivation, an invitation campaign, a copy of default settings, a bulk change to channels, an undo from the activity log) moved on. */
  z.object({ kind: z.literal('job.progress'), account: AccountId, job: JobProgress }),
  /** A new report arrived in the moderation request channel (the shell notifies the user). */
  z.object({ kind: z.literal('moderation.report'), account: AccountId, reportId: z.int(), summary: z.string() }),
  /** The account's activity log grew (coalesced: once for a burst of entries), so an open log can follow. */
  z.object({ kind: z.literal('activity.appended'), account: AccountId }),
]);
export type Push = z.infer<typeof Push>;
export type PushKind = Push['kind'];
