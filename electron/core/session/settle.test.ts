import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { RealmState } from './realm-state';
import { StateWaiters } from './settle';
import { apply, DEMO, demoState } from './testing/demo-snapshot';

const markRole = (state: RealmState) => state.users.get(DEMO.users.mark)?.role;
const markAs = (role: number) => (state: RealmState) => (markRole(state) === role ? state.users.get(DEMO.users.mark) : undefined);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

test('answers at once when the current state already shows the change', async () => {
  const waiters = new StateWaiters();
  await expect(waiters.wait(demoState(), markAs(400), 1_000)).resolves.toMatchObject({ user_id: DEMO.users.mark, role: 400 });
  expect(waiters.size).toBe(0);
  expect(vi.getTimerCount()).toBe(0);
});

test('answers with the first new state that shows the change, as soon as it is given, with no timer left', async () => {
  const waiters = new StateWaiters();
  const before = demoState();
  const after = apply(before, { type: 'realm_user', op: 'update', person: { user_id: DEMO.users.mark, role: 200 } }).state;
  const looked: RealmState[] = [];
  const waiting = waiters.wait(null, (state) => {
    looked.push(state);
    return markAs(200)(state);
  }, 5_000);
  waiters.check(before);
  waiters.check(after);
  await expect(waiting).resolves.toMatchObject({ user_id: DEMO.users.mark, role: 200 });
  // Each state looked at once; the answer came with no time passing.
  expect(looked).toEqual([before, after]);
  expect(waiters.size).toBe(0);
  expect(vi.getTimerCount()).toBe(0);
});

test('answers undefined when the change does not show in time, so the caller can answer otherwise', async () => {
  const waiters = new StateWaiters();
  const waiting = waiters.wait(demoState(), markAs(200), 50);
  waiters.check(demoState());
  await vi.advanceTimersByTimeAsync(50);
  await expect(waiting).resolves.toBeUndefined();
  expect(waiters.size).toBe(0);
  expect(vi.getTimerCount()).toBe(0);
});

test('clear() (the session stopped) answers every wait with undefined and leaves no timer', async () => {
  const waiters = new StateWaiters();
  const waits = [waiters.wait(null, markAs(200), 5_000), waiters.wait(demoState(), markAs(300), 5_000)];
  expect(waiters.size).toBe(2);
  expect(vi.getTimerCount()).toBe(2);
  waiters.clear();
  await expect(Promise.all(waits)).resolves.toEqual([undefined, undefined]);
  expect(waiters.size).toBe(0);
  expect(vi.getTimerCount()).toBe(0);
});

test('a pick that throws rejects its own wait only', async () => {
  const waiters = new StateWaiters();
  const broken = waiters.wait(null, () => {
    throw new Error('bad pick');
  }, 5_000);
  const fine = waiters.wait(null, markAs(400), 5_000);
  waiters.check(demoState());
  await expect(broken).rejects.toThrow('bad pick');
  await expect(fine).resolves.toMatchObject({ role: 400 });
  expect(vi.getTimerCount()).toBe(0);
});
