// The moderation request channel as an inbox, per account. The session already counts the reports
// (RealmState.reportIds, kept live by the queue's message events); this keeps their Markdown, parsed
// with upstream's template, fetching it once (and again only when the session's count names a report it
// has not seen, as after a resync), and adds the triage state, which only this console keeps. It also
// deletes the reported message (message-deletion.ts), remembering which messages were deleted so a
// report's conversation says so (reported-messages.ts).
import path from 'node:path';
import type { Message } from '../../../shared/api';
import { parseReport, reportSummary, type ParsedReport } from '../../../shared/domain/report-parser';
import type { ModerationInbox, Push, Report, ReportContext } from '../../../shared/ipc';
import type { AccountService } from '../accounts/accounts';
import type { ActivityLog } from '../activity/activity-log';
import { actorOf } from '../activity/actor';
import { ConsoleError } from '../errors';
import type { SessionManager } from '../session-manager';
import type { RealmState } from '../session/realm-state';
import { deleteReportedMessage } from './message-deletion';
import { deletedContext, reportContext } from './report-context';
import { ReportedMessages } from './reported-messages';
import { fetchReportMessages, markTopicsRead, toReportMessage, type ReportMessage, type ReportSource } from './report-fetch';
import { TriageStore } from './triage-store';
import { errorMessage } from '../../../shared/node/error-message';

export interface ModerationServiceOptions {
  /** The console's data folder; triage files go to <dataDir>/moderation/<account>.json. */
  dataDir: string;
  accounts: Pick<AccountService, 'client' | 'list' | 'onChange'>;
  sessions: Pick<SessionManager, 'get' | 'onReportMessage' | 'onMessagesDeleted'>;
  /** Where a deletion of a reported message is recorded. */
  activity: Pick<ActivityLog, 'record'>;
  push(message: Push): void;
  /** Milliseconds; Date.now by default. */
  now?: () => number;
  log?: (message: string) => void;
  /** Messages per GET /messages page when loading reports; the spec's recommended 1000 by default. */
  pageSize?: number;
}

type CachedReport = ReportMessage & { parsed: ParsedReport };

interface ReportCache {
  channelId: number;
  messages: Map<number, CachedReport>;
  loaded: boolean;
  /** IDs the session counts that a finished load did not return: not worth loading again for. */
  unreachable: Set<number>;
  loading: Promise<void> | null;
}

interface View {
  state: RealmState;
  channel: ModerationInbox['channel'];
  readable: boolean;
  /** Oldest first. */
  reports: CachedReport[];
}

/** Failures worth trying again later (api-client's codes for the network and rate limits). */
const TRANSIENT_CODES = new Set(['NETWORK_ERROR', 'RATE_LIMIT_HIT']);

const cached = (message: ReportMessage): CachedReport => ({ ...message, parsed: parseReport(message.content) });

export class ModerationService {
  private readonly caches = new Map<string, ReportCache>();
  private readonly triages = new Map<string, TriageStore>();
  private readonly reported = new Map<string, ReportedMessages>();
  /** Accounts whose unsynced topic reads are being retried, so two inbox loads do not both retry. */
  private readonly syncing = new Set<string>();
  private readonly now: () => number;
  private readonly log: (message: string) => void;
  private readonly unsubscribe: (() => void)[];

  constructor(private readonly options: ModerationServiceOptions) {
    this.now = options.now ?? Date.now;
    this.log = options.log ?? ((message) => console.warn(`[moderation] ${message}`));
    this.unsubscribe = [
      options.sessions.onReportMessage((account, message) => this.reportArrived(account, message)),
      options.sessions.onMessagesDeleted((account, messageIds) => this.reportedIn(account).markDeleted(messageIds)),
      // A signed-out account's reports leave memory (its triage file stays, for when it signs in again).
      options.accounts.onChange(() => {
        const ids = new Set(options.accounts.list().map((account) => account.id));
        for (const map of [this.caches, this.triages, this.reported]) for (const id of [...map.keys()]) if (!ids.has(id)) map.delete(id);
      }),
    ];
  }

  close(): void {
    for (const unsubscribe of this.unsubscribe.splice(0)) unsubscribe();
  }

  async inbox(account: string): Promise<ModerationInbox> {
    const view = await this.view(account);
    const triage = this.triage(account);
    const reports = view.reports.map((report) => toReport(report, triage)).sort((a, b) => b.id - a.id);
    if (view.channel && view.readable) void this.retryServerReads(account, view.channel.id, view.reports);
    return { channel: view.channel, readable: view.readable, reports };
  }

