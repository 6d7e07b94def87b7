import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { RealmOverview, Report } from '../../../../shared/ipc';
import { App } from '../../app/App';
import { useUi } from '../../stores/ui';
import { installFakeBridge, removeFakeBridge, renderWithQueries } from '../../testing/fake-bridge';
import { olivia, overview } from '../../testing/demo-samples';
import { useInvitationsUiStore } from '../invitations/invitations-ui';
import { NO_FILTERS as NO_REPORT_FILTERS } from '../moderation/inbox-filters';
import { sampleReports } from '../moderation/testing/report-samples';
import { useModerationUi } from '../moderation/moderation-ui';
import { useUsersUi } from '../users/users-ui';
import { NO_CHANNEL_FILTERS } from '../channels/channel-index';
import { useChannelsUi } from '../channels/channels-ui';

function showOverview(initial: RealmOverview, reports: Report[] = sampleReports(Date.now() / 1000)) {
  let figures = initial;
  const bridge = installFakeBridge({
    'accounts.list': () => [olivia],
    'session.status': () => ({ state: 'live', detail: null, retryAt: null, lastLiveAt: null }),
    'realm.overview': () => figures,
    'moderation.inbox': () => ({ channel: { id: 9, name: 'moderation' }, readable: true, reports }),
  });
  renderWithQueries(<App />);
  return { bridge, change: (next: RealmOverview) => (figures = next) };
}

/** The figure next to a label in the overview's lists. */
function figure(label: string) {
  const term = [...document.querySelectorAll('dt')].find((dt) => dt.textContent === label);
  if (!term) throw new Error(`No figure named ${label}`);
  return term.nextElementSibling?.textContent;
}

