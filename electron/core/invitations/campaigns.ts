// Invitation campaigns as main-process jobs (issue 7): start, pause, resume, cancel, retry, the
// history per realm, and picking up after a quit or a crash. Each campaign is its journal on disk
// (campaign-journal.ts) plus, while it sends, a runner (campaign-runner.ts); a new campaign's record
// comes from campaign-start.ts, its progress pushes go through campaign-pushes.ts and its activity
// log entries are campaign-activity.ts's. The core calls resumeInterrupted() at start: campaigns the
// journal shows as running go on, and a batch that was in flight when the console died is checked
// with the server before anything is sent again.
import type { NewActivityEntry } from '../activity/activity-log';
import { actorOf } from '../activity/actor';
import type { Account, Campaign, CampaignSummary, Push, ReportStatus } from '../../../shared/ipc';
import type { ApiClient } from '../client/api-client';
import { ConsoleError } from '../errors';
import { settledEntry, startedEntry } from './campaign-activity';
import { CampaignJournal, JOURNAL_NOT_SAVED } from './campaign-journal';
import { ProgressPushes } from './campaign-pushes';
import type { CampaignRecord } from './campaign-record';
import { RETRYABLE } from './campaign-outcomes';
import { reportCsv, summaryOf } from './campaign-report';
import { CampaignRunner, Abandoned, type CampaignHooks, type RunnerHost } from './campaign-runner';
import { newCampaignRecord, type StartCampaign } from './campaign-start';
import { errorMessage } from '../../../shared/node/error-message';

export interface CampaignsOptions {
  /** The console's data folder; journals go to <dataDir>/campaigns/<account>/<campaignId>.json. */
  dataDir: string;
  accounts: { client(id: string): ApiClient; list(): Account[] };
  push(message: Push): void;
  /** The activity log (electron/core/activity/activity-log.ts); each campaign's start and end. */
  activity?: { record(account: string, entry: NewActivityEntry): void };
  now?: () => number;
  random?: () => number;
  /** The wait between tries after a network failure; resolves early when `signal` aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Progress pushes are at most this often (status changes go at once). Default 200 ms. */
  progressIntervalMs?: number;
  hooks?: CampaignHooks;
  log?: (message: string) => void;
}

/** How long pause and cancel wait for the request in flight before answering with the state so far. */
const CONTROL_WAIT_MS = 3_000;
const FINISHED = new Set<CampaignRecord['status']>(['done', 'cancelled', 'stopped']);

export class Campaigns {
  private readonly journal: CampaignJournal;
  private readonly records = new Map<string, CampaignRecord>();
  private readonly runners = new Map<string, CampaignRunner>();
  private readonly pushes: ProgressPushes;
  private readonly host: RunnerHost;
  private readonly now: () => number;
  private abandoned = false;

  constructor(private readonly options: CampaignsOptions) {
    const log = options.log ?? ((message: string) => console.warn(message));
    this.journal = new CampaignJournal(options.dataDir, log);
    this.now = options.now ?? Date.now;
    const isAbandoned = () => this.abandoned;
    this.pushes = new ProgressPushes({
      push: options.push,
      summary: (record) => this.summary(record),
      abandoned: isAbandoned,
      now: this.now,
      intervalMs: options.progressIntervalMs ?? 200,
    });
    this.host = {
      client: (account) => options.accounts.client(account),
      save: (record) => {
        if (this.abandoned) throw new Abandoned();
        this.journal.write(record);
      },
      changed: (record, statusChanged) => this.pushes.changed(record, statusChanged),
      settled: (record) => this.recordActivity(record),
      get abandoned() {
        return isAbandoned();
      },
      now: this.now,
      random: options.random ?? Math.random,
      sleep: options.sleep ?? abortableSleep,
      hooks: options.hooks ?? {},
    };
  }

  start(account: string, input: StartCampaign): CampaignSummary {
    const signedIn = this.account(account);
    const record = newCampaignRecord(input, { account, createdAt: this.now(), actor: actorOf(this.options.accounts, account, null), inviterId: signedIn.userId });
    this.journal.write(record);
    this.records.set(record.id, record);
    this.options.activity?.record(account, startedEntry(record));
    this.run(record);
    return this.summary(record);
  }

