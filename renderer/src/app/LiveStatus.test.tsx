import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import type { SessionStatus } from '../../../shared/ipc';
import { usePushes } from '../queries/pushes';
import { installFakeBridge, removeFakeBridge, renderWithQueries } from '../testing/fake-bridge';
import { LiveStatus } from './LiveStatus';

function WithPushes() {
  usePushes();
  return <LiveStatus account="acc-olivia" />;
}

const LIVE: SessionStatus = { state: 'live', detail: null, retryAt: null, lastLiveAt: null };

function showStatus(status: SessionStatus) {
  const bridge = installFakeBridge({ 'session.status': () => status, 'session.reconnect': () => null });
  renderWithQueries(<WithPushes />);
  return bridge;
}

afterEach(() => {
  cleanup();
  removeFakeBridge();
});

describe('live-status indicator', () => {
  test('live says so in words, with no button to press', async () => {
    showStatus(LIVE);
    const status = await screen.findByRole('status');
    await waitFor(() => expect(status.textContent).toContain('Live'));
    expect(screen.queryByRole('button')).toBeNull();
  });

  test('connecting says it is loading the realm', async () => {
    showStatus({ ...LIVE, state: 'connecting' });
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Connecting'));
    expect(screen.getByRole('status').textContent).toContain('Loading the realm’s state');
  });

  test('reconnecting and offline say the data may be out of date (the banner above the screen says why)', async () => {
    showStatus({ state: 'offline', detail: 'Could not reach http://127.0.0.1:9991.', retryAt: 5_000, lastLiveAt: 1_000 });
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Offline'));
    expect(screen.getByRole('status').textContent).toContain('what you see may be out of date');
  });

  test('is announced politely, and follows the pushes of the session state', async () => {
    const bridge = showStatus(LIVE);
    const status = await screen.findByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(status.textContent).toContain('Live'));
    act(() => bridge.push({ kind: 'session.state', account: 'acc-olivia', state: 'reconnecting', detail: 'The event queue was lost.', retryAt: 2_000, lastLiveAt: 1_000 }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Reconnecting'));
    act(() => bridge.push({ kind: 'session.state', account: 'acc-other', state: 'offline', detail: 'Elsewhere.', retryAt: null, lastLiveAt: null }));
    act(() => bridge.push({ kind: 'session.state', account: 'acc-olivia', ...LIVE }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Live'));
    expect(screen.getByRole('status').textContent).not.toContain('Offline');
  });
});
