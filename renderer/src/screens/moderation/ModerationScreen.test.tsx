import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Account } from '../../../../shared/ipc';
import { olivia } from '../../testing/demo-samples';
import { useModerationUi } from './moderation-ui';
import { MOD_USERS, sampleReports } from './testing/report-samples';
import { CHANNEL, closeModeration, list, NOW, resetModeration, rows, rowText, showModeration } from './testing/show-moderation';

beforeEach(resetModeration);
afterEach(closeModeration);

describe('the moderation inbox', () => {
  test('lists every report newest first, with its type, reporter and where it was sent', async () => {
    showModeration();
    expect(await rowText()).toEqual(['Gina Guest', 'Nora Quinn', 'Gina Guest', 'Unrecognised report']);
    const first = (await rows())[0]!;
    expect(first.textContent).toContain('Other reason');
    expect(first.textContent).toContain('by Mona Moderator · Group direct message with Mark Member, Mona Moderator, Gina Guest');
    expect(screen.getByText('4 reports · 3 new')).toBeTruthy();
  });

  test('a message that does not follow the template is listed and shown raw, as text, clearly marked', async () => {
    showModeration();
    const raw = (await rows())[3]!;
    expect(raw.textContent).toContain('Heads up: **someone** posted');
    fireEvent.click(raw);
    expect(await screen.findByText('This message does not follow the report template.')).toBeTruthy();
    const pre = document.querySelector('.raw-report');
    expect(pre?.textContent).toBe('Heads up: **someone** posted <script>alert(1)</script> in #random\nSecond line');
    expect(pre?.querySelector('script')).toBeNull();
  });

  test('filters by type and status, and says how many of all are shown', async () => {
    showModeration();
    await list();
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'spam' } });
    expect(await rowText()).toEqual(['Gina Guest']);
    expect(screen.getByText('1 of 4 reports shown · 3 new')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'reviewed' } });
    expect(await screen.findByText('No reports match these filters.')).toBeTruthy();
    // Offered once, by the empty list, not also beside the count.
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await rowText()).toHaveLength(4);
  });

  test('with Status "New" and nothing new, the empty list says every report is reviewed', async () => {
    showModeration({ reports: sampleReports(NOW).map((report) => ({ ...report, status: 'reviewed' as const })) });
    await list();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'new' } });
    expect(await screen.findByText('No new reports: all 4 reports are reviewed.')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Clear filters' })).toHaveLength(1);
  });

  test('grouped by reported user, each user with their count of reports', async () => {
    showModeration();
    await list();
    fireEvent.click(screen.getByRole('button', { name: 'By reported user' }));
    const groups = within(await list()).getAllByRole('group');
    expect(groups.map((g) => g.querySelector('.report-group-header')?.textContent)).toEqual([
      'Gina Guest2 reports2 new',
      'Nora Quinn1 report',
      'Not in the report template1 report1 new',
    ]);
  });

  test('with no reports it says how reports arrive', async () => {
    showModeration({ reports: [] });
    expect(await screen.findByText('No reports. Members can report a message from its menu; reports appear here as they arrive.')).toBeTruthy();
  });

  test('without a moderation channel it explains that reporting is off and what an administrator must set up', async () => {
    showModeration({ channel: null, readable: false, reports: [] });
    expect(await screen.findByRole('heading', { name: 'Reporting is off in Sandbox Realm' })).toBeTruthy();
    expect(screen.getByText(/members cannot report messages/)).toBeTruthy();
    expect(screen.getByText(/Create a private channel for moderators/)).toBeTruthy();
    expect(screen.getByText('moderation request channel', { selector: 'strong' })).toBeTruthy();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  test('a moderation channel the user cannot read: says so, and what to do', async () => {
    showModeration({ readable: false, reports: [] });
    expect(await screen.findByRole('heading', { name: 'You cannot read #moderation' })).toBeTruthy();
    expect(screen.getByText(/Subscribe to #moderation if your role allows it, or ask an owner/)).toBeTruthy();
  });

  test('a realm.changed push for reports rereads the inbox and shows the new report', async () => {
    const { bridge, setInbox } = showModeration();
    expect(await rows()).toHaveLength(4);
    const [first] = sampleReports(NOW);
    setInbox({ channel: CHANNEL, readable: true, reports: [...sampleReports(NOW), { ...first!, id: 105, time: NOW - 60, reportType: 'norms' }] });
    act(() => bridge.push({ kind: 'realm.changed', account: olivia.id, changes: [{ collection: 'reports', ids: [105] }] }));
    await waitFor(async () => expect(await rows()).toHaveLength(5));
    expect((await rows())[0]!.textContent).toContain('Violates community norms');
  });
});

describe('the keyboard', () => {
  test('j and k move the cursor, Enter opens, r marks the report reviewed through moderation.markReviewed', async () => {
    const { bridge } = showModeration();
    const box = await list();
    box.focus();
    fireEvent.keyDown(box, { key: 'j' });
    fireEvent.keyDown(box, { key: 'j' });
    fireEvent.keyDown(box, { key: 'k' });
    expect(box.getAttribute('aria-activedescendant')).toBe('report-row-102');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByRole('heading', { name: 'Report about Gina Guest' })).toBeTruthy();
    fireEvent.keyDown(box, { key: 'r' });
    await waitFor(() => expect(bridge.callsTo('moderation.markReviewed')).toEqual([{ account: olivia.id, reportIds: [101], reviewed: true }]));
    expect(await screen.findByText('4 reports · 2 new')).toBeTruthy();
    expect(screen.getByText(/marks reviewed or new/)).toBeTruthy();
  });
});

test('under "New", r on the open report takes the panel to the report the cursor lands on, so the next r marks the report shown', async () => {
  const { bridge } = showModeration();
  await list();
  fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'new' } });
  await waitFor(async () => expect(await rows()).toHaveLength(3));
  const [first, second] = (await rows()).map((row) => ({ id: Number(row.id.replace('report-row-', '')), name: row.querySelector('.report-row-who')?.textContent ?? '' }));
  const box = await list();
  box.focus();
  fireEvent.keyDown(box, { key: 'Enter' });
  expect(await screen.findByRole('heading', { name: `Report about ${first!.name}` })).toBeTruthy();
  fireEvent.keyDown(box, { key: 'r' });
  await waitFor(async () => expect(await rows()).toHaveLength(2));
  expect(await screen.findByRole('heading', { name: `Report about ${second!.name}` })).toBeTruthy();
  // The panel shows the report the cursor is on, not the one just marked (which the list no longer shows).
  expect(document.querySelector('.hidden-report-notice')).toBeNull();
  expect(box.getAttribute('aria-activedescendant')).toBe(`report-row-${String(second!.id)}`);
  fireEvent.keyDown(box, { key: 'r' });
  await waitFor(() => expect(bridge.callsTo('moderation.markReviewed')).toEqual([
    { account: olivia.id, reportIds: [first!.id], reviewed: true },
    { account: olivia.id, reportIds: [second!.id], reviewed: true },
  ]));
});

