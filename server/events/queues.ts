// Every client's event queue: created by POST /register, long-polled by GET /events, deleted by
// DELETE /events or after queueIdleMs without a fetch (spec States: 10 minutes). A long-poll with
// nothing to say is answered with a heartbeat after heartbeatMs (spec Events 3: one minute).
import type { ServerContext } from '../context';
import { ApiError, badRequest } from '../lib/errors';
import { isGuest, type UserRow } from '../db/users';
import { UPSTREAM_USER_SETTING_DEFAULTS } from '../lib/user-settings';
import { ACTIVE_USERS, type Recipients, type ServerEvent } from './bus';
import { deliver, readsRecipientRow, recipientById, type RealmView, type Recipient } from './delivery';
import { EventQueue, type QueuedEvent, type QueueOptions } from './queue';

const SWEEP_INTERVAL_MS = 30_000;

/** `read()` once, at the first call, and only if called. */
function lazy<T>(read: () => T): () => T {
  let value: { read: T } | null = null;
  return () => (value ??= { read: read() }).read;
}

export class EventQueues {
  private queues = new Map<string, EventQueue>();
  private readonly unsubscribe: () => void;
  private readonly sweeper: NodeJS.Timeout;
  private closed = false;
  /**
   * No queue can be idle for queueIdleMs before this clock time, so a sweep before it has nothing to
   * collect: every access sweeps, and without this each would walk every queue (10,000 long-polls
   * against 10,000 queues is 100 million checks). Fetches only move a queue's expiry later, so a value
   * kept from the last full sweep is never too late.
   */
  private earliestExpiry = Number.POSITIVE_INFINITY;

  constructor(private readonly ctx: ServerContext) {
    this.unsubscribe = ctx.events.subscribe((recipients, event) => this.publish(recipients, event));
    // A real-time sweep for the real clock; with an injected clock, every access sweeps too.
    this.sweeper = setInterval(() => this.sweep(), Math.min(SWEEP_INTERVAL_MS, ctx.config.queueIdleMs));
    this.sweeper.unref();
  }

  get size(): number {
    return this.queues.size;
  }

  register(userId: number, options: QueueOptions): EventQueue {
    this.sweep();
    const queue = new EventQueue(this.ctx.ids.token(32), userId, options, this.ctx.clock.now());
    this.queues.set(queue.id, queue);
    this.earliestExpiry = Math.min(this.earliestExpiry, queue.lastAccess + this.ctx.config.queueIdleMs);
    return queue;
  }

  /** The user's own live queue; an unknown, collected or someone else's queue is BAD_EVENT_QUEUE_ID. */
  get(queueId: string, userId: number): EventQueue {
    this.sweep();
    const queue = this.queues.get(queueId);
    if (!queue || queue.userId !== userId) {
      throw new ApiError('BAD_EVENT_QUEUE_ID', `Bad event queue ID: ${queueId}`, { queue_id: queueId });
    }
    return queue;
  }

  delete(queueId: string, userId: number): void {
    const queue = this.get(queueId, userId);
    this.queues.delete(queue.id);
    queue.wake();
  }

  /**
   * Acknowledges events up to lastEventId and returns the rest; with none, waits for one or for the
   * heartbeat period (unless dontBlock). `aborted` ends the wait when the client goes away.
   */
  async poll(queue: EventQueue, lastEventId: number, dontBlock: boolean, aborted: Promise<void>): Promise<QueuedEvent[]> {
    if (lastEventId > queue.lastEventId) throw badRequest(`Event ${lastEventId} was not in this queue`);
    queue.lastAccess = this.ctx.clock.now();
    let events = queue.acknowledge(lastEventId);
    if (events.length > 0 || dontBlock || this.closed) return events;
    // One timer per waiting poll, let go of when the poll ends: thousands of polls answered every few
    // seconds would otherwise leave thousands of pending heartbeat timers behind them.
    const stopHeartbeat = this.ctx.clock.after(this.ctx.config.heartbeatMs, () => {
      if (this.queues.has(queue.id)) queue.push({ type: 'heartbeat' });
    });
    await Promise.race([queue.waitForEvents(), aborted]);
    stopHeartbeat();
    queue.lastAccess = this.ctx.clock.now();
    events = queue.acknowledge(lastEventId);
    return events;
  }

  /** Garbage-collects queues nobody has fetched from for queueIdleMs. */
  sweep(): void {
    const now = this.ctx.clock.now();
    if (now < this.earliestExpiry) return;
    const idle = this.ctx.config.queueIdleMs;
    this.earliestExpiry = Number.POSITIVE_INFINITY;
    for (const queue of this.queues.values()) {
      // A polled queue is not collected now; its poll ends with a fetch time, so it expires later.
      if (!queue.isPolled && now - queue.lastAccess >= idle) this.queues.delete(queue.id);
      else this.earliestExpiry = Math.min(this.earliestExpiry, Math.max(queue.lastAccess + idle, now + 1));
    }
  }

