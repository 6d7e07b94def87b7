// What the console's bulk jobs share (bulk role changes, copies of default settings, bulk changes to
// channels): a job is a list of results, one per item, each pending until its work answers. The runner
// works through them a few at a time (the server is shared with everyone else using the realm), in
// phases where order matters, pushes progress as `job.progress` no more often than an interval (and at
// the end), cancels what was not sent yet, keeps finished jobs for reading and retrying, and finishes a
// job even if a bug throws, so no job stops half-way without its results saying what was done.
//
// Jobs live in memory only: each kind's changes are visible on the server, where its screen shows them.
import { randomUUID } from 'node:crypto';
import type { JobProgress, Push } from '../../../shared/ipc';
import { errorMessage } from '../../../shared/node/error-message';
import { ConsoleError } from '../errors';

export interface JobResult {
  /** 'pending' until the item's work answers. */
  outcome: string;
}

export interface Job<R extends JobResult> {
  id: string;
  account: string;
  status: 'running' | 'done' | 'cancelled';
  startedAt: number;
  finishedAt: number | null;
  results: R[];
}

export interface JobWords {
  /** UNKNOWN_JOB: a job not known (another account's, or forgotten). */
  unknown: string;
  /** JOB_RUNNING: retrying a job still under way. */
  running: string;
}

export interface JobRunnerOptions<R extends JobResult, J extends Job<R>> {
  type: JobProgress['type'];
  push: (message: Push) => void;
  /** Items in flight at once. */
  concurrency: number;
  /** Least time between two progress pushes of a job; 0 pushes at every step. Default 200 ms. */
  progressIntervalMs?: number;
  now?: () => number;
  /** Finished jobs kept for `get` and retrying; the oldest beyond this are forgotten. */
  keepFinished: number;
  /** The outcomes progress counts (every one, with 0 for none yet), beside pending. */
  outcomes: readonly string[];
  /** Whether progress estimates the time left from the pace so far. */
  estimate: boolean;
  /** The job ID's name in errors' extra fields ("batchId"). */
  idField: string;
  words: JobWords;
  /** How the job's item fails when cancelled before it was sent; absent, the job cannot be cancelled. */
  cancelItem?: (result: R) => void;
  /** A deep copy, for IPC and tests: the runner keeps changing its own. */
  snapshot(job: J): J;
}

interface Run<R extends JobResult, J extends Job<R>, X> {
  job: J;
  /** What the kind of job keeps beside the results (the hazards confirmed, the values copied). */
  extra: X;
  cancelled: boolean;
  inFlight: Set<R>;
  lastPushAt: number;
  pushTimer: ReturnType<typeof setTimeout> | null;
  finished: Promise<void>;
}

export const CANCELLED_DETAIL = 'Cancelled: changes not yet sent were not made.';

export class JobRunner<R extends JobResult, J extends Job<R>, X = undefined> {
  private readonly runs = new Map<string, Run<R, J, X>>();
  private readonly options: JobRunnerOptions<R, J>;
  private readonly now: () => number;

  constructor(options: JobRunnerOptions<R, J>) {
    this.options = options;
    this.now = options.now ?? Date.now;
  }

  /** A new job's ID and times, for the kind of job to build its record with. */
  fresh(account: string): Pick<Job<R>, 'id' | 'account' | 'status' | 'startedAt' | 'finishedAt'> {
    return { id: randomUUID(), account, status: 'running', startedAt: this.now(), finishedAt: null };
  }

  /**
   * Runs `work` for each result of the job, phase after phase (each phase's items `concurrency` at a
   * time), and returns the job as it starts, every result pending; progress follows as pushes.
   * `work` sets its result's outcome; `onFinish` runs once every item has answered, before the last push.
   */
  launch(job: J, extra: X, phases: readonly (readonly R[])[], work: (result: R) => Promise<void>, onFinish?: (job: J) => void): J {
    const run: Run<R, J, X> = { job, extra, cancelled: false, inFlight: new Set(), lastPushAt: 0, pushTimer: null, finished: Promise.resolve() };
    this.runs.set(job.id, run);
    this.forgetOld();
    // Taken before any item is tried: a refusal needs no request and would otherwise show at once.
    const started = this.options.snapshot(job);
    run.finished = this.execute(run, phases, work)
      .then(() => onFinish?.(job))
      .catch((error: unknown) => {
        // Only a bug gets here (each item's failure is a result); the job must still end.
        console.error(`[jobs] a ${this.options.type} job failed:`, error);
      })
      .finally(() => this.finish(run));
    return started;
  }

  get(account: string, id: string): J {
    return this.options.snapshot(this.find(account, id).job);
  }

  /** The job and what its kind keeps beside it (for a retry). */
  find(account: string, id: string): { job: J; extra: X } {
    const run = this.runs.get(id);
    if (!run || run.job.account !== account) throw new ConsoleError('UNKNOWN_JOB', this.options.words.unknown, { [this.options.idField]: id });
    return run;
  }

