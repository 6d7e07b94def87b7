import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { useUi } from '../stores/ui';
import { renderWithQueries } from '../testing/fake-bridge';
import { App } from './App';

afterEach(() => {
  cleanup();
  useUi.setState({ connectOpen: false, screen: 'overview' });
});

describe('without a console core', () => {
  test('the shell opens, says why it is empty, and stays open', async () => {
    renderWithQueries(<App />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeTruthy();
    for (let look = 0; look < 5; look++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(screen.queryByText('Loading your organizations…')).toBeNull();
      expect(screen.getAllByText(/Not connected to the Realm Console core/).length).toBeGreaterThan(0);
    }
  });

  test('"Add an organization…" opens the Connect screen, and Back leads back to the shell', async () => {
    renderWithQueries(<App />);
    fireEvent.click(await screen.findByRole('button', { name: /^Organization:/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add an organization…' }));
    fireEvent.click(await screen.findByRole('button', { name: '← Back' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeTruthy();
  });
});
