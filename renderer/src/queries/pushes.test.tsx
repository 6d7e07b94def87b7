import { QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import type { User } from '../../../shared/api/users';
import { call } from '../bridge/bridge';
import { installFakeBridge, removeFakeBridge } from '../testing/fake-bridge';
import { overview, user } from '../testing/demo-samples';
import { createQueryClient } from './client';
import { queryKeys } from './keys';
import { usePushes } from './pushes';
import { useRealmOverview, useRealmUsers } from './realm';

const ACCOUNT = 'acc-olivia';

/** A realm whose users the test can change "on the server", as the core's state would. */
function realm(count: number) {
  const users = new Map<number, User>();
  for (let id = 1; id <= count; id++) users.set(id, user(id, `User ${id}`));
  let figures = overview;
  const bridge = installFakeBridge({
    'realm.users.list': () => [...users.values()],
    'realm.users.get': ({ ids }) => ids.flatMap((id) => users.get(id) ?? []),
    'realm.overview': () => figures,
    'session.status': () => ({ state: 'live', detail: null, retryAt: null, lastLiveAt: null }),
    'accounts.list': () => [],
  });
  return {
    bridge,
    users,
    setOverview: (next: typeof overview) => (figures = next),
  };
}

function Users() {
  usePushes();
  const users = useRealmUsers(ACCOUNT);
  const figures = useRealmOverview(ACCOUNT);
  return (
    <>
      <p>{users.data ? `${users.data.length} users` : 'loading'}</p>
      <p>{figures.data ? `${figures.data.usersByRole.administrator} administrators` : 'loading'}</p>
    </>
  );
}

function mount() {
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <Users />
    </QueryClientProvider>,
  );
  return client;
}

afterEach(() => {
  cleanup();
  removeFakeBridge();
});

