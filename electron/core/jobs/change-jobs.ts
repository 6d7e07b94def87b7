// What the console's bulk changes to one realm share on the job runner (job-runner.ts): bulk role
// changes and deactivations (role-batches.ts, status-batches.ts), the permission matrix's bulk changes
// (channels/channel-batches.ts) and undo (activity/undo-jobs.ts). Each starts from the realm's live
// state, or refuses to start saying why in the user's words; runs a few changes at a time (the server is
// shared with everyone else using the realm) with the time left estimated; and a cancel fails each change
// not yet sent, saying it was not sent.
import type { Push } from '../../../shared/ipc';
import { ConsoleError } from '../errors';
import type { RealmState } from '../session/realm-state';
import type { SessionManager } from '../session-manager';
import { changeFailed } from '../users/change-words';
import { JobRunner, type Job, type JobResult, type JobRunnerOptions } from './job-runner';

export interface ChangeJobsOptions {
  sessions: SessionManager;
  push: (message: Push) => void;
  /** Changes in flight at once. Default 4. */
  concurrency?: number;
  /** Least time between two progress pushes of a job. Default 200 ms. */
  progressIntervalMs?: number;
  now?: () => number;
}

export const CANCELLED_REASON = 'Cancelled before the change was sent.';

/** What each kind says for itself; a kind whose results hold more than flat fields copies and cancels them its own way. */
export type ChangeJobKind<R extends JobResult, J extends Job<R>> = Pick<JobRunnerOptions<R, J>, 'type' | 'keepFinished' | 'outcomes' | 'idField' | 'words'> &
  Partial<Pick<JobRunnerOptions<R, J>, 'cancelItem' | 'snapshot'>>;

export function changeJobRunner<R extends JobResult & { reason: string | null }, J extends Job<R>, X>(options: ChangeJobsOptions, kind: ChangeJobKind<R, J>): JobRunner<R, J, X> {
  return new JobRunner<R, J, X>({
    push: options.push,
    concurrency: options.concurrency ?? 4,
    progressIntervalMs: options.progressIntervalMs,
    now: options.now,
    estimate: true,
    cancelItem: (result) => Object.assign(result, { outcome: 'failed', reason: CANCELLED_REASON }),
    snapshot: (job) => ({ ...job, results: job.results.map((result) => ({ ...result })) }),
    ...kind,
  });
}

/** The realm's state a job starts from; a realm that is not live (signed out, unreachable) refuses the start with `subject`. */
export async function stateToStart(sessions: SessionManager, account: string, subject: string): Promise<RealmState> {
  try {
    return await sessions.get(account).whenReady();
  } catch (error) {
    if (!(error instanceof ConsoleError)) throw error;
    throw changeFailed(subject, error, null);
  }
}

/** One pending result per user, named as the realm knows them when the job starts. */
export function pendingPerUser(state: RealmState, userIds: readonly number[]): { userId: number; fullName: string; outcome: 'pending'; reason: null }[] {
  return userIds.map((userId) => ({ userId, fullName: state.users.get(userId)?.full_name ?? `User ${userId}`, outcome: 'pending', reason: null }));
}
