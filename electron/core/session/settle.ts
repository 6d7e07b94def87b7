// Waiting for a change's own events. A change made from the console answers with the realm as the
// session's state shows it once the change's events have arrived, so a screen never shows the value
// from before the change (every screen reads the same state). The caller decides what to answer when
// the events do not come in time (the queue is reconnecting).
import type { RealmState } from './realm-state';
import type { RealmSession } from './session';

/** How long a change waits for its events unless told otherwise. */
export const SETTLE_TIMEOUT_MS = 5_000;
/** How often to look at the state while waiting: a look is cheap, and only a new state is read. */
const POLL_MS = 20;

/**
 * The first value `pick` finds in the session's state within `timeoutMs` (`pick` returns undefined
 * while the state does not show the change yet), or undefined when the time runs out.
 */
export async function settledState<T>(
  session: Pick<RealmSession, 'state'>,
  pick: (state: RealmState) => T | undefined,
  timeoutMs = SETTLE_TIMEOUT_MS,
): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  let seen: RealmState | null = null;
  while (Date.now() < deadline) {
    const state = session.state;
    // Only a new state can have changed.
    if (state && state !== seen) {
      seen = state;
      const found = pick(state);
      if (found !== undefined) return found;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return undefined;
}