describe('pushes from the core', () => {
  test('a changed user is patched from the record the push carries, with no call to the core', async () => {
    const { bridge } = realm(20_000);
    const client = mount();
    await screen.findByText('20000 users');
    const before = client.getQueryData<User[]>(queryKeys.users(ACCOUNT)) ?? [];
    const promoted = { ...user(7, 'User 7', 200), full_name: 'Seven Promoted' };
    act(() => bridge.push({ kind: 'realm.changed', account: ACCOUNT, changes: [{ collection: 'users', ids: [7] }], records: { users: [promoted] } }));
    await waitFor(() => expect(client.getQueryData<User[]>(queryKeys.users(ACCOUNT))?.[6]).toEqual(promoted));
    const list = client.getQueryData<User[]>(queryKeys.users(ACCOUNT)) ?? [];
    expect(list).toHaveLength(20_000);
    // Every other user keeps its object, so the table re-indexes only the one that changed.
    expect(list[5]).toBe(before[5]);
    expect(bridge.callsTo('realm.users.get')).toEqual([]);
    expect(bridge.callsTo('realm.users.list')).toHaveLength(1);
  });

  test('a user named by the push but absent from its records is gone, and a new one is added', async () => {
    const { bridge } = realm(3);
    const client = mount();
    await screen.findByText('3 users');
    act(() => bridge.push({ kind: 'realm.changed', account: ACCOUNT, changes: [{ collection: 'users', ids: [2, 4] }], records: { users: [user(4, 'Newcomer')] } }));
    await waitFor(() => expect(client.getQueryData<User[]>(queryKeys.users(ACCOUNT))?.map((u) => u.user_id)).toEqual([1, 3, 4]));
    expect(bridge.callsTo('realm.users.get')).toEqual([]);
  });

  test('a push without records (a batch too large to carry them) has the changed users fetched by ID, not the list', async () => {
    const { bridge, users } = realm(20_000);
    const client = mount();
    await screen.findByText('20000 users');
    users.set(7, { ...user(7, 'User 7', 200), full_name: 'Seven Promoted' });
    act(() => bridge.push({ kind: 'realm.changed', account: ACCOUNT, changes: [{ collection: 'users', ids: [7] }] }));
    await waitFor(() => expect(client.getQueryData<User[]>(queryKeys.users(ACCOUNT))?.[6]?.role).toBe(200));
    const list = client.getQueryData<User[]>(queryKeys.users(ACCOUNT)) ?? [];
    expect(list[6]?.full_name).toBe('Seven Promoted');
    expect(list).toHaveLength(20_000);
    expect(bridge.callsTo('realm.users.get')).toEqual([{ account: ACCOUNT, ids: [7] }]);
    expect(bridge.callsTo('realm.users.list')).toHaveLength(1);
  });

  test('a new user is added to the cached list, and one the core no longer has is removed', async () => {
    const { bridge, users } = realm(3);
    const client = mount();
    await screen.findByText('3 users');
    users.set(4, user(4, 'Newcomer'));
    users.delete(2);
    act(() => bridge.push({ kind: 'realm.changed', account: ACCOUNT, changes: [{ collection: 'users', ids: [2, 4] }] }));
    await waitFor(() => expect(client.getQueryData<User[]>(queryKeys.users(ACCOUNT))?.map((u) => u.user_id)).toEqual([1, 3, 4]));
  });

  test('a change of users also refreshes the overview’s counts', async () => {
    const { bridge, setOverview } = realm(3);
    mount();
    await screen.findByText('1 administrators');
    setOverview({ ...overview, usersByRole: { ...overview.usersByRole, administrator: 2, member: 0 } });
    act(() => bridge.push({ kind: 'realm.changed', account: ACCOUNT, changes: [{ collection: 'users', ids: [3] }] }));
    expect(await screen.findByText('2 administrators')).toBeTruthy();
  });

  test('a change in another collection rereads the overview and leaves the users alone', async () => {
    const { bridge } = realm(3);
    mount();
    await screen.findByText('3 users');
    act(() => bridge.push({ kind: 'realm.changed', account: ACCOUNT, changes: [{ collection: 'channels', ids: [12] }] }));
    await waitFor(() => expect(bridge.callsTo('realm.overview')).toHaveLength(2));
    expect(bridge.callsTo('realm.users.get')).toEqual([]);
    expect(bridge.callsTo('realm.users.list')).toHaveLength(1);
  });

  test('a change for another account touches none of this account’s caches', async () => {
    const { bridge } = realm(3);
    mount();
    await screen.findByText('3 users');
    act(() => bridge.push({ kind: 'realm.changed', account: 'acc-adam', changes: [{ collection: 'users', ids: [1] }] }));
    act(() => bridge.push({ kind: 'realm.changed', account: 'acc-adam', changes: [{ collection: 'channels', ids: [] }] }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(bridge.callsTo('realm.users.get')).toEqual([]);
    expect(bridge.callsTo('realm.overview')).toHaveLength(1);
  });

  test('a resync rereads everything of that account', async () => {
    const { bridge } = realm(3);
    mount();
    await screen.findByText('3 users');
    act(() => bridge.push({ kind: 'realm.resynced', account: ACCOUNT }));
    await waitFor(() => expect(bridge.callsTo('realm.users.list')).toHaveLength(2));
    expect(bridge.callsTo('realm.overview')).toHaveLength(2);
  });

  test('a session-state push updates the status without asking the core', async () => {
    const { bridge } = realm(1);
    const client = mount();
    act(() => bridge.push({ kind: 'session.state', account: ACCOUNT, state: 'reconnecting', detail: 'Queue lost.', retryAt: 2_000, lastLiveAt: 1_000 }));
    expect(client.getQueryData(queryKeys.status(ACCOUNT))).toEqual({ state: 'reconnecting', detail: 'Queue lost.', retryAt: 2_000, lastLiveAt: 1_000 });
    expect(bridge.callsTo('session.status')).toEqual([]);
  });

  test('accounts.changed rereads the list of accounts', async () => {
    const { bridge } = realm(1);
    const client = mount();
    // Observed, as the shell observes it, so an invalidation refetches at once.
    const observer = new QueryObserver(client, { queryKey: queryKeys.accounts, queryFn: () => call('accounts.list', {}) });
    const stop = observer.subscribe(() => undefined);
    await waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
    act(() => bridge.push({ kind: 'accounts.changed' }));
    await waitFor(() => expect(bridge.callsTo('accounts.list')).toHaveLength(2));
    stop();
  });
});
