// The bulk subscriber job: many users added to or removed from one or many channels, on the console's
// job runner (../jobs/job-runner.ts: progress pushes, results kept), through upstream's POST and DELETE
// /users/me/subscriptions with `principals` as user IDs (https://zulip.com/api/subscribe,
// https://zulip.com/api/unsubscribe), one request per channel and batch of users, one at a time (the
// server is shared). One result per user and channel: added and already subscribed from the reply's
// `subscribed` / `already_subscribed`, keyed by user ID at current feature levels; removed and not
// subscribed from the channel's members read just before the removal (the reply names channels only).
//
// Journaled (subscriber-journal.ts) before each request and after each reply. A reply lost to the
// network (request-fate.ts: it may have been applied) is looked up on the server (GET
// /streams/{id}/members) before the console says anything; a core that died mid-job resumes from the
// journal at start (resumeInterrupted), the batch it had sent looked up first. Subscribing someone
// already subscribed changes nothing upstream, so the server never does anything twice, and the
// lookup keeps every result true ("added" stays "added", never "already subscribed"). Cancelling stops
// after the request in flight: what was not sent is marked cancelled, and the journal says so, so a
// restart looks up that last request's fate but sends nothing more.
import { getSubscribers, subscribe, unsubscribe } from '../../../shared/api';
import { toCsv } from '../../../shared/domain/csv';
import { plural } from '../../../shared/domain/plural';
import { BULK_SUBSCRIBER_OUTCOME_WORDS, type BulkAction, type BulkSubscriberResult, type Push, type SubscriberHazard, type SubscriberJob } from '../../../shared/ipc';
import { errorMessage } from '../../../shared/node/error-message';
import type { AccountService } from '../accounts/accounts';
import { actorOf } from '../activity/actor';
import type { ActivityLog } from '../activity/activity-log';
import { ConsoleError } from '../errors';
import { JobRunner } from '../jobs/job-runner';
import { mayHaveBeenApplied } from '../request-fate';
import type { SessionManager } from '../session-manager';
import { channelLabel } from './channel-words';
import { planOf, refuseUnconfirmed } from './subscriber-plan';
import { SubscriberJournal, type SubscriberJobRecord, type Unsettled } from './subscriber-journal';
import { channelActivity, settled, settleFromMembers } from './subscriber-outcomes';
import { formatWhen } from '../../../shared/domain/when';

export const OUTCOMES = ['added', 'alreadySubscribed', 'removed', 'notSubscribed', 'refused', 'failed', 'cancelled'] as const;

export interface SubscriberJobHooks {
  /** The server answered a batch; the answer is not journaled yet (a crash here loses the reply). */
  answered?(jobId: string, channelId: number, userIds: readonly number[]): void | Promise<void>;
}

export interface SubscriberJobsOptions {
  dataDir: string;
  accounts: Pick<AccountService, 'client' | 'list'>;
  sessions: SessionManager;
  activity: Pick<ActivityLog, 'record'>;
  push: (message: Push) => void;
  /** Users per request per channel. Default 100. */
  batchSize?: number;
  progressIntervalMs?: number;
  hooks?: SubscriberJobHooks;
  log?: (message: string) => void;
}

type JobRecord = SubscriberJobRecord;

const UNCHECKED = 'A request for these people got no answer, and the server could not be asked yet what it did. Retry failed asks it first, and sends only what it did not do.';
type Result = BulkSubscriberResult;
const CANCELLED_REASON = 'Not sent: the job was cancelled.';

export class SubscriberJobs {
  private readonly runner: JobRunner<Result, JobRecord>;
  private readonly journal: SubscriberJournal;
  /** The core is closing: nothing more is sent, and the journals stay as they are, to resume at the next start. */
  private closing = false;
  /** The results of the requests being sent now, every job's: a cancel leaves them to their answer. */
  private readonly sending = new Set<Result>();

  constructor(private readonly options: SubscriberJobsOptions) {
    this.journal = new SubscriberJournal(options.dataDir, options.log);
    this.runner = new JobRunner<Result, JobRecord>({
      type: 'subscriberJob',
      push: options.push,
      // One request at a time: the journal's order is the server's, and the realm is shared.
      concurrency: 1,
      progressIntervalMs: options.progressIntervalMs,
      keepFinished: 20,
      outcomes: OUTCOMES,
      estimate: true,
      idField: 'jobId',
      words: {
        unknown: 'That subscriber job is not known: its journal is gone (another account’s, or removed). The channels’ subscriber lists show what is true now.',
        running: 'This subscriber job is still running. Wait for it to finish before retrying its failures.',
      },
      snapshot: (job) => structuredClone(job),
    });
  }

