// Waiting for a change's own events. A change made from the console answers with the realm as the
// session's state shows it once the change's events have arrived, so a screen never shows the value
// from before the change (every screen reads the same state). The session checks its waiters each time
// its state changes (an applied batch, a new snapshot), so an answer goes out as soon as the event is
// in, with no polling. The caller decides what to answer when the events do not come in time (the
// queue is reconnecting) or the session stops (undefined in both cases).
import type { RealmState } from './realm-state';

/** How long a change waits for its events unless told otherwise. */
export const SETTLE_TIMEOUT_MS = 5_000;

/** What a waiter looks for: a value once the state shows the change, undefined until then. */
export type StatePick<T> = (state: RealmState) => T | undefined;

interface Waiter {
  pick: StatePick<unknown>;
  timer: ReturnType<typeof setTimeout>;
  settle(value: unknown): void;
  fail(error: unknown): void;
}

/** The pending waits of one session: checked against each new state, ended on time or on stop. */
export class StateWaiters {
  private readonly pending = new Set<Waiter>();

  /** How many waits are pending (for tests: none may be left behind). */
  get size(): number {
    return this.pending.size;
  }

  /**
   * The first value `pick` finds, in `current` at once or in a later state given to `check`, within
   * `timeoutMs`; undefined when the time runs out or `clear` is called. A throwing `pick` rejects.
   */
  wait<T>(current: RealmState | null, pick: StatePick<T>, timeoutMs: number): Promise<T | undefined> {
    if (current) {
      try {
        const found = pick(current);
        if (found !== undefined) return Promise.resolve(found);
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
    return new Promise<T | undefined>((resolve, reject) => {
      const waiter: Waiter = {
        pick,
        timer: setTimeout(() => waiter.settle(undefined), timeoutMs),
        settle: (value) => {
          this.remove(waiter);
          resolve(value as T | undefined);
        },
        fail: (error) => {
          this.remove(waiter);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      };
      this.pending.add(waiter);
    });
  }

  /** Looks at a new state for every pending wait. */
  check(state: RealmState): void {
    for (const waiter of [...this.pending]) {
      let found: unknown;
      try {
        found = waiter.pick(state);
      } catch (error) {
        waiter.fail(error);
        continue;
      }
      if (found !== undefined) waiter.settle(found);
    }
  }

  /** Ends every pending wait with undefined (the session stopped): no timer is left running. */
  clear(): void {
    for (const waiter of [...this.pending]) waiter.settle(undefined);
  }

  private remove(waiter: Waiter): void {
    clearTimeout(waiter.timer);
    this.pending.delete(waiter);
  }
}
