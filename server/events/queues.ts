// Every client's event queue: created by POST /register, long-polled by GET /events, deleted by
// DELETE /events or after queueIdleMs without a fetch (spec States: 10 minutes). A long-poll with
// nothing to say is answered with a heartbeat after heartbeatMs (spec Events 3: one minute).
import type { ServerContext } from '../context';
import { ApiError, badRequest } from '../errors';
import { getUser, isGuest, userSettings } from '../db/users';
import type { ServerEvent } from './bus';
import { deliver, type RealmView, type Recipient } from './delivery';
import { EventQueue, type QueuedEvent, type QueueOptions } from './queue';

const SWEEP_INTERVAL_MS = 30_000;

export class EventQueues {
  private queues = new Map<string, EventQueue>();
  private readonly unsubscribe: () => void;
  private readonly sweeper: NodeJS.Timeout;
  private closed = false;

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
    let waiting = true;
    void this.ctx.clock.sleep(this.ctx.config.heartbeatMs).then(() => {
      if (waiting && this.queues.has(queue.id)) queue.push({ type: 'heartbeat' });
    });
    await Promise.race([queue.waitForEvents(), aborted]);
    waiting = false;
    queue.lastAccess = this.ctx.clock.now();
    events = queue.acknowledge(lastEventId);
    return events;
  }

  /** Garbage-collects queues nobody has fetched from for queueIdleMs. */
  sweep(): void {
    const now = this.ctx.clock.now();
    for (const queue of this.queues.values()) {
      if (!queue.isPolled && now - queue.lastAccess >= this.ctx.config.queueIdleMs) this.queues.delete(queue.id);
    }
  }

  close(): void {
    this.closed = true;
    clearInterval(this.sweeper);
    this.unsubscribe();
    for (const queue of this.queues.values()) queue.wake();
    this.queues.clear();
  }

  private publish(recipients: readonly number[], event: ServerEvent): void {
    const realm = this.realmView();
    const wanted = new Set(recipients);
    const byUser = new Map<number, EventQueue[]>();
    for (const queue of this.queues.values()) {
      const receives = wanted.has(queue.userId) || this.seesAsPublicStream(queue, event);
      if (!receives) continue;
      byUser.set(queue.userId, [...(byUser.get(queue.userId) ?? []), queue]);
    }
    for (const [userId, queues] of byUser) {
      const recipient = this.recipient(userId);
      if (!recipient) continue;
      for (const queue of queues) {
        for (const shaped of deliver(event, queue.options, recipient, realm)) queue.push(shaped);
      }
    }
  }

  /** spec 21 all_public_streams: message events from every public channel, subscribed or not. */
  private seesAsPublicStream(queue: EventQueue, event: ServerEvent): boolean {
    if (!queue.options.allPublicStreams || event.type !== 'message' || !event._public_channel) return false;
    const user = getUser(this.ctx.db, queue.userId);
    return Boolean(user && !isGuest(user));
  }

  private recipient(userId: number): Recipient | null {
    const user = getUser(this.ctx.db, userId);
    if (!user) return null;
    return { userId, isGuest: isGuest(user), receivesTyping: userSettings(user).receives_typing_notifications !== false };
  }

  private realmView(): RealmView {
    const row = this.ctx.db.prepare('SELECT empty_topic_display_name FROM realm').get() as { empty_topic_display_name: string };
    return { emptyTopicDisplayName: row.empty_topic_display_name };
  }
}
