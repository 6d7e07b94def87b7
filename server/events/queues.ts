// Every client's event queue: created by POST /register, long-polled by GET /events, deleted by
// DELETE /events or after queueIdleMs without a fetch (spec States: 10 minutes). A long-poll with
// nothing to say is answered with a heartbeat after heartbeatMs (spec Events 3: one minute).
import type { ServerContext } from '../context';
import { ApiError, badRequest } from '../lib/errors';
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
    const publicMessageId = this.publicChannelMessageId(event);
    const allRecipients = Array.isArray(event._recipients) ? new Set(event._recipients as number[]) : wanted;
    const recipientsById = new Map<number, Recipient | null>();
    for (const queue of this.queues.values()) {
      let delivered = event;
      if (!wanted.has(queue.userId)) {
        // spec 21 all_public_streams: public channel messages reach such queues once, subscribed or not.
        if (publicMessageId === null || allRecipients.has(queue.userId) || !queue.options.allPublicStreams) continue;
        if (queue.lastPublicMessageId === publicMessageId) continue;
        delivered = { ...event, flags: [], _flags_by_user: undefined, _local_id: undefined };
      }
      if (!recipientsById.has(queue.userId)) recipientsById.set(queue.userId, this.recipient(queue.userId));
      const recipient = recipientsById.get(queue.userId);
      if (!recipient || (!wanted.has(queue.userId) && recipient.isGuest)) continue;
      if (publicMessageId !== null) queue.lastPublicMessageId = publicMessageId;
      for (const shaped of deliver(delivered, queue, recipient, realm)) queue.push(shaped);
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