  async context(account: string, reportId: number): Promise<ReportContext> {
    const view = await this.view(account);
    const report = toReport(this.findReports(view, [reportId])[0] as CachedReport, this.triage(account));
    const reported = this.reportedIn(account);
    if (reported.isDeleted(reported.messageOf(report))) return deletedContext();
    const context = await reportContext(this.options.accounts.client(account), view.state, report);
    const shown = context.messages.find((message) => message.isReported);
    if (!shown) return context;
    reported.remember(report.id, shown.id);
    // Deleted while its conversation was being read.
    return reported.isDeleted(shown.id) ? deletedContext() : context;
  }

  /**
   * Deletes the message the report is about, if `messageId` is that message (the one its conversation
   * showed); the report stays. The screens hear of it at once (a `messages` change), even when the
   * queue will not tell them (a public channel the user is not subscribed to).
   */
  async deleteMessage(account: string, reportId: number, messageId: number): Promise<null> {
    const view = await this.view(account);
    const report = toReport(this.findReports(view, [reportId])[0] as CachedReport, this.triage(account));
    const reported = this.reportedIn(account);
    // A DM report names no message: it is the one its conversation shows, found again if need be.
    const context = reported.messageOf(report) === null ? await this.context(account, reportId) : null;
    const about = reported.messageOf(report);
    if (about === null) {
      const why = context?.explanation ?? 'The console cannot tell which message this report is about.';
      throw new ConsoleError('NO_MESSAGE_TO_DELETE', `${why} Nothing was deleted.`, { reportId });
    }
    if (about !== messageId) {
      throw new ConsoleError('NOT_THE_REPORTED_MESSAGE', `Nothing was deleted: message ${messageId} is not the message this report is about. Open the report again to see its message.`, { reportId, messageId });
    }
    const client = this.options.accounts.client(account);
    const actor = actorOf(this.options.accounts, account, view.state);
    await deleteReportedMessage({ client, state: view.state, actor, record: (entry) => this.options.activity.record(account, entry) }, report, messageId);
    reported.markDeleted([messageId]);
    this.options.push({ kind: 'realm.changed', account, changes: [{ collection: 'messages', ids: [messageId] }] });
    return null;
  }

  /**
   * Saves the new status first (the triage is the console's own and must not be lost to a network
   * failure), then marks the reports' topics read on the server (spec 13). A topic the server could not
   * mark is retried when the inbox is next loaded.
   */
  async markReviewed(account: string, reportIds: readonly number[], reviewed: boolean): Promise<null> {
    const view = await this.view(account);
    const reports = this.findReports(view, reportIds);
    const triage = this.triage(account);
    triage.setReviewed(reportIds, reviewed, Math.floor(this.now() / 1000));
    this.options.push({ kind: 'realm.changed', account, changes: [{ collection: 'reports', ids: [...new Set(reportIds)].sort((a, b) => a - b) }] });
    // Marking new again leaves the server as it is: spec 13 can only mark read.
    if (reviewed && view.channel) await this.syncServerReads(account, view.channel.id, reports);
    return null;
  }

  /** A report the queue delivered: kept, and announced (the shell shows a notification). */
  private reportArrived(account: string, message: Message): void {
    if (message.stream_id === undefined) return;
    const report = cached(toReportMessage(message));
    this.cacheFor(account, message.stream_id).messages.set(report.id, report);
    this.options.push({ kind: 'moderation.report', account, reportId: report.id, summary: reportSummary(report.parsed) });
  }

  private async view(account: string): Promise<View> {
    const session = this.options.sessions.get(account);
    const state = await session.whenReady();
    const channelId = state.moderationRequestChannelId;
    if (channelId === null) return { state, channel: null, readable: false, reports: [] };
    const stream = state.channels.get(channelId);
    // Upstream's channel objects; a private channel the user is not in may not be listed at all.
    const channel = { id: channelId, name: stream?.name ?? '' };
    const readable = stream !== undefined && (state.subscriptions.has(channelId) || !stream.invite_only);
    if (!readable) return { state, channel, readable, reports: [] };
    const source = { channelId, botId: state.notificationBotId };
    const reports = await this.reportsIn(account, source, () => session.state?.reportIds ?? null);
    return { state: session.state ?? state, channel, readable, reports };
  }

  /** The channel's reports: from the cache while the session keeps the count live, else fetched afresh. */
  private async reportsIn(account: string, source: ReportSource, liveIds: () => ReadonlySet<number> | null): Promise<CachedReport[]> {
    if (liveIds() === null) {
      // Not subscribed (a public channel), or no notification bot to narrow to: no events keep a cache
      // current. Without the bot's ID, only messages in the template can be told from conversation.
      const messages = (await fetchReportMessages(this.options.accounts.client(account), source, this.options.pageSize)).map(cached);
      return source.botId === null ? messages.filter((message) => message.parsed.parsed) : messages;
    }
    const cache = this.cacheFor(account, source.channelId);
    const missing = () => !cache.loaded || [...(liveIds() ?? [])].some((id) => !cache.messages.has(id) && !cache.unreachable.has(id));
    while (missing()) {
      cache.loading ??= this.load(account, cache, source).finally(() => (cache.loading = null));
      await cache.loading;
      if (!cache.loaded) break;
    }
    const ids = liveIds() ?? new Set<number>();
    // Deleted reports leave the session's count; their text leaves the cache.
    for (const id of [...cache.messages.keys()]) if (!ids.has(id)) cache.messages.delete(id);
    return [...ids].sort((a, b) => a - b).flatMap((id) => cache.messages.get(id) ?? []);
  }

