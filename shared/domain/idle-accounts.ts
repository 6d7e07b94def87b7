// Idle accounts: when a user was last active, worded plainly, and whether they count as "not active for
// N days", from the presence history the server gave (register's `presences` and the
// `presence_history_limit_days` asked for, https://zulip.com/api/register-queue). A user missing from
// that history was either never seen or not seen within it: the two are told apart only where the
// history covers their whole membership (they joined within it), and said so otherwise.
import type { User } from '../api/users';
import { toCsv } from './csv';
import { ROLE_NAMES } from './role-rules';

const DAY_MS = 86_400_000;

export type LastSeen =
  | { kind: 'seen'; atMs: number }
  /** Not in the history, which covers their whole membership. */
  | { kind: 'never' }
  /** Not in the history, which is shorter than their membership: they may have been seen before it. */
  | { kind: 'notInHistory'; days: number }
  /** Bots report no presence. */
  | { kind: 'bot' };

export function lastSeen(user: Pick<User, 'is_bot' | 'date_joined'>, activeSeconds: number | undefined, historyLimitDays: number, nowMs: number): LastSeen {
  if (user.is_bot) return { kind: 'bot' };
  if (activeSeconds !== undefined) return { kind: 'seen', atMs: activeSeconds * 1000 };
  const joined = Date.parse(user.date_joined);
  return !Number.isNaN(joined) && joined >= nowMs - historyLimitDays * DAY_MS ? { kind: 'never' } : { kind: 'notInHistory', days: historyLimitDays };
}

/** Whether a human was not active in the last `days` days (bots have no presence: never idle). */
export function notActiveFor(seen: LastSeen, days: number, nowMs: number): boolean {
  if (seen.kind === 'bot') return false;
  if (seen.kind === 'seen') return seen.atMs < nowMs - days * DAY_MS;
  return true;
}

const dateFormat = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' });

/** "2026-11-02", "Never seen", "Not seen in the last 365 days", "Bot". `format` shows dates the screen's way. */
export function lastSeenWords(seen: LastSeen, format: (ms: number) => string = (ms) => dateFormat.format(ms)): string {
  switch (seen.kind) {
    case 'seen':
      return format(seen.atMs);
    case 'never':
      return 'Never seen';
    case 'notInHistory':
      return `Not seen in the last ${seen.days} days`;
    case 'bot':
      return 'Bot: no presence';
  }
}

/** The users shown, as CSV for a review by others before acting (formula-safe cells: csv.ts). */
export function usersCsv(rows: readonly { user: User; seen: LastSeen }[]): string {
  return toCsv(
    ['User ID', 'Name', 'Email', 'Role', 'Status', 'Kind', 'Joined', 'Last active'],
    rows.map(({ user, seen }) => [
      user.user_id,
      user.full_name,
      user.delivery_email ?? user.email,
      ROLE_NAMES[user.role],
      user.is_active ? 'Active' : 'Deactivated',
      user.is_bot ? 'Bot' : 'Human',
      user.date_joined.slice(0, 10),
      lastSeenWords(seen),
    ]),
  );
}
