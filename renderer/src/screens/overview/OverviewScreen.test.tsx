import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { RealmOverview } from '../../../../shared/ipc';
import { App } from '../../app/App';
import { useUi } from '../../stores/ui';
import { installFakeBridge, removeFakeBridge, renderWithQueries } from '../../testing/fake-bridge';
import { olivia, overview } from '../../testing/sample-data';

function showOverview(initial: RealmOverview) {
  let figures = initial;
  const bridge = installFakeBridge({
    'accounts.list': () => [olivia],
    'session.status': () => ({ state: 'live', detail: null, retryAt: null, lastLiveAt: null }),
    'realm.overview': () => figures,
  });
  renderWithQueries(<App />);
  return { bridge, change: (next: RealmOverview) => (figures = next) };
}

/** The figure next to a label in the overview's lists. */
function figure(label: string) {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

beforeEach(() => {
  localStorage.clear();
  useUi.setState({ selectedAccount: null, connectOpen: false, screen: 'overview' });
});

afterEach(() => {
  cleanup();
  removeFakeBridge();
});

describe('overview', () => {
  test('shows the realm, its address and feature level, and its counts', async () => {
    showOverview(overview);
    expect(await screen.findByText('Sandbox Realm', { selector: '.overview-realm strong' })).toBeTruthy();
    expect(screen.getByText('http://127.0.0.1:9991')).toBeTruthy();
    expect(screen.getByText('Feature level 247')).toBeTruthy();
    expect(screen.getByText('5 active users')).toBeTruthy();
    expect(figure('Administrators')).toBe('1');
    expect(figure('Bots')).toBe('2');
    expect(screen.getByText('6 channels')).toBeTruthy();
    expect(figure('Archived channels')).toBe('1');
    expect(figure('Channel folders')).toBe('2');
    expect(screen.getByText('3 pending invitations')).toBeTruthy();
    expect(screen.getByText('4 reports')).toBeTruthy();
    expect(screen.getByText('in #moderation')).toBeTruthy();
  });

  test('a role change pushed by the core moves the counts without a reload', async () => {
    const { bridge, change } = showOverview(overview);
    await screen.findByText('5 active users');
    change({ ...overview, usersByRole: { ...overview.usersByRole, member: 0, administrator: 2 } });
    act(() => bridge.push({ kind: 'realm.changed', account: olivia.id, changes: [{ collection: 'users', ids: [4] }] }));
    await waitFor(() => expect(figure('Administrators')).toBe('2'));
    expect(figure('Members')).toBe('0');
  });

  test('without a moderation channel it says why reports are not counted', async () => {
    showOverview({ ...overview, moderationChannel: null, reports: null });
    expect(await screen.findByText(/has no moderation request channel/)).toBeTruthy();
  });

  test('when the overview cannot be read it says so, and what the core said', async () => {
    installFakeBridge({
      'accounts.list': () => [olivia],
      'session.status': () => ({ state: 'offline', detail: 'Could not reach http://127.0.0.1:9991: connection refused.', retryAt: null, lastLiveAt: null }),
      'realm.overview': () => ({ error: { code: 'UNKNOWN_ACCOUNT', msg: 'That organization is not signed in any more. Pick another one, or sign in again.' } }),
    });
    renderWithQueries(<App />);
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('Could not load the overview of Sandbox Realm: That organization is not signed in any more.');
  });
});
