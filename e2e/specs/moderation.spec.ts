// The Moderation screen end to end: members report messages through the API (spec 16) and the reports
// appear live in the inbox; acting on a report (marking it reviewed, changing the reported user's role)
// shows on the server; a realm without a moderation request channel explains what to set up.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signInDirectly, type RealmClient } from '../support/realm-client';

interface ApiMessage {
  id: number;
  sender_id: number;
  sender_full_name: string;
  flags?: string[];
}

async function openModeration(page: Page) {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Moderation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
}

const reportList = (page: Page) => page.getByRole('listbox', { name: 'Reports' });
const reportRow = (page: Page, text: RegExp | string) => reportList(page).getByRole('option').filter({ hasText: text });

/** Messages matching a narrow, newest last, as `client` sees them. */
async function messages(client: RealmClient, narrow: { operator: string; operand: string | number | number[] }[], count = 1): Promise<ApiMessage[]> {
  const reply = await client.request('GET', '/messages', { anchor: 'newest', num_before: count, num_after: 0, narrow, apply_markdown: false });
  expect(reply.result).toBe('success');
  return reply.messages as ApiMessage[];
}

async function newest(client: RealmClient, narrow: { operator: string; operand: string | number | number[] }[]): Promise<ApiMessage> {
  const [message] = (await messages(client, narrow)).slice(-1);
  if (!message) throw new Error(`no message in ${JSON.stringify(narrow)}`);
  return message;
}

test('reports made by members appear live in the inbox, with who, whom, why and where', async ({ consolePage: page, sandbox }) => {
  await openModeration(page);
  // The three seeded reports.
  await expect(reportList(page).getByRole('option')).toHaveCount(3);
  await expect(page.getByText('3 reports · 3 new')).toBeVisible();

  const mark = await signInDirectly(sandbox.directUrl, 'mark@sandbox.test');
  const mona = await signInDirectly(sandbox.directUrl, 'mona@sandbox.test');
  const deploys = await newest(mark, [{ operator: 'channel', operand: 'engineering' }, { operator: 'topic', operand: 'deploys' }]);
  expect(await mark.request('POST', `/messages/${deploys.id}/report`, { report_type: 'norms', description: 'Logs belong in the CI channel.' })).toMatchObject({ result: 'success' });
  const lunch = await newest(mona, [{ operator: 'channel', operand: 'general' }, { operator: 'topic', operand: 'lunch plans' }, { operator: 'search', operand: 'Friday works' }]);
  expect(await mona.request('POST', `/messages/${lunch.id}/report`, { report_type: 'spam' })).toMatchObject({ result: 'success' });

  // Live, without a reload: the queue brings them.
  await expect(reportList(page).getByRole('option')).toHaveCount(5);
  await expect(page.getByText('5 reports · 5 new')).toBeVisible();
  // Browser mode's stand-in for the desktop notification, with the core's one-line summary.
  await expect(page.getByRole('region', { name: 'Messages' })).toContainText(`Mark Member reported ${deploys.sender_full_name} for norms`);
  const norms = reportRow(page, `by Mark Member · #engineering › deploys`);
  await expect(norms).toContainText(deploys.sender_full_name);
  await expect(norms).toContainText('Violates community norms');
  await expect(norms).toContainText('New');
  await expect(reportRow(page, 'by Mona Moderator · #general › lunch plans').filter({ hasText: 'Spam' })).toContainText(lunch.sender_full_name);

  await norms.click();
  const detail = page.getByRole('article');
  await expect(detail.getByRole('heading', { name: `Report about ${deploys.sender_full_name}` })).toBeVisible();
  await expect(detail.getByText('Logs belong in the CI channel.')).toBeVisible();
  await expect(detail.getByText('all 412 checks passed').first()).toBeVisible();
  // The message in its conversation, as the server rendered it.
  await expect(detail.getByRole('listitem', { name: `Reported message from ${deploys.sender_full_name}` })).toContainText('all 412 checks passed');
});

