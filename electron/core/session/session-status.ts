// What a session says of itself: live or not, why not in words, when it tries again, and since when
// its copy of the realm is not live. When it tries again is a field (`retryAt`), not part of the words,
// so a screen can count down to it and the words never go stale.
import type { SessionState, SessionStatus } from '../../../shared/ipc';
import { ConsoleError } from '../errors';
import { inWords, OFFLINE_AFTER_MS } from './backoff';

export interface FailedTry {
  /** The ConsoleError's code; null for anything else (a bug, a reply nobody could read). */
  code: string | null;
  message: string;
  realmUrl: string;
  /** The session has a realm state (a snapshot) from an earlier connection. */
  hasState: boolean;
  /** How long the tries have been failing, without a success in between. */
  failingForMs: number;
  /**
   * The failure is the way to the realm, not the realm: a proxy, or the server's certificate. Its own
   * words say what to change, so they are kept instead of the short "Could not reach".
   */
  onTheWay?: boolean;
}

/** The state and the words after a failed try. */
export function failureStatus(failed: FailedTry): { state: SessionState; detail: string } {
  const offline = failed.failingForMs >= OFFLINE_AFTER_MS;
  const state: SessionState = offline ? 'offline' : failed.hasState ? 'reconnecting' : 'connecting';
  if (failed.code !== 'NETWORK_ERROR' || failed.onTheWay) return { state, detail: failed.message };
  const url = failed.realmUrl;
  if (offline) return { state, detail: `No connection to ${url} for ${inWords(failed.failingForMs)}.` };
  return { state, detail: failed.hasState ? `Lost the connection to ${url}.` : `Could not reach ${url}.` };
}

/** A session's current status; every change (and only a change) goes to `onChange`. */
export class StatusKeeper {
  private current: SessionStatus = { state: 'connecting', detail: null, retryAt: null, lastLiveAt: null };

  constructor(
    private readonly now: () => number,
    private readonly onChange: (status: SessionStatus) => void,
  ) {}

  get status(): SessionStatus {
    return { ...this.current };
  }

  /** A try has failed since the session started or was last live. */
  get failed(): boolean {
    return this.current.detail !== null;
  }

  live(): void {
    this.set({ state: 'live', detail: null, retryAt: null, lastLiveAt: null });
  }

  /** Not live (any more): the data is as old as the moment the session stopped being live. */
  notLive(state: SessionState, detail: string, retryAt: number | null): void {
    const was = this.current;
    this.set({ state, detail, retryAt, lastLiveAt: was.state === 'live' ? this.now() : was.lastLiveAt });
  }

  /** A try after a failure starts: the status says it is under way, so a screen stops counting down. */
  tryingNow(): void {
    const { state, detail, retryAt } = this.current;
    const now = this.now();
    if (state === 'live' || detail === null || (retryAt !== null && retryAt <= now)) return;
    this.set({ ...this.current, retryAt: now });
  }

  /** What a read gets before the first snapshot, once a try has failed. */
  notConnected(realmUrl: string): ConsoleError {
    const { detail, retryAt } = this.current;
    return new ConsoleError('NOT_CONNECTED', `Not connected to ${realmUrl} yet, so nothing is loaded from it. ${detail ?? ''}`.trim(), { retryAt });
  }

  private set(next: SessionStatus): void {
    const was = this.current;
    if (next.state === was.state && next.detail === was.detail && next.retryAt === was.retryAt && next.lastLiveAt === was.lastLiveAt) return;
    this.current = next;
    this.onChange({ ...next });
  }
}