  private async load(account: string, cache: ReportCache, source: ReportSource): Promise<void> {
    const fetched = await fetchReportMessages(this.options.accounts.client(account), source, this.options.pageSize);
    // Merged, not replaced: a report the queue delivered during the load stays.
    for (const message of fetched) cache.messages.set(message.id, cached(message));
    cache.loaded = true;
    const counted = this.options.sessions.get(account).state?.reportIds ?? new Set<number>();
    cache.unreachable = new Set([...counted].filter((id) => !cache.messages.has(id)));
  }

  private cacheFor(account: string, channelId: number): ReportCache {
    let cache = this.caches.get(account);
    if (cache?.channelId !== channelId) {
      // A new moderation channel: the old one's reports are not this inbox's any more.
      cache = { channelId, messages: new Map(), loaded: false, unreachable: new Set(), loading: null };
      this.caches.set(account, cache);
    }
    return cache;
  }

  private reportedIn(account: string): ReportedMessages {
    let reported = this.reported.get(account);
    if (!reported) {
      reported = new ReportedMessages();
      this.reported.set(account, reported);
    }
    return reported;
  }

  private triage(account: string): TriageStore {
    let triage = this.triages.get(account);
    if (!triage) {
      triage = new TriageStore(path.join(this.options.dataDir, 'moderation'), account, this.log);
      this.triages.set(account, triage);
    }
    return triage;
  }

  /** The reports with these IDs; refuses the whole request if any is not in the inbox (nothing half done). */
  private findReports(view: View, reportIds: readonly number[]): CachedReport[] {
    if (!view.channel) {
      throw new ConsoleError('REPORTING_OFF', 'Reporting is off in this organization: it has no moderation request channel. An administrator can choose one in the organization settings.');
    }
    if (!view.readable) {
      throw new ConsoleError('MODERATION_CHANNEL_UNREADABLE', `You cannot read the moderation request channel${view.channel.name ? ` #${view.channel.name}` : ''}. Ask an administrator to subscribe you to it.`);
    }
    const byId = new Map(view.reports.map((report) => [report.id, report]));
    const missing = reportIds.filter((id) => !byId.has(id));
    if (missing.length > 0) {
      const which = missing.length === 1 ? `Report ${String(missing[0])} is` : `${String(missing.length)} of these reports are`;
      throw new ConsoleError('REPORT_NOT_FOUND', `${which} no longer in #${view.channel.name}: deleted since the inbox was loaded. Reload the inbox.`, { reportIds: missing });
    }
    return reportIds.map((id) => byId.get(id) as CachedReport);
  }

  /** spec 13 for each topic the reports are in; failures stay unsynced, to be retried. */
  private async syncServerReads(account: string, channelId: number, reports: readonly CachedReport[]): Promise<void> {
    const triage = this.triage(account);
    const byTopic = new Map<string, number[]>();
    for (const report of reports) byTopic.set(report.topic, [...(byTopic.get(report.topic) ?? []), report.id]);
    const client = this.options.accounts.client(account);
    for (const [topic, ids] of byTopic) {
      try {
        await markTopicsRead(client, channelId, [topic]);
        triage.markServerRead(ids);
      } catch (error) {
        const code = error instanceof ConsoleError ? error.code : null;
        this.log(`could not mark the topic "${topic}" read: ${errorMessage(error)}`);
        // A refusal will not change by asking again; the review itself is saved either way.
        if (code === null || !TRANSIENT_CODES.has(code)) triage.markServerRead(ids);
      }
    }
  }

  private async retryServerReads(account: string, channelId: number, reports: readonly CachedReport[]): Promise<void> {
    if (this.syncing.has(account)) return;
    const unsynced = new Set(this.triage(account).unsyncedReads());
    const pending = reports.filter((report) => unsynced.has(report.id));
    if (pending.length === 0) return;
    this.syncing.add(account);
    try {
      await this.syncServerReads(account, channelId, pending);
    } catch (error) {
      this.log(`retrying topic reads failed: ${errorMessage(error)}`);
    } finally {
      this.syncing.delete(account);
    }
  }
}

function toReport(report: CachedReport, triage: TriageStore): Report {
  return { id: report.id, time: report.timestamp, status: triage.isReviewed(report.id) ? 'reviewed' : 'new', ...report.parsed };
}