  /** The account's campaigns, newest first. */
  list(account: string): CampaignSummary[] {
    return this.journal
      .ids(account)
      .flatMap((id) => this.load(account, id) ?? [])
      .sort((a, b) => b.createdAt - a.createdAt)
      .map((record) => this.summary(record));
  }

  get(account: string, campaignId: string): Campaign {
    const record = this.find(account, campaignId);
    return {
      ...this.summary(record),
      addresses: record.addresses.map((address) => ({ ...address })),
      resentAddresses: record.resent.map((address) => ({ ...address })),
      leftOutAddresses: record.leftOut.map((address) => ({ ...address })),
    };
  }

  /** Pauses after the request in flight (never cut off: its fate would be unknown). */
  async pause(account: string, campaignId: string): Promise<CampaignSummary> {
    const record = this.find(account, campaignId);
    if (FINISHED.has(record.status)) throw finished(record, 'pause');
    const runner = this.activeRunner(campaignId);
    if (runner) {
      runner.pause();
      await settleWithin(runner.done, CONTROL_WAIT_MS);
    }
    return this.summary(record);
  }

  resume(account: string, campaignId: string): CampaignSummary {
    const record = this.find(account, campaignId);
    if (FINISHED.has(record.status)) throw finished(record, 'resume');
    const runner = this.activeRunner(campaignId);
    if (runner) runner.resume();
    else {
      // Paused, or left running by a console that closed: a new runner picks up from the journal.
      Object.assign(record, { status: 'running', pauseReason: null, detail: null });
      this.journal.write(record);
      this.run(record);
    }
    return this.summary(record);
  }

  /** Whatever is not sent yet is marked not attempted; a batch in flight still gets its answer. */
  async cancel(account: string, campaignId: string): Promise<CampaignSummary> {
    const record = this.find(account, campaignId);
    if (record.status === 'cancelled') return this.summary(record);
    if (FINISHED.has(record.status)) throw finished(record, 'cancel');
    const runner = this.activeRunner(campaignId) ?? this.run(record, { cancel: true });
    runner.cancel();
    await settleWithin(runner.done, CONTROL_WAIT_MS);
    return this.summary(record);
  }

  /** Sends again to the addresses a new try may change: other reasons, and those never sent. */
  retryFailed(account: string, campaignId: string): CampaignSummary {
    const record = this.find(account, campaignId);
    if (this.activeRunner(campaignId)) {
      throw new ConsoleError('CAMPAIGN_RUNNING', 'This campaign is still sending. Pause it, or wait until it finishes, then retry the failed addresses.');
    }
    let retried = 0;
    for (const address of record.addresses) {
      if (RETRYABLE.has(address.outcome)) {
        Object.assign(address, { outcome: 'pending', reason: null });
        retried++;
      }
    }
    // An unchecked batch in flight, or addresses a failed journal write left pending, are work too.
    const work = retried > 0 || record.inFlight !== null || record.addresses.some((address) => address.outcome === 'pending');
    if (!work) return this.summary(record);
    Object.assign(record, { status: 'running', pauseReason: null, detail: null, finishedAt: null });
    this.journal.write(record);
    this.run(record);
    return this.summary(record);
  }

  /** The report as CSV: every address, or only those with `outcome` (what the screen's filter shows). */
  exportCsv(account: string, campaignId: string, outcome: ReportStatus | null = null): { filename: string; csv: string; rows: number } {
    const record = this.find(account, campaignId);
    const realmName = this.options.accounts.list().find((candidate) => candidate.id === account)?.realmName ?? null;
    return reportCsv(record, realmName, outcome);
  }

  /**
   * At start: campaigns a quit or a crash interrupted (running, or waiting out a network failure) go
   * on from their journals. Those of accounts no longer signed in are paused with words saying so.
   * Returns how many resumed.
   */
  resumeInterrupted(): number {
    const signedIn = new Set(this.options.accounts.list().map((account) => account.id));
    let resumed = 0;
    for (const account of this.journal.accounts()) {
      for (const id of this.journal.ids(account)) {
        const record = this.load(account, id);
        if (!record || this.activeRunner(id)) continue;
        const interrupted = record.status === 'running' || (record.status === 'paused' && record.pauseReason === 'network');
        if (!interrupted) continue;
        if (!signedIn.has(account)) {
          Object.assign(record, {
            status: 'paused',
            pauseReason: 'user',
            detail: 'Interrupted when the console closed, and this organization is not signed in any more. Sign in again, then resume.',
          });
          this.writeOrPause(record);
          continue;
        }
        Object.assign(record, { status: 'running', pauseReason: null, detail: null });
        if (!this.writeOrPause(record)) continue;
        this.run(record);
        resumed++;
      }
    }
    return resumed;
  }

