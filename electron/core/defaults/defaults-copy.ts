// "Copy to other realms" as a main-process job: the chosen settings, as the source realm has them when
// the copy starts, applied to each target realm with ONE PATCH /realm/user_settings_defaults carrying
// only the settings that differ there. One result per realm (applied, with the settings its server
// ignored named; already the same; failed with the reason), progress pushed as `job.progress`, "retry
// failed", and an entry in each realm's activity log.
//
// Copies live in memory only, like bulk role changes: each realm's defaults are on its server, where
// the Compare view shows them, so a copy lost to a quit loses nothing the servers do not show.
import { randomUUID } from 'node:crypto';
import type { UserSettingName, UserSettingValue } from '../../../shared/api';
import { inDisplayOrder, type DefaultsValues } from '../../../shared/domain/defaults-edits';
import { changeWords, settingList } from '../../../shared/domain/defaults-words';
import { catalogueEntry } from '../../../shared/domain/user-settings-defaults';
import type { CopyOutcome, DefaultsCopy, JobProgress, Push } from '../../../shared/ipc';
import type { AccountService } from '../accounts/accounts';
import type { ActivityLog } from '../activity/activity-log';
import { actorOf } from '../activity/actor';
import { ConsoleError } from '../errors';
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

interface Run {
  copy: DefaultsCopy;
  finished: Promise<void>;
}

/** Finished copies kept for `get` and "retry failed"; the oldest beyond this are forgotten. */
const KEEP_FINISHED = 20;

export class DefaultsCopies {
  private readonly runs = new Map<string, Run>();
  private readonly options: DefaultsCopiesOptions;
  private readonly now: () => number;

  constructor(options: DefaultsCopiesOptions) {
    this.options = options;
    this.now = options.now ?? Date.now;
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
    return snapshot(this.find(account, copyId).copy);
  }

  /** A new copy of the same values to the realms that failed. */
  async retryFailed(account: string, copyId: string): Promise<DefaultsCopy> {
    const { copy } = this.find(account, copyId);
    if (copy.finishedAt === null) throw new ConsoleError('JOB_RUNNING', 'This copy is still running. Wait for it to finish before retrying its failures.', { copyId });
    const failed = copy.results.filter((result) => result.outcome === 'failed').map((result) => result.account);
    if (failed.length === 0) throw new ConsoleError('NOTHING_TO_RETRY', 'No realm of this copy failed, so there is nothing to retry.', { copyId });
    return this.launch(account, copy.sourceRealm, copy.values, failed);
  }

  /** Waits for the copies under way (when the core closes): their requests are already sent. */
  async stopAll(): Promise<void> {
    await Promise.all([...this.runs.values()].map((run) => run.finished));
  }

  private launch(account: string, sourceRealm: string, values: Record<string, UserSettingValue>, targets: readonly string[]): DefaultsCopy {
    const unique = [...new Set(targets)];
    if (unique.includes(account)) throw new ConsoleError('INVALID_INPUT', `${sourceRealm} is the realm the settings come from: choose other realms to copy to.`);
    const realmNames = new Map(this.options.accounts.list().map((saved) => [saved.id, saved.realmName]));
    const copy: DefaultsCopy = {
      id: randomUUID(),
      account,
      sourceRealm,
      values,
      status: 'running',
      startedAt: this.now(),
      finishedAt: null,
      results: unique.map((target) => ({ account: target, realmName: realmNames.get(target) ?? 'An organization no longer signed in', outcome: 'pending', applied: [], ignored: [], reason: null })),
    };
    const run: Run = { copy, finished: Promise.resolve() };
    this.runs.set(copy.id, run);
    this.forgetOld();
    // Taken before any realm is tried: a refusal needs no request and would otherwise show at once.
    const started = snapshot(copy);
    run.finished = Promise.all(copy.results.map((result) => this.copyTo(copy, result)))
      .then(() => this.finish(copy))
      .catch((error: unknown) => {
        // Only a bug gets here (each realm's failure is a result); the copy must still end.
        console.error('[defaults copy] a copy failed:', error);
        if (copy.finishedAt === null) this.finish(copy);
      });
    return started;
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
    this.pushProgress(copy);
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
      target: `${result.realmName}, from ${copy.sourceRealm}`,
      details: details.length ? details.join('; ') : `${Object.keys(copy.values).length} settings`,
      result: outcome,
      error,
    });
  }

  private finish(copy: DefaultsCopy): void {
    copy.status = 'done';
    copy.finishedAt = this.now();
    const failed = copy.results.filter((result) => result.outcome === 'failed');
    // The source realm's log says where its settings went.
    this.options.activity.record(copy.account, {
      actor: actorOf(this.options.accounts, copy.account, this.sourceState(copy.account)),
      action: 'Copied default settings to other realms',
      target: copy.sourceRealm,
      details: copy.results.map((result) => `${result.realmName}: ${outcomeWords(result)}`).join('; '),
      result: failed.length ? 'failed' : 'ok',
      error: failed.length ? `${failed.length} of ${copy.results.length} realms failed; see their results on the Default settings screen.` : null,
    });
    this.pushProgress(copy);
  }

  /** The source realm's state, if it is still signed in. */
  private sourceState(account: string): RealmState | null {
    try {
      return this.options.sessions.get(account).state;
    } catch {
      return null;
    }
  }

  private pushProgress(copy: DefaultsCopy): void {
    try {
      this.options.push({ kind: 'job.progress', account: copy.account, job: progressOf(copy) });
    } catch (error) {
      // A listener's bug must not stop the job; the results stay readable with defaults.copy.get.
      console.error('[defaults copy] a progress listener failed:', error);
    }
  }

  private find(account: string, copyId: string): Run {
    const run = this.runs.get(copyId);
    if (!run || run.copy.account !== account) {
      throw new ConsoleError('UNKNOWN_JOB', 'That copy is not known: copies are kept only while the console runs. Compare realms shows every realm’s settings as they are now.', { copyId });
    }
    return run;
  }

  private forgetOld(): void {
    const finished = [...this.runs.values()].filter((run) => run.copy.finishedAt !== null);
    for (const run of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED))) this.runs.delete(run.copy.id);
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

export function progressOf(copy: DefaultsCopy): JobProgress {
  const counts: Record<string, number> = { applied: 0, unchanged: 0, failed: 0 };
  for (const result of copy.results) if (result.outcome !== 'pending') counts[result.outcome] = (counts[result.outcome] ?? 0) + 1;
  const done = copy.results.filter((result) => result.outcome !== 'pending').length;
  return { id: copy.id, type: 'defaultsCopy', status: copy.status, done, total: copy.results.length, counts, etaSeconds: null, detail: null };
}
