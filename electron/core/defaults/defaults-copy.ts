// "Copy to other realms" as a main-process job: the chosen settings, as the source realm has them when
// the copy starts, applied to each target realm with ONE PATCH /realm/user_settings_defaults carrying
// only the settings that differ there. One result per realm (applied, with the settings its server
// ignored named; already the same; failed with the reason), progress pushed as `job.progress`, "retry
// failed", and an entry in each realm's activity log.
//
// Copies live in memory only, like bulk role changes (jobs/job-runner.ts runs both): each realm's
// defaults are on its server, where the Compare view shows them, so a copy lost to a quit loses nothing
// the servers do not show.
import type { UserSettingName, UserSettingValue } from '../../../shared/api';
import { inDisplayOrder, type DefaultsValues } from '../../../shared/domain/defaults-edits';
import { changeWords, settingList } from '../../../shared/domain/defaults-words';
import { plural } from '../../../shared/domain/plural';
import { catalogueEntry } from '../../../shared/domain/user-settings-defaults';
import type { CopyOutcome, DefaultsCopy, Push } from '../../../shared/ipc';
import type { AccountService } from '../accounts/accounts';
import type { ActivityLog } from '../activity/activity-log';
import { actorOf } from '../activity/actor';
import { ConsoleError } from '../errors';
import { JobRunner } from '../jobs/job-runner';
import type { RealmState } from '../session/realm-state';
import type { SessionManager } from '../session-manager';
import { saveDefaults } from './defaults-fate';
import { defaultsView, readOnlyReason } from './defaults-view';
import { defaultsFailure } from './save-words';

export interface DefaultsCopiesOptions {
  accounts: AccountService;
  sessions: SessionManager;
  activity: ActivityLog;
  push: (message: Push) => void;
  now?: () => number;
}

export class DefaultsCopies {
  private readonly options: DefaultsCopiesOptions;
  private readonly runner: JobRunner<CopyOutcome, DefaultsCopy>;

  constructor(options: DefaultsCopiesOptions) {
    this.options = options;
    this.runner = new JobRunner({
      type: 'defaultsCopy',
      push: options.push,
      // Every realm at once: each is a different server, and one PATCH each.
      concurrency: Number.MAX_SAFE_INTEGER,
      progressIntervalMs: 0,
      now: options.now,
      keepFinished: 20,
      outcomes: ['applied', 'unchanged', 'failed'],
      estimate: false,
      idField: 'copyId',
      words: {
        unknown: 'That copy is not known: copies are kept only while the console runs. Compare realms shows every realm’s settings as they are now.',
        running: 'This copy is still running. Wait for it to finish before retrying its failures.',
      },
      snapshot,
    });
  }

  /** Starts the copy and returns at once, every realm pending; progress follows as pushes. */
  async start(account: string, targets: readonly string[], names: readonly string[]): Promise<DefaultsCopy> {
    const unknown = names.filter((name) => !catalogueEntry(name));
    if (unknown.length > 0) throw new ConsoleError('INVALID_INPUT', `These are not default settings the console knows: ${unknown.join(', ')}.`, { names: unknown });
    const state = await this.options.sessions.get(account).whenReady();
    const source = defaultsView(account, state).values as DefaultsValues;
    const values = Object.fromEntries(names.flatMap((name) => (source[name as UserSettingName] === undefined ? [] : [[name, source[name as UserSettingName]]])));
    if (Object.keys(values).length === 0) {
      throw new ConsoleError('NOTHING_TO_COPY', `${state.realmName}'s server does not report any of the chosen settings, so there is nothing to copy. Choose other settings.`);
    }
    return this.launch(account, state.realmName, values as Record<string, UserSettingValue>, targets);
  }

  get(account: string, copyId: string): DefaultsCopy {
    return this.runner.get(account, copyId);
  }

  /** A new copy of the same values to the realms that failed. */
  async retryFailed(account: string, copyId: string): Promise<DefaultsCopy> {
    const nothing = 'No realm of this copy failed, so there is nothing to retry.';
    const { job, results } = this.runner.toRetry(account, copyId, (result) => result.outcome === 'failed', nothing);
    return this.launch(account, job.sourceRealm, job.values, results.map((result) => result.account));
  }

  /** Waits for the copies under way (when the core closes): their requests are already sent. */
  async stopAll(): Promise<void> {
    await this.runner.stopAll();
  }

  private launch(account: string, sourceRealm: string, values: Record<string, UserSettingValue>, targets: readonly string[]): DefaultsCopy {
    const unique = [...new Set(targets)];
    if (unique.includes(account)) throw new ConsoleError('INVALID_INPUT', `${sourceRealm} is the realm the settings come from: choose other realms to copy to.`);
    const realmNames = new Map(this.options.accounts.list().map((saved) => [saved.id, saved.realmName]));
    const copy: DefaultsCopy = {
      ...this.runner.fresh(account),
      status: 'running',
      sourceRealm,
      values,
      results: unique.map((target) => ({ account: target, realmName: realmNames.get(target) ?? 'An organization no longer signed in', outcome: 'pending', applied: [], ignored: [], reason: null })),
    };
    return this.runner.launch(copy, undefined, [copy.results], (result) => this.copyTo(copy, result), (done) => this.logSource(done));
  }