  /** Resolves when the campaign's runner (if any) has stopped: finished, paused or cancelled. */
  async whenIdle(campaignId: string): Promise<void> {
    for (let runner = this.runners.get(campaignId); runner; runner = this.runners.get(campaignId)) await runner.done;
  }

  /**
   * Stops sending without changing any campaign's status, so the next start resumes them. A request
   * in flight is given a moment to answer; if the console quits first, the journal says it was in
   * flight and the next start checks it with the server.
   */
  async close(): Promise<void> {
    const runners = [...this.runners.values()];
    for (const runner of runners) runner.stop();
    await settleWithin(Promise.all(runners.map((runner) => runner.done)), CONTROL_WAIT_MS);
    this.pushes.clear();
  }

  /**
   * What a crash leaves: every runner stops where it is and nothing more is written or pushed. For
   * tests of crash recovery; a real console just closes.
   */
  abandon(): void {
    this.abandoned = true;
    for (const runner of this.runners.values()) runner.stop();
    this.pushes.clear();
  }

  private run(record: CampaignRecord, options: { cancel?: boolean } = {}): CampaignRunner {
    const runner = new CampaignRunner(record, this.host, options);
    this.runners.set(record.id, runner);
    this.pushes.changed(record, true);
    void runner.done.then(() => {
      if (this.runners.get(record.id) === runner) this.runners.delete(record.id);
    });
    return runner;
  }

  /**
   * Writes the journal at a start; one the disk will not take (full, or the folder read-only) leaves
   * the campaign paused in memory with the journal's words, and the console starts anyway: nothing is
   * sent that the journal could not record, and Resume tries the write again.
   */
  private writeOrPause(record: CampaignRecord): boolean {
    try {
      this.journal.write(record);
      return true;
    } catch (error) {
      if (!(error instanceof ConsoleError && error.code === JOURNAL_NOT_SAVED)) throw error;
      Object.assign(record, { status: 'paused', pauseReason: 'disk', detail: error.message });
      (this.options.log ?? console.warn)(`[campaigns] ${error.message}`);
      return false;
    }
  }

  private activeRunner(campaignId: string): CampaignRunner | null {
    const runner = this.runners.get(campaignId);
    return runner?.active ? runner : null;
  }

  private summary(record: CampaignRecord): CampaignSummary {
    const runner = this.activeRunner(record.id);
    const pending = record.addresses.reduce((n, address) => n + (address.outcome === 'pending' ? 1 : 0), 0);
    return summaryOf(record, runner ? runner.etaSeconds(pending) : null);
  }

  private recordActivity(record: CampaignRecord): void {
    try {
      this.options.activity?.record(record.account, settledEntry(record));
    } catch (error) {
      // The log is a record of what happened, not a reason to stop sending.
      (this.options.log ?? console.warn)(`[campaigns] could not write the activity log: ${errorMessage(error)}`);
    }
  }

  private account(id: string): Account {
    const account = this.options.accounts.list().find((candidate) => candidate.id === id);
    if (!account) throw new ConsoleError('UNKNOWN_ACCOUNT', 'That organization is not signed in any more. Pick another one, or sign in again.');
    return account;
  }

  private load(account: string, campaignId: string): CampaignRecord | null {
    const cached = this.records.get(campaignId);
    if (cached) return cached.account === account ? cached : null;
    const record = this.journal.read(account, campaignId);
    if (record) this.records.set(campaignId, record);
    return record;
  }

  private find(account: string, campaignId: string): CampaignRecord {
    const record = this.load(account, campaignId);
    if (!record) throw new ConsoleError('UNKNOWN_CAMPAIGN', 'There is no such invitation campaign for this organization. It may have been started from another computer.');
    return record;
  }
}

function finished(record: CampaignRecord, verb: string): ConsoleError {
  const how = record.status === 'done' ? 'has finished' : record.status === 'cancelled' ? 'was cancelled' : 'has stopped';
  return new ConsoleError('CAMPAIGN_FINISHED', `This campaign ${how}: there is nothing to ${verb}. "Retry failed" sends again to the addresses that may succeed now.`);
}

async function settleWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([promise, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
