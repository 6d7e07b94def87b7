// When each user was last active, as the register snapshot's `presences` says
// (https://zulip.com/api/register-queue): the console registers with `slim_presence` (keyed by user
// ID), and reads the legacy per-client form too, from older servers. reduce-presence.ts keeps it live.
import type { RegisterReply, UserPresence } from '../../../shared/api';
import { IdMap } from './id-map';

/**
 * How far back the console asks for presence (register's `presence_history_limit_days`, upstream's
 * default 14): a year, so "not active for 90 days" can be answered; a server may keep less.
 */
export const PRESENCE_HISTORY_DAYS = 365;

/** The last time the user was active, in seconds; null when the entry says only that they were idle. */
export function lastActiveOf(presence: UserPresence): number | null {
  if ('active_timestamp' in presence && typeof presence.active_timestamp === 'number') return presence.active_timestamp;
  let latest: number | null = null;
  for (const client of Object.values(presence as Record<string, { status?: string; timestamp?: number }>)) {
    if (client.status === 'active' && typeof client.timestamp === 'number') latest = Math.max(latest ?? 0, client.timestamp);
  }
  return latest;
}

/** The snapshot's presences by user ID (a legacy reply is keyed by email: `idOfEmail` resolves it). */
export function lastActiveFromRegister(reply: RegisterReply, idOfEmail: (email: string) => number | undefined): IdMap<number> {
  return IdMap.empty<number>().withMutations((draft) => {
    for (const [key, presence] of Object.entries(reply.presences ?? {})) {
      const userId = /^\d+$/.test(key) ? Number(key) : idOfEmail(key);
      const active = lastActiveOf(presence);
      if (userId !== undefined && active !== null) draft.set(userId, active);
    }
  });
}
