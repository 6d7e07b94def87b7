// One live session per signed-in account: register an event queue (spec 21), long-poll it
// (GET /events with last_event_id), apply each event in order with the one reducer, and say what
// changed. It survives what a network and a server do: silence (a long-poll that outlives the
// server's own timeout is dead), failures (back off with jitter), a lost queue (BAD_EVENT_QUEUE_ID:
// register again and resync), and a key that stopped working (offline until the user signs in again).
// While it is down, reads get the last state it had; before its first snapshot, they fail at once
// (NOT_CONNECTED) once a try has failed, and its status says when it tries next.
import type { Message, RawEvent } from '../../../shared/api';
import { getEvents, parseEvent } from '../../../shared/api';
import type { RealmChange, SessionStatus } from '../../../shared/ipc';
import type { ApiClient } from '../client/api-client';
import { ConsoleError } from '../errors';
import { backoffDelay } from './backoff';
import { ChangeSet } from './changes';
import { InvitationsRefetch } from './invitations-refetch';
import { deleteQueue, fetchInvitations, fetchReportIds, probeReportChannel, registerQueue, reportChannelFor } from './realm-fetch';
import { invitationsScope, realmStateFromRegister, withInvitations, withReports, type RealmState } from './realm-state';
import { applyEvent } from './reducer';
import { failureStatus, StatusKeeper } from './session-status';
import { SETTLE_TIMEOUT_MS, StateWaiters, type StatePick } from './settle';
import { errorMessage } from '../../../shared/node/error-message';

export interface RealmSessionOptions {
  accountId: string;
  client: ApiClient;
  now?: () => number;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** How much longer than the server's long-poll timeout a poll may stay silent before it counts as dead. Default 10 s. */
  longpollGraceMs?: number;
  onStatus(status: SessionStatus): void;
  onChanges(changes: RealmChange[]): void;
  onResync(): void;
  /**
   * Each new report (the notification bot's message in the moderation channel) as the queue delivered
   * it, before onChanges names it: its content is Markdown, since register asks for apply_markdown false.
   */
  onReportMessage?(message: Message): void;
  /** Problems that do not stop the session (a malformed event, a failed refetch). Default: console.warn. */
  log?: (message: string) => void;
}

interface Queue {
  id: string;
  lastEventId: number;
  /** The moderation channel its message events are narrowed to (null: no message events). */
  reportChannel: string | null;
}

