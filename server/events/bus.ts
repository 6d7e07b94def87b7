// Actions publish events here after their transaction commits; the event queues (events/queues.ts)
// deliver each to the queues of its recipients. Publishing inside a transaction would announce
// changes that might still roll back.
export interface ServerEvent {
  type: string;
  [field: string]: unknown;
}

export type EventListener = (recipients: readonly number[], event: ServerEvent) => void;

export class EventBus {
  private listeners = new Set<EventListener>();

  publish(recipients: Iterable<number>, event: ServerEvent): void {
    const ids = [...new Set(recipients)];
    if (ids.length === 0) return;
    for (const listener of this.listeners) listener(ids, event);
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