  /**
   * Starts the job. Refused with CONFIRMATION_NEEDED, before anything is sent or journaled, when its
   * plan removes the user from channels they are in, or leaves a private channel with no subscribers,
   * and `acknowledged` does not say that was confirmed.
   */
  async start(account: string, action: BulkAction, channelIds: readonly number[], userIds: readonly number[], acknowledged: readonly SubscriberHazard[] = []): Promise<SubscriberJob> {
    const state = await this.options.sessions.get(account).whenReady();
    const channels = [...new Set(channelIds)];
    const users = [...new Set(userIds)];
    const plan = planOf(state, action, channels, users);
    refuseUnconfirmed(plan, acknowledged);
    // The review's own refusals, per channel and per person: what was shown is what is journaled.
    const channelRefusals = new Map(plan.channels.map((channel) => [channel.channelId, channel.refusal]));
    const userRefusals = new Map(plan.refusedUsers.map((user) => [user.userId, user.reason]));
    const results: Result[] = channels.flatMap((channelId) => {
      const refusal = channelRefusals.get(channelId) ?? null;
      return users.map((userId) => {
        const reason = refusal ?? userRefusals.get(userId) ?? null;
        return { userId, channelId, outcome: reason ? 'refused' : 'pending', reason };
      });
    });
    const record: JobRecord = {
      ...this.runner.fresh(account),
      version: 1,
      action,
      batchSize: this.options.batchSize ?? 100,
      actor: actorOf(this.options.accounts, account, state),
      channels: channels.map((channelId) => ({ channelId, name: state.channels.get(channelId)?.name ?? `channel ${String(channelId)}` })),
      users: users.map((userId) => {
        const user = state.users.get(userId);
        return { userId, fullName: user?.full_name ?? `user ${String(userId)}`, email: user?.delivery_email ?? user?.email ?? '' };
      }),
      results,
      unsettled: [],
    };
    this.journal.write(record);
    this.options.activity.record(account, {
      actor: record.actor,
      action: action === 'add' ? 'Started adding subscribers' : 'Started removing subscribers',
      target: record.channels.map((channel) => channelLabel(channel.name)).join(', '),
      details: `${plural(users.length, 'user', 'users')}, ${plural(channels.length, 'channel', 'channels')} (job of ${formatWhen(record.startedAt)})`,
      kind: 'subscribers',
      userIds: record.users.map((user) => user.userId),
      channelIds: record.channels.map((channel) => channel.channelId),
      result: 'ok',
      error: null,
    });
    return publicJob(this.launch(record));
  }

  get(account: string, jobId: string): SubscriberJob {
    return publicJob(this.record(account, jobId));
  }

  list(account: string) {
    return this.journal
      .ids(account)
      .flatMap((id) => {
        try {
          return [this.record(account, id)];
        } catch {
          return [];
        }
      })
      .sort((a, b) => b.startedAt - a.startedAt)
      .map(({ results, users: _users, unsettled: _unsettled, version: _version, actor: _actor, ...rest }) => {
        const counts: { [outcome: string]: number } = {};
        for (const result of results) counts[result.outcome] = (counts[result.outcome] ?? 0) + 1;
        return { ...rest, total: results.length, counts };
      });
  }

  /** The failed results go again, in the same job; a batch whose fate was not known is looked up first. */
  retryFailed(account: string, jobId: string): SubscriberJob {
    const record = this.record(account, jobId);
    if (record.finishedAt === null) throw new ConsoleError('JOB_RUNNING', 'This subscriber job is still running. Wait for it to finish before retrying its failures.', { jobId });
    const failed = record.results.filter((result) => result.outcome === 'failed');
    if (failed.length === 0 && record.unsettled.length === 0) throw new ConsoleError('NOTHING_TO_RETRY', 'Nothing in this job failed, so there is nothing to retry.', { jobId });
    for (const result of failed) Object.assign(result, { outcome: 'pending', reason: null });
    Object.assign(record, { status: 'running', finishedAt: null });
    this.journal.write(record);
    return publicJob(this.launch(record));
  }

  /**
   * Stops the job after the request in flight (its answer still gives its results): the results not
   * sent are cancelled, and the journal records it, so a restart does not resume the job.
   */
  cancel(account: string, jobId: string): SubscriberJob {
    const record = this.record(account, jobId);
    if (record.finishedAt !== null || record.status !== 'running') return publicJob(record);
    record.status = 'cancelled';
    this.cancelUnsent(record);
    this.save(record);
    return publicJob(record);
  }

