// One client's event queue: the events not yet acknowledged, and at most one waiting long-poll.
import type { ClientCapabilities } from '../../shared/api';
import type { ServerEvent } from './bus';

export interface QueueOptions {
  /** null: every event type (spec 21 event_types omitted). */
  eventTypes: ReadonlySet<string> | null;
  narrow: readonly (readonly [string, string])[];
  allPublicStreams: boolean;
  capabilities: ClientCapabilities;
  applyMarkdown: boolean;
  clientGravatar: boolean;
  slimPresence: boolean;
}

export interface QueuedEvent extends ServerEvent {
  id: number;
}

export class EventQueue {
  private events: QueuedEvent[] = [];
  private nextId = 0;
  private waiter: (() => void) | null = null;
  /** Clock time of the last fetch (or creation): idle queues are garbage-collected. */
  lastAccess: number;
  /** The last public-channel message delivered through all_public_streams (each is delivered once). */
  lastPublicMessageId: number | null = null;

  constructor(
    readonly id: string,
    readonly userId: number,
    readonly options: QueueOptions,
    now: number,
  ) {
    this.lastAccess = now;
  }

  /** The ID of the newest event so far (-1 before any), which register returns as last_event_id. */
  get lastEventId(): number {
    return this.nextId - 1;
  }

  get isPolled(): boolean {
    return this.waiter !== null;
  }

  push(event: ServerEvent): void {
    this.events.push({ ...event, id: this.nextId++ });
    this.wake();
  }

  /** Drops events up to and including `lastEventId` (the client has them), and returns the rest. */
  acknowledge(lastEventId: number): QueuedEvent[] {
    this.events = this.events.filter((event) => event.id > lastEventId);
    return [...this.events];
  }

  /** Resolves when an event arrives or `wake` is called; only one poll waits at a time. */
  waitForEvents(): Promise<void> {
    this.wake();
    return new Promise((resolve) => {
      this.waiter = resolve;
    });
  }

  wake(): void {
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.();
  }
}
