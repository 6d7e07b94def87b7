// Channels of the Users & roles screen: changes to one user, and bulk role changes run as jobs in the
// main process (bounded concurrency, one result per user, "retry failed"), and bulk deactivation and
// reactivation the same way.
import { z } from 'zod';
import { Role } from '../api/common';
import { User } from '../api/users';
import { REALM_GROUP_SETTINGS } from '../domain/channel-permissions';
import { ROLE_HAZARDS } from '../domain/role-rules';
import { AccountId } from './push';

const ForUser = z.object({ account: AccountId, userId: z.int() }).strict();

/**
 * The hazards of a role change the user confirmed in words (shared/domain/role-rules.ts: leaving no
 * administrator, taking away one's own rights). The core refuses a change with a hazard not listed
 * here with `CONFIRMATION_NEEDED`, whose `hazards` field lists what must be confirmed.
 */
export const Acknowledged = z.array(z.enum(ROLE_HAZARDS)).max(ROLE_HAZARDS.length);
export const CONFIRMATION_NEEDED = 'CONFIRMATION_NEEDED';

/** One user's result in a bulk role change. */
export const RoleChangeOutcome = z.object({
  userId: z.int(),
  fullName: z.string(),
  /** pending: not run yet; changed; unchanged: already had the role; failed: see `reason`. */
  outcome: z.enum(['pending', 'changed', 'unchanged', 'failed']),
  /** For failures: the rule or the server's words, with what to do. */
  reason: z.string().nullable(),
});
export type RoleChangeOutcome = z.infer<typeof RoleChangeOutcome>;

export const RoleBatch = z.object({
  id: z.string(),
  account: AccountId,
  role: Role,
  status: z.enum(['running', 'done', 'cancelled']),
  startedAt: z.int(),
  finishedAt: z.int().nullable(),
  results: z.array(RoleChangeOutcome),
});
export type RoleBatch = z.infer<typeof RoleBatch>;

/** One user's result in a bulk deactivation or reactivation: the same shape as a role change's. */
export const StatusChangeOutcome = RoleChangeOutcome;
export type StatusChangeOutcome = RoleChangeOutcome;

/** A bulk deactivation (`active` false) or reactivation (`active` true). */
export const StatusBatch = z.object({
  id: z.string(),
  account: AccountId,
  active: z.boolean(),
  status: z.enum(['running', 'done', 'cancelled']),
  startedAt: z.int(),
  finishedAt: z.int().nullable(),
  results: z.array(StatusChangeOutcome),
});
export type StatusBatch = z.infer<typeof StatusBatch>;

/**
 * When users were last active, from the register snapshot's presences kept live by presence events:
 * `[userId, seconds]` for each user seen within `historyLimitDays` (how far back the server was asked).
 * A user not listed was not seen in that time, or never.
 */
export const LastActive = z.object({
  historyLimitDays: z.int().nonnegative(),
  seen: z.array(z.tuple([z.int(), z.number()])),
});
export type LastActive = z.infer<typeof LastActive>;

/** A person's effective access (shared/domain/effective-access.ts), computed by the core from the live state. */
export const UserAccess = z.object({
  role: Role,
  roleAllows: z.string(),
  groups: z.array(z.object({ id: z.int(), name: z.string(), system: z.boolean(), via: z.string().nullable() })),
  channels: z.array(
    z.object({
      channelId: z.int(),
      name: z.string(),
      subscribed: z.boolean(),
      administer: z.boolean(),
      addSubscribers: z.boolean(),
      removeSubscribers: z.boolean(),
      post: z.boolean(),
    }),
  ),
  organization: z.array(z.object({ setting: z.enum(REALM_GROUP_SETTINGS), words: z.string() })),
});
export type UserAccess = z.infer<typeof UserAccess>;

const ForBatch = z.object({ account: AccountId, batchId: z.string() }).strict();

export const userChannels = {
  'users.changeRole': { input: ForUser.extend({ role: Role, acknowledged: Acknowledged.optional() }).strict(), output: User },
  'users.rename': { input: ForUser.extend({ fullName: z.string().trim().min(1).max(100) }).strict(), output: User },
  /** `acknowledged`: 'noAdministrator' when deactivating the last administrator (shared/domain/status-rules.ts reviewDeactivation). */
  'users.deactivate': { input: ForUser.extend({ acknowledged: Acknowledged.optional() }).strict(), output: User },
  /** What one person may do; it changes with groups, subscriptions, channels and roles (realm.changed). */
  'users.access': { input: ForUser, output: UserAccess },
  /** Who was last active when; `realm.changed` pushes of `presence` say whose day moved. */
  'users.lastActive': { input: z.object({ account: AccountId }).strict(), output: LastActive },
  'users.reactivate': { input: ForUser, output: User },
  /** Starts a job; progress arrives as `job.progress` pushes, the full results from `users.bulkRole.get`. */
  'users.bulkRole.start': {
    input: z.object({ account: AccountId, userIds: z.array(z.int()).min(1).max(50_000), role: Role, acknowledged: Acknowledged.optional() }).strict(),
    output: RoleBatch,
  },
  'users.bulkRole.get': { input: z.object({ account: AccountId, batchId: z.string() }).strict(), output: RoleBatch },
  /** Runs the failed changes of a batch again, as a new batch. */
  'users.bulkRole.retryFailed': { input: z.object({ account: AccountId, batchId: z.string() }).strict(), output: RoleBatch },
  'users.bulkRole.cancel': { input: z.object({ account: AccountId, batchId: z.string() }).strict(), output: RoleBatch },
  /** Deactivates or reactivates users as a job, as users.bulkRole.* change roles. */
  'users.bulkStatus.start': {
    input: z.object({ account: AccountId, userIds: z.array(z.int()).min(1).max(50_000), active: z.boolean(), acknowledged: Acknowledged.optional() }).strict(),
    output: StatusBatch,
  },
  'users.bulkStatus.get': { input: ForBatch, output: StatusBatch },
  'users.bulkStatus.retryFailed': { input: ForBatch, output: StatusBatch },
  'users.bulkStatus.cancel': { input: ForBatch, output: StatusBatch },
} as const;
