// Actions publish events here after their transaction commits; the event queues (events/queues.ts)
// deliver each to the queues of its recipients. Publishing inside a transaction would announce
// changes that might still roll back.
export interface ServerEvent {
  type: string;
  [field: string]: unknown;
}

/**
 * Every active user of the realm, as recipients. Most realm-wide events go to everyone; naming them
 * would read and copy 100,000 IDs per event on a large realm, where the queues to reach are a handful:
 * delivery asks instead whether each queue's user is active.
 */
export const ACTIVE_USERS: unique symbol = Symbol('every active user');

/** The users an event is for: listed (deduplicated), or every active user. */
export type Recipients = readonly number[] | typeof ACTIVE_USERS;

export type EventListener = (recipients: Recipients, event: ServerEvent) => void;

export class EventBus {
  private listeners = new Set<EventListener>();

  publish(recipients: Iterable<number> | typeof ACTIVE_USERS, event: ServerEvent): void {
    const ids = recipients === ACTIVE_USERS ? ACTIVE_USERS : [...new Set(recipients)];
    if (ids !== ACTIVE_USERS && ids.length === 0) return;
    for (const listener of this.listeners) listener(ids, event);
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
