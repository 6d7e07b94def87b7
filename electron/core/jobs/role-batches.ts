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
import { randomUUID } from 'node:crypto';
import type { Role, User } from '../../../shared/api';
import { countHumanOwners, planRoleChange, ROLE_NAMES, type RoleHazard } from '../../../shared/domain/role-rules';
import type { JobProgress, Push, RoleBatch, RoleChangeOutcome } from '../../../shared/ipc';
import { ConsoleError } from '../errors';
import type { RealmState } from '../session/realm-state';
import type { SessionManager } from '../session-manager';
import { changeFailed } from '../users/change-words';
import { unconfirmed, type ChangeAttempt, type UserChanges } from '../users/user-changes';
import { errorMessage } from '../../../shared/node/error-message';

export interface RoleBatchesOptions {
  changes: Pick<UserChanges, 'attemptRole'>;
  sessions: SessionManager;
  push: (message: Push) => void;
  /** Changes in flight at once. Default 4. */
  concurrency?: number;
  /** Least time between two progress pushes of a batch. Default 200 ms. */
  progressIntervalMs?: number;
  now?: () => number;
}

interface Run {
  batch: RoleBatch;
  /** The hazards the user confirmed; "retry failed" keeps them, as it retries part of the same change. */
  acknowledged: readonly RoleHazard[];
  /** Index of each user's result in `batch.results`. */
  indexOf: Map<number, number>;
  cancelled: boolean;
  /** Users whose change has been sent and not yet answered. */
  inFlight: Set<number>;
  lastPushAt: number;
  pushTimer: ReturnType<typeof setTimeout> | null;
  finished: Promise<void>;
}

/** Finished batches kept for `get` and "retry failed"; the oldest beyond this are forgotten. */
const KEEP_FINISHED = 50;
export const CANCELLED_REASON = 'Cancelled before the change was sent.';

export class RoleBatches {
  private readonly runs = new Map<string, Run>();
  private readonly changes: Pick<UserChanges, 'attemptRole'>;
  private readonly sessions: SessionManager;
  private readonly push: (message: Push) => void;
  private readonly concurrency: number;
  private readonly progressIntervalMs: number;
  private readonly now: () => number;

  constructor(options: RoleBatchesOptions) {
    this.changes = options.changes;
    this.sessions = options.sessions;
    this.push = options.push;
    this.concurrency = Math.max(1, options.concurrency ?? 4);
    this.progressIntervalMs = options.progressIntervalMs ?? 200;
    this.now = options.now ?? Date.now;
  }

  /**
   * Starts the job and returns at once, every result pending; progress follows as pushes. Refused with
   * CONFIRMATION_NEEDED, before anything is sent, when the plan has a hazard not in `acknowledged`.
   */
  async start(account: string, userIds: readonly number[], role: Role, acknowledged: readonly RoleHazard[] = []): Promise<RoleBatch> {
    const subject = `The bulk change to ${ROLE_NAMES[role].toLowerCase()} did not start`;
    let state: RealmState;
    try {
      state = await this.sessions.get(account).whenReady();
    } catch (error) {
      if (!(error instanceof ConsoleError)) throw error;
      throw changeFailed(subject, error, null);
    }
    const ids = [...new Set(userIds)];
    const known = ids.flatMap((id) => state.users.get(id) ?? []);
    const plan = planRoleChange<User>(state.ownRole, known, role, countHumanOwners(state.users.values()));
    const refusal = unconfirmed(state, plan.changes, role, acknowledged, subject);
    if (refusal) throw refusal;
    const results: RoleChangeOutcome[] = ids.map((userId) => ({
      userId,
      fullName: state.users.get(userId)?.full_name ?? `User ${userId}`,
      outcome: 'pending',
      reason: null,
    }));
    const batch: RoleBatch = { id: randomUUID(), account, role, status: 'running', startedAt: this.now(), finishedAt: null, results };
    const run: Run = { batch, acknowledged, indexOf: new Map(ids.map((id, index) => [id, index])), cancelled: false, inFlight: new Set(), lastPushAt: 0, pushTimer: null, finished: Promise.resolve() };
    this.runs.set(batch.id, run);
    this.forgetOldBatches();
    const own = ids.includes(state.ownUserId) ? state.ownUserId : null;
    run.finished = this.execute(run, ids.filter((id) => id !== own), own).catch((error: unknown) => {
      // Only a bug gets here (each change's failure is a result); the batch must still end.
      console.error('[role batches] a batch failed:', error);
      if (run.batch.finishedAt === null) this.finish(run);
    });
    return snapshot(batch);
  }

  get(account: string, batchId: string): RoleBatch {
    return snapshot(this.find(account, batchId).batch);
  }

  /** A new batch of the users whose change failed (or was cancelled), with the same role. */
  async retryFailed(account: string, batchId: string): Promise<RoleBatch> {
    const { batch, acknowledged } = this.find(account, batchId);
    if (batch.finishedAt === null) {
      throw new ConsoleError('JOB_RUNNING', 'This bulk role change is still running. Wait for it to finish, or cancel it, before retrying its failures.', { batchId });
    }
    const failed = batch.results.filter((result) => result.outcome === 'failed').map((result) => result.userId);
    if (failed.length === 0) {
      throw new ConsoleError('NOTHING_TO_RETRY', 'No change in this bulk role change failed, so there is nothing to retry.', { batchId });
    }
    return this.start(account, failed, batch.role, acknowledged);
  }

