import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { ChannelInput, CheckedAddress, InviteChoices } from '../../../../../shared/ipc';
import { removeFakeBridge } from '../../../testing/fake-bridge';
import { olivia } from '../../../testing/demo-samples';
import { useInvitationsUiStore } from '../invitations-ui';
import { checkLikeTheCore, openCompose, paste } from '../testing/compose-harness';
import { choices, MODERATOR_ROLE_CHOICES } from '../testing/invitation-samples';

beforeEach(() => useInvitationsUiStore.setState({ byAccount: {} }));

afterEach(() => {
  cleanup();
  removeFakeBridge();
});

const startInput = (bridge: ReturnType<typeof openCompose>) => bridge.callsTo('invites.campaign.start')[0] as ChannelInput<'invites.campaign.start'>;

async function check(text: string) {
  await screen.findByRole('group', { name: 'Welcome message' });
  paste(text);
  fireEvent.click(screen.getByRole('button', { name: /^Check/ }));
  await screen.findByRole('table', { name: 'Addresses and what the check found' });
}

describe('leaving the screen and coming back', () => {
  test('keeps the whole form: addresses, check, the choice for failing addresses and every option', async () => {
    const bridge = openCompose();
    await check('ann@example.com\nmark@sandbox.test');
    fireEvent.click(screen.getByRole('radio', { name: /Send them anyway/ }));
    fireEvent.click(screen.getByRole('radio', { name: 'Guest' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '#design' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'engineers' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Subscribe them to the organization’s default channels/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Send me a direct message/ }));
    fireEvent.change(screen.getByLabelText('Valid for'), { target: { value: '1440' } });
    fireEvent.click(screen.getByRole('radio', { name: /This message/ }));
    fireEvent.change(screen.getByLabelText('Message (Markdown)'), { target: { value: 'Welcome aboard' } });
    fireEvent.change(screen.getByLabelText('Addresses per request'), { target: { value: '7' } });

    bridge.leaveAndComeBack();

    expect(await screen.findByRole('radio', { name: 'Guest' })).toHaveProperty('checked', true);
    expect((screen.getByLabelText('Addresses') as HTMLTextAreaElement).value).toBe('ann@example.com\nmark@sandbox.test');
    expect(await screen.findByRole('table', { name: 'Addresses and what the check found' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Send them anyway/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: '#design' })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: 'engineers' })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: /Subscribe them to the organization’s default channels/ })).toHaveProperty('checked', false);
    expect(screen.getByRole('checkbox', { name: /Send me a direct message/ })).toHaveProperty('checked', false);
    expect((screen.getByLabelText('Valid for') as HTMLSelectElement).value).toBe('1440');
    expect((screen.getByLabelText('Message (Markdown)') as HTMLTextAreaElement).value).toBe('Welcome aboard');
    expect((screen.getByLabelText('Addresses per request') as HTMLInputElement).value).toBe('7');
    // The check was not asked again: nothing changed.
    expect(bridge.callsTo('invites.check')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Send 2 addresses…' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Send 2 addresses?' })).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(bridge.callsTo('invites.campaign.start')).toHaveLength(1));
    expect(startInput(bridge)).toMatchObject({
      batchSize: 7,
      options: { invite_as: 600, stream_ids: [4], group_ids: [20], include_realm_default_subscriptions: false, notify_referrer_on_join: false, invite_expires_in_minutes: 1440, welcome_message_custom_text: 'Welcome aboard' },
    });
  });

  test('after sending, nothing of it is kept', async () => {
    const bridge = openCompose();
    await check('ann@example.com');
    fireEvent.click(screen.getByRole('radio', { name: 'Guest' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send 1 invitation…' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    await screen.findByRole('button', { name: '← All campaigns' });
    fireEvent.click(screen.getByRole('tab', { name: 'New campaign' }));
    expect((await screen.findByLabelText('Addresses') as HTMLTextAreaElement).value).toBe('');
    expect(await screen.findByRole('radio', { name: 'Member' })).toHaveProperty('checked', true);
    expect(screen.queryByRole('table', { name: 'Addresses and what the check found' })).toBeNull();
    expect(bridge.callsTo('invites.campaign.start')).toHaveLength(1);
  });
});

describe('the open form follows the organization', () => {
  test('an invitation sent elsewhere after the check turns “Can be invited” into “Already invited”', async () => {
    let invitedElsewhere = false;
    const bridge = openCompose({
      'invites.check': (input) =>
        checkLikeTheCore(input).map((address): CheckedAddress => (invitedElsewhere && address.email === 'bob@example.com' ? { ...address, check: 'invited', invite: { id: 9, invited: 1, invitedBy: 2 } } : address)),
    });
    await check('ann@example.com\nbob@example.com');
    expect(screen.getByRole('button', { name: 'Send 2 invitations…' })).toBeTruthy();

    invitedElsewhere = true;
    act(() => bridge.push({ kind: 'realm.changed', account: olivia.id, changes: [{ collection: 'invitations', ids: [] }] }));
    const table = screen.getByRole('table', { name: 'Addresses and what the check found' });
    await waitFor(() => expect(within(table).getByText('bob@example.com').closest('tr')?.textContent).toContain('Already invited'));
    expect(screen.getByRole('button', { name: 'Send 1 invitation…' })).toBeTruthy();
  });

  test('a channel or group that goes away is taken out, and the form says which; a rename shows at once', async () => {
    let current: InviteChoices = choices();
    const bridge = openCompose({ 'invites.choices': () => current });
    await check('ann@example.com');
    fireEvent.click(screen.getByRole('checkbox', { name: '#design' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '#engineering' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'designers' }));

    // Another administrator archives #design, renames #engineering and deactivates the designers group.
    current = choices({
      channels: [
        { id: 1, name: 'general', isDefault: true },
        { id: 3, name: 'eng', isDefault: false },
      ],
      groups: [{ id: 20, name: 'engineers' }],
    });
    act(() => bridge.push({ kind: 'realm.changed', account: olivia.id, changes: [{ collection: 'channels', ids: [3, 4] }, { collection: 'groups', ids: [21] }] }));

    const notice = await screen.findByText(/The organization changed while this form was open/);
    expect(notice.textContent).toContain('#design is no longer offered');
    expect(notice.textContent).toContain('designers is no longer offered');
    expect(screen.queryByRole('checkbox', { name: '#design' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: '#eng' })).toHaveProperty('checked', true);

    fireEvent.click(screen.getByRole('button', { name: 'Send 1 invitation…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send 1 invitation?' });
    expect(dialog.textContent).toContain('subscribed to the default channels and #eng.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(bridge.callsTo('invites.campaign.start')).toHaveLength(1));
    expect(startInput(bridge).options).toMatchObject({ stream_ids: [3], group_ids: [] });
  });

  test('a role the user may no longer grant falls back to member, and says why', async () => {
    let current: InviteChoices = choices();
    const bridge = openCompose({ 'invites.choices': () => current });
    fireEvent.click(await screen.findByRole('radio', { name: 'Moderator' }));
    current = choices({
      roles: MODERATOR_ROLE_CHOICES,
    });
    act(() => bridge.push({ kind: 'realm.changed', account: olivia.id, changes: [{ collection: 'users', ids: [1] }] }));
    expect((await screen.findByText(/You may no longer invite as moderator/)).textContent).toContain('member is chosen instead');
    expect(screen.getByRole('radio', { name: 'Member' })).toHaveProperty('checked', true);
  });
});
