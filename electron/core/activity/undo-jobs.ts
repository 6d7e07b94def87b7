// Undo from the activity log, as a main-process job on the shared runner (jobs/job-runner.ts): one
// logged change, or every change of a bulk job that succeeded, goes back step by step (undo-steps.ts),
// with a result per step, progress pushed as `job.progress` (type undo), and cancel.
//
// Each step is judged again against the live state just before it is sent, so a value someone changed
// since the review is refused, not overwritten. It is made through the same services as the change it
// reverses (the same rules, hazard checks, `{new, old}` guards and activity log): its own entries carry
// `undo` data (and, when it undoes a whole job, the undo's ID as their job), so an undo can itself be
// undone (putting back what it reversed) with the same guards, and nothing needs a separate "redo".
import type { Role, User, UserSettingValue } from '../../../shared/api';
import { listWords } from '../../../shared/domain/list-words';
import { ROLE_NAMES, type RoleHazard } from '../../../shared/domain/role-rules';
import { CONFIRMATION_NEEDED, type ActivityEntry, type UndoHazard, type UndoJob, type UndoOutcome, type UndoReview, type UndoScope } from '../../../shared/ipc';
import { errorMessage } from '../../../shared/node/error-message';
import type { ChannelChanges } from '../channels/channel-changes';
import type { DefaultsService } from '../defaults/defaults-service';
import { ConsoleError } from '../errors';
import { changeJobRunner, stateToStart, type ChangeJobsOptions } from '../jobs/change-jobs';
import type { JobRunner } from '../jobs/job-runner';
import type { RealmState } from '../session/realm-state';
import { unconfirmed, unconfirmedDeactivation, type ChangeAttempt, type UserChanges } from '../users/user-changes';
import type { ActivityLog } from './activity-log';
import { judge, reverseChange, roleRoute, stepsOf, type Step } from './undo-steps';

export interface UndoJobsOptions extends ChangeJobsOptions {
  activity: Pick<ActivityLog, 'list'>;
  userChanges: Pick<UserChanges, 'attemptRole' | 'attemptStatus'>;
  defaults: Pick<DefaultsService, 'save'>;
  channelChanges: Pick<ChannelChanges, 'attempt'>;
}

interface Extra {
  steps: Map<string, Step>;
  acknowledged: readonly RoleHazard[];
  /** The undo's ID on its log entries, when it undoes a whole job (so "Undo job" can put that job back); none for one entry. */
  jobId: string | undefined;
}

/** More than any log holds (activity.list's own maximum): an undo looks at the whole log. */
const WHOLE_LOG = 100_000;
export const CANCELLED_UNDO_REASON = 'Cancelled before this step was sent: it was not undone.';
const NOTE = 'undo';

export class UndoJobs {
  private readonly runner: JobRunner<UndoOutcome, UndoJob, Extra>;

  constructor(private readonly options: UndoJobsOptions) {
    this.runner = changeJobRunner(options, {
      type: 'undo',
      keepFinished: 20,
      outcomes: ['undone', 'unchanged', 'refused', 'failed'],
      idField: 'undoId',
      words: {
        unknown: 'That undo is not known: undos are kept only while the console runs. The activity log lists what each one changed.',
        running: 'This undo is still running.',
      },
      cancelItem: (result) => Object.assign(result, { outcome: 'failed', reason: CANCELLED_UNDO_REASON }),
    });
  }

  /** Each step and whether it would go ahead, against the realm now; nothing is sent. */
  async review(account: string, scope: UndoScope): Promise<UndoReview> {
    const state = await this.ready(account);
    const steps = stepsOf(this.entriesOf(account, scope));
    return {
      realmName: state.realmName,
      ownUserId: state.ownUserId,
      steps: steps.map((step) => {
        const verdict = judge(state, step);
        const ready = verdict.verdict === 'ready';
        return {
          key: step.key,
          ...verdict,
          role: step.kind === 'role' && ready ? { userId: step.userId, to: step.back } : null,
          // A status step goes back to the opposite of what the change left.
          status: step.kind === 'status' && ready ? { userId: step.userId, active: !step.left } : null,
        };
      }),
    };
  }

