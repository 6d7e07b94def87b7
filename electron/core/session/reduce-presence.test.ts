// presence events applied to the demo realm's state: last-active times kept exact, announced once per
// user and day, in the modern and the legacy form.
import { describe, expect, test } from 'vitest';
import { apply, DEMO, demoState } from './testing/demo-snapshot';

const { users } = DEMO;
const DAY = 86_400;
const noon = 20_000 * DAY + DAY / 2;
const modern = (id: number, active: number) => ({ type: 'presence', presences: { [id]: { active_timestamp: active, idle_timestamp: active } } });

describe('presence events', () => {
  test('a first sighting and a new day are announced; later pings the same day only update the time', () => {
    const first = apply(demoState(), modern(users.kemi, noon));
    expect(first.state.lastActive.get(users.kemi)).toBe(noon);
    expect(first.changes).toEqual([{ collection: 'presence', ids: [users.kemi] }]);

    const sameDay = apply(first.state, modern(users.kemi, noon + 60));
    expect(sameDay.state.lastActive.get(users.kemi)).toBe(noon + 60);
    expect(sameDay.changes).toEqual([]);

    const nextDay = apply(sameDay.state, modern(users.kemi, noon + DAY));
    expect(nextDay.changes).toEqual([{ collection: 'presence', ids: [users.kemi] }]);
  });

  test('an older or idle-only report changes nothing; the legacy form counts active clients', () => {
    const seen = apply(demoState(), modern(users.kemi, noon)).state;
    const older = apply(seen, modern(users.kemi, noon - DAY));
    expect(older.state).toBe(seen);

    const idleOnly = { type: 'presence', user_id: users.kemi, server_timestamp: noon + DAY, presence: { website: { client: 'website', status: 'idle', timestamp: noon + DAY } } };
    expect(apply(seen, idleOnly).state).toBe(seen);
    const active = { ...idleOnly, presence: { website: { client: 'website', status: 'active', timestamp: noon + DAY } } };
    expect(apply(seen, active).state.lastActive.get(users.kemi)).toBe(noon + DAY);
  });
});
