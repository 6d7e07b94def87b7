// Inviting owners or administrators: the send confirmation says who gains what once they accept, in
// the words Users & roles uses for the role, and Send waits for a box, never ticked for the user,
// that states how many people will become what. Moderators get a one-line note; members nothing more.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Role } from '../../../../../shared/api/common';
import type { ChannelInput, InviteChoices } from '../../../../../shared/ipc';
import { olivia } from '../../../testing/demo-samples';
import { useToasts } from '../../../stores/toasts';
import { removeFakeBridge } from '../../../testing/fake-bridge';
import { ROLE_MEANING } from '../../../user-changes/change-words';
import { useInvitationsUiStore } from '../invitations-ui';
import { openCompose, paste } from '../testing/compose-harness';
import { choices, MODERATOR_ROLE_CHOICES } from '../testing/invitation-samples';
import { inviteRoleNotice } from './invite-role-notice';

/** An owner's choices: every role may be given. */
const ownerChoices = () => choices({ roles: ([100, 200, 300, 400, 600] as Role[]).map((role) => ({ role, allowed: true, reason: null })) });

beforeEach(() => useInvitationsUiStore.setState({ byAccount: {} }));

afterEach(() => {
  cleanup();
  removeFakeBridge();
  useToasts.setState({ toasts: [] });
});

/** Checks the addresses, picks the role and opens the send confirmation. */
async function confirmAs(role: string, text: string, button: string) {
  await screen.findByRole('group', { name: 'Welcome message' });
  paste(text);
  fireEvent.click(screen.getByRole('button', { name: /^Check/ }));
  await screen.findByRole('table', { name: 'Addresses and what the check found' });
  fireEvent.click(screen.getByRole('radio', { name: role }));
  fireEvent.click(screen.getByRole('button', { name: `${button}…` }));
  return screen.findByRole('dialog', { name: `${button}?` });
}

const FOUR = 'ann@example.com\nbob@example.com\ncy@example.com\ndee@example.com\nmark@sandbox.test';