describe('a report', () => {
  async function open(index: number) {
    fireEvent.click((await rows())[index]!);
  }

  test('shows the reporter and the reported user with their roles, the notes, the quote and the other reports', async () => {
    showModeration();
    await open(2);
    const facts = await screen.findByText('Reported user');
    await waitFor(() => expect(facts.nextElementSibling?.textContent).toBe('Gina GuestGuest'));
    expect(screen.getByText('Reported by').nextElementSibling?.textContent).toBe('Mark MemberMember');
    expect(screen.getByText('Direct message to Mark Member')).toBeTruthy();
    expect(screen.getByText('No notes.')).toBeTruthy();
    expect(screen.getByText('Buy cheap followers now!!! http://spam.example')).toBeTruthy();
    const history = screen.getByRole('heading', { name: 'Other reports about Gina Guest (1)' }).nextElementSibling;
    expect(history?.textContent).toContain('Other reason');
    expect(history?.textContent).toContain('by Mona Moderator · new');
  });

  test('shows the reported message in its conversation', async () => {
    const { bridge } = showModeration();
    await open(1);
    const reported = await screen.findByLabelText('Reported message from Nora Quinn');
    expect(reported.textContent).toContain('Nobody wants to eat with you people.');
    expect(screen.getByText('Who is up for lunch?')).toBeTruthy();
    expect(bridge.callsTo('moderation.context')).toEqual([{ account: olivia.id, reportId: 102 }]);
    // Notes keep their line breaks as text.
    expect(document.querySelector('.report-notes')?.textContent).toBe('Third time this week.\nSee also Monday.');
  });

  test('a DM report (its template names no message) still asks the core, which says why it cannot be seen', async () => {
    const { bridge } = showModeration({}, { 'moderation.context': () => ({ available: false, explanation: 'This is a direct message between other people: administrators cannot read it.', deleted: false, messages: [] }) });
    await open(2);
    expect(await screen.findByText(/administrators cannot read it\. The quote above is what the reporter saw\./)).toBeTruthy();
    expect(bridge.callsTo('moderation.context')).toEqual([{ account: olivia.id, reportId: 101 }]);
  });

  test('Mark reviewed calls moderation.markReviewed, and Mark as new undoes it', async () => {
    const { bridge } = showModeration();
    await open(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark reviewed' }));
    expect(await screen.findByRole('button', { name: 'Mark as new' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark as new' }));
    await waitFor(() =>
      expect(bridge.callsTo('moderation.markReviewed')).toEqual([
        { account: olivia.id, reportIds: [103], reviewed: true },
        { account: olivia.id, reportIds: [103], reviewed: false },
      ]),
    );
  });

  test('"Mark all shown as reviewed" says what it did where the focus lands, and Undo marks the same reports new', async () => {
    const { bridge } = showModeration();
    await rows();
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'spam' } });
    const button = await screen.findByRole('button', { name: /^Mark all shown as reviewed/ });
    const shown = (await rows()).length;
    fireEvent.click(button);
    const note = await screen.findByText(`Marked ${shown === 1 ? '1 report' : `${shown} reports`} reviewed.`, { exact: false });
    expect(document.activeElement).toBe(note);
    const marked = (bridge.callsTo('moderation.markReviewed')[0] as { reportIds: number[] }).reportIds;
    expect(marked).toHaveLength(shown);
    fireEvent.click(within(note).getByRole('button', { name: 'Undo' }));
    await screen.findByText(/new again\./);
    expect(bridge.callsTo('moderation.markReviewed')[1]).toEqual({ account: olivia.id, reportIds: marked, reviewed: false });
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  test('an open report the filters hide stays open under a notice that says which filter hides it', async () => {
    showModeration();
    fireEvent.change(await screen.findByLabelText('Status'), { target: { value: 'new' } });
    await open(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark reviewed' }));
    const notice = await screen.findByText(/Not in the list:/);
    expect(notice.closest('[role="status"]')?.textContent).toContain('(it is reviewed, and Status shows new reports only)');
    expect(await rowText()).toEqual(['Gina Guest', 'Unrecognised report']);
    expect(screen.getByRole('heading', { name: 'Report about Gina Guest' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show it in the list' }));
    await waitFor(() => expect(screen.queryByText(/Not in the list:/)).toBeNull());
    expect(useModerationUi.getState().filters.status).toBe('all');
    expect(await rowText()).toHaveLength(4);

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'new' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Close the report' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Report about Gina Guest' })).toBeNull());
  });

  test('a failed mark reviewed puts the status back and says why', async () => {
    showModeration({}, { 'moderation.markReviewed': () => ({ error: { code: 'NETWORK_ERROR', msg: 'Could not reach http://127.0.0.1:9991.' } }) });
    await open(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark reviewed' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Could not mark the report reviewed: Could not reach http://127.0.0.1:9991.');
    expect(await screen.findByRole('button', { name: 'Mark reviewed' })).toBeTruthy();
  });
});

describe('acting on the reported user', () => {
  async function openGinaSpam() {
    fireEvent.click((await rows())[2]!);
    // The actions appear once the roles are read.
    const actions = await screen.findByRole('region', { name: 'Act on Gina Guest' });
    await within(actions).findByRole('region', { name: 'Change role' });
    return actions;
  }
  const roleOption = (section: HTMLElement, name: string) => within(section).getByRole('radio', { name: new RegExp(`^${name}`) }) as HTMLInputElement;

  test('a role change says who gains rights before it is sent, then calls users.changeRole, and says what happened', async () => {
    const { bridge } = showModeration({}, { 'users.changeRole': ({ userId, role }) => ({ ...MOD_USERS.find((u) => u.user_id === userId)!, role }) });
    const actions = await openGinaSpam();
    expect(within(actions).getByText('Gina Guest is a guest. You are an owner.')).toBeTruthy();
    // Nothing is chosen for the user.
    expect(roleOption(actions, 'Guest').checked).toBe(true);
    expect((within(actions).getByRole('button', { name: 'Choose a new role' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(roleOption(actions, 'Member'));
    expect(within(actions).getByText('Gains rights').parentElement?.textContent).toBe('Gains rights · Gina Guest: Guest → Member');
    expect(bridge.callsTo('users.changeRole')).toEqual([]);
    fireEvent.click(within(actions).getByRole('button', { name: 'Make member' }));
    expect((await within(actions).findByText('Gina Guest is now a member.')).closest('[role="status"]')).toBeTruthy();
    expect(bridge.callsTo('users.changeRole')).toEqual([{ account: olivia.id, userId: 5, role: 400, acknowledged: [] }]);
    expect(screen.getByText('Reported user').nextElementSibling?.textContent).toBe('Gina GuestMember');
  });

  test('a role chosen and not sent is asked about before another report, Escape or another screen drops it; Stay keeps it', async () => {
    const { bridge } = showModeration();
    const actions = await openGinaSpam();
    fireEvent.click(roleOption(actions, 'Member'));
    const ask = () => screen.findByRole('dialog', { name: 'Leave without saving?' });

    fireEvent.click((await rows())[0]!);
    expect((await ask()).textContent).toContain('Your change to Gina Guest’s role is not applied yet.');
    fireEvent.click(within(await ask()).getByRole('button', { name: 'Stay' }));
    expect(roleOption(screen.getByRole('region', { name: 'Act on Gina Guest' }), 'Member').checked).toBe(true);

    fireEvent.keyDown(roleOption(actions, 'Member'), { key: 'Escape' });
    fireEvent.click(within(await ask()).getByRole('button', { name: 'Stay' }));
    fireEvent.click(screen.getByRole('button', { name: 'Users & roles' }));
    fireEvent.click(within(await ask()).getByRole('button', { name: 'Stay' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Moderation');

    fireEvent.click(screen.getByRole('button', { name: 'Close report' }));
    fireEvent.click(within(await ask()).getByRole('button', { name: 'Discard and leave' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Act on Gina Guest' })).toBeNull());
    expect(bridge.callsTo('users.changeRole')).toEqual([]);
  });

  test('with nothing chosen, Escape in a report closes it at once', async () => {
    showModeration();
    const actions = await openGinaSpam();
    fireEvent.keyDown(roleOption(actions, 'Guest'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Act on Gina Guest' })).toBeNull());
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
  });

  test('the rule is shown before anything is sent', async () => {
    showModeration();
    const actions = await openGinaSpam();
    expect(roleOption(actions, 'Administrator').disabled).toBe(true);
    expect(within(actions).getByText('Gina Guest is a guest: a guest cannot be made an administrator directly. Make them a member first.')).toBeTruthy();
  });

  test('the role shown follows a change made elsewhere', async () => {
    const users = [...MOD_USERS];
    const { bridge } = showModeration({}, { 'realm.users.list': () => users, 'realm.users.get': ({ ids }) => users.filter((u) => ids.includes(u.user_id)) });
    const actions = await openGinaSpam();
    users[4] = { ...users[4]!, role: 300, is_guest: false };
    act(() => bridge.push({ kind: 'realm.changed', account: olivia.id, changes: [{ collection: 'users', ids: [5] }] }));
    await waitFor(() => expect(roleOption(actions, 'Moderator').checked).toBe(true));
    expect(within(actions).getByText('Gina Guest is a moderator. You are an owner.')).toBeTruthy();
    expect(within(actions).queryByRole('button', { name: /^Make / })).toBeNull();
  });

  test('a moderator is told that only administrators can change roles or deactivate', async () => {
    const mona: Account = { ...olivia, id: 'acc-mona', userId: 3, fullName: 'Mona Moderator', role: 300 };
    showModeration({}, {}, mona);
    await openGinaSpam();
    expect(screen.getByText('Only organization administrators and owners can change roles.')).toBeTruthy();
    expect(screen.getByText('Only organization administrators and owners can deactivate users.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Deactivate Gina Guest…' }) as HTMLButtonElement).disabled).toBe(true);
  });

  test('a refused deactivation is shown in the core’s words, as they come', async () => {
    const worded = 'Gina Guest could not be deactivated: Cannot deactivate the only organization owner. Make someone else an owner first.';
    showModeration({}, { 'users.deactivate': () => ({ error: { code: 'BAD_REQUEST', msg: worded } }) });
    await openGinaSpam();
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate Gina Guest…' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    expect((await screen.findByRole('alert')).textContent).toBe(`Error: ${worded}`);
  });
});
