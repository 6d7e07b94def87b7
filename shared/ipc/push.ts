// The one union of messages the main process pushes to the renderer, unasked.
import { z } from 'zod';

/** The state of an account's event queue (DESIGN.md: connecting, live, reconnecting, offline). */
export const SessionState = z.enum(['connecting', 'live', 'reconnecting', 'offline']);
export type SessionState = z.infer<typeof SessionState>;

export const AccountId = z.string().min(1);
export type AccountId = z.infer<typeof AccountId>;

/** The collections of a realm's state a change can touch. */
export const RealmCollection = z.enum(['realm', 'users', 'channels', 'subscriptions', 'folders', 'groups', 'defaults', 'invitations', 'reports', 'profileFields']);
export type RealmCollection = z.infer<typeof RealmCollection>;

/** One collection and the IDs in it that changed (empty: the collection as a whole, e.g. realm settings). */
export const RealmChange = z.object({ collection: RealmCollection, ids: z.array(z.int()) });
export type RealmChange = z.infer<typeof RealmChange>;

export const JobProgress = z.object({
  id: z.string(),
  type: z.enum(['roleBatch', 'campaign', 'defaultsCopy']),
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
  z.object({
    kind: z.literal('session.state'),
    account: AccountId,
    state: SessionState,
    /** Why the session is not live, in words, when it is not. */
    detail: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('realm.changed'),
    account: AccountId,
    /** Exactly what changed, so large collections are patched rather than refetched. */
    changes: z.array(RealmChange),
  }),
  z.object({
    kind: z.literal('realm.resynced'),
    account: AccountId,
  }),
  /** An account was added or removed (another window, or a sign-out the core made itself). */
  z.object({ kind: z.literal('accounts.changed') }),
  /** A long job (a bulk role change, an invitation campaign, a copy of default settings) moved on. */
  z.object({ kind: z.literal('job.progress'), account: AccountId, job: JobProgress }),
  /** A new report arrived in the moderation request channel (the shell notifies the user). */
  z.object({ kind: z.literal('moderation.report'), account: AccountId, reportId: z.int(), summary: z.string() }),
]);
export type Push = z.infer<typeof Push>;
export type PushKind = Push['kind'];