  exportCsv(account: string, jobId: string): { filename: string; csv: string; rows: number } {
    const record = this.record(account, jobId);
    const users = new Map(record.users.map((user) => [user.userId, user]));
    const channels = new Map(record.channels.map((channel) => [channel.channelId, channel.name]));
    const rows = record.results.map((result) => {
      const user = users.get(result.userId);
      return [channels.get(result.channelId) ?? String(result.channelId), result.channelId, user?.fullName ?? '', user?.email ?? '', result.userId, BULK_SUBSCRIBER_OUTCOME_WORDS[result.outcome], result.reason];
    });
    const csv = toCsv(['Channel', 'Channel ID', 'Name', 'Email', 'User ID', 'Outcome', 'Reason'], rows);
    return { filename: `subscribers-${record.action}-${record.id}.csv`, csv, rows: rows.length };
  }

  /** At start: jobs a quit or a crash interrupted go on from their journals. Returns how many. */
  resumeInterrupted(): number {
    const signedIn = new Set(this.options.accounts.list().map((account) => account.id));
    let resumed = 0;
    for (const account of this.journal.accounts()) {
      if (!signedIn.has(account)) continue;
      for (const id of this.journal.ids(account)) {
        const record = this.journal.read(account, id);
        if (!record || record.finishedAt !== null) continue;
        // A cancelled job only has the fate of its last request looked up; nothing more is sent.
        if (record.status !== 'cancelled') Object.assign(record, { status: 'running' });
        this.launch(record);
        resumed++;
      }
    }
    return resumed;
  }

  /** When the core closes: the request in flight ends, nothing more is sent, and the next start resumes. */
  stopAll(): Promise<void> {
    this.closing = true;
    return this.runner.stopAll();
  }

  private record(account: string, jobId: string): JobRecord {
    try {
      return this.runner.find(account, jobId).job;
    } catch (error) {
      const stored = this.journal.read(account, jobId);
      if (!stored || stored.account !== account) throw error;
      return stored;
    }
  }

  /** Runs the pending results, a batch per channel and `batchSize` users; each batch's first result leads it. */
  private launch(record: JobRecord): JobRecord {
    const batches = new Map<Result, Result[]>();
    for (const channel of record.channels) {
      const pending = record.results.filter((result) => result.channelId === channel.channelId && result.outcome === 'pending');
      for (let i = 0; i < pending.length; i += record.batchSize) {
        const batch = pending.slice(i, i + record.batchSize);
        batches.set(batch[0] as Result, batch);
      }
    }
    const work = async (leader: Result) => {
      if (this.closing) return;
      // What a crash or a lost reply left unanswered is settled before anything else is sent.
      if (record.unsettled.length > 0) await this.settleAll(record);
      if (record.status === 'cancelled') {
        this.cancelUnsent(record);
        return;
      }
      const batch = (batches.get(leader) ?? []).filter((result) => result.outcome === 'pending');
      if (batch.length === 0) return;
      for (const result of batch) this.sending.add(result);
      try {
        await this.send(record, batch);
      } finally {
        for (const result of batch) this.sending.delete(result);
      }
    };
    return this.runner.launch(record, undefined, [[...batches.keys()]], work, () => this.finished(record));
  }

  private async send(record: JobRecord, batch: Result[]): Promise<void> {
    const channelId = (batch[0] as Result).channelId;
    const name = record.channels.find((channel) => channel.channelId === channelId)?.name ?? String(channelId);
    const userIds = batch.map((result) => result.userId);
    const client = this.options.accounts.client(record.account);
    const members = await this.membersBefore(record, channelId);
    // Cancelled while the members were read: this batch was not sent yet, so it is not sent.
    if (record.status === 'cancelled') {
      for (const result of batch) this.sending.delete(result);
      this.cancelUnsent(record);
      this.save(record);
      return;
    }
    const entry: Unsettled = { channelId, userIds, subscribedBefore: userIds.filter((id) => members.has(id)) };
    record.unsettled.push(entry);
    try {
      this.journal.write(record);
    } catch (error) {
      // Nothing is sent that the journal could not record: the batch fails with what to fix.
      settled(record, entry);
      if (!(error instanceof ConsoleError)) throw error;
      for (const result of batch) Object.assign(result, { outcome: 'failed', reason: error.message });
      return;
    }
    const subject = record.action === 'add' ? `Could not add these people to ${channelLabel(name)}` : `Could not remove these people from ${channelLabel(name)}`;
    try {
      if (record.action === 'add') {
        const { value } = await client.call(subscribe, { subscriptions: [{ name }], principals: userIds });
        await this.options.hooks?.answered?.(record.id, channelId, userIds);
        for (const result of batch) {
          const added = value.subscribed[String(result.userId)]?.length ?? 0;
          Object.assign(result, { outcome: added > 0 ? 'added' : 'alreadySubscribed', reason: null });
        }
      } else {
        await client.call(unsubscribe, { subscriptions: [name], principals: userIds });
        await this.options.hooks?.answered?.(record.id, channelId, userIds);
        const before = new Set(entry.subscribedBefore);
        for (const result of batch) Object.assign(result, { outcome: before.has(result.userId) ? 'removed' : 'notSubscribed', reason: null });
      }
      settled(record, entry);
    } catch (error) {
      if (!(error instanceof ConsoleError)) throw error;
      // Cut off by the core closing: the journal keeps the batch unsettled, and the next start asks the server.
      if (this.closing) return;
      if (mayHaveBeenApplied(error)) {
        // No usable answer: the server says what happened, and what it did not do is a failure to retry.
        const leftover = `${subject}: ${sentenceOf(error.message)} The server shows them unchanged: Retry failed sends them again.`;
        const checked = await this.settle(record, entry, leftover);
        if (!checked) {
          const unknown = `${subject}: ${sentenceOf(error.message)} Whether the server made the change is not known yet: Retry failed asks it first, and sends only what it did not do.`;
          for (const result of batch) if (result.outcome === 'pending') Object.assign(result, { outcome: 'failed', reason: unknown });
        }
      } else {
        // An answer saying no: nothing in the batch was done (upstream checks everything first).
        const refused = typeof error.extra.httpStatus === 'number' && error.extra.httpStatus >= 400 && error.extra.httpStatus < 500 && error.extra.httpStatus !== 429;
        const reason = `${subject}: ${sentenceOf(error.message)}${refused ? '' : ' Retry failed sends them again.'}`;
        for (const result of batch) Object.assign(result, { outcome: refused ? 'refused' : 'failed', reason });
        settled(record, entry);
      }
    }
    this.save(record);
  }

