import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import type { SessionStatus } from '../../../shared/ipc';
import { usePushes } from '../queries/pushes';
import { installFakeBridge, removeFakeBridge, renderWithQueries } from '../testing/fake-bridge';
import { LiveStatus } from './LiveStatus';

function WithPushes() {
  usePushes();
  return <LiveStatus account="acc-olivia" />;
}

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
    showStatus({ state: 'live', detail: null });
    const status = await screen.findByRole('status');
    await waitFor(() => expect(status.textContent).toContain('Live'));
    expect(screen.queryByRole('button', { name: 'Reconnect now' })).toBeNull();
  });

  test('connecting says it is loading the realm', async () => {
    showStatus({ state: 'connecting', detail: null });
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Connecting'));
    expect(screen.getByRole('status').textContent).toContain('Loading the realm’s state');
  });

  test('reconnecting gives the reason and a way to reconnect now', async () => {
    const bridge = showStatus({ state: 'reconnecting', detail: 'The server did not answer for 90 seconds. Retrying in 8 seconds.' });
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Reconnecting'));
    expect(screen.getByRole('status').textContent).toContain('The server did not answer for 90 seconds. Retrying in 8 seconds.');
    fireEvent.click(screen.getByRole('button', { name: 'Reconnect now' }));
    await waitFor(() => expect(bridge.callsTo('session.reconnect')).toEqual([{ account: 'acc-olivia' }]));
  });

  test('offline gives the reason and a way to reconnect now', async () => {
    showStatus({ state: 'offline', detail: 'Could not reach http://127.0.0.1:9991: connection refused.' });
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Offline'));
    expect(screen.getByRole('status').textContent).toContain('connection refused');
    expect(screen.getByRole('button', { name: 'Reconnect now' })).toBeTruthy();
  });

  test('is announced politely, and follows the pushes of the session state', async () => {
    const bridge = showStatus({ state: 'live', detail: null });
    const status = await screen.findByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(status.textContent).toContain('Live'));
    act(() => bridge.push({ kind: 'session.state', account: 'acc-olivia', state: 'reconnecting', detail: 'The event queue was lost.' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Reconnecting'));
    expect(screen.getByRole('status').textContent).toContain('The event queue was lost.');
    act(() => bridge.push({ kind: 'session.state', account: 'acc-other', state: 'offline', detail: 'Elsewhere.' }));
    act(() => bridge.push({ kind: 'session.state', account: 'acc-olivia', state: 'live', detail: null }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Live'));
    expect(screen.getByRole('status').textContent).not.toContain('Elsewhere');
  });
});
