// Moving channels into a folder (or out of every folder) as a job on the console's job runner: a few
// channels at a time, one result per channel, progress pushed, "retry failed". Each move is one
// channel change (channel-changes.ts: the rules, spec 3's PATCH /streams/{id} with `folder_id`, and the
// activity log), sent with the folder the live state shows at that moment as `old`. A folder archived
// by someone else meanwhile fails each move with the server's words, never silently.
//
// Jobs live in memory only: a move is idempotent and visible on the server, and running it again
// reports the channels already there as unchanged.
import type { ChannelMove, ChannelMoveResult, Push } from '../../../shared/ipc';
import { errorMessage } from '../../../shared/node/error-message';
import { ConsoleError } from '../errors';
import { JobRunner } from '../jobs/job-runner';
import type { RealmState } from '../session/realm-state';
import type { SessionManager } from '../session-manager';
import type { ChannelChanges } from './channel-changes';
import { channelChangeFailed } from './channel-words';

export interface ChannelMovesOptions {
  changes: Pick<ChannelChanges, 'attempt'>;
  sessions: SessionManager;
  push: (message: Push) => void;
  /** Moves in flight at once. Default 4. */
  concurrency?: number;
  progressIntervalMs?: number;
}

export class ChannelMoves {
  private readonly runner: JobRunner<ChannelMoveResult, ChannelMove>;

  constructor(private readonly options: ChannelMovesOptions) {
    this.runner = new JobRunner({
      type: 'channelMove',
      push: options.push,
      concurrency: options.concurrency ?? 4,
      progressIntervalMs: options.progressIntervalMs,
      keepFinished: 20,
      outcomes: ['moved', 'unchanged', 'failed'],
      estimate: true,
      idField: 'jobId',
      words: {
        unknown: 'That move of channels is not known: moves are kept only while the console runs. The list of channels shows every folder as it is now.',
        running: 'This move is still running. Wait for it to finish before retrying its failures.',
      },
      snapshot: (job) => ({ ...job, results: job.results.map((result) => ({ ...result })) }),
    });
  }

  async start(account: string, channelIds: readonly number[], folderId: number | null): Promise<ChannelMove> {
    let state: RealmState;
    try {
      state = await this.options.sessions.get(account).whenReady();
    } catch (error) {
      if (!(error instanceof ConsoleError)) throw error;
      throw channelChangeFailed('The move of channels did not start', error, null);
    }
    const folder = folderId === null ? null : state.folders.get(folderId);
    if (folderId !== null && (!folder || folder.is_archived)) {
      throw new ConsoleError(
        'FOLDER_UNAVAILABLE',
        `The move of channels did not start: ${folder ? `the folder “${folder.name}” was archived` : 'that folder was removed'} meanwhile. Choose another folder.`,
        { folderId },
      );
    }
    const results: ChannelMoveResult[] = [...new Set(channelIds)].map((channelId) => ({
      channelId,
      name: state.channels.get(channelId)?.name ?? `channel ${String(channelId)}`,
      outcome: 'pending',
      reason: null,
    }));
    const job: ChannelMove = { ...this.runner.fresh(account), folderId, folderName: folder?.name ?? 'No folder', results };
    return this.runner.launch(job, undefined, [results], (result) => this.moveOne(job, result));
  }

  get(account: string, jobId: string): ChannelMove {
    return this.runner.get(account, jobId);
  }

  async retryFailed(account: string, jobId: string): Promise<ChannelMove> {
    const { job, results } = this.runner.toRetry(account, jobId, (result) => result.outcome === 'failed', 'No move in this job failed, so there is nothing to retry.');
    return this.start(account, results.map((result) => result.channelId), job.folderId);
  }

  stopAll(): Promise<void> {
    return this.runner.stopAll();
  }

  private async moveOne(job: ChannelMove, result: ChannelMoveResult): Promise<void> {
    try {
      const state = await this.options.sessions.get(job.account).whenReady();
      const old = state.channels.get(result.channelId)?.folder_id ?? null;
      const attempt = await this.options.changes.attempt(job.account, result.channelId, { property: 'folder', value: job.folderId, old }, {});
      const reason = 'reason' in attempt ? attempt.reason : null;
      Object.assign(result, { outcome: reason !== null ? 'failed' : attempt.outcome === 'changed' ? 'moved' : 'unchanged', reason });
    } catch (error) {
      // A bug, or an account signed out meanwhile, must cost one result, not the job.
      Object.assign(result, { outcome: 'failed', reason: error instanceof ConsoleError ? error.message : `The console failed while moving this channel: ${errorMessage(error)}` });
    }
  }
}