  /**
   * Stops sending: changes not yet sent fail as cancelled at once. Those already sent are left to
   * finish (the server may have applied them already), and their results follow as pushes.
   */
  cancel(account: string, batchId: string): RoleBatch {
    const run = this.find(account, batchId);
    if (run.batch.status !== 'running') return snapshot(run.batch);
    run.cancelled = true;
    run.batch.status = 'cancelled';
    for (const result of run.batch.results) {
      if (result.outcome === 'pending' && !run.inFlight.has(result.userId)) Object.assign(result, { outcome: 'failed', reason: CANCELLED_REASON });
    }
    this.progressSoon(run);
    return snapshot(run.batch);
  }

  /** Cancels every running batch and waits for the changes already sent (when the core closes). */
  async stopAll(): Promise<void> {
    const running = [...this.runs.values()].filter((run) => run.batch.status === 'running');
    for (const run of running) this.cancel(run.batch.account, run.batch.id);
    await Promise.all(running.map((run) => run.finished));
  }

  private async execute(run: Run, others: number[], own: number | null): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (!run.cancelled && next < others.length) await this.runOne(run, others[next++] as number);
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, others.length) }, worker));
    // The signed-in user's own change goes last, alone: demoting oneself first could make the rest fail.
    if (own !== null && !run.cancelled) await this.runOne(run, own);
    this.finish(run);
  }

  private async runOne(run: Run, userId: number): Promise<void> {
    const result = run.batch.results[run.indexOf.get(userId) as number] as RoleChangeOutcome;
    run.inFlight.add(userId);
    let attempt: ChangeAttempt;
    try {
      attempt = await this.changes.attemptRole(run.batch.account, userId, run.batch.role, { note: 'bulk change', acknowledged: run.acknowledged });
    } catch (error) {
      // A bug must cost one result, not the batch.
      attempt = { outcome: 'failed', reason: `The console failed while changing this user: ${errorMessage(error)}`, code: 'INTERNAL' };
    } finally {
      run.inFlight.delete(userId);
    }
    Object.assign(result, { outcome: attempt.outcome, reason: attempt.outcome === 'failed' ? attempt.reason : null });
    this.progressSoon(run);
  }

  private finish(run: Run): void {
    if (run.batch.status === 'running') run.batch.status = 'done';
    run.batch.finishedAt = this.now();
    if (run.pushTimer) clearTimeout(run.pushTimer);
    run.pushTimer = null;
    this.pushProgress(run);
  }

  /** Pushes now if the last push was long enough ago, else once the interval is up (never more often). */
  private progressSoon(run: Run): void {
    if (run.pushTimer) return;
    const wait = run.lastPushAt + this.progressIntervalMs - this.now();
    if (wait <= 0) {
      this.pushProgress(run);
      return;
    }
    run.pushTimer = setTimeout(() => {
      run.pushTimer = null;
      this.pushProgress(run);
    }, wait);
  }

  private pushProgress(run: Run): void {
    run.lastPushAt = this.now();
    try {
      this.push({ kind: 'job.progress', account: run.batch.account, job: progressOf(run.batch, this.now()) });
    } catch (error) {
      // A listener's bug must not stop the job; the results stay readable with users.bulkRole.get.
      console.error('[role batches] a progress listener failed:', error);
    }
  }

  private find(account: string, batchId: string): Run {
    const run = this.runs.get(batchId);
    if (!run || run.batch.account !== account) {
      throw new ConsoleError(
        'UNKNOWN_JOB',
        'That bulk role change is not known: bulk changes are kept only while the console runs. The users table shows every role as it is now.',
        { batchId },
      );
    }
    return run;
  }

  private forgetOldBatches(): void {
    const finished = [...this.runs.values()].filter((run) => run.batch.status !== 'running' && run.batch.finishedAt !== null);
    for (const run of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED))) this.runs.delete(run.batch.id);
  }
}

/** A copy for IPC and tests: the job keeps changing its own. */
function snapshot(batch: RoleBatch): RoleBatch {
  return { ...batch, results: batch.results.map((result) => ({ ...result })) };
}

/** Counts by outcome and an estimate from the pace so far. */
export function progressOf(batch: RoleBatch, now: number): JobProgress {
  const counts: Record<string, number> = { changed: 0, unchanged: 0, failed: 0 };
  for (const result of batch.results) if (result.outcome !== 'pending') counts[result.outcome] = (counts[result.outcome] ?? 0) + 1;
  const done = batch.results.length - batch.results.filter((result) => result.outcome === 'pending').length;
  const total = batch.results.length;
  const elapsed = now - batch.startedAt;
  const etaSeconds = batch.status === 'running' && done > 0 ? Math.ceil(((total - done) * elapsed) / done / 1000) : null;
  const detail = batch.status === 'cancelled' ? 'Cancelled: changes not yet sent were not made.' : null;
  return { id: batch.id, type: 'roleBatch', status: batch.status, done, total, counts, etaSeconds, detail };
}
