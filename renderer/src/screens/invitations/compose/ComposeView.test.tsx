import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { ChannelInput, CheckedAddress } from '../../../../../shared/ipc';
import { useToasts } from '../../../stores/toasts';
import { removeFakeBridge } from '../../../testing/fake-bridge';
import { olivia } from '../../../testing/demo-samples';
import { useInvitationsUiStore } from '../invitations-ui';
import { checkLikeTheCore, NEW_HIRE_INVITED, openCompose, paste } from '../testing/compose-harness';
import { choices } from '../testing/invitation-samples';
import { formatWhen } from '../words';

function chooseFile(name: string, contents: string | Uint8Array<ArrayBuffer>) {
  fireEvent.click(screen.getByRole('radio', { name: 'Import a CSV file' }));
  const file = new File([contents], name, { type: 'text/csv' });
  fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });
}

const selectedLabel = (label: string) => {
  const select = screen.getByLabelText(label) as HTMLSelectElement;
  return select.selectedOptions[0]?.textContent;
};

beforeEach(() => useInvitationsUiStore.setState({ byAccount: {} }));

afterEach(() => {
  cleanup();
  removeFakeBridge();
  useToasts.setState({ toasts: [] });
});

describe('importing a CSV file', () => {
  test('the address column, the name column and the header row are guessed, and the first rows are shown', async () => {
    openCompose();
    chooseFile('staff.csv', 'Team,Full name,Email\nSales,Ann Lee,ann@example.com\nSales,Bob Roy,bob@example.com\nOps,Cy Wu,ann@example.com\n');
    await waitFor(() => expect(selectedLabel('Addresses are in')).toBe('Column C (Email)'));
    expect(selectedLabel('Names are in')).toBe('Column B (Full name)');
    expect(screen.getByRole('checkbox', { name: /The first row is a header/ })).toHaveProperty('checked', true);
    const preview = screen.getByRole('table', { name: 'The first rows of staff.csv' });
    expect(within(preview).getAllByRole('row')).toHaveLength(5);
    expect(within(preview).getByText('Bob Roy')).toBeTruthy();
    expect(screen.getByText('2 addresses; 1 duplicate removed.')).toBeTruthy();
  });

  test('choosing another column, or turning the header off, changes what is imported', async () => {
    openCompose();
    chooseFile('list.csv', 'Email,Backup\nann@example.com,ann@home.example\nbob@example.com,\n');
    await waitFor(() => expect(selectedLabel('Addresses are in')).toBe('Column A (Email)'));
    expect(screen.getByText('2 addresses.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Addresses are in'), { target: { value: '1' } });
    expect(screen.getByText('1 address; 1 row without an address left out.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Addresses are in'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /The first row is a header/ }));
    // "Email" is now an address to check: the check will call it invalid.
    expect(screen.getByText('3 addresses.')).toBeTruthy();
  });

  test('a binary file, an empty file and a file without addresses each get a clear message', async () => {
    openCompose();
    chooseFile('photo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]));
    expect((await screen.findByRole('alert')).textContent).toContain('photo.png is not text (it looks like a binary file). Export the spreadsheet as CSV and try again.');
    expect(screen.getByLabelText('CSV file').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [new File([''], 'empty.csv')] } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('empty.csv is empty: there are no addresses in it.'));

    fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [new File(['Name,Team\nAnn,Sales\n'], 'names.csv')] } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('No column of addresses was found: nothing in names.csv looks like an email address'));
    expect(screen.getByRole('button', { name: /Send invitations/ })).toHaveProperty('disabled', true);
  });
});

