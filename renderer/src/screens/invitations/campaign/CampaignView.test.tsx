import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Campaign, JobProgress } from '../../../../../shared/ipc';
import { usePushes } from '../../../queries/pushes';
import { useToasts } from '../../../stores/toasts';
import { installFakeBridge, removeFakeBridge, renderWithQueries } from '../../../testing/fake-bridge';
import { olivia } from '../../../testing/demo-samples';
import { InvitationsScreen } from '../InvitationsScreen';
import { EMPTY_DRAFT, useInvitationsUiStore } from '../invitations-ui';
import { address, campaign, campaignWithLeftOut, countsOf, summaryOf } from '../testing/invitation-samples';

function Screen() {
  usePushes();
  return <InvitationsScreen account={olivia} />;
}

/** A campaign the core holds (the test moves it on, as the job would) and shows in the Campaigns tab. */
function openCampaign(initial: Campaign) {
  let current = initial;
  const bridge = installFakeBridge({
    'invites.campaign.get': () => current,
    'invites.campaign.list': () => [summaryOf(current)],
    'invites.pending.list': () => [],
    'invites.campaign.resume': () => summaryOf((current = { ...current, status: 'running', pauseReason: null, detail: null })),
    'invites.campaign.retryFailed': () => summaryOf(current),
    'invites.campaign.exportCsv': ({ outcome }) =>
      outcome
        ? { filename: `invitations-c1-${outcome}-only.csv`, csv: '', rows: outcome === 'left_out' ? current.leftOutAddresses.length : current.addresses.filter((a) => a.outcome === outcome).length }
        : { filename: 'invitations-2026-05-12.csv', csv: 'email,status\r\nann@example.com,invited\r\n', rows: 1 },
  });
  useInvitationsUiStore.setState({ byAccount: { [olivia.id]: { tab: 'campaigns', campaignId: current.id, draft: EMPTY_DRAFT, options: null } } });
  renderWithQueries(<Screen />);
  /** The core's campaign moves on, and it pushes job.progress. */
  const progress = (next: Campaign) => {
    current = next;
    const { counts, total } = next;
    const job: JobProgress = { id: next.id, type: 'campaign', status: next.status, done: total - counts.pending, total, counts, etaSeconds: next.etaSeconds, detail: next.detail };
    act(() => bridge.push({ kind: 'job.progress', account: olivia.id, job }));
  };
  return { bridge, progress };
}

const FOUR = ['ann@example.com', 'bob@example.com', 'cy@example.com', 'dee@example.com'];
const bar = () => screen.getByRole('progressbar', { name: 'Addresses answered' });
const figure = (label: string) => screen.getByText(label, { selector: '.inv-outcome-counts dt' }).nextElementSibling?.textContent;

beforeEach(() => useInvitationsUiStore.setState({ byAccount: {} }));

afterEach(() => {
  cleanup();
  removeFakeBridge();
  vi.restoreAllMocks();
  useToasts.setState({ toasts: [] });
});

