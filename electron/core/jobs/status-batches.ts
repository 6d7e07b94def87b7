// Bulk deactivation and reactivation as main-process jobs on the shared runner, as role-batches.ts does
// for roles: a few changes at a time, one result per user, progress pushed as `job.progress` (type
// `statusBatch`), cancel and "retry failed", every change in the activity log (through UserChanges).
//
// Nothing is skipped silently: a user already in the state asked for is a result of its own, which says
// whether they were so when the job started or someone else changed them while it ran; a user the rules
// refuse (shared/domain/status-rules.ts: the last owner, oneself, bots) fails with the rule's words. If
// the signed-in user stops being an administrator while the job runs, every change not yet sent fails
// saying so, rather than each being refused by the server one by one.
//
// In memory only, like role batches: a deactivation is visible on the server and in the users table.
import type { User } from '../../../shared/api';
import type { RoleHazard } from '../../../shared/domain/role-rules';
import { planStatusChange } from '../../../shared/domain/status-rules';
import type { StatusBatch, StatusChangeOutcome } from '../../../shared/ipc';
import { errorMessage } from '../../../shared/node/error-message';
import type { SessionManager } from '../session-manager';
import { unconfirmedDeactivation, type ChangeAttempt, type UserChanges } from '../users/user-changes';
import { changeJobRunner, pendingPerUser, stateToStart, type ChangeJobsOptions } from './change-jobs';
import type { JobRunner } from './job-runner';

export interface StatusBatchesOptions extends ChangeJobsOptions {
  changes: Pick<UserChanges, 'attemptStatus'>;
}

/**
 * Whether each user was active when the job started (to tell "already as asked" from "changed
 * meanwhile"), and the hazards the user confirmed, which "retry failed" keeps.
 */
interface Extra {
  atStart: ReadonlyMap<number, boolean>;
  acknowledged: readonly RoleHazard[];
}

const verbs = (active: boolean) => (active ? { done: 'reactivated', doing: 'reactivation' } : { done: 'deactivated', doing: 'deactivation' });

export class StatusBatches {
  private readonly changes: Pick<UserChanges, 'attemptStatus'>;
  private readonly sessions: SessionManager;
  private readonly runner: JobRunner<StatusChangeOutcome, StatusBatch, Extra>;

  constructor(options: StatusBatchesOptions) {
    this.changes = options.changes;
    this.sessions = options.sessions;
    this.runner = changeJobRunner(options, {
      type: 'statusBatch',
      keepFinished: 50,
      outcomes: ['changed', 'unchanged', 'failed'],
      idField: 'batchId',
      words: {
        unknown: 'That bulk deactivation or reactivation is not known: bulk changes are kept only while the console runs. The users table shows who is active now.',
        running: 'This bulk deactivation or reactivation is still running. Wait for it to finish, or cancel it, before retrying its failures.',
      },
    });
  }

  /**
   * Starts the job and returns at once, every result pending; progress follows as pushes. A
   * deactivation that would leave no administrator is refused with CONFIRMATION_NEEDED, before anything
   * is sent, unless `acknowledged` says the user confirmed it; each change is checked again as it runs.
   */
  async start(account: string, userIds: readonly number[], active: boolean, acknowledged: readonly RoleHazard[] = []): Promise<StatusBatch> {
    const subject = `The bulk ${verbs(active).doing} did not start`;
    const state = await stateToStart(this.sessions, account, subject);
    const ids = [...new Set(userIds)];
    const known = ids.flatMap((id) => state.users.get(id) ?? []);
    if (!active) {
      const plan = planStatusChange<User>({ role: state.ownRole, userId: state.ownUserId }, known, false, state.users.values());
      const refusal = unconfirmedDeactivation(state, plan.changes, acknowledged, subject);
      if (refusal) throw refusal;
    }
    const extra: Extra = { atStart: new Map(known.map((user) => [user.user_id, user.is_active])), acknowledged };
    const results: StatusChangeOutcome[] = pendingPerUser(state, ids);
    const batch: StatusBatch = { ...this.runner.fresh(account), active, results };
    return this.runner.launch(batch, extra, [results], (result) => this.runOne(batch, extra, result));
  }

  get(account: string, batchId: string): StatusBatch {
    return this.runner.get(account, batchId);
  }

  /** A new batch of the users whose change failed (or was cancelled), the same way round. */
  async retryFailed(account: string, batchId: string): Promise<StatusBatch> {
    const nothing = 'No change in this bulk deactivation or reactivation failed, so there is nothing to retry.';
    const { job, extra, results } = this.runner.toRetry(account, batchId, (result) => result.outcome === 'failed', nothing);
    return this.start(account, results.map((result) => result.userId), job.active, extra.acknowledged);
  }

  cancel(account: string, batchId: string): StatusBatch {
    return this.runner.cancel(account, batchId);
  }

  stopAll(): Promise<void> {
    return this.runner.stopAll();
  }

  private async runOne(batch: StatusBatch, { atStart, acknowledged }: Extra, result: StatusChangeOutcome): Promise<void> {
    const { done } = verbs(batch.active);
    const state = this.sessions.get(batch.account).state;
    if (state && state.ownRole > 200) {
      Object.assign(result, {
        outcome: 'failed',
        reason: `Not ${done}: you are no longer an administrator or owner of ${state.realmName} (your role changed while this job ran). Ask an owner to restore your role, then use "Retry failed".`,
      });
      return;
    }
    let attempt: ChangeAttempt;
    try {
      attempt = await this.changes.attemptStatus(batch.account, result.userId, batch.active, { note: 'bulk change', acknowledged, jobId: batch.id });
    } catch (error) {
      // A bug must cost one result, not the batch.
      attempt = { outcome: 'failed', reason: `The console failed while changing this user: ${errorMessage(error)}`, code: 'INTERNAL' };
    }
    if (attempt.outcome === 'failed') {
      Object.assign(result, { outcome: 'failed', reason: attempt.reason });
      return;
    }
    let reason: string | null = null;
    if (attempt.outcome === 'unchanged') {
      // "Already active", not "already reactivated": the user may never have been deactivated.
      const already = batch.active ? 'active' : 'deactivated';
      reason = atStart.get(result.userId) === batch.active ? `Already ${already}.` : `Already ${already}: someone else did it while this job ran, before it reached them.`;
    }
    Object.assign(result, { outcome: attempt.outcome, reason });
  }
}