describe('checking before sending', () => {
  test('each address is checked, with its result and counts by result, and duplicates are not sent', async () => {
    const bridge = openCompose();
    paste('Ann <ann@example.com>, mark@sandbox.test\nderek@sandbox.test\nnot-an-address\nANN@example.com');
    expect(screen.getByText('4 addresses; 1 duplicate removed.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Send invitations…' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Check the addresses first.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Check 4 addresses' }));
    const table = await screen.findByRole('table', { name: 'Addresses and what the check found' });
    expect(bridge.callsTo('invites.check')).toEqual([
      {
        account: olivia.id,
        addresses: [
          { email: 'ann@example.com', name: 'Ann' },
          { email: 'mark@sandbox.test', name: null },
          { email: 'derek@sandbox.test', name: null },
          { email: 'not-an-address', name: null },
        ],
      },
    ]);
    expect(within(table).getByText('mark@sandbox.test').closest('tr')?.textContent).toBe('mark@sandbox.testAlready has an account');
    expect(screen.getByRole('status').textContent).toBe(
      '1 will be invited. 3 will fail because 1 already has an account, 1 has a deactivated account and 1 is not a valid address: they are left out.',
    );
    const chips = screen.getByRole('group', { name: 'Show addresses by check result' });
    expect(within(chips).getByRole('radio', { name: 'Deactivated account 1' })).toBeTruthy();

    fireEvent.click(within(chips).getByRole('radio', { name: 'Not a valid address 1' }));
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText('not-an-address')).toBeTruthy();

    paste('someone@example.com');
    expect(await screen.findByText(/The addresses changed after this check/)).toBeTruthy();
  });
});

describe('options', () => {
  test('only the roles the user may invite as can be chosen; the others say why not', async () => {
    openCompose({}, choices({ roles: [
      { role: 100, allowed: false, reason: 'Only organization owners can invite owners.' },
      { role: 200, allowed: false, reason: 'Only administrators can invite administrators.' },
      { role: 300, allowed: true, reason: null },
      { role: 400, allowed: true, reason: null },
      { role: 600, allowed: true, reason: null },
    ] }));
    const owner = await screen.findByRole('radio', { name: /Owner/ });
    expect(owner).toHaveProperty('disabled', true);
    expect(owner.closest('label')?.textContent).toContain('Only organization owners can invite owners.');
    expect(screen.getByRole('radio', { name: /Administrator/ })).toHaveProperty('disabled', true);
    expect(screen.getByRole('radio', { name: 'Member' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Guest' })).toHaveProperty('disabled', false);
  });

  test('the welcome message explains its three choices, counts characters and refuses more than 8,000', async () => {
    openCompose();
    const fieldset = await screen.findByRole('group', { name: 'Welcome message' });
    expect(within(fieldset).getByRole('radio', { name: /The organization’s default welcome message/ })).toHaveProperty('checked', true);
    expect(fieldset.textContent).toContain('Whatever the organization’s settings say');
    expect(fieldset.textContent).toContain('without any custom text, even if the organization has a default message');

    fireEvent.click(within(fieldset).getByRole('radio', { name: /This message/ }));
    fireEvent.change(screen.getByLabelText('Message (Markdown)'), { target: { value: 'Welcome to **Sales**' } });
    expect(screen.getByText('20 / 8,000 characters')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Message (Markdown)'), { target: { value: 'x'.repeat(8001) } });
    expect(screen.getByText('8,001 / 8,000 characters').className).toContain('counter-over');
  });

  test('the preview is the server’s rendering (through the shared sanitizer)', async () => {
    const bridge = openCompose();
    fireEvent.click(await screen.findByRole('radio', { name: /This message/ }));
    fireEvent.change(screen.getByLabelText('Message (Markdown)'), { target: { value: 'Welcome to **Sales**' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview of the welcome message' });
    await waitFor(() => expect(preview.querySelector('strong')?.textContent).toBe('Welcome to Sales'));
    expect(bridge.callsTo('invites.renderWelcome')).toEqual([{ account: olivia.id, content: 'Welcome to **Sales**' }]);
  });

  test('a non-administrator is told the organization’s default is used', async () => {
    openCompose({}, choices({ canWriteWelcomeMessage: false }));
    const fieldset = await screen.findByRole('group', { name: 'Welcome message' });
    expect(within(fieldset).queryByRole('radio')).toBeNull();
    expect(fieldset.textContent).toContain('Only administrators can choose another one');
  });
});

describe('sending', () => {
  async function checkAndSend(text: string) {
    paste(text);
    fireEvent.click(screen.getByRole('button', { name: /^Check/ }));
    await screen.findByRole('table', { name: 'Addresses and what the check found' });
  }

  test('addresses that will fail are left out by default, and the count says why', async () => {
    const bridge = openCompose();
    await screen.findByRole('group', { name: 'Welcome message' });
    await checkAndSend('ann@example.com\nbob@example.com\nmark@sandbox.test\nderek@sandbox.test\nnope');
    const choice = screen.getByRole('group', { name: 'Addresses that will fail (3)' });
    expect(within(choice).getByRole('radio', { name: /Leave them out/ })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('button', { name: 'Send 2 invitations…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send 2 invitations?' });
    expect(dialog.textContent).toContain('2 addresses will be invited as member');
    expect(dialog.textContent).toContain('3 addresses that would fail are left out.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(bridge.callsTo('invites.campaign.start')).toHaveLength(1));
    expect((bridge.callsTo('invites.campaign.start')[0] as ChannelInput<'invites.campaign.start'>).addresses.map((a) => a.email)).toEqual(['ann@example.com', 'bob@example.com']);
  });

  test('an address already invited is offered a resend, and is never invited again', async () => {
    const bridge = openCompose({ 'invites.pending.resend': () => null });
    await screen.findByRole('group', { name: 'Welcome message' });
    await checkAndSend('ann@example.com\nnew.hire@sandbox.test');
    const table = screen.getByRole('table', { name: 'Addresses and what the check found' });
    const row = within(table).getByText('new.hire@sandbox.test').closest('tr');
    expect(row?.textContent).toContain('Already invited');
    expect(row?.textContent).toContain(`Pending since ${formatWhen(NEW_HIRE_INVITED, 's')}`);
    expect(screen.getByRole('status').textContent).toContain('1 address already has a pending invitation: a second one is not sent. Resend it instead');
    expect(within(screen.getByRole('group', { name: 'Show addresses by check result' })).getByRole('radio', { name: 'Already invited 1' })).toBeTruthy();

    fireEvent.click(within(table).getByRole('button', { name: 'Resend the invitation to new.hire@sandbox.test' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Send this invitation again?' })).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(bridge.callsTo('invites.pending.resend')).toEqual([{ account: olivia.id, inviteId: 1 }]));
    await waitFor(() => expect(row?.textContent).toContain(`Pending since ${formatWhen(NEW_HIRE_INVITED, 's')}; resent`));
    expect(screen.getByRole('status').textContent).toContain('It was resent: the campaign’s report lists it as resent.');

    fireEvent.click(screen.getByRole('button', { name: 'Send 1 invitation…' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Send 1 invitation?' })).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(bridge.callsTo('invites.campaign.start')).toHaveLength(1));
    // Not sent again, and not left out: the report lists it as resent.
    expect(bridge.callsTo('invites.campaign.start')[0]).toMatchObject({
      addresses: [{ email: 'ann@example.com', name: null }],
      resent: [{ email: 'new.hire@sandbox.test', name: null }],
      leftOut: [],
    });
  });

  test('after “Resend all” stops at a refusal, the campaign reports those resent as resent and the rest as left out', async () => {
    const bridge = openCompose({
      'invites.check': (input) =>
        checkLikeTheCore(input).map((address, index): CheckedAddress => (address.email === 'ann@example.com' ? address : { ...address, check: 'invited', invite: { id: 10 + index, invited: NEW_HIRE_INVITED, invitedBy: 2 } })),
      'invites.pending.resend': ({ inviteId }) => (inviteId === 13 ? { error: { code: 'INVITATION_FAILED', msg: 'The daily limit was reached.' } } : null),
    });
    await screen.findByRole('group', { name: 'Welcome message' });
    await checkAndSend('ann@example.com\na@example.com\nb@example.com\nc@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Resend all 3 pending invitations…' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Resend 3 invitations?' })).getByRole('button', { name: 'Resend all' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('2 of 3 were resent: the campaign’s report lists them as resent.'));

    fireEvent.click(screen.getByRole('button', { name: 'Send 1 invitation…' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Send 1 invitation?' })).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(bridge.callsTo('invites.campaign.start')).toHaveLength(1));
    expect(bridge.callsTo('invites.campaign.start')[0]).toMatchObject({
      addresses: [{ email: 'ann@example.com', name: null }],
      resent: [
        { email: 'a@example.com', name: null },
        { email: 'b@example.com', name: null },
      ],
      leftOut: [{ email: 'c@example.com', name: null, reason: 'invited' }],
    });
  });

  test('“Resend all” resends each pending invitation, and stops at a refusal with the server’s words', async () => {
    const bridge = openCompose({
      'invites.check': (input) =>
        checkLikeTheCore(input).map((address, index): CheckedAddress => ({ ...address, check: 'invited', invite: { id: 10 + index, invited: NEW_HIRE_INVITED, invitedBy: 2 } })),
      'invites.pending.resend': ({ inviteId }) =>
        inviteId === 12 ? { error: { code: 'INVITATION_FAILED', msg: 'To protect users, Zulip limits the number of invitations you can send in one day.' } } : null,
    });
    await screen.findByRole('group', { name: 'Welcome message' });
    await checkAndSend('a@example.com\nb@example.com\nc@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Resend all 3 pending invitations…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resend 3 invitations?' });
    expect(dialog.textContent).toContain('That counts 3 against the organization’s daily invitation limit.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend all' }));
    await waitFor(() => expect(bridge.callsTo('invites.pending.resend')).toHaveLength(3));
    expect(bridge.callsTo('invites.pending.resend')).toEqual([10, 11, 12].map((inviteId) => ({ account: olivia.id, inviteId })));
    await waitFor(() =>
      expect(useToasts.getState().toasts.map((t) => t.title)).toContain(
        '2 invitations were sent again; the server refused to resend the one to c@example.com: To protect users, Zulip limits the number of invitations you can send in one day.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Send invitations…' })).toHaveProperty('disabled', true);
  });

  test('after a confirmation, the campaign starts with the options and opens its progress', async () => {
    const bridge = openCompose();
    await screen.findByRole('group', { name: 'Welcome message' });
    await checkAndSend('ann@example.com\nbob@example.com\nmark@sandbox.test');
    fireEvent.click(screen.getByRole('radio', { name: /Send them anyway/ }));
    fireEvent.click(screen.getByRole('radio', { name: /No custom message/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: '#engineering' }));
    fireEvent.change(screen.getByLabelText('Valid for'), { target: { value: 'never' } });
    fireEvent.change(screen.getByLabelText('Addresses per request'), { target: { value: '2' } });
    // Not “3 invitations”: one of the three will fail.
    fireEvent.click(screen.getByRole('button', { name: 'Send 3 addresses…' }));

    const dialog = await screen.findByRole('dialog', { name: 'Send 3 addresses?' });
    expect(dialog.textContent).toContain('2 addresses will be invited as member, subscribed to the default channels and #engineering.');
    expect(dialog.textContent).toContain('1 will fail because 1 already has an account: it is sent anyway, and the report will give the server’s answer.');
    expect(dialog.textContent).toContain('Sent in 2 requests of up to 2.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(bridge.callsTo('invites.campaign.start')).toHaveLength(1));
    expect(bridge.callsTo('invites.campaign.start')[0]).toEqual({
      account: olivia.id,
      addresses: [
        { email: 'ann@example.com', name: null },
        { email: 'bob@example.com', name: null },
        { email: 'mark@sandbox.test', name: null },
      ],
      // Sent anyway: nothing is left out.
      resent: [],
      leftOut: [],
      batchSize: 2,
      options: {
        invite_as: 400,
        stream_ids: [3],
        group_ids: [],
        include_realm_default_subscriptions: true,
        notify_referrer_on_join: true,
        invite_expires_in_minutes: null,
        welcome_message_custom_text: '',
      },
    });
    expect(await screen.findByRole('button', { name: '← All campaigns' })).toBeTruthy();
  });

  test('what is left out goes with the campaign, each line with why, for its report', async () => {
    const bridge = openCompose();
    await screen.findByRole('group', { name: 'Welcome message' });
    const long = `${'w'.repeat(400)}@example.com`;
    await checkAndSend(`ann@example.com\nmark@sandbox.test\nANN@example.com\n${long}`);
    expect(screen.getByText('2 addresses; 1 duplicate removed; 1 entry longer than 320 characters left out.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send 1 invitation…' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Send 1 invitation?' })).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(bridge.callsTo('invites.campaign.start')).toHaveLength(1));
    expect(bridge.callsTo('invites.campaign.start')[0]).toMatchObject({
      addresses: [{ email: 'ann@example.com', name: null }],
      leftOut: [
        { email: 'mark@sandbox.test', name: null, reason: 'member' },
        { email: 'ANN@example.com', name: null, reason: 'duplicate' },
        // Its first characters and its length: the core takes nothing longer than an address.
        { email: 'w'.repeat(60), name: null, reason: 'too_long', characters: 412 },
      ],
    });
  });

  test('a campaign the core refuses to start says why, next to the send button, and keeps the addresses', async () => {
    openCompose({ 'invites.campaign.start': () => ({ error: { code: 'UNKNOWN_ACCOUNT', msg: 'That organization is not signed in any more.' } }) });
    await screen.findByRole('group', { name: 'Welcome message' });
    await checkAndSend('ann@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send 1 invitation…' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The campaign did not start: That organization is not signed in any more.');
    expect((screen.getByLabelText('Addresses') as HTMLTextAreaElement).value).toBe('ann@example.com');
  });
});
