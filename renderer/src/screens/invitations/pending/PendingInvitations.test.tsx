import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Invite } from '../../../../../shared/api/invites';
import { usePushes } from '../../../queries/pushes';
import { useToasts } from '../../../stores/toasts';
import { installFakeBridge, removeFakeBridge, renderWithQueries } from '../../../testing/fake-bridge';
import type { Account } from '../../../../../shared/ipc';
import { olivia, user } from '../../../testing/demo-samples';
import { InvitationsScreen } from '../InvitationsScreen';
import { EMPTY_DRAFT, useInvitationsUiStore } from '../invitations-ui';
import { pendingInvite } from '../testing/invitation-samples';

function Screen({ account = olivia }: { account?: Account }) {
  usePushes();
  return <InvitationsScreen account={account} />;
}

/** The server's pending invitations, which the test changes as another administrator would. */
function openPending(initial: Invite[], account = olivia) {
  let invites = initial;
  const bridge = installFakeBridge({
    'invites.pending.list': () => invites,
    'invites.pending.revoke': ({ inviteId }) => {
      invites = invites.filter((invite) => invite.id !== inviteId);
      return null;
    },
    'invites.pending.resend': () => null,
    'invites.campaign.list': () => [],
    'realm.users.list': () => [user(1, 'Olivia Owner', 100), user(2, 'Adam Admin', 200), user(3, 'Mona Moderator', 300)],
  });
  useInvitationsUiStore.setState({ byAccount: { [account.id]: { tab: 'pending', campaignId: null, draft: EMPTY_DRAFT, options: null } } });
  renderWithQueries(<Screen account={account} />);
  return { bridge, set: (next: Invite[]) => (invites = next) };
}

const table = () => screen.getByRole('table', { name: 'Pending invitations, newest first' });

beforeEach(() => useInvitationsUiStore.setState({ byAccount: {} }));

afterEach(() => {
  cleanup();
  removeFakeBridge();
  useToasts.setState({ toasts: [] });
});