  /** A finished job's results that `pick` chooses, to run again; refused while it runs or when there are none. */
  toRetry(account: string, id: string, pick: (result: R) => boolean, nothing: string): { job: J; extra: X; results: R[] } {
    const { job, extra } = this.find(account, id);
    if (job.finishedAt === null) throw new ConsoleError('JOB_RUNNING', this.options.words.running, { [this.options.idField]: id });
    const results = job.results.filter(pick);
    if (results.length === 0) throw new ConsoleError('NOTHING_TO_RETRY', nothing, { [this.options.idField]: id });
    return { job, extra, results };
  }

  /**
   * Stops sending: items not yet sent fail as cancelled at once. Those already sent are left to finish
   * (the server may have applied them already), and their results follow as pushes.
   */
  cancel(account: string, id: string): J {
    const run = this.find(account, id) as Run<R, J, X>;
    const cancelItem = this.options.cancelItem;
    if (run.job.status !== 'running' || !cancelItem) return this.options.snapshot(run.job);
    run.cancelled = true;
    run.job.status = 'cancelled';
    for (const result of run.job.results) if (result.outcome === 'pending' && !run.inFlight.has(result)) cancelItem(result);
    this.progressSoon(run);
    return this.options.snapshot(run.job);
  }

  /** Cancels every running job that can be, and waits for what was already sent (when the core closes). */
  async stopAll(): Promise<void> {
    const running = [...this.runs.values()].filter((run) => run.job.finishedAt === null);
    for (const run of running) if (run.job.status === 'running') this.cancel(run.job.account, run.job.id);
    await Promise.all(running.map((run) => run.finished));
  }

  private async execute(run: Run<R, J, X>, phases: readonly (readonly R[])[], work: (result: R) => Promise<void>): Promise<void> {
    for (const items of phases) {
      let next = 0;
      const worker = async () => {
        while (!run.cancelled && next < items.length) await this.runOne(run, items[next++] as R, work);
      };
      await Promise.all(Array.from({ length: Math.min(Math.max(1, this.options.concurrency), items.length) }, worker));
      if (run.cancelled) return;
    }
  }

  private async runOne(run: Run<R, J, X>, result: R, work: (result: R) => Promise<void>): Promise<void> {
    run.inFlight.add(result);
    try {
      await work(result);
    } catch (error) {
      // A bug must cost one result, not the job.
      Object.assign(result, { outcome: 'failed', reason: `The console failed while doing this: ${errorMessage(error)}` });
    } finally {
      run.inFlight.delete(result);
    }
    this.progressSoon(run);
  }

  private finish(run: Run<R, J, X>): void {
    if (run.job.status === 'running') run.job.status = 'done';
    run.job.finishedAt = this.now();
    if (run.pushTimer) clearTimeout(run.pushTimer);
    run.pushTimer = null;
    this.pushProgress(run);
  }

  /** Pushes now if the last push was long enough ago, else once the interval is up (never more often). */
  private progressSoon(run: Run<R, J, X>): void {
    if (run.pushTimer) return;
    const wait = run.lastPushAt + (this.options.progressIntervalMs ?? 200) - this.now();
    if (wait <= 0) {
      this.pushProgress(run);
      return;
    }
    run.pushTimer = setTimeout(() => {
      run.pushTimer = null;
      this.pushProgress(run);
    }, wait);
  }

  private pushProgress(run: Run<R, J, X>): void {
    run.lastPushAt = this.now();
    try {
      this.options.push({ kind: 'job.progress', account: run.job.account, job: this.progressOf(run.job) });
    } catch (error) {
      // A listener's bug must not stop the job; the results stay readable with `get`.
      console.error(`[jobs] a progress listener failed:`, error);
    }
  }

  /** Counts by outcome and, where asked, an estimate from the pace so far. */
  progressOf(job: J): JobProgress {
    const counts: Record<string, number> = Object.fromEntries(this.options.outcomes.map((outcome) => [outcome, 0]));
    for (const result of job.results) if (result.outcome !== 'pending') counts[result.outcome] = (counts[result.outcome] ?? 0) + 1;
    const total = job.results.length;
    const done = job.results.filter((result) => result.outcome !== 'pending').length;
    const elapsed = this.now() - job.startedAt;
    const etaSeconds = this.options.estimate && job.status === 'running' && done > 0 ? Math.ceil(((total - done) * elapsed) / done / 1000) : null;
    const detail = job.status === 'cancelled' ? CANCELLED_DETAIL : null;
    return { id: job.id, type: this.options.type, status: job.status, done, total, counts, etaSeconds, detail };
  }

  private forgetOld(): void {
    const finished = [...this.runs.values()].filter((run) => run.job.finishedAt !== null);
    for (const run of finished.slice(0, Math.max(0, finished.length - this.options.keepFinished))) this.runs.delete(run.job.id);
  }
}
