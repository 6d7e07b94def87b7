// When each user was last active, kept live by the `presence` events
// (https://zulip.com/api/get-events#presence) from the snapshot's (presence.ts), for the Users screen's
// idle-accounts filter. The console registers with `simplified_presence_events`; the legacy
// per-client form, from older servers, is read too.
//
// A realm's users report presence about once a minute each, so a change is announced only when a
// user's last-active *day* moves (or they are seen for the first time): the screens show dates and
// filter by days, and a push per ping of 20,000 users would flood them for nothing.
import type { PresenceEvent, UserPresence } from '../../../shared/api';
import { lastActiveOf } from './presence';
import type { Reduced } from './reduce-people';
import type { RealmState } from './realm-state';

const DAY_SECONDS = 86_400;

export function reducePresence(state: RealmState, event: PresenceEvent): Reduced {
  const modern = (event as { presences?: Record<string, UserPresence> }).presences;
  const legacy = event as { user_id: number; presence: UserPresence };
  const reported: [number, UserPresence][] = modern ? Object.entries(modern).map(([id, presence]) => [Number(id), presence]) : [[legacy.user_id, legacy.presence]];
  let lastActive = state.lastActive;
  const moved: number[] = [];
  for (const [userId, presence] of reported) {
    const active = lastActiveOf(presence);
    const before = lastActive.get(userId);
    if (active === null || !Number.isFinite(userId) || (before !== undefined && before >= active)) continue;
    lastActive = lastActive.set(userId, active);
    if (before === undefined || Math.floor(before / DAY_SECONDS) !== Math.floor(active / DAY_SECONDS)) moved.push(userId);
  }
  if (lastActive === state.lastActive) return { state, changes: [] };
  return { state: { ...state, lastActive }, changes: moved.length === 0 ? [] : [{ collection: 'presence', ids: moved }] };
}