  /**
   * Starts the undo and returns at once, every step pending. Refused with CONFIRMATION_NEEDED, before
   * anything is sent, when its role steps would leave no administrator or take away the user's own
   * rights, or a step puts back a shorter retention (older messages deleted for good), and `confirmed`
   * does not say they confirmed exactly that.
   */
  async start(account: string, scope: UndoScope, confirmed: readonly UndoHazard[] = []): Promise<UndoJob> {
    const state = await this.ready(account);
    const steps = stepsOf(this.entriesOf(account, scope));
    const acknowledged = confirmed.filter((hazard): hazard is RoleHazard => hazard !== 'retentionLoss');
    const refusal = unconfirmedHazards(state, steps, acknowledged) ?? unconfirmedLoss(state, steps, confirmed);
    if (refusal) throw refusal;
    const results: UndoOutcome[] = steps.map((step) => {
      const { target, change } = judge(state, step);
      return { key: step.key, target, change, outcome: 'pending', reason: null };
    });
    const job: UndoJob = { ...this.runner.fresh(account), results };
    const extra: Extra = { steps: new Map(steps.map((step) => [step.key, step])), acknowledged, jobId: scope.kind === 'job' ? job.id : undefined };
    // The signed-in user's own role goes back last, alone: losing one's rights first could make the rest fail.
    const own = (result: UndoOutcome) => {
      const step = extra.steps.get(result.key);
      return step?.kind === 'role' && step.userId === state.ownUserId;
    };
    return this.runner.launch(job, extra, [results.filter((result) => !own(result)), results.filter(own)], (result) => this.runOne(job, extra, result));
  }

  get(account: string, undoId: string): UndoJob {
    return this.runner.get(account, undoId);
  }

  cancel(account: string, undoId: string): UndoJob {
    return this.runner.cancel(account, undoId);
  }

  stopAll(): Promise<void> {
    return this.runner.stopAll();
  }

  private ready(account: string): Promise<RealmState> {
    return stateToStart(this.options.sessions, account, 'The undo did not start');
  }

  /** The entries the scope names that succeeded and can be undone, newest first; none is a clear error. */
  private entriesOf(account: string, scope: UndoScope): ActivityEntry[] {
    const log = this.options.activity.list(account, WHOLE_LOG);
    const undoable = (entry: ActivityEntry) => entry.result === 'ok' && entry.undo !== undefined;
    if (scope.kind === 'entry') {
      const entry = log.find((candidate) => candidate.undo?.id === scope.entryId);
      if (!entry || !undoable(entry)) {
        throw new ConsoleError('NOTHING_TO_UNDO', 'That entry of the activity log cannot be undone: it is not in the log any more, or it did not change anything. Reload the log.', {
          entryId: scope.entryId,
        });
      }
      return [entry];
    }
    const entries = log.filter((entry) => entry.jobId === scope.jobId && undoable(entry));
    if (entries.length === 0) {
      throw new ConsoleError('NOTHING_TO_UNDO', 'No change of that job succeeded, so there is nothing to undo. Reload the log.', { jobId: scope.jobId });
    }
    return entries;
  }

  private async runOne(job: UndoJob, extra: Extra, result: UndoOutcome): Promise<void> {
    const step = extra.steps.get(result.key);
    const state = this.options.sessions.get(job.account).state;
    if (!step || !state) {
      Object.assign(result, { outcome: 'failed', reason: 'The realm is not loaded any more (signed out or reconnecting): nothing was sent. Try the undo again once it is live.' });
      return;
    }
    // Said once for what it is, rather than as each step's refusal by the role rules.
    if (step.kind !== 'channel' && state.ownRole > 200) {
      Object.assign(result, {
        outcome: 'failed',
        reason: `Not undone: you are no longer an administrator or owner of ${state.realmName} (someone changed your role). Ask an owner to restore your role, then undo again.`,
      });
      return;
    }
    // Judged again now: someone may have changed the value since the job started.
    const verdict = judge(state, step);
    Object.assign(result, { target: verdict.target, change: verdict.change });
    if (verdict.verdict !== 'ready') {
      Object.assign(result, { outcome: verdict.verdict, reason: verdict.reason });
      return;
    }
    try {
      Object.assign(result, await this.send(job, extra, step));
    } catch (error) {
      // A bug must cost one result, not the job.
      Object.assign(result, { outcome: 'failed', reason: `The console failed while undoing this: ${errorMessage(error)}` });
    }
  }

  private async send(job: UndoJob, extra: Extra, step: Step): Promise<Pick<UndoOutcome, 'outcome' | 'reason'>> {
    const { account } = job;
    const { jobId } = extra;
    switch (step.kind) {
      case 'role':
        return this.sendRole(account, extra, step);
      case 'status':
        return fromAttempt(await this.options.userChanges.attemptStatus(account, step.userId, !step.left, { note: NOTE, acknowledged: extra.acknowledged, jobId }));
      case 'defaults':
        return this.sendDefaults(account, jobId, step);
      case 'channel': {
        const change = reverseChange(step);
        if (!change) return { outcome: 'refused', reason: 'This change cannot be put back from here.' };
        // Sent long after the change it reverses: a setting the server does not guard is checked against
        // the server's value, so another administrator's change the state has not heard of yet is kept.
        const attempt = await this.options.channelChanges.attempt(account, step.channelId, change, { note: NOTE, jobId, readServerFirst: true });
        if (attempt.outcome === 'conflict') return { outcome: 'refused', reason: attempt.reason };
        return fromAttempt(attempt);
      }
    }
  }

