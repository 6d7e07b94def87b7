// When each user was last active, as the users table's column and the detail panel show it: the
// presence history read once per screen (queries/users-last-active.ts) and given to the cells through
// a context, so the static column definitions (columns.tsx) need not change with it.
import { createContext, useContext } from 'react';
import type { User } from '../../../../shared/api/users';
import { lastSeen, lastSeenWords, type LastSeen } from '../../../../shared/domain/idle-accounts';
import type { LastActiveIndex } from '../../queries/users-last-active';
import { joinedFormat } from './dates';

/** How a user's last activity reads; null while the history is loading. */
export const LastSeenContext = createContext<((user: User) => LastSeen) | null>(null);

export function lastSeenOf(index: LastActiveIndex, nowMs: number): (user: User) => LastSeen {
  return (user) => lastSeen(user, index.at.get(user.user_id), index.historyLimitDays, nowMs);
}

export function LastSeenText({ user }: { user: User }) {
  const of = useContext(LastSeenContext);
  if (!of) return <span className="muted">…</span>;
  const seen = of(user);
  const words = lastSeenWords(seen, (ms) => joinedFormat.format(ms));
  return seen.kind === 'seen' ? <>{words}</> : <span className="muted" title={words}>{words}</span>;
}