test('marking a report reviewed marks its topic read on the server; changing the reported user’s role reaches the server', async ({ consolePage: page, sandbox }) => {
  const olivia = await signInDirectly(sandbox.directUrl, 'olivia@sandbox.test');
  const mark = await signInDirectly(sandbox.directUrl, 'mark@sandbox.test');
  const gina = await mark.userId('gina@sandbox.test');
  const ginaTopic = [{ operator: 'channel', operand: 'moderation' }, { operator: 'topic', operand: "Gina Guest's moderation requests" }];
  const unread = async () => (await messages(olivia, ginaTopic, 50)).filter((message) => !(message.flags ?? []).includes('read')).length;
  expect(await unread()).toBeGreaterThan(0);

  await openModeration(page);
  const spam = reportRow(page, 'Spam').filter({ hasText: 'Gina Guest' });
  await spam.click();
  const detail = page.getByRole('article');
  await expect(detail.getByRole('heading', { name: 'Report about Gina Guest' })).toBeVisible();
  // A DM between others: the console says why it cannot show it.
  await expect(detail.getByText(/a direct message between Mark Member and Gina Guest/)).toBeVisible();

  await detail.getByRole('button', { name: 'Mark reviewed' }).click();
  await expect(spam).toContainText('Reviewed');
  await expect.poll(unread).toBe(0);

  // Gina (a guest) becomes a member: nothing is chosen for the moderator, and the change says who
  // gains rights before it is sent.
  const actions = detail.getByRole('region', { name: 'Act on Gina Guest' });
  await expect(actions.getByRole('radio', { name: /^Guest/ })).toBeChecked();
  await expect(actions.getByRole('button', { name: 'Choose a new role' })).toBeDisabled();
  await actions.getByRole('radio', { name: /^Member/ }).check();
  await expect(actions.getByText('Gains rights', { exact: true }).locator('..')).toHaveText('Gains rights · Gina Guest: Guest → Member');
  await actions.getByRole('button', { name: 'Make member' }).click();
  await expect(actions.getByText('Gina Guest is now a member.')).toBeVisible();
  const user = await olivia.request('GET', `/users/${gina}`);
  expect((user.user as { role: number }).role).toBe(400);

  // The same section follows a change made elsewhere: made a guest again over the API, the selected
  // role follows, and no one-click revert is offered.
  expect(await olivia.request('PATCH', `/users/${gina}`, { role: 600 })).toMatchObject({ result: 'success' });
  await expect(actions.getByRole('radio', { name: /^Guest/ })).toBeChecked();
  await expect(actions.getByText('Gina Guest is a guest. You are an owner.')).toBeVisible();
  await expect(actions.getByRole('button', { name: /^Make / })).toHaveCount(0);

  // The review survives a reload of the screen (it is kept by the core, not the page).
  await page.reload();
  await openModeration(page);
  await expect(reportRow(page, 'Spam').filter({ hasText: 'Gina Guest' })).toContainText('Reviewed');
});

test('a role chosen for the reported user and not sent is asked about before Escape or another report drops it; nothing reaches the server', async ({ consolePage: page, sandbox }) => {
  const olivia = await signInDirectly(sandbox.directUrl, 'olivia@sandbox.test');
  const gina = await olivia.userId('gina@sandbox.test');
  await openModeration(page);
  await reportRow(page, 'Spam').filter({ hasText: 'Gina Guest' }).click();
  const actions = page.getByRole('article').getByRole('region', { name: 'Act on Gina Guest' });
  await actions.getByRole('radio', { name: /^Member/ }).check();

  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
  await page.keyboard.press('Escape');
  await expect(ask).toContainText('Your change to Gina Guest’s role is not applied yet.');
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(actions.getByRole('radio', { name: /^Member/ })).toBeChecked();

  await reportRow(page, 'Ben Kowalski').click();
  await ask.getByRole('button', { name: 'Discard and leave' }).click();
  await expect(page.getByRole('heading', { name: 'Report about Ben Kowalski' })).toBeVisible();
  const user = await olivia.request('GET', `/users/${gina}`);
  expect((user.user as { role: number }).role).toBe(600);

  // With nothing chosen, Escape closes the open report at once.
  await page.getByRole('button', { name: 'Close report' }).focus();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('article')).toHaveCount(0);
  await expect(ask).toHaveCount(0);
});

test.describe('a realm without a moderation request channel', () => {
  test.use({ sandboxOptions: { seed: 'empty', config: {}, signedIn: true } });

  test('the screen says reporting is off and what an administrator must set up', async ({ consolePage: page }) => {
    await openModeration(page);
    await expect(page.getByRole('heading', { name: /Reporting is off in/ })).toBeVisible();
    await expect(page.getByText(/no moderation request channel/)).toBeVisible();
    await expect(page.getByText(/choose that channel as the/)).toBeVisible();
    await expect(reportList(page)).toHaveCount(0);
  });
});

