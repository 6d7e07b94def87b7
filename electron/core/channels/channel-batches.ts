// Bulk changes to channels from the permission matrix, as main-process jobs (jobs/change-jobs.ts): a few
// channels at a time, each setting changed by ChannelChanges.attempt with the value the grid showed as
// its `old` guard (so a channel changed meanwhile is a conflict, never overwritten), one result per
// channel (changed, unchanged, conflict, failed with the reason, saying what else in the channel did
// change), progress pushed as `job.progress` (type channelBatch), "retry failed", applying one's values
// over the conflicts, and cancel. Every attempt goes to the activity log with its channel's ID.
//
// A job whose changes take something away from the signed-in user, or shorten a channel's retention
// (older messages deleted for good), starts only when the input says they confirmed exactly that; each
// change is checked again as it runs, against the state of that moment, so losing one's administration
// mid-job fails the remaining channels with the reason.
import { applyOrder, retentionHazard, type SettingColumn } from '../../../shared/domain/channel-settings';
import {
  CONFIRMATION_NEEDED,
  type BatchColumn,
  type BatchPart,
  type ChannelBatch,
  type ChannelBatchResult,
  type ChannelChange,
  type ChannelHazard,
} from '../../../shared/ipc';
import { ConsoleError } from '../errors';
import { CANCELLED_REASON, changeJobRunner, stateToStart, type ChangeJobsOptions } from '../jobs/change-jobs';
import type { JobRunner } from '../jobs/job-runner';
import type { Stream } from '../../../shared/api/channels';
import type { RealmState } from '../session/realm-state';
import type { SessionManager } from '../session-manager';
import type { ChannelAttempt, ChannelChanges } from './channel-changes';
import { channelFacts, hazardOf } from './channel-checks';
import type { PropertyValue } from './channel-state';
import { channelLabel, settingChangeWords } from './channel-words';

export interface ChannelBatchesOptions extends ChangeJobsOptions {
  changes: Pick<ChannelChanges, 'attempt'>;
}

type SettingChange = Extract<ChannelChange, { property: SettingColumn }>;

/** What a job keeps beside its results: the hazards confirmed, each channel's changes, and the values that conflicted. */
interface Extra {
  acknowledged: readonly ChannelHazard[];
  changes: Map<number, SettingChange[]>;
  theirs: Map<number, Map<SettingColumn, PropertyValue>>;
}

export class ChannelBatches {
  private readonly changes: Pick<ChannelChanges, 'attempt'>;
  private readonly sessions: SessionManager;
  private readonly runner: JobRunner<ChannelBatchResult, ChannelBatch, Extra>;

  constructor(options: ChannelBatchesOptions) {
    this.changes = options.changes;
    this.sessions = options.sessions;
    this.runner = changeJobRunner(options, {
      type: 'channelBatch',
      keepFinished: 20,
      outcomes: ['changed', 'unchanged', 'conflict', 'failed'],
      idField: 'batchId',
      words: {
        unknown: 'That bulk change is not known: bulk changes are kept only while the console runs. The permission matrix shows every channel as it is now.',
        running: 'This bulk change is still running. Wait for it to finish, or cancel it, before retrying.',
      },
      // A channel's settings are parts of its result: each one not sent yet fails too.
      cancelItem: (result) => {
        for (const part of result.parts) if (part.outcome === 'pending') Object.assign(part, { outcome: 'failed', reason: CANCELLED_REASON });
        Object.assign(result, { outcome: 'failed', reason: CANCELLED_REASON });
      },
      snapshot: (batch) => ({ ...batch, results: batch.results.map((result) => ({ ...result, parts: result.parts.map((part) => ({ ...part })) })) }),
    });
  }

  /** Starts the job and returns at once, every channel pending; progress follows as pushes. */
  async start(account: string, columns: readonly BatchColumn[], acknowledged: readonly ChannelHazard[] = []): Promise<ChannelBatch> {
    return this.launch(account, byChannel(columns), acknowledged);
  }