describe('a campaign’s progress', () => {
  test('the bar, the counts by status and the time left move with the core’s pushes', async () => {
    const { progress } = openCampaign(campaign(FOUR.map((email) => address(email))));
    await screen.findByText('0 of 4 addresses answered');
    expect(bar().getAttribute('aria-valuenow')).toBe('0');

    const addresses = [address(FOUR[0] ?? '', 'invited'), address(FOUR[1] ?? '', 'existing', 'Already has an account.'), ...FOUR.slice(2).map((email) => address(email))];
    progress(campaign(addresses, { etaSeconds: 150 }));
    await waitFor(() => expect(bar().getAttribute('aria-valuenow')).toBe('2'));
    expect(screen.getByText('2 of 4 addresses answered')).toBeTruthy();
    expect(screen.getByText('about 3 minutes left')).toBeTruthy();
    expect(figure('Invited')).toBe('1');
    expect(figure('Already has an account')).toBe('1');
    expect(figure('Still to send')).toBe('2');
    // The report follows: the reread after the push brings each address's status.
    const report = screen.getByRole('table', { name: 'Every address of the campaign, with its status' });
    await waitFor(() => expect(within(report).getByText('bob@example.com').closest('tr')?.textContent).toBe('bob@example.comAlready has an account'));
  });

  test('the daily limit pauses it with how many are left, and Resume sends the rest', async () => {
    const { bridge, progress } = openCampaign(campaign(FOUR.map((email) => address(email))));
    await screen.findByText('0 of 4 addresses answered');
    const detail = 'To protect users, Zulip limits the number of invitations you can send in one day. Because you have reached the limit, no invitations were sent.';
    const addresses = [address(FOUR[0] ?? '', 'invited'), ...FOUR.slice(1).map((email) => address(email))];
    progress(campaign(addresses, { status: 'paused', pauseReason: 'daily_limit', detail }));

    const note = await screen.findByText('Paused: the organization’s daily invitation limit was reached. 3 addresses are left.');
    expect(note.closest('.inv-campaign-note')?.textContent).toContain(detail);
    expect(screen.getByText('Paused', { selector: '.inv-status-badge' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(bridge.callsTo('invites.campaign.resume')).toEqual([{ account: olivia.id, campaignId: 'c1' }]));
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeTruthy();
  });

  test('the licence limit stops it, and says why and what to do', async () => {
    const addresses = [address(FOUR[0] ?? '', 'invited'), ...FOUR.slice(1).map((email) => address(email))];
    const detail = 'The organization has no licences left for more users ("Your organization does not have enough unused Zulip licenses to invite 3 users."), so the campaign stopped: 3 addresses were not sent. Free licences, then use "Retry failed".';
    openCampaign(campaign(addresses, { status: 'stopped', detail }));
    const note = (await screen.findByText('Stopped. 3 addresses are left.')).closest('.inv-campaign-note');
    expect(note?.textContent).toContain(detail);
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull();
  });

  test('without the core’s words, the screen still says what to do', async () => {
    openCampaign(campaign([address(FOUR[0] ?? '')], { status: 'stopped', detail: null }));
    const note = (await screen.findByText('Stopped. 1 address is left.')).closest('.inv-campaign-note');
    expect(note?.textContent).toContain('ask its owner to add more, then choose Retry failed');
  });

  test('a network failure says it is retrying by itself', async () => {
    openCampaign(campaign(FOUR.map((email) => address(email)), { status: 'paused', pauseReason: 'network', detail: 'Could not reach http://127.0.0.1:9991: connection refused.' }));
    expect(await screen.findByText('The server cannot be reached: retrying. 4 addresses are left.')).toBeTruthy();
    expect(screen.getByText('Could not reach http://127.0.0.1:9991: connection refused.')).toBeTruthy();
  });
});

describe('the report', () => {
  const finished = () => {
    const addresses = [
      address('ann@example.com', 'invited'),
      address('bob@example.com', 'invited'),
      address('mark@sandbox.test', 'existing', 'Already has an account.'),
      address('derek@sandbox.test', 'deactivated', 'Account has been deactivated.'),
      address('nope', 'invalid', 'Invalid address.'),
      address('zed@example.com', 'other', 'Something went wrong on the server.'),
    ];
    return campaign(addresses, { status: 'done', finishedAt: Date.UTC(2026, 4, 12, 14, 5), counts: countsOf(addresses) });
  };

  test('the server’s words show where they say more than the status', async () => {
    openCampaign(finished());
    const report = await screen.findByRole('table', { name: 'Every address of the campaign, with its status' });
    expect(within(report).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Address', 'Name', 'Status', 'Details']);
    const details = (email: string) => within(report).getByText(email).closest('tr')?.lastElementChild?.textContent;
    // “Already has an account.” under “Already has an account” says nothing new; an unknown refusal does.
    expect(details('mark@sandbox.test')).toBe('');
    expect(details('derek@sandbox.test')).toBe('');
    expect(details('nope')).toBe('');
    expect(details('zed@example.com')).toBe('Something went wrong on the server.');
    expect(screen.getByText(/Details gives the server’s words where they say more than the status/).textContent).toContain('The CSV export has the server’s words for every address.');
  });

  test('with nothing beyond the statuses, there is no Details column at all', async () => {
    const addresses = [address('ann@example.com', 'invited'), address('mark@sandbox.test', 'existing', 'Already has an account.')];
    openCampaign(campaign(addresses, { status: 'done' }));
    const report = await screen.findByRole('table', { name: 'Every address of the campaign, with its status' });
    expect(within(report).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Address', 'Name', 'Status']);
    expect(screen.getByText('The CSV export has the server’s words for every address.')).toBeTruthy();
  });

  test('filters by status', async () => {
    openCampaign(finished());
    const report = await screen.findByRole('table', { name: 'Every address of the campaign, with its status' });
    expect(within(report).getAllByRole('row')).toHaveLength(7);
    const chips = screen.getByRole('group', { name: 'Show addresses by status' });
    fireEvent.click(within(chips).getByRole('radio', { name: 'Deactivated 1' }));
    expect(within(report).getAllByRole('row')).toHaveLength(2);
    expect(within(report).getByText('derek@sandbox.test').closest('tr')?.textContent).toBe('derek@sandbox.testDeactivated');
    fireEvent.click(within(chips).getByRole('radio', { name: 'Invited 2' }));
    expect(within(report).getAllByRole('row').map((row) => row.firstElementChild?.textContent)).toEqual(['Address', 'ann@example.com', 'bob@example.com']);
    fireEvent.click(within(chips).getByRole('radio', { name: 'All 6' }));
    expect(within(report).getAllByRole('row')).toHaveLength(7);
  });

  test('Retry failed sends the retryable ones again; Export CSV downloads the core’s file', async () => {
    const { bridge } = openCampaign(finished());
    fireEvent.click(await screen.findByRole('button', { name: 'Retry failed (1 address)' }));
    await waitFor(() => expect(bridge.callsTo('invites.campaign.retryFailed')).toEqual([{ account: olivia.id, campaignId: 'c1' }]));

    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:report';
    });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('invitations-2026-05-12.csv');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    expect(await created[0]?.text()).toBe('\uFEFFemail,status\r\nann@example.com,invited\r\n');
    expect(useToasts.getState().toasts.map((t) => t.title)).toContain('Exported all 1 address to invitations-2026-05-12.csv.');
  });

  test('with a filter on, the export offers what is shown or all of it, and says which one it wrote', async () => {
    const { bridge } = openCampaign(finished());
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:report');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(within(await screen.findByRole('group', { name: 'Show addresses by status' })).getByRole('radio', { name: 'Invited 2' }));
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Export shown (2)' }));
    await waitFor(() => expect(bridge.callsTo('invites.campaign.exportCsv')).toEqual([{ account: olivia.id, campaignId: 'c1', outcome: 'invited' }]));
    await waitFor(() => expect(useToasts.getState().toasts.map((t) => t.title)).toContain('Exported 2 addresses with the status “Invited” (of 6) to invitations-c1-invited-only.csv.'));

    fireEvent.click(screen.getByRole('button', { name: 'Export all (6)' }));
    await waitFor(() => expect(bridge.callsTo('invites.campaign.exportCsv')).toHaveLength(2));
    expect(bridge.callsTo('invites.campaign.exportCsv')[1]).toEqual({ account: olivia.id, campaignId: 'c1', outcome: null });
  });
});

describe('a campaign paused by the user', () => {
  test('says it once, with what Resume does, rather than repeating the count in the core’s words', async () => {
    const detail = 'Paused. 3 of 4 addresses are still to be sent; resume to send them.';
    const [first, ...rest] = FOUR;
    openCampaign(campaign([address(first!, 'invited'), ...rest.map((email) => address(email))], { status: 'paused', pauseReason: 'user', detail }));
    const note = (await screen.findByText('Paused. 3 addresses are left.')).closest('.inv-campaign-note');
    expect(note?.textContent).toBe('Paused. 3 addresses are left.Resume to send the rest. The campaign stays paused across a restart of the console.');
    // Nothing is being sent: the way out of cancelling does not promise to keep sending.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel campaign…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this campaign?' });
    expect(within(dialog).queryByRole('button', { name: 'Keep sending' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the campaign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('a cancelled campaign', () => {
  test('counts as answered only the addresses the server answered, and says how many were never sent', async () => {
    const [first, ...rest] = FOUR;
    openCampaign(campaign([address(first!, 'invited'), ...rest.map((email) => address(email, 'not_attempted'))], { status: 'cancelled' }));
    await screen.findByText('1 of 4 addresses answered');
    expect(bar().getAttribute('aria-valuenow')).toBe('1');
    expect(screen.getByText(/^Cancelled\./).textContent).toBe('Cancelled. 3 addresses were never sent.');
  });

  test('what was cancelled is not offered as failed: sending it is asked first, and Cancel sends nothing', async () => {
    const [first, ...rest] = FOUR;
    const { bridge } = openCampaign(campaign([address(first!, 'invited'), ...rest.map((email) => address(email, 'not_attempted'))], { status: 'cancelled' }));
    expect(screen.queryByRole('button', { name: /^Retry failed/ })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Send the 3 addresses not sent…' }));
    const question = await screen.findByRole('dialog', { name: 'Send 3 invitations this campaign did not send?' });
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(bridge.callsTo('invites.campaign.retryFailed')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Send the 3 addresses not sent…' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send 3 invitations' }));
    await waitFor(() => expect(bridge.callsTo('invites.campaign.retryFailed')).toEqual([{ account: olivia.id, campaignId: 'c1' }]));
  });
});

describe('the addresses left out when composing', () => {
  const withLeftOut = () =>
    campaignWithLeftOut(
      [address('ann@example.com', 'invited'), address('bob@example.com', 'invited')],
      [
        { email: 'mark@sandbox.test', name: 'Mark', reason: 'member' },
        { email: 'nope', name: null, reason: 'invalid' },
        { email: 'ANN@example.com', name: null, reason: 'duplicate' },
      ],
      { status: 'done' },
    );

  test('the progress counts only the addresses sent, and says how many were left out', async () => {
    openCampaign(withLeftOut());
    await screen.findByText('2 of 2 addresses answered');
    expect(bar().getAttribute('aria-valuemax')).toBe('2');
    expect(screen.getByText('3 more were left out when composing (see the report)')).toBeTruthy();
  });

  test('the report lists them as Left out, with why, and filters on them', async () => {
    openCampaign(withLeftOut());
    const report = await screen.findByRole('table', { name: 'Every address of the campaign, with its status' });
    const chips = screen.getByRole('group', { name: 'Show addresses by status' });
    expect(within(chips).getByRole('radio', { name: 'All 5' })).toBeTruthy();
    fireEvent.click(within(chips).getByRole('radio', { name: 'Left out 3' }));
    // The Status says "Left out"; the Details say only why.
    expect(within(report).getAllByRole('row').map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Address', 'Name', 'Status', 'Details'],
      ['mark@sandbox.test', 'Mark', 'Left out', 'Already has an account'],
      ['nope', '', 'Left out', 'Not a valid address'],
      ['ANN@example.com', '', 'Left out', 'Duplicate of a line above'],
    ]);
  });

  test('a line too long to be an address is listed shortened, with its length in the details', async () => {
    openCampaign(campaignWithLeftOut([address('ann@example.com', 'invited')], [{ email: 'x'.repeat(60), name: null, reason: 'too_long', characters: 1204 }], { status: 'done' }));
    const report = await screen.findByRole('table', { name: 'Every address of the campaign, with its status' });
    const row = within(report).getByText(`${'x'.repeat(60)}…`).closest('tr');
    expect([...(row?.children ?? [])].map((cell) => cell.textContent)).toEqual([`${'x'.repeat(60)}…`, '', 'Left out', `Too long to be an address (${(1204).toLocaleString()} characters)`]);
  });

  test('pending invitations resent when composing are listed as resent, not left out, and have their own filter', async () => {
    const campaign = campaignWithLeftOut(
      [address('ann@example.com', 'invited')],
      [{ email: 'still.waiting@example.com', name: null, reason: 'invited' }],
      { status: 'done' },
      [{ email: 'new.hire@sandbox.test', name: 'New Hire' }],
    );
    openCampaign(campaign);
    await screen.findByText('1 pending invitation was resent when composing');
    const report = await screen.findByRole('table', { name: 'Every address of the campaign, with its status' });
    const chips = screen.getByRole('group', { name: 'Show addresses by status' });
    expect(within(chips).getByRole('radio', { name: 'All 3' })).toBeTruthy();
    fireEvent.click(within(chips).getByRole('radio', { name: 'Resent 1' }));
    expect(within(report).getAllByRole('row').map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Address', 'Name', 'Status', 'Details'],
      ['new.hire@sandbox.test', 'New Hire', 'Resent', 'Had a pending invitation: its email was sent again'],
    ]);
    fireEvent.click(within(chips).getByRole('radio', { name: 'Left out 1' }));
    expect(within(report).getAllByRole('row')[1]?.textContent).toBe('still.waiting@example.comLeft outAlready has a pending invitation (not resent)');
  });

  test('the left-out filter exports them, named so', async () => {
    const { bridge } = openCampaign(withLeftOut());
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:report');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(within(await screen.findByRole('group', { name: 'Show addresses by status' })).getByRole('radio', { name: 'Left out 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export shown (3)' }));
    await waitFor(() => expect(bridge.callsTo('invites.campaign.exportCsv')).toEqual([{ account: olivia.id, campaignId: 'c1', outcome: 'left_out' }]));
    await waitFor(() => expect(useToasts.getState().toasts.map((t) => t.title)).toContain('Exported 3 addresses with the status “Left out” (of 5) to invitations-c1-left_out-only.csv.'));
    expect(screen.getByRole('button', { name: 'Export all (5)' })).toBeTruthy();
  });
});