describe('pending invitations', () => {
  test('a moderator’s list is of the invitations she sent, and says that only administrators see everyone’s', async () => {
    const mona: Account = { ...olivia, id: 'acc-mona', email: 'mona@sandbox.test', userId: 3, fullName: 'Mona Moderator', role: 300 };
    openPending([pendingInvite(1, 'design.candidate@sandbox.test', { invited_by_user_id: 3 })], mona);
    await screen.findByText('design.candidate@sandbox.test');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1 invitation you sent is waiting to be accepted. Only owners and administrators see everyone’s.'));
  });

  test('an owner’s list is everyone’s, and says no more', async () => {
    openPending([pendingInvite(1, 'new.hire@sandbox.test')]);
    await screen.findByText('new.hire@sandbox.test');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1 invitation is waiting to be accepted.'));
  });

  test('each shows its address, role, who invited and when it expires', async () => {
    openPending([pendingInvite(1, 'new.hire@sandbox.test'), pendingInvite(2, 'contractor@example.com', { invited_as: 600, expiry_date: null, invited_by_user_id: 1 })]);
    const row = (await screen.findByText('contractor@example.com')).closest('tr');
    expect(row?.textContent).toContain('Guest');
    expect(row?.textContent).toContain('Olivia Owner');
    expect(row?.textContent).toContain('Never');
    await waitFor(() => expect(within(table()).getByText('new.hire@sandbox.test').closest('tr')?.textContent).toContain('Adam Admin'));
    expect(screen.getByRole('tab', { name: /Pending invitations/ }).textContent).toContain('2');
  });

  test('revoking asks first, then the list follows the server', async () => {
    const { bridge } = openPending([pendingInvite(1, 'new.hire@sandbox.test'), pendingInvite(2, 'design.candidate@sandbox.test')]);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke the invitation to new.hire@sandbox.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this invitation?' });
    expect(dialog.textContent).toContain('new.hire@sandbox.test will no longer be able to join with this invitation.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(bridge.callsTo('invites.pending.revoke')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke the invitation to new.hire@sandbox.test' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Revoke this invitation?' })).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByText('new.hire@sandbox.test', { selector: 'td' })).toBeNull());
    expect(bridge.callsTo('invites.pending.revoke')).toEqual([{ account: olivia.id, inviteId: 1 }]);
    expect(useToasts.getState().toasts.map((t) => t.title)).toContain('The invitation to new.hire@sandbox.test was revoked.');
  });

  test('resending asks first and mentions the daily limit', async () => {
    const { bridge } = openPending([pendingInvite(1, 'new.hire@sandbox.test')]);
    fireEvent.click(await screen.findByRole('button', { name: 'Resend the invitation to new.hire@sandbox.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this invitation again?' });
    expect(dialog.textContent).toContain('daily invitation limit');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(bridge.callsTo('invites.pending.resend')).toEqual([{ account: olivia.id, inviteId: 1 }]));
  });

  test('an invitation made elsewhere appears live (invites_changed, pushed as realm.changed)', async () => {
    const { bridge, set } = openPending([pendingInvite(1, 'new.hire@sandbox.test')]);
    await screen.findByText('new.hire@sandbox.test');
    set([pendingInvite(1, 'new.hire@sandbox.test'), pendingInvite(7, 'late.joiner@example.com')]);
    act(() => bridge.push({ kind: 'realm.changed', account: olivia.id, changes: [{ collection: 'invitations', ids: [] }] }));
    expect(await screen.findByText('late.joiner@example.com')).toBeTruthy();
  });

  test('the count says how many are pending, and with a filter how many are shown', async () => {
    openPending([pendingInvite(1, 'new.hire@sandbox.test'), pendingInvite(2, 'design.candidate@sandbox.test'), pendingInvite(3, 'contractor@example.com')]);
    expect(await screen.findByText('3 invitations are waiting to be accepted.')).toBeTruthy();
    expect(within(table()).getAllByRole('row')).toHaveLength(4);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Find an invitation by address' }), { target: { value: 'sandbox' } });
    expect(screen.getByText('3 pending, 2 shown.')).toBeTruthy();
    expect(within(table()).getAllByRole('row')).toHaveLength(3);
  });

  test('the search box is named by its visible label', async () => {
    openPending([pendingInvite(1, 'new.hire@sandbox.test')]);
    const search = await screen.findByRole('searchbox', { name: 'Find an invitation by address' });
    const label = screen.getByText('Find an invitation by address', { selector: 'label' });
    expect(label.getAttribute('for')).toBe(search.id);
    expect(search.getAttribute('aria-label')).toBeNull();
  });

  test('an invitation revoked elsewhere while its confirmation is open closes it, and says so', async () => {
    const { bridge, set } = openPending([pendingInvite(1, 'new.hire@sandbox.test'), pendingInvite(2, 'design.candidate@sandbox.test')]);
    fireEvent.click(await screen.findByRole('button', { name: 'Resend the invitation to new.hire@sandbox.test' }));
    expect(await screen.findByRole('dialog', { name: 'Send this invitation again?' })).toBeTruthy();
    set([pendingInvite(2, 'design.candidate@sandbox.test')]);
    act(() => bridge.push({ kind: 'realm.changed', account: olivia.id, changes: [{ collection: 'invitations', ids: [] }] }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(useToasts.getState().toasts.map((t) => t.title)).toContain(
      'The invitation to new.hire@sandbox.test is no longer pending: it was revoked or accepted elsewhere. Nothing was changed.',
    );
    expect(screen.queryByText('new.hire@sandbox.test', { selector: 'td' })).toBeNull();
    expect(bridge.callsTo('invites.pending.resend')).toEqual([]);
  });

  test('with none pending it says so', async () => {
    openPending([]);
    expect(await screen.findByText('No invitation is waiting to be accepted.')).toBeTruthy();
  });
});