  get(account: string, batchId: string): ChannelBatch {
    return this.runner.get(account, batchId);
  }

  /**
   * A new job of a finished one's failed changes (the same values and `old`s: a rule or the server
   * refused them), or of its conflicts, with the value the server had then as `old` (the user's values
   * applied on top of theirs, as the channel editor offers).
   */
  async retry(account: string, batchId: string, which: 'failed' | 'conflicts'): Promise<ChannelBatch> {
    const outcome = which === 'failed' ? 'failed' : 'conflict';
    const nothing = which === 'failed' ? 'No change in this bulk change failed, so there is nothing to retry.' : 'No change in this bulk change met a conflict.';
    const { extra, results } = this.runner.toRetry(account, batchId, (result) => result.parts.some((part) => part.outcome === outcome), nothing);
    const again = new Map<number, SettingChange[]>();
    for (const result of results) {
      const wanted = new Set(result.parts.filter((part) => part.outcome === outcome).map((part) => part.property));
      const changes = (extra.changes.get(result.channelId) ?? []).filter((change) => wanted.has(change.property));
      const theirs = extra.theirs.get(result.channelId);
      again.set(
        result.channelId,
        changes.map((change) => (which === 'conflicts' && theirs?.has(change.property) ? ({ ...change, old: theirs.get(change.property) } as SettingChange) : change)),
      );
    }
    return this.launch(account, again, extra.acknowledged);
  }

  cancel(account: string, batchId: string): ChannelBatch {
    return this.runner.cancel(account, batchId);
  }

  /** Cancels every running job and waits for the changes already sent (when the core closes). */
  stopAll(): Promise<void> {
    return this.runner.stopAll();
  }

  private async launch(account: string, changes: Map<number, SettingChange[]>, acknowledged: readonly ChannelHazard[]): Promise<ChannelBatch> {
    const state = await stateToStart(this.sessions, account, 'The bulk change did not start');
    const refusal = unconfirmed(state, changes, acknowledged);
    if (refusal) throw refusal;
    const results: ChannelBatchResult[] = [...changes].map(([channelId, list]) => {
      const channel = state.channels.get(channelId);
      return {
        channelId,
        channelName: channel?.name ?? `Channel ${channelId}`,
        outcome: 'pending',
        reason: null,
        parts: list.map((change) => ({ property: change.property, outcome: 'pending', words: settingChangeWords(state, change.property, change.old, change.value), reason: null })),
      };
    });
    const extra: Extra = { acknowledged, changes, theirs: new Map() };
    const batch: ChannelBatch = { ...this.runner.fresh(account), results };
    return this.runner.launch(batch, extra, [results], (result) => this.runChannel(batch, extra, result));
  }

  /** One channel's changes, one after another in the order the rules need; then its result. */
  private async runChannel(batch: ChannelBatch, extra: Extra, result: ChannelBatchResult): Promise<void> {
    const changes = extra.changes.get(result.channelId) ?? [];
    for (const [index, change] of changes.entries()) {
      const part = result.parts[index] as BatchPart;
      // The runner marks the job it was given: a cancel stops what this channel has not sent yet.
      if (batch.status === 'cancelled') {
        Object.assign(part, { outcome: 'failed', reason: CANCELLED_REASON });
        continue;
      }
      const attempt: ChannelAttempt = await this.changes.attempt(batch.account, result.channelId, change, {
        acknowledged: extra.acknowledged,
        note: 'bulk change',
        jobId: batch.id,
        // Sent well after the review: a setting the server does not guard is checked against its value there.
        readServerFirst: true,
      });
      Object.assign(part, { outcome: attempt.outcome, reason: attempt.outcome === 'failed' || attempt.outcome === 'conflict' ? attempt.reason : null });
      if (attempt.outcome === 'conflict') {
        const theirs = extra.theirs.get(result.channelId) ?? new Map<SettingColumn, PropertyValue>();
        extra.theirs.set(result.channelId, theirs.set(change.property, attempt.theirs));
      }
    }
    Object.assign(result, channelOutcome(result.parts));
  }
}

