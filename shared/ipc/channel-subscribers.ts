// One channel's subscribers in the channel editor: the list the console keeps live, and adding or
// removing people through upstream's POST and DELETE /users/me/subscriptions with `principals`
// (https://zulip.com/api/subscribe, https://zulip.com/api/unsubscribe), one result per person.
import { z } from 'zod';
import { AccountId } from './push';

export const SubscriberResult = z.object({
  userId: z.int(),
  /** added, alreadySubscribed, removed, notSubscribed, or failed (see `reason`). */
  outcome: z.enum(['added', 'alreadySubscribed', 'removed', 'notSubscribed', 'failed']),
  reason: z.string().nullable(),
});
export type SubscriberResult = z.infer<typeof SubscriberResult>;

/**
 * What a removal of subscribers must have confirmed before it is sent: removing oneself from a channel one is
 * in (`ownAccess`), and leaving a private channel with no subscribers (`leftEmpty`). `channels.subscribers.change`
 * and `job.start` refuse with CONFIRMATION_NEEDED, before anything is sent, when one is not in `acknowledged`.
 */
export const SUBSCRIBER_HAZARDS = ['ownAccess', 'leftEmpty'] as const;
export type SubscriberHazard = (typeof SUBSCRIBER_HAZARDS)[number];
const Acknowledged = z.array(z.enum(SUBSCRIBER_HAZARDS)).max(SUBSCRIBER_HAZARDS.length);

const ForChannel = z.object({ account: AccountId, channelId: z.int() }).strict();

export const channelSubscriberChannels = {
  /** The channel's active subscribers' IDs, as the live state has them. */
  'channels.subscribers.list': { input: ForChannel, output: z.array(z.int()) },
  'channels.subscribers.change': {
    input: ForChannel.extend({ action: z.enum(['add', 'remove']), userIds: z.array(z.int()).min(1).max(1000), acknowledged: Acknowledged.optional() }).strict(),
    output: z.array(SubscriberResult),
  },
} as const;

// The bulk subscriber job: many users added to or removed from one or many channels, in batches (one
// request per channel and batch of users), journaled so that a crash or a network cut resumes without
// doing anything twice. One result per user and channel.
export const BulkAction = z.enum(['add', 'remove']);
export type BulkAction = z.infer<typeof BulkAction>;

export const BulkSubscriberOutcome = z.enum(['pending', 'added', 'alreadySubscribed', 'removed', 'notSubscribed', 'refused', 'failed', 'cancelled']);
export type BulkSubscriberOutcome = z.infer<typeof BulkSubscriberOutcome>;

/** Each outcome in words: the job panel's counts and chips, the results CSV's Outcome column, the activity log's summary. */
export const BULK_SUBSCRIBER_OUTCOME_WORDS: Record<BulkSubscriberOutcome, string> = {
  pending: 'Waiting',
  added: 'Added',
  alreadySubscribed: 'Already subscribed',
  removed: 'Removed',
  notSubscribed: 'Not subscribed',
  refused: 'Refused',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const BulkSubscriberResult = z.object({
  userId: z.int(),
  channelId: z.int(),
  /**
   * pending: not answered yet; refused: the rules or the server said no (see `reason`); failed: see
   * `reason`; cancelled: not sent because the job was cancelled.
   */
  outcome: BulkSubscriberOutcome,
  reason: z.string().nullable(),
});
export type BulkSubscriberResult = z.infer<typeof BulkSubscriberResult>;

export const SubscriberJob = z.object({
  id: z.string(),
  account: AccountId,
  action: BulkAction,
  status: z.enum(['running', 'done', 'cancelled']),
  startedAt: z.int(),
  finishedAt: z.int().nullable(),
  /** Users per request per channel. */
  batchSize: z.int().min(1).max(1000),
  /** The channels' and users' names when the job started, for the results. */
  channels: z.array(z.object({ channelId: z.int(), name: z.string() })),
  users: z.array(z.object({ userId: z.int(), fullName: z.string(), email: z.string() })),
  results: z.array(BulkSubscriberResult),
});
export type SubscriberJob = z.infer<typeof SubscriberJob>;

/** The review before sending: per channel, who changes, who is there already, who is refused and why. */
export const SubscriberPlanChannel = z.object({
  channelId: z.int(),
  name: z.string(),
  /** Private (invite-only) channel. */
  private: z.boolean(),
  /** Who may add (or remove) subscribers here, in words. */
  rule: z.string(),
  /** Whether the signed-in user may: when not, every user is refused here with `refusal`. */
  allowed: z.boolean(),
  refusal: z.string().nullable(),
  change: z.int(),
  already: z.int(),
  refused: z.int(),
  /** Guests who would be added, and what they then see. */
  guests: z.int(),
  guestWords: z.string().nullable(),
  /** A removal that leaves this private channel with no subscribers, in words (and who could add anyone back); else null. */
  leftEmpty: z.string().nullable(),
});
export type SubscriberPlanChannel = z.infer<typeof SubscriberPlanChannel>;

export const SubscriberPlan = z.object({
  action: BulkAction,
  channels: z.array(SubscriberPlanChannel),
  /** Users refused in every channel before anything is sent (deactivated, unknown). */
  refusedUsers: z.array(z.object({ userId: z.int(), fullName: z.string(), reason: z.string() })),
  /** The organization's rule, in words. */
  organizationRule: z.string(),
  /** The channels the signed-in user would remove themselves from (subscribed there, allowed, chosen): only then is it confirmed. */
  ownRemovals: z.array(z.int()),
});
export type SubscriberPlan = z.infer<typeof SubscriberPlan>;

const BulkInput = z
  .object({
    account: AccountId,
    action: BulkAction,
    channelIds: z.array(z.int()).min(1).max(1000),
    userIds: z.array(z.int()).min(1).max(100_000),
    acknowledged: Acknowledged.optional(),
  })
  .strict();
const ForSubscriberJob = z.object({ account: AccountId, jobId: z.string().max(100) }).strict();

export const bulkSubscriberChannels = {
  /** What the job would do, from the live state, before anything is sent. */
  'channels.subscribers.plan': { input: BulkInput, output: SubscriberPlan },
  /** Starts the job and returns it at once; progress follows as `job.progress` pushes. Refused with CONFIRMATION_NEEDED when a hazard of its plan is not in `acknowledged`. */
  'channels.subscribers.job.start': { input: BulkInput, output: SubscriberJob },
  'channels.subscribers.job.get': { input: ForSubscriberJob, output: SubscriberJob },
  /** The account's jobs, newest first, without their results (a resumed one is found here after a restart). */
  'channels.subscribers.job.list': {
    input: z.object({ account: AccountId }).strict(),
    output: z.array(SubscriberJob.omit({ results: true, users: true }).extend({ total: z.int(), counts: z.record(z.string(), z.int()) })),
  },
  /** The same job again for its failed results (a batch whose fate was unknown is checked first). */
  'channels.subscribers.job.retry': { input: ForSubscriberJob, output: SubscriberJob },
  /** Stops the job after the request in flight; what was not sent is marked cancelled. A finished job is returned as it is. */
  'channels.subscribers.job.cancel': { input: ForSubscriberJob, output: SubscriberJob },
  'channels.subscribers.job.export': { input: ForSubscriberJob, output: z.object({ filename: z.string(), csv: z.string(), rows: z.int() }) },
} as const;
