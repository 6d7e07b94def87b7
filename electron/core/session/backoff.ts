// How long a session waits before trying again after a failure, and how it says so. Jitter spreads
// the reconnects of many consoles after a server restart, so they do not all arrive at once.

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;
/** Failing for this long makes a session 'offline' rather than 'reconnecting'. */
export const OFFLINE_AFTER_MS = 30_000;

/** 1 s doubling to 30 s, then ±50% (random() in [0, 1)). */
export function backoffDelay(attempt: number, random: () => number): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.5 + random()));
}

/** "1 second", "4 seconds", and whole minutes from two minutes on ("3 minutes"). */
export function inWords(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds >= 120) return `${Math.round(seconds / 60)} minutes`;
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}
