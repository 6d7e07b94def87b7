import { expect, test } from 'vitest';
import type { RealmState } from './realm-state';
import { settledState } from './settle';
import { apply, DEMO, demoState } from './testing/demo-snapshot';

const markRole = (state: RealmState) => state.users.get(DEMO.users.mark)?.role;

test('answers with what the first state showing the change holds, looking at each new state once', async () => {
  const before = demoState();
  const after = apply(before, { type: 'realm_user', op: 'update', person: { user_id: DEMO.users.mark, role: 200 } }).state;
  // The session as the poller sees it, read after read: no state yet, then the same state for a while
  // (no event), then the event is applied.
  const timeline = [null, null, before, before, before, after];
  let reads = 0;
  const session = {
    get state() {
      return timeline[Math.min(reads++, timeline.length - 1)] ?? null;
    },
  };
  const looked: RealmState[] = [];
  const user = await settledState(session, (state) => {
    looked.push(state);
    return markRole(state) === 200 ? state.users.get(DEMO.users.mark) : undefined;
  });
  expect(user).toMatchObject({ user_id: DEMO.users.mark, role: 200 });
  expect(looked).toEqual([before, after]);
});

test('answers undefined when the change does not show in time, so the caller can answer otherwise', async () => {
  expect(await settledState({ state: demoState() }, (state) => (markRole(state) === 200 ? true : undefined), 50)).toBeUndefined();
});