  private async copyTo(copy: DefaultsCopy, result: CopyOutcome): Promise<void> {
    let state: RealmState | null = null;
    try {
      const session = this.options.sessions.get(result.account);
      // An offline realm keeps its last state: the request then says whether the server is reachable.
      state = session.state ?? (await session.whenReady());
      result.realmName = state.realmName;
      const refusal = readOnlyReason(state.realmName, state.ownRole);
      if (refusal) this.failBeforeSending(copy, result, state, refusal);
      else await this.apply(copy, result, state);
    } catch (error) {
      if (!(error instanceof ConsoleError)) throw error;
      this.failBeforeSending(copy, result, state, state ? error.message : `${result.realmName} is not connected: ${error.message}`);
    }
  }

  private failBeforeSending(copy: DefaultsCopy, result: CopyOutcome, state: RealmState | null, reason: string): void {
    Object.assign(result, { outcome: 'failed', reason });
    this.log(copy, result, state, [], 'failed', reason);
  }

  private async apply(copy: DefaultsCopy, result: CopyOutcome, state: RealmState): Promise<void> {
    const current = defaultsView(result.account, state).values as DefaultsValues;
    const changed = inDisplayOrder(Object.keys(copy.values) as UserSettingName[]).filter((name) => current[name] !== copy.values[name]);
    if (changed.length === 0) {
      result.outcome = 'unchanged';
      return;
    }
    const params = Object.fromEntries(changed.map((name) => [name, copy.values[name]]));
    const words = changed.map((name) => changeWords({ name, from: current[name], to: copy.values[name] as UserSettingValue }));
    const outcome = await saveDefaults(this.options.accounts.client(result.account), params as Record<string, UserSettingValue>);
    if (!outcome.saved) {
      const worded = defaultsFailure(`Could not copy to ${state.realmName}`, outcome.error, copy.values, state.featureLevel, outcome.fate);
      Object.assign(result, { outcome: 'failed', reason: worded.message });
      this.log(copy, result, state, words, 'failed', worded.message);
      return;
    }
    const ignored = changed.filter((name) => outcome.ignored.includes(name));
    const applied = changed.filter((name) => !ignored.includes(name));
    Object.assign(result, { outcome: 'applied', applied, ignored });
    const details = [
      ...applied.map((name) => changeWords({ name, from: current[name], to: copy.values[name] as UserSettingValue })),
      ...(ignored.length ? [`Not supported by this server, so not saved: ${settingList(ignored)}`] : []),
    ];
    this.log(copy, result, state, details, 'ok', null);
  }

  private log(copy: DefaultsCopy, result: CopyOutcome, state: RealmState | null, details: string[], outcome: 'ok' | 'failed', error: string | null): void {
    this.options.activity.record(result.account, {
      actor: actorOf(this.options.accounts, result.account, state),
      action: 'Copied default settings',
      kind: 'defaults',
      target: `${result.realmName}, from ${copy.sourceRealm}`,
      details: details.length ? details.join('; ') : plural(Object.keys(copy.values).length, 'setting', 'settings'),
      result: outcome,
      error,
    });
  }

  /** The source realm's log says where its settings went. */
  private logSource(copy: DefaultsCopy): void {
    const failed = copy.results.filter((result) => result.outcome === 'failed');
    this.options.activity.record(copy.account, {
      actor: actorOf(this.options.accounts, copy.account, this.sourceState(copy.account)),
      action: 'Copied default settings to other realms',
      kind: 'defaults',
      target: copy.sourceRealm,
      details: copy.results.map((result) => `${result.realmName}: ${outcomeWords(result)}`).join('; '),
      result: failed.length ? 'failed' : 'ok',
      error: failed.length
        ? copy.results.length === 1
          ? 'The copy failed; see its result on the Default settings screen.'
          : `${failed.length} of ${copy.results.length} realms failed; see their results on the Default settings screen.`
        : null,
    });
  }

  /** The source realm's state, if it is still signed in. */
  private sourceState(account: string): RealmState | null {
    try {
      return this.options.sessions.get(account).state;
    } catch {
      return null;
    }
  }
}

/** "3 settings applied", "already the same", "failed: …". */
export function outcomeWords(result: CopyOutcome): string {
  switch (result.outcome) {
    case 'pending':
      return 'waiting';
    case 'unchanged':
      return 'already the same';
    case 'failed':
      return `failed: ${result.reason ?? 'no reason given'}`;
    case 'applied': {
      const applied = `${result.applied.length} ${result.applied.length === 1 ? 'setting' : 'settings'} applied`;
      return result.ignored.length ? `${applied}; not supported there, so not saved: ${settingList(result.ignored)}` : applied;
    }
  }
}

function snapshot(copy: DefaultsCopy): DefaultsCopy {
  return { ...copy, values: { ...copy.values }, results: copy.results.map((result) => ({ ...result, applied: [...result.applied], ignored: [...result.ignored] })) };
}
