import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { SessionStatus } from '../../../shared/ipc';
import { usePushes } from '../queries/pushes';
import { installFakeBridge, removeFakeBridge, renderWithQueries } from '../testing/fake-bridge';
import { olivia } from '../testing/demo-samples';
import { NotLiveBanner } from './NotLiveBanner';

function WithPushes() {
  usePushes();
  return <NotLiveBanner account={olivia} />;
}

function showBanner(status: SessionStatus) {
  const bridge = installFakeBridge({ 'session.status': () => status, 'session.reconnect': () => null });
  renderWithQueries(<WithPushes />);
  return bridge;
}

/** 14:02:00 today, in the machine's own time zone. */
const at1402 = new Date().setHours(14, 2, 0, 0);
const clock = (time: number) => new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(time);
const banner = () => screen.findByRole('region', { name: /^Not (live|connected)$/ });

afterEach(() => {
  cleanup();
  removeFakeBridge();
  vi.useRealTimers();
});

describe('the banner above a screen whose organization is not live', () => {
  test('is absent while live and during the first try', async () => {
    const bridge = showBanner({ state: 'connecting', detail: null, retryAt: null, lastLiveAt: null });
    await waitFor(() => expect(bridge.callsTo('session.status')).toHaveLength(1));
    act(() => bridge.push({ kind: 'session.state', account: olivia.id, state: 'live', detail: null, retryAt: null, lastLiveAt: null }));
    expect(screen.queryByRole('region')).toBeNull();
  });

  test('with data: since when it is not live, why, and a countdown to the next try', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    vi.setSystemTime(at1402 + 60_000);
    showBanner({ state: 'reconnecting', detail: 'Lost the connection to http://127.0.0.1:9991.', retryAt: Date.now() + 12_000, lastLiveAt: at1402 });
    const region = await banner();
    expect(region.textContent).toContain(`Not live: showing what was known at ${clock(at1402)}. Next try in 12 s.`);
    expect(region.textContent).toContain('Lost the connection to http://127.0.0.1:9991.');
    act(() => vi.advanceTimersByTime(3_000));
    expect(region.textContent).toContain('Next try in 9 s.');
    act(() => vi.advanceTimersByTime(10_000));
    expect(region.textContent).toContain('Trying again now…');
    expect(within(region).getByRole('button', { name: 'Retry now' }).hasAttribute('disabled')).toBe(true);
  });

  test('without data: nothing is loaded yet, why, and "Retry now" asks the core to try at once', async () => {
    const bridge = showBanner({ state: 'connecting', detail: 'Could not reach http://127.0.0.1:9991.', retryAt: Date.now() + 30_000, lastLiveAt: null });
    const region = await banner();
    expect(region.textContent).toContain('Not connected: nothing is loaded from Sandbox Realm yet. Next try in 30 s.');
    fireEvent.click(within(region).getByRole('button', { name: 'Retry now' }));
    await waitFor(() => expect(bridge.callsTo('session.reconnect')).toEqual([{ account: olivia.id }]));
  });

  test('a refused key: no next try by itself, and the words say what to do', async () => {
    showBanner({ state: 'offline', detail: 'http://127.0.0.1:9991 no longer accepts this account’s credentials. Sign in again to reconnect.', retryAt: null, lastLiveAt: at1402 });
    const region = await banner();
    expect(region.textContent).toContain('Not trying again by itself.');
    expect(region.textContent).toContain('Sign in again to reconnect.');
    expect(within(region).getByRole('button', { name: 'Retry now' }).hasAttribute('disabled')).toBe(false);
  });

  test('follows the pushes: it appears when the connection is lost and goes when it is live again', async () => {
    const bridge = showBanner({ state: 'live', detail: null, retryAt: null, lastLiveAt: null });
    await waitFor(() => expect(bridge.callsTo('session.status')).toHaveLength(1));
    act(() => bridge.push({ kind: 'session.state', account: olivia.id, state: 'reconnecting', detail: 'Lost the connection.', retryAt: Date.now() + 5_000, lastLiveAt: at1402 }));
    expect((await banner()).textContent).toContain('Not live');
    act(() => bridge.push({ kind: 'session.state', account: olivia.id, state: 'live', detail: null, retryAt: null, lastLiveAt: null }));
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
  });
});
