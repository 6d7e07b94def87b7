import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { TOAST_HIDE_MS, toast, useToasts } from '../stores/toasts';
import { Toasts } from './Toasts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  useToasts.setState({ toasts: [] });
  vi.useRealTimers();
});

describe('toasts', () => {
  test('a success notice is read politely and hides by itself', () => {
    render(<Toasts />);
    act(() => void toast({ kind: 'success', title: 'Signed out of Sandbox Realm.' }));
    const region = screen.getByRole('region', { name: 'Messages' });
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(screen.getByRole('status').textContent).toContain('Signed out of Sandbox Realm.');
    act(() => vi.advanceTimersByTime(TOAST_HIDE_MS + 1));
    expect(screen.queryByText('Signed out of Sandbox Realm.')).toBeNull();
  });

  test('an error stays, with what to do, until it is dismissed', () => {
    render(<Toasts />);
    act(() => void toast({ kind: 'error', title: 'Could not reconnect: connection refused.', action: 'Check your network connection.' }));
    act(() => vi.advanceTimersByTime(TOAST_HIDE_MS * 10));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Could not reconnect: connection refused.');
    expect(alert.textContent).toContain('Check your network connection.');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss: Could not reconnect: connection refused.' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('each Dismiss is named by its own message, so two at once are told apart', () => {
    render(<Toasts />);
    act(() => void toast({ kind: 'error', title: 'First.' }));
    act(() => void toast({ kind: 'error', title: 'Second.' }));
    expect(screen.getAllByRole('button', { name: /^Dismiss/ }).map((button) => button.getAttribute('aria-label'))).toEqual(['Dismiss: Second.', 'Dismiss: First.']);
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
  });

  test('the newest comes first in the page: the region stacks them from the bottom up, newest lowest', () => {
    render(<Toasts />);
    act(() => void toast({ kind: 'error', title: 'First.' }));
    act(() => void toast({ kind: 'error', title: 'Second.' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.querySelector('.toast-title')?.textContent)).toEqual(['Error: Second.', 'Error: First.']);
  });

  test('the same error twice shows once', () => {
    render(<Toasts />);
    act(() => void toast({ kind: 'error', title: 'Could not reconnect: connection refused.' }));
    act(() => void toast({ kind: 'error', title: 'Could not reconnect: connection refused.' }));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});
