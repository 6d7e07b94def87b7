// Bulk role changes as main-process jobs: a few changes at a time (the server is shared with everyone
// else using the realm), one result per user, progress pushed to the renderer, "retry failed", cancel.
//
// Batches live in memory only, unlike invitation campaigns (which are journaled): a role change is
// idempotent and its effect is visible on the server, so a batch lost to a quit or a crash loses nothing
// the server does not already show. The users table shows who has which role; running the same
// change again skips everyone who already has the role ("unchanged", no request).
//
// A job whose plan would leave no administrator or take away the signed-in user's own rights starts
// only when the input says the user confirmed exactly that (shared/domain/role-rules.ts); each change
// is checked again as it runs, against the state of that moment.
import type { Role, User } from '../../../shared/api';
import { countHumanOwners, planRoleChange, ROLE_NAMES, type RoleHazard } from '../../../shared/domain/role-rules';
import type { RoleBatch, RoleChangeOutcome } from '../../../shared/ipc';
import { errorMessage } from '../../../shared/node/error-message';
import type { SessionManager } from '../session-manager';
import { unconfirmed, type ChangeAttempt, type UserChanges } from '../users/user-changes';
import { changeJobRunner, pendingPerUser, stateToStart, type ChangeJobsOptions } from './change-jobs';
import type { JobRunner } from './job-runner';

export interface RoleBatchesOptions extends ChangeJobsOptions {
  changes: Pick<UserChanges, 'attemptRole'>;
}

/** The hazards the user confirmed; "retry failed" keeps them, as it retries part of the same change. */
type Acknowledged = readonly RoleHazard[];

export class RoleBatches {
  private readonly changes: Pick<UserChanges, 'attemptRole'>;
  private readonly sessions: SessionManager;
  private readonly runner: JobRunner<RoleChangeOutcome, RoleBatch, Acknowledged>;

  constructor(options: RoleBatchesOptions) {
    this.changes = options.changes;
    this.sessions = options.sessions;
    this.runner = changeJobRunner(options, {
      type: 'roleBatch',
      keepFinished: 50,
      outcomes: ['changed', 'unchanged', 'failed'],
      idField: 'batchId',
      words: {
        unknown: 'That bulk role change is not known: bulk changes are kept only while the console runs. The users table shows every role as it is now.',
        running: 'This bulk role change is still running. Wait for it to finish, or cancel it, before retrying its failures.',
      },
    });
  }

  /**
   * Starts the job and returns at once, every result pending; progress follows as pushes. Refused with
   * CONFIRMATION_NEEDED, before anything is sent, when the plan has a hazard not in `acknowledged`.
   */
  async start(account: string, userIds: readonly number[], role: Role, acknowledged: Acknowledged = []): Promise<RoleBatch> {
    const subject = `The bulk change to ${ROLE_NAMES[role].toLowerCase()} did not start`;
    const state = await stateToStart(this.sessions, account, subject);
    const ids = [...new Set(userIds)];
    const known = ids.flatMap((id) => state.users.get(id) ?? []);
    const plan = planRoleChange<User>(state.ownRole, known, role, countHumanOwners(state.users.values()), state.ownUserId);
    const refusal = unconfirmed(state, plan.changes, role, acknowledged, subject);
    if (refusal) throw refusal;
    const results: RoleChangeOutcome[] = pendingPerUser(state, ids);
    const batch: RoleBatch = { ...this.runner.fresh(account), role, results };
    // The signed-in user's own change goes last, alone: demoting oneself first could make the rest fail
    // (and the plan above is worked out in this order).
    const own = results.filter((result) => result.userId === state.ownUserId);
    const others = results.filter((result) => result.userId !== state.ownUserId);
    return this.runner.launch(batch, acknowledged, [others, own], (result) => this.runOne(batch, acknowledged, result));
  }

  get(account: string, batchId: string): RoleBatch {
    return this.runner.get(account, batchId);
  }

  /** A new batch of the users whose change failed (or was cancelled), with the same role. */
  async retryFailed(account: string, batchId: string): Promise<RoleBatch> {
    const nothing = 'No change in this bulk role change failed, so there is nothing to retry.';
    const { job, extra, results } = this.runner.toRetry(account, batchId, (result) => result.outcome === 'failed', nothing);
    return this.start(account, results.map((result) => result.userId), job.role, extra);
  }

  /**
   * Stops sending: changes not yet sent fail as cancelled at once. Those already sent are left to
   * finish (the server may have applied them already), and their results follow as pushes.
   */
  cancel(account: string, batchId: string): RoleBatch {
    return this.runner.cancel(account, batchId);
  }

  /** Cancels every running batch and waits for the changes already sent (when the core closes). */
  stopAll(): Promise<void> {
    return this.runner.stopAll();
  }

  private async runOne(batch: RoleBatch, acknowledged: Acknowledged, result: RoleChangeOutcome): Promise<void> {
    let attempt: ChangeAttempt;
    try {
      attempt = await this.changes.attemptRole(batch.account, result.userId, batch.role, { note: 'bulk change', acknowledged, jobId: batch.id });
    } catch (error) {
      // A bug must cost one result, not the batch.
      attempt = { outcome: 'failed', reason: `The console failed while changing this user: ${errorMessage(error)}`, code: 'INTERNAL' };
    }
    Object.assign(result, { outcome: attempt.outcome, reason: attempt.outcome === 'failed' ? attempt.reason : null });
  }
}