  /** After a reply: a journal the disk will not take now is said in the log; the next write tries again. */
  private save(record: JobRecord): void {
    try {
      this.journal.write(record);
    } catch (error) {
      this.options.log?.(errorMessage(error));
    }
  }

  /**
   * The channel's members just before a batch, from the server: what "already subscribed" means if the
   * reply is lost, and who a removal removed (its reply names channels only). The live state when the
   * server cannot say: it is close enough for the words, and the server judges the change itself.
   */
  private async membersBefore(record: JobRecord, channelId: number): Promise<ReadonlySet<number>> {
    try {
      const { value } = await this.options.accounts.client(record.account).call(getSubscribers, { stream_id: channelId });
      return new Set(value.subscribers);
    } catch {
      const state = await this.options.sessions.get(record.account).whenReady();
      return state.subscribers.get(channelId) ?? new Set();
    }
  }

  private async settleAll(record: JobRecord): Promise<void> {
    for (const entry of [...record.unsettled]) {
      if (await this.settle(record, entry, null)) continue;
      // Sending these again could not tell "added" from "already subscribed": they wait for Retry failed.
      const wanted = new Set(entry.userIds);
      for (const result of record.results) {
        if (result.channelId === entry.channelId && wanted.has(result.userId) && result.outcome === 'pending') Object.assign(result, { outcome: 'failed', reason: UNCHECKED });
      }
    }
    this.save(record);
  }

  /**
   * Reads the channel's members and gives each user of an unanswered batch the outcome the server
   * shows; those it shows unchanged get `leftover` as a failure, or stay pending (null) to be sent.
   * False when the server could not be asked: the batch stays unsettled in the journal.
   */
  private async settle(record: JobRecord, entry: Unsettled, leftover: string | null): Promise<boolean> {
    let members: Set<number>;
    try {
      const { value } = await this.options.accounts.client(record.account).call(getSubscribers, { stream_id: entry.channelId });
      members = new Set(value.subscribers);
    } catch (error) {
      this.options.log?.(`subscriber job ${record.id}: could not look up #${String(entry.channelId)}'s members: ${errorMessage(error)}`);
      return false;
    }
    settleFromMembers(record, entry, members, leftover);
    return true;
  }

  /** The results not answered and not in a request being sent are cancelled. */
  private cancelUnsent(record: JobRecord): void {
    for (const result of record.results) {
      if (result.outcome === 'pending' && !this.sending.has(result)) Object.assign(result, { outcome: 'cancelled', reason: CANCELLED_REASON });
    }
  }

  private finished(record: JobRecord): void {
    if (this.closing && record.results.some((result) => result.outcome === 'pending')) return;
    Object.assign(record, { status: record.status === 'cancelled' ? 'cancelled' : 'done', finishedAt: Date.now() });
    this.save(record);
    for (const channel of record.channels) this.options.activity.record(record.account, channelActivity(record, channel));
  }
}

function sentenceOf(message: string): string {
  const trimmed = message.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function publicJob({ version: _version, actor: _actor, unsettled: _unsettled, ...job }: JobRecord): SubscriberJob {
  return structuredClone(job);
}