/** The input's columns as each channel's changes, in the order the job applies them; a repeated cell is bad input. */
function byChannel(columns: readonly BatchColumn[]): Map<number, SettingChange[]> {
  const changes = new Map<number, SettingChange[]>();
  for (const column of columns) {
    for (const [channelId, old] of column.cells) {
      const list = changes.get(channelId) ?? [];
      if (list.some((change) => change.property === column.property)) {
        throw new ConsoleError('INVALID_INPUT', `Channel ${channelId} is named twice for ${column.property}: each cell may be changed once in a bulk change.`, { channelId });
      }
      list.push({ property: column.property, value: column.value, old } as SettingChange);
      changes.set(channelId, list);
    }
  }
  for (const list of changes.values()) list.sort((a, b) => applyOrder(a.property) - applyOrder(b.property));
  return changes;
}

/** CONFIRMATION_NEEDED naming each channel, when a change takes away what the user did not confirm losing (their own rights, or older messages). */
function unconfirmed(state: RealmState, changes: Map<number, SettingChange[]>, acknowledged: readonly ChannelHazard[]): ConsoleError | null {
  const found = new Map<ChannelHazard, string[]>();
  for (const [channelId, list] of changes) {
    const channel = state.channels.get(channelId);
    if (!channel) continue;
    for (const change of list) {
      const hazard = hazardOf(state, channel, change) ?? lossOf(state, channel, change);
      if (hazard && !acknowledged.includes(hazard.hazard)) found.set(hazard.hazard, [...(found.get(hazard.hazard) ?? []), channelLabel(channel.name)]);
    }
  }
  if (found.size === 0) return null;
  const words: Record<ChannelHazard, (names: string) => string> = {
    ownAdministration: (names) => `you would no longer administer ${names}, and could not undo this yourself`,
    ownAccess: (names) => `you are not subscribed to ${names}: once private, you could not read them, nor change their privacy back, until someone subscribes you`,
    retentionLoss: (names) => `${names} would keep messages for less time than now, and their older messages would be deleted for good`,
  };
  const said = [...found].map(([hazard, names]) => words[hazard](names.join(', '))).join('; and ');
  return new ConsoleError(CONFIRMATION_NEEDED, `The bulk change did not start: ${said}. Nothing was changed: confirm that you understand, then try again.`, { hazards: [...found.keys()] });
}

/** A shorter retention than the channel has now: its older messages would be deleted for good. */
function lossOf(state: RealmState, channel: Stream, change: SettingChange): ReturnType<typeof retentionHazard> {
  return change.property === 'retention' ? retentionHazard(channel.message_retention_days, change.value, channelFacts(state).policy.messageRetentionDays) : null;
}

/** A channel's outcome from its settings' and, for a failure or a conflict, what else in it did change. */
export function channelOutcome(parts: readonly BatchPart[]): Pick<ChannelBatchResult, 'outcome' | 'reason'> {
  const failed = parts.filter((part) => part.outcome === 'failed');
  const conflicts = parts.filter((part) => part.outcome === 'conflict');
  const changed = parts.filter((part) => part.outcome === 'changed');
  if (failed.length === 0 && conflicts.length === 0) return { outcome: changed.length > 0 ? 'changed' : 'unchanged', reason: null };
  const reasons = [...failed, ...conflicts].map((part) => part.reason ?? 'No reason was given.');
  const rest = changed.length > 0 ? ` Changed all the same: ${changed.map((part) => part.words).join('; ')}.` : '';
  return { outcome: failed.length > 0 ? 'failed' : 'conflict', reason: reasons.join(' ') + rest };
}