  /** One request per hop of the way back (roleRoute): a hop refused stops there, and says where it left them. */
  private async sendRole(account: string, extra: Extra, step: Extract<Step, { kind: 'role' }>): Promise<Pick<UndoOutcome, 'outcome' | 'reason'>> {
    const current = this.options.sessions.get(account).state?.users.get(step.userId)?.role ?? step.left;
    const hops = roleRoute(current, step.back);
    let outcome: Pick<UndoOutcome, 'outcome' | 'reason'> = { outcome: 'unchanged', reason: null };
    for (const [index, hop] of hops.entries()) {
      // A hop with one after it waits for the state to show it: the next is judged against it.
      const settle = index < hops.length - 1;
      outcome = fromAttempt(await this.options.userChanges.attemptRole(account, step.userId, hop, { note: NOTE, acknowledged: extra.acknowledged, jobId: extra.jobId, settle }));
      if (outcome.outcome === 'failed' && index > 0) {
        return { outcome: 'failed', reason: `Made ${ROLE_NAMES[hops[index - 1] as Role].toLowerCase()} on the way, but not ${ROLE_NAMES[hop].toLowerCase()}: ${outcome.reason ?? ''}` };
      }
      if (outcome.outcome === 'failed') return outcome;
    }
    return outcome;
  }

  private async sendDefaults(account: string, jobId: string | undefined, step: Extract<Step, { kind: 'defaults' }>): Promise<Pick<UndoOutcome, 'outcome' | 'reason'>> {
    try {
      const saved = await this.options.defaults.save(account, {
        changes: { [step.setting]: step.back as UserSettingValue },
        expected: { [step.setting]: step.left as UserSettingValue },
        source: { kind: 'undo', jobId },
      });
      return saved.saved.length > 0 ? { outcome: 'undone', reason: null } : { outcome: 'unchanged', reason: 'Already back as it was: nothing to undo.' };
    } catch (error) {
      if (!(error instanceof ConsoleError)) throw error;
      return { outcome: error.code === 'DEFAULTS_CONFLICT' ? 'refused' : 'failed', reason: error.message };
    }
  }
}

function fromAttempt(attempt: ChangeAttempt | { outcome: 'changed' | 'unchanged' } | { outcome: 'failed'; reason: string }): Pick<UndoOutcome, 'outcome' | 'reason'> {
  if (attempt.outcome === 'failed') return { outcome: 'failed', reason: attempt.reason };
  return attempt.outcome === 'changed' ? { outcome: 'undone', reason: null } : { outcome: 'unchanged', reason: 'Already back as it was: nothing to undo.' };
}

/**
 * The role rules' hazards of the ready role steps, per role they go back to, and of the ready steps that
 * deactivate someone (a reactivation undone), refused unless confirmed.
 */
function unconfirmedHazards(state: RealmState, steps: readonly Step[], acknowledged: readonly RoleHazard[]): ConsoleError | null {
  const byRole = new Map<Role, User[]>();
  const deactivated: User[] = [];
  for (const step of steps) {
    if ((step.kind !== 'role' && step.kind !== 'status') || judge(state, step).verdict !== 'ready') continue;
    const user = state.users.get(step.userId);
    if (!user) continue;
    if (step.kind === 'role') byRole.set(step.back, [...(byRole.get(step.back) ?? []), user]);
    else if (step.left) deactivated.push(user);
  }
  for (const [role, users] of byRole) {
    const refusal = unconfirmed(state, users, role, acknowledged, 'The undo did not start');
    if (refusal) return refusal;
  }
  return deactivated.length > 0 ? unconfirmedDeactivation(state, deactivated, acknowledged, 'The undo did not start') : null;
}

/** A step putting back a shorter retention deletes messages for good: refused unless `retentionLoss` was confirmed. */
function unconfirmedLoss(state: RealmState, steps: readonly Step[], confirmed: readonly UndoHazard[]): ConsoleError | null {
  if (confirmed.includes('retentionLoss')) return null;
  const channels = steps.flatMap((step) => {
    if (step.kind !== 'channel') return [];
    const verdict = judge(state, step);
    return verdict.deletesMessages ? [verdict.target] : [];
  });
  if (channels.length === 0) return null;
  return new ConsoleError(
    CONFIRMATION_NEEDED,
    `The undo did not start: it would keep messages in ${listWords([...new Set(channels)])} for less time than now, and older messages would be deleted for good. Nothing was sent: confirm that you understand, then try again.`,
    { hazards: ['retentionLoss'] },
  );
}