beforeEach(() => {
  localStorage.clear();
  useUi.setState({ selectedAccount: null, connectOpen: false, screen: 'overview' });
  useUsersUi.setState({ account: null });
  useInvitationsUiStore.setState({ byAccount: {} });
  useModerationUi.setState({ filters: NO_REPORT_FILTERS });
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
    expect(screen.getByRole('button', { name: '7 users' })).toBeTruthy();
    expect(figure('Administrators')).toBe('1');
    expect(figure('Members')).toBe('3');
    expect(figure('Humans')).toBe('5');
    expect(figure('Bots')).toBe('2');
    expect(screen.getByRole('button', { name: '6 channels' })).toBeTruthy();
    expect(figure('Archived channels')).toBe('1');
    expect(figure('Channel folders')).toBe('2');
    expect(screen.getByRole('button', { name: '3 pending invitations' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '4 reports' })).toBeTruthy();
    expect(screen.getByText('in #moderation')).toBeTruthy();
  });

  test('each user figure is a button named by its words and count, opening Users & roles with that filter', async () => {
    showOverview(overview);
    fireEvent.click(await screen.findByRole('button', { name: 'Members 3' }));
    expect(useUi.getState().screen).toBe('users');
    expect(useUsersUi.getState()).toMatchObject({ account: olivia.id, tab: 'users', filters: { query: '', role: 400, status: 'all', kind: 'all' } });
  });

  test('leading to a screen replaces its search and filters, and keeps the rest of its state', async () => {
    useUsersUi.setState({ account: olivia.id, tab: 'activity', opened: 4, filters: { query: 'mark', role: 200, status: 'deactivated', kind: 'humans', idleDays: null } });
    showOverview(overview);
    fireEvent.click(await screen.findByRole('button', { name: 'Bots 2' }));
    expect(useUsersUi.getState()).toMatchObject({ tab: 'users', opened: 4, filters: { query: '', role: 'all', status: 'all', kind: 'bots' } });
  });

  test('the channel figures open Channels & folders on the active or the archived channels, or its folders', async () => {
    useChannelsUi.setState({ account: olivia.id, tab: 'activity', filters: { ...NO_CHANNEL_FILTERS, query: 'design', privacy: 'private' } });
    showOverview(overview);
    fireEvent.click(await screen.findByRole('button', { name: 'Archived channels 1' }));
    expect(useUi.getState().screen).toBe('channels');
    expect(useChannelsUi.getState()).toMatchObject({ tab: 'channels', filters: { ...NO_CHANNEL_FILTERS, status: 'archived' } });
    cleanup();
    useUi.setState({ screen: 'overview' });
    showOverview(overview);
    fireEvent.click(await screen.findByRole('button', { name: '6 channels' }));
    expect(useChannelsUi.getState().filters).toEqual(NO_CHANNEL_FILTERS);
    cleanup();
    useUi.setState({ screen: 'overview' });
    showOverview(overview);
    fireEvent.click(await screen.findByRole('button', { name: 'Channel folders 2' }));
    expect(useUi.getState().screen).toBe('channels');
    expect(useChannelsUi.getState().tab).toBe('folders');
  });

  test('pending invitations open the pending list; reports open Moderation, all of them or the new ones', async () => {
    showOverview(overview);
    fireEvent.click(await screen.findByRole('button', { name: '3 pending invitations' }));
    expect(useUi.getState().screen).toBe('invitations');
    expect(useInvitationsUiStore.getState().byAccount[olivia.id]?.tab).toBe('pending');

    act(() => useUi.getState().openScreen('overview'));
    // Three of the four reports are new (not marked reviewed).
    fireEvent.click(await screen.findByRole('button', { name: 'Review 3 new reports' }));
    expect(useUi.getState().screen).toBe('moderation');
    expect(useModerationUi.getState().filters).toEqual({ ...NO_REPORT_FILTERS, status: 'new' });

    act(() => useUi.getState().openScreen('overview'));
    fireEvent.click(await screen.findByRole('button', { name: '4 reports' }));
    expect(useModerationUi.getState().filters).toEqual(NO_REPORT_FILTERS);
  });

  test('with every report reviewed, the card says so and offers no review', async () => {
    showOverview(overview, sampleReports(Date.now() / 1000).map((report) => ({ ...report, status: 'reviewed' })));
    expect(await screen.findByText('All reviewed.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Review/ })).toBeNull();
    expect(screen.getByRole('button', { name: '4 reports' })).toBeTruthy();
  });

  test('a moderator’s own invitations are counted as hers, say that only administrators see everyone’s, and open the pending list', async () => {
    showOverview({ ...overview, pendingInvitations: { count: 1, whose: 'own' } });
    const card = (await screen.findByRole('heading', { name: 'Pending invitations' })).closest('article') as HTMLElement;
    expect(card.textContent).not.toContain('cannot list');
    expect(card.textContent).toContain('Only owners and administrators see everyone’s pending invitations.');
    fireEvent.click(screen.getByRole('button', { name: '1 sent by you' }));
    expect(useUi.getState().screen).toBe('invitations');
    expect(useInvitationsUiStore.getState().byAccount[olivia.id]?.tab).toBe('pending');
  });

  test('a role that may list no invitation says so, with no figure', async () => {
    showOverview({ ...overview, pendingInvitations: null });
    const card = (await screen.findByRole('heading', { name: 'Pending invitations' })).closest('article') as HTMLElement;
    expect(card.textContent).toBe('Pending invitationsYour role cannot list this organization’s invitations, so they are not counted.');
  });

  test('a role change pushed by the core moves the counts without a reload', async () => {
    const { bridge, change } = showOverview(overview);
    await screen.findByRole('button', { name: '7 users' });
    change({ ...overview, usersByRole: { ...overview.usersByRole, member: 2, administrator: 2 } });
    act(() => bridge.push({ kind: 'realm.changed', account: olivia.id, changes: [{ collection: 'users', ids: [4] }] }));
    await waitFor(() => expect(figure('Administrators')).toBe('2'));
    expect(figure('Members')).toBe('2');
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