/** Messages in the moderation channel that `client` has not read (reviewing a report marks its topic read). */
async function unreadReports(client: RealmClient): Promise<number> {
  const all = await messages(client, [{ operator: 'channel', operand: 'moderation' }], 100);
  return all.filter((message) => !(message.flags ?? []).includes('read')).length;
}

test('with Status "New" and every report reviewed, the empty list says so and offers "Clear filters" once; Undo makes them new again', async ({ consolePage: page, sandbox }) => {
  const olivia = await signInDirectly(sandbox.directUrl, 'olivia@sandbox.test');
  await openModeration(page);
  await page.getByLabel('Status').selectOption({ label: 'New' });
  await page.getByRole('button', { name: 'Mark all shown as reviewed (3)' }).click();

  await expect(page.getByText('No new reports: all 3 reports are reviewed.')).toBeVisible();
  // Its button is gone: the focus is on what it did, not lost to the page.
  await expect(page.getByRole('status').filter({ hasText: 'Marked 3 reports reviewed.' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Clear filters' })).toHaveCount(1);
  // Reviewing marked the reports' topics read on the server.
  await expect.poll(() => unreadReports(olivia)).toBe(0);

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByLabel('Status')).toHaveValue('all');
  await expect(reportList(page).getByRole('option')).toHaveCount(3);
  await expect(reportList(page).getByRole('option').filter({ hasText: 'Reviewed' })).toHaveCount(3);

  // What it did stays said, with an Undo: the same three reports new again, as the core keeps them
  // (a reload reads them back).
  const note = page.getByRole('status').filter({ hasText: 'Marked 3 reports reviewed.' });
  await note.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Marked 3 reports new again.' })).toBeVisible();
  await expect(reportList(page).getByRole('option').filter({ hasText: 'New' })).toHaveCount(3);
  await page.reload();
  await openModeration(page);
  await expect(page.getByText('3 reports · 3 new')).toBeVisible();
});

test('an open report that the filters hide says so plainly, and can be shown in the list or closed', async ({ consolePage: page, sandbox }) => {
  const olivia = await signInDirectly(sandbox.directUrl, 'olivia@sandbox.test');
  const benTopic = [{ operator: 'channel', operand: 'moderation' }, { operator: 'topic', operand: "Ben Kowalski's moderation requests" }];
  const unreadAboutBen = async () => (await messages(olivia, benTopic, 50)).filter((message) => !(message.flags ?? []).includes('read')).length;
  expect(await unreadAboutBen()).toBeGreaterThan(0);

  await openModeration(page);
  await page.getByLabel('Status').selectOption({ label: 'New' });
  await reportRow(page, 'Ben Kowalski').click();
  const detail = page.getByRole('article');
  await expect(detail.getByRole('heading', { name: 'Report about Ben Kowalski' })).toBeVisible();
  await detail.getByRole('button', { name: 'Mark reviewed' }).click();

  // It leaves the list of new reports, but stays open, with a notice saying why it is not listed.
  await expect(reportRow(page, 'Ben Kowalski')).toHaveCount(0);
  await expect(reportList(page).getByRole('option')).toHaveCount(2);
  await expect(page.getByRole('status').filter({ hasText: 'Not in the list' })).toContainText(
    'the filters hide this report (it is reviewed, and Status shows new reports only)',
  );
  await expect(detail.getByRole('heading', { name: 'Report about Ben Kowalski' })).toBeVisible();
  await expect.poll(unreadAboutBen).toBe(0);

  // "Show it in the list" lets go of the Status filter only, and the report is listed again.
  await page.getByRole('button', { name: 'Show it in the list' }).click();
  await expect(page.getByLabel('Status')).toHaveValue('all');
  await expect(reportRow(page, 'Ben Kowalski')).toContainText('Reviewed');
  await expect(page.getByRole('status').filter({ hasText: 'Not in the list' })).toHaveCount(0);

  // Hidden again, it can be closed instead.
  await page.getByLabel('Status').selectOption({ label: 'New' });
  await page.getByRole('button', { name: 'Close the report' }).click();
  await expect(page.getByRole('article')).toHaveCount(0);
  await expect(page.getByText('Open a report to see who reported whom')).toBeVisible();
});