  close(): void {
    this.closed = true;
    clearInterval(this.sweeper);
    this.unsubscribe();
    for (const queue of this.queues.values()) queue.wake();
    this.queues.clear();
  }

  /**
   * Delivers one event to every queue it concerns. What a publish reads from the database it reads once,
   * for all queues, and only when some queue needs it: the recipients' rows in one query, the channel's
   * privacy, the realm's empty-topic name; the work per queue is shaping the event for it.
   */
  private publish(recipients: Recipients, event: ServerEvent): void {
    const everyoneActive = recipients === ACTIVE_USERS;
    const listed = everyoneActive ? null : new Set(recipients);
    const wanted = (userId: number) => listed === null || listed.has(userId);
    // Read only if some queue has all_public_streams: a message's _recipients lists every subscriber.
    const allRecipients = lazy(() => (Array.isArray(event._recipients) ? new Set(event._recipients as number[]) : listed));
    const targets: EventQueue[] = [];
    let publicListeners = false;
    for (const queue of this.queues.values()) {
      if (wanted(queue.userId)) targets.push(queue);
      else if (queue.options.allPublicStreams && !allRecipients()?.has(queue.userId)) {
        targets.push(queue);
        publicListeners = true;
      }
    }
    if (targets.length > 0) {
      // spec 21 all_public_streams: public channel messages reach such queues once, subscribed or not.
      const publicMessageId = publicListeners ? this.publicChannelMessageId(event) : null;
      // For every active user, the query's own filter decides who is (a deactivated user's queue may
      // live on until its next fetch is refused). Listed recipients' rows are read only when delivery
      // looks at them: their own role or typing setting, or the guest check of all_public_streams.
      const people =
        everyoneActive || publicListeners || readsRecipientRow(event)
          ? this.recipients(
              targets.map((queue) => queue.userId),
              everyoneActive,
            )
          : null;
      // Read only if a queue without empty_topic_name gets an event with the empty topic.
      const view = lazy(() => this.realmView());
      const realm: RealmView = {
        get emptyTopicDisplayName() {
          return view().emptyTopicDisplayName;
        },
      };
      for (const queue of targets) {
        let delivered = event;
        if (!wanted(queue.userId)) {
          if (publicMessageId === null || queue.lastPublicMessageId === publicMessageId) continue;
          delivered = { ...event, flags: [], _flags_by_user: undefined, _local_id: undefined };
        }
        const recipient = people ? people.get(queue.userId) : recipientById(queue.userId);
        if (!recipient || (!wanted(queue.userId) && recipient.isGuest)) continue;
        if (publicMessageId !== null) queue.lastPublicMessageId = publicMessageId;
        for (const shaped of deliver(delivered, queue, recipient, realm)) queue.push(shaped);
      }
    }
    this.dropQueuesOfDeactivated(event);
  }

  /** The message ID of a message event in a public channel, else null. */
  private publicChannelMessageId(event: ServerEvent): number | null {
    if (event.type !== 'message') return null;
    const message = event.message as { id: number; type: string; stream_id?: number };
    if (message.type !== 'stream') return null;
    const inviteOnly = this.ctx.db.prepare('SELECT invite_only FROM streams WHERE id = ?').pluck().get(message.stream_id ?? -1);
    return inviteOnly === 0 ? message.id : null;
  }

  /** A deactivated user's queues end with the event that says so (their next fetch is refused anyway). */
  private dropQueuesOfDeactivated(event: ServerEvent): void {
    const person = event.type === 'realm_user' && event.op === 'update' ? (event.person as { user_id: number; is_active?: boolean }) : null;
    if (!person || person.is_active !== false) return;
    for (const queue of this.queues.values()) {
      if (queue.userId === person.user_id) {
        this.queues.delete(queue.id);
        queue.wake();
      }
    }
  }

  /** The users of these queues as delivery needs them (only the active ones if `activeOnly`), read in one query. */
  private recipients(userIds: readonly number[], activeOnly: boolean): Map<number, Recipient> {
    // A user's row keeps only the settings that differ from upstream's defaults (db/users.ts userSettings).
    const rows = this.ctx.db
      .prepare(
        `SELECT id, role, json_extract(settings, '$.receives_typing_notifications') AS typing FROM users WHERE id IN (SELECT value FROM json_each(?))${activeOnly ? ' AND is_active = 1' : ''}`,
      )
      .all(JSON.stringify([...new Set(userIds)])) as (Pick<UserRow, 'id' | 'role'> & { typing: number | null })[];
    const typingByDefault = UPSTREAM_USER_SETTING_DEFAULTS.receives_typing_notifications !== false;
    return new Map(rows.map((user) => [user.id, { userId: user.id, isGuest: isGuest(user), receivesTyping: user.typing === null ? typingByDefault : user.typing !== 0 }]));
  }

  private realmView(): RealmView {
    const row = this.ctx.db.prepare('SELECT empty_topic_display_name FROM realm').get() as { empty_topic_display_name: string };
    return { emptyTopicDisplayName: row.empty_topic_display_name };
  }
}