/** Upstream's 401s: the key or the account is no good any more, so retrying cannot help. */
const SIGN_IN_AGAIN_CODES = new Set(['INVALID_API_KEY', 'USER_DEACTIVATED', 'REALM_DEACTIVATED', 'UNAUTHORIZED', 'AUTHENTICATION_FAILED', 'SECRET_UNREADABLE', 'CLEARTEXT_REFUSED']);
/** Failures worth waiting out: the network, a server restarting behind its proxy, a rate limit. */
const TRANSIENT_CODES = new Set(['NETWORK_ERROR', 'RATE_LIMIT_HIT']);
/** A long-poll this much longer than the server's own timeout has outlived any heartbeat. */
const DEFAULT_LONGPOLL_GRACE_MS = 10_000;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class RealmSession {
  readonly accountId: string;
  private readonly client: ApiClient;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly longpollGraceMs: number;
  private readonly log: (message: string) => void;

  private readonly statusKeeper: StatusKeeper;
  private currentState: RealmState | null = null;
  private queue: Queue | null = null;
  /** The report channel the last register found; undefined until the first, which probes for it. */
  private knownReportChannel: string | null | undefined = undefined;
  private running: Promise<void> | null = null;
  private stopped = false;
  /** Stopped retrying: the server refused the credentials. reconnectNow() tries again. */
  private halted: ConsoleError | null = null;
  private inFlight: AbortController | null = null;
  private wakeUp: (() => void) | null = null;
  private failures = 0;
  private failingSince: number | null = null;
  /** After a failure the next poll does not block, so a working connection shows at once. */
  private catchUp = false;
  private readyWaiters: { resolve(state: RealmState): void; reject(error: Error): void }[] = [];
  /** Waits for a state that shows something (settle.ts), checked at each new state. */
  private readonly stateWaiters = new StateWaiters();
  /** invites_changed's refetch of the pending invitations. */
  private readonly invitations: InvitationsRefetch;

  constructor(private readonly options: RealmSessionOptions) {
    this.accountId = options.accountId;
    this.client = options.client;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.sleep = options.sleep ?? defaultSleep;
    this.longpollGraceMs = options.longpollGraceMs ?? DEFAULT_LONGPOLL_GRACE_MS;
    this.log = options.log ?? ((message) => console.warn(`[session ${options.accountId}] ${message}`));
    this.statusKeeper = new StatusKeeper(this.now, (status) => this.emit(() => this.options.onStatus(status)));
    this.invitations = new InvitationsRefetch({
      client: this.client,
      state: () => this.currentState,
      apply: (state) => {
        this.setState(state);
        this.emit(() => this.options.onChanges([{ collection: 'invitations', ids: [] }]));
      },
      log: this.log,
    });
  }

  get status(): SessionStatus {
    return this.statusKeeper.status;
  }

  get state(): RealmState | null {
    return this.currentState;
  }

  /** The event queue being polled (null between queues); for diagnostics and tests. */
  get queueId(): string | null {
    return this.queue?.id ?? null;
  }

  start(): void {
    if (this.running || this.stopped) return;
    this.halted = null;
    this.running = this.run();
  }

  /**
   * The state once there is one: at once when there is (the last state, while the connection is down),
   * else after the first try. Fails if that try fails (NOT_CONNECTED), the credentials are refused, or
   * the session stops.
   */
  whenReady(): Promise<RealmState> {
    if (this.currentState) return Promise.resolve(this.currentState);
    const refusal = this.notReadyError();
    if (refusal) return Promise.reject(refusal);
    return new Promise((resolve, reject) => this.readyWaiters.push({ resolve, reject }));
  }

  /**
   * The first value `pick` finds in this state or a later one (each applied batch, each new snapshot),
   * within `timeoutMs`; undefined when the time runs out or the session stops. No polling: the session
   * resolves it as it applies the event.
   */
  waitFor<T>(pick: StatePick<T>, timeoutMs = SETTLE_TIMEOUT_MS): Promise<T | undefined> {
    if (this.stopped) return Promise.resolve(undefined);
    return this.stateWaiters.wait(this.currentState, pick, timeoutMs);
  }

  /** Skips the wait before the next attempt; after a refused key, tries once more. */
  reconnectNow(): void {
    if (this.stopped) return;
    if (this.halted) {
      this.failures = 0;
      this.failingSince = null;
      this.start();
      return;
    }
    this.wakeUp?.();
  }

  /** Ends the long-poll and deletes the queue (best effort); no callback fires afterwards. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.invitations.stop();
    this.inFlight?.abort();
    this.wakeUp?.();
    this.rejectWaiters(new ConsoleError('SESSION_STOPPED', 'This organization was signed out.'));
    this.stateWaiters.clear();
    await this.running;
    const queue = this.queue;
    this.queue = null;
    if (queue) await deleteQueue(this.client, queue.id);
  }

  private async run(): Promise<void> {
    while (!this.stopped && !this.halted) {
      this.statusKeeper.tryingNow();
      try {
        if (this.queue) await this.poll(this.queue);
        else await this.connect();
      } catch (error) {
        if (this.stopped) break;
        await this.failed(error);
      }
    }
    this.running = null;
  }

  /** Registers a queue, loads what the snapshot lacks, and makes the result the state. */
  private async connect(): Promise<void> {
    const signal = this.signal();
    let channel = this.knownReportChannel === undefined ? await probeReportChannel(this.client, signal) : this.knownReportChannel;
    let { queueId, lastEventId, state } = await this.registered(channel, signal);
    // The channel was renamed, or the user joined or left it, since we last knew: narrow to the right one.
    const wanted = reportChannelFor(state);
    if (wanted !== channel && !this.stopped) {
      void deleteQueue(this.client, queueId);
      channel = wanted;
      ({ queueId, lastEventId, state } = await this.registered(channel, signal));
    }
    let invitations, reportIds;
    try {
      if (this.stopped) throw new ConsoleError('ABORTED', 'The session was stopped.');
      [invitations, reportIds] = await Promise.all([
        this.optional('list the pending invitations', fetchInvitations(this.client, state, signal)),
        this.optional('count the reports', fetchReportIds(this.client, state, signal)),
      ]);
    } catch (error) {
      await deleteQueue(this.client, queueId);
      throw error;
    }
    this.invitations.supersede();
    this.queue = { id: queueId, lastEventId, reportChannel: channel };
    this.knownReportChannel = channel;
    const resync = this.currentState !== null;
    this.setState(withReports(withInvitations(state, invitations), reportIds));
    this.succeeded();
    for (const waiter of this.readyWaiters.splice(0)) waiter.resolve(this.currentState as RealmState);
    if (resync) this.emit(() => this.options.onResync());
  }

  /** A new queue and the state its snapshot gives; a snapshot the console cannot use drops its queue. */
  private async registered(channel: string | null, signal: AbortSignal) {
    const reply = await registerQueue(this.client, channel, signal);
    const queueId = reply.queue_id as string;
    try {
      return { queueId, lastEventId: reply.last_event_id, state: realmStateFromRegister(reply) };
    } catch (error) {
      void deleteQueue(this.client, queueId);
      throw error;
    }
  }

  private async poll(queue: Queue): Promise<void> {
    const state = this.currentState as RealmState;
    const { value } = await this.client.call(
      getEvents,
      { queue_id: queue.id, last_event_id: queue.lastEventId, ...(this.catchUp ? { dont_block: true } : {}) },
      { timeoutMs: state.longpollTimeoutSeconds * 1000 + this.longpollGraceMs, signal: this.signal() },
    );
    if (this.stopped) return;
    this.catchUp = false;
    this.succeeded();
    this.applyBatch(queue, value.events);
  }

  /** Applies a batch in order; one push names everything it changed. */
  private applyBatch(queue: Queue, events: readonly RawEvent[]): void {
    const before = this.currentState as RealmState;
    let state = before;
    const changes = new ChangeSet();
    const reports: Message[] = [];
    for (const raw of events) {
      queue.lastEventId = Math.max(queue.lastEventId, raw.id);
      const parsed = parseEvent(raw);
      if (!parsed.success) {
        const where = parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || '(event)'}: ${issue.message}`);
        this.log(`skipped a malformed ${raw.type} event (id ${raw.id}): ${where.join('; ')}`);
        continue;
      }
      if (parsed.data.kind === 'unknown') continue;
      const event = parsed.data.event;
      const result = applyEvent(state, event);
      if (event.type === 'message' && result.changes.some((change) => change.collection === 'reports')) reports.push(event.message);
      state = result.state;
      changes.addAll(result.changes);
    }
    this.setState(state);
    // A report deleted later in the same batch is not news.
    for (const report of reports) if (state.reportIds?.has(report.id)) this.emit(() => this.options.onReportMessage?.(report));
    if (changes.size > 0) this.emit(() => this.options.onChanges(changes.toArray()));

    if (state.invitationsStale || invitationsScope(state.ownRole) !== invitationsScope(before.ownRole)) this.invitations.soon();
    // Reports are counted from the queue's message events: a new channel (or a joined or left one)
    // needs a queue narrowed to it and a fresh count, which a new register gives.
    const reportChannel = reportChannelFor(state);
    if (reportChannel !== queue.reportChannel) {
      this.knownReportChannel = reportChannel;
      this.queue = null;
      void deleteQueue(this.client, queue.id);
    }
  }

  /** The one place the state moves on, so every waiter sees every new state. */
  private setState(state: RealmState): void {
    this.currentState = state;
    this.stateWaiters.check(state);
  }

  private async failed(error: unknown): Promise<void> {
    const code = error instanceof ConsoleError ? error.code : null;
    if (code === 'BAD_EVENT_QUEUE_ID') {
      this.queue = null;
      // No wait: the next try (a new register) starts now.
      this.statusKeeper.notLive(
        this.currentState ? 'reconnecting' : 'connecting',
        `${this.client.realmUrl} dropped this console's event queue (it went unused, or the server restarted); loading the organization again.`,
        this.now(),
      );
      return;
    }
    if (code !== null && SIGN_IN_AGAIN_CODES.has(code)) {
      // The saved key itself is unreadable: its message says so and asks for a new sign-in already.
      // A saved http:// realm from before consent was asked for: its words say why; a new sign-in asks.
      const detail =
        code === 'SECRET_UNREADABLE'
          ? (error as Error).message
          : code === 'CLEARTEXT_REFUSED'
            ? `${(error as Error).message} Sign in to this organization again to choose.`
            : `${this.client.realmUrl} no longer accepts this account's credentials (${(error as Error).message}). Sign in again to reconnect.`;
      this.halted = new ConsoleError(code, detail);
      this.statusKeeper.notLive('offline', detail, null);
      this.rejectWaiters(this.halted);
      return;
    }
    if (code === null || !TRANSIENT_CODES.has(code)) {
      // A reply we cannot read or a bug: a fresh queue and state are the safe way on, after a pause.
      this.log(`${this.queue ? 'polling' : 'registering'} failed: ${errorMessage(error)}`);
      if (this.queue) {
        void deleteQueue(this.client, this.queue.id);
        this.queue = null;
      }
    }
    this.failingSince ??= this.now();
    const delay = backoffDelay(this.failures, this.random);
    this.failures += 1;
    const { state, detail } = failureStatus({
      code,
      message: errorMessage(error),
      realmUrl: this.client.realmUrl,
      hasState: this.currentState !== null,
      failingForMs: this.now() - this.failingSince,
      onTheWay: error instanceof ConsoleError && (error.extra.proxy !== undefined || error.extra.certificate !== undefined),
    });
    this.statusKeeper.notLive(state, detail, this.now() + delay);
    // Reads waiting for a first snapshot would otherwise wait through every backoff step.
    if (!this.currentState) this.rejectWaiters(this.statusKeeper.notConnected(this.client.realmUrl));
    this.catchUp = true;
    await this.pause(delay);
  }

  private succeeded(): void {
    this.failures = 0;
    this.failingSince = null;
    this.statusKeeper.live();
  }

  /**
   * A side fetch whose failure should not stop the session: a refusal (say, the user may not list
   * invitations after all) leaves it out; a lost connection fails the whole connect, to be retried.
   */
  private async optional<T>(what: string, request: Promise<T | null>): Promise<T | null> {
    try {
      return await request;
    } catch (error) {
      if (error instanceof ConsoleError && (TRANSIENT_CODES.has(error.code) || error.code === 'ABORTED')) throw error;
      this.log(`could not ${what}: ${errorMessage(error)}`);
      return null;
    }
  }

  private signal(): AbortSignal {
    this.inFlight = new AbortController();
    return this.inFlight.signal;
  }

  private async pause(ms: number): Promise<void> {
    await Promise.race([this.sleep(ms), new Promise<void>((resolve) => (this.wakeUp = resolve))]);
    this.wakeUp = null;
  }

  private notReadyError(): ConsoleError | null {
    if (this.stopped) return new ConsoleError('SESSION_STOPPED', 'This organization was signed out.');
    if (this.halted) return this.halted;
    // A try has failed already: say so now rather than wait through the backoff.
    if (this.statusKeeper.failed) return this.statusKeeper.notConnected(this.client.realmUrl);
    return null;
  }

  private rejectWaiters(error: Error): void {
    for (const waiter of this.readyWaiters.splice(0)) waiter.reject(error);
  }

  /** Callbacks never fire after stop(), and a throwing listener cannot break the session. */
  private emit(callback: () => void): void {
    if (this.stopped) return;
    try {
      callback();
    } catch (error) {
      this.log(`a listener failed: ${errorMessage(error)}`);
    }
  }
}