describe('inviting owners', () => {
  test('says what owners can do, counts only those who will be invited, and sends only once the box is ticked', async () => {
    const bridge = openCompose({}, ownerChoices());
    const dialog = await confirmAs('Owner', FOUR, 'Send 4 invitations');
    const warning = within(dialog).getByRole('group', { name: '4 people will become owners' });
    expect(warning.textContent).toContain(`Once they accept, each of them is an owner of Sandbox Realm. ${ROLE_MEANING[100]} Only an owner can take the role away again.`);
    const box = within(warning).getByRole('checkbox', { name: 'I understand that 4 people will become owners of Sandbox Realm' });
    expect(box).toHaveProperty('checked', false);

    // Cancel comes first; Send is disabled until the box is ticked.
    const answers = within(dialog).getAllByRole('button');
    expect(answers.map((button) => button.textContent)).toEqual(['Cancel', 'Send']);
    const send = within(dialog).getByRole('button', { name: 'Send' });
    expect(send).toHaveProperty('disabled', true);
    fireEvent.click(send);
    expect(bridge.callsTo('invites.campaign.start')).toHaveLength(0);

    fireEvent.click(box);
    expect(send).toHaveProperty('disabled', false);
    fireEvent.click(send);
    await waitFor(() => expect(bridge.callsTo('invites.campaign.start')).toHaveLength(1));
    expect((bridge.callsTo('invites.campaign.start')[0] as ChannelInput<'invites.campaign.start'>).options.invite_as).toBe(100);
  });

  test('Cancel sends nothing, and asking again finds the box unticked', async () => {
    const bridge = openCompose({}, ownerChoices());
    let dialog = await confirmAs('Owner', FOUR, 'Send 4 invitations');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /^I understand/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bridge.callsTo('invites.campaign.start')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Send 4 invitations…' }));
    dialog = await screen.findByRole('dialog', { name: 'Send 4 invitations?' });
    expect(within(dialog).getByRole('checkbox', { name: /^I understand/ })).toHaveProperty('checked', false);
    expect(within(dialog).getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
  });
});

describe('the other roles', () => {
  test('one administrator is confirmed in the singular, with what administrators do', async () => {
    openCompose({}, ownerChoices());
    const dialog = await confirmAs('Administrator', 'ann@example.com', 'Send 1 invitation');
    const warning = within(dialog).getByRole('group', { name: '1 person will become an administrator' });
    expect(warning.textContent).toContain(`Once they accept, they are an administrator of Sandbox Realm. ${ROLE_MEANING[200]}`);
    expect(warning.textContent).not.toContain('take the role away');
    expect(within(warning).getByRole('checkbox', { name: 'I understand that 1 person will become an administrator of Sandbox Realm' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
  });

  test('moderators get a one-line note and no box; members neither', async () => {
    const bridge = openCompose({}, ownerChoices());
    let dialog = await confirmAs('Moderator', 'ann@example.com\nbob@example.com', 'Send 2 invitations');
    expect(dialog.textContent).toContain(`Once they accept: ${ROLE_MEANING[300]}`);
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('radio', { name: 'Member' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send 2 invitations…' }));
    dialog = await screen.findByRole('dialog', { name: 'Send 2 invitations?' });
    expect(dialog.textContent).not.toContain('Once they accept');
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(bridge.callsTo('invites.campaign.start')).toHaveLength(1));
  });
});

describe('the role given, changed while the confirmation is open', () => {
  /** An administrator's choices once another owner has made them a moderator. */
  const moderatorChoices = () =>
    choices({
      roles: MODERATOR_ROLE_CHOICES,
      canWriteWelcomeMessage: false,
    });

  test('says inside the dialog that they would be invited as members, and sends only after a new tick', async () => {
    let current: InviteChoices = choices();
    const bridge = openCompose({ 'invites.choices': () => current });
    const dialog = await confirmAs('Administrator', 'ann@example.com\nbob@example.com', 'Send 2 invitations');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'I understand that 2 people will become administrators of Sandbox Realm' }));
    const send = within(dialog).getByRole('button', { name: 'Send' });
    expect(send).toHaveProperty('disabled', false);

    current = moderatorChoices();
    act(() => bridge.push({ kind: 'realm.changed', account: olivia.id, changes: [{ collection: 'users', ids: [olivia.userId] }] }));

    const changed = await within(dialog).findByRole('group', { name: 'Changed on the server while this dialog was open' });
    expect(changed.textContent).toContain('Your role changed on the server: you may no longer invite administrators, so these invitations would be sent as members.');
    expect(dialog.textContent).toContain('2 addresses will be invited as member');
    const again = within(changed).getByRole('checkbox', { name: 'I have read what changed, and want to send these invitations as they are now' });
    expect(again).toHaveProperty('checked', false);
    // The focus is on the new box, never on Send, which waits for it.
    expect(document.activeElement).toBe(again);
    expect(send).toHaveProperty('disabled', true);
    fireEvent.click(send);
    expect(bridge.callsTo('invites.campaign.start')).toHaveLength(0);

    fireEvent.click(again);
    expect(send).toHaveProperty('disabled', false);
    fireEvent.click(send);
    await waitFor(() => expect(bridge.callsTo('invites.campaign.start')).toHaveLength(1));
    expect((bridge.callsTo('invites.campaign.start')[0] as ChannelInput<'invites.campaign.start'>).options.invite_as).toBe(400);
  });
});

test('a tick is for one role and one count: either changing asks again', () => {
  const keys = [inviteRoleNotice(100, 4, 'X'), inviteRoleNotice(100, 5, 'X'), inviteRoleNotice(200, 4, 'X')].map((notice) => (notice?.kind === 'consent' ? notice.key : null));
  expect(new Set(keys).size).toBe(3);
  // Nobody will become an owner when every address sent is known to fail.
  expect(inviteRoleNotice(100, 0, 'X')).toBeNull();
  expect(inviteRoleNotice(400, 3, 'X')).toBeNull();
  expect(inviteRoleNotice(600, 3, 'X')).toBeNull();
});
