// A campaign's report end to end: the server's words shown only where they say more than the status
// (and all of them in the CSV), and the export of what the filter shows or of everything, named so
// in the file name and in a message; the addresses left out when composing listed with why (a line
// too long to be an address shortened, with its length), and never sent.
import { expect, test } from '../support/fixtures';
import { campaignBadge, checkAddresses, expectEachInvitedOnce, exportReport, freshAddresses, invitationsOnServer, openInvitations, pasteAddresses } from '../support/invitations-page';

test.use({ sandboxOptions: { seed: 'demo', config: { dailyInviteLimit: 10_000 }, signedIn: true } });

test('the report shows the server’s words only where they add something, and exports what is shown or all of it', async ({ consolePage: page }) => {
  const good = freshAddresses('report', 2);
  await openInvitations(page);
  await pasteAddresses(page, [...good, 'mark@sandbox.test', 'gina@sandbox.test', 'derek@sandbox.test', 'not-an-address'].join('\n'));
  await checkAddresses(page, 6);
  await page.getByRole('radio', { name: /Send them anyway/ }).check();
  await page.getByRole('button', { name: 'Send 6 addresses…' }).click();
  await page.getByRole('dialog', { name: 'Send 6 addresses?' }).getByRole('button', { name: 'Send', exact: true }).click();
  await expect(campaignBadge(page)).toHaveText('Finished', { timeout: 30_000 });

  const table = page.getByRole('table', { name: 'Every address of the campaign, with its status' });
  // Every reason here is the server's standard words for its status (“Already has an account.” under
  // “Already has an account”): they would only repeat it, so there is no column of them at all.
  await expect(table.getByRole('columnheader')).toHaveText(['Address', 'Name', 'Status']);
  await expect(table.getByRole('row').filter({ hasText: 'mark@sandbox.test' }).getByRole('cell')).toHaveText(['mark@sandbox.test', '', 'Already has an account']);
  await expect(table.getByRole('row').filter({ hasText: 'derek@sandbox.test' }).getByRole('cell')).toHaveText(['derek@sandbox.test', '', 'Deactivated']);
  await expect(page.getByText('The CSV export has the server’s words for every address.', { exact: true })).toBeVisible();

  // Unfiltered: one button, the whole report, every reason in the server's words.
  const all = await exportReport(page, 'Export CSV');
  expect(all.rows.size).toBe(6);
  expect(all.rows.get('mark@sandbox.test')).toEqual({ status: 'Already has an account', reason: 'Already has an account.' });
  expect(all.filename).not.toMatch(/-only\.csv$/);
  await expect(page.getByRole('status').filter({ hasText: `Exported all 6 addresses to ${all.filename}.` })).toBeVisible();

  // Filtered: what is shown, or all of it, and the file and the message say which.
  await page.getByRole('group', { name: 'Show addresses by status' }).getByRole('radio', { name: 'Already has an account 2' }).check();
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
  const shown = await exportReport(page, 'Export shown (2)');
  expect(shown.filename).toMatch(/-already-has-an-account-only\.csv$/);
  expect([...shown.rows.keys()].sort()).toEqual(['gina@sandbox.test', 'mark@sandbox.test']);
  await expect(page.getByRole('status').filter({ hasText: `Exported 2 addresses with the status “Already has an account” (of 6) to ${shown.filename}.` })).toBeVisible();

  const everything = await exportReport(page, 'Export all (6)');
  expect(everything.rows.size).toBe(6);
  expect(everything.filename).toBe(all.filename);
});

test('addresses left out when composing are in the report with why, and never reach the server', async ({ consolePage: page, sandbox }) => {
  const good = freshAddresses('left-out', 2);
  const long = `${'q'.repeat(340)}@newcomers.example`;
  await openInvitations(page);
  await pasteAddresses(page, [good[0], 'mark@sandbox.test', good[1], 'not-an-address', long].join('\n'));
  await expect(page.getByText('4 addresses; 1 entry longer than 320 characters left out.')).toBeVisible();
  await checkAddresses(page, 4);
  // Failing addresses are left out by default: only the good ones are sent.
  await page.getByRole('button', { name: 'Send 2 invitations…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send', exact: true }).click();
  await expect(campaignBadge(page)).toHaveText('Finished', { timeout: 30_000 });
  await expect(page.getByText('2 of 2 addresses answered')).toBeVisible();
  await expect(page.getByText('3 more were left out when composing (see the report)')).toBeVisible();

  // The Status column says "Left out"; Details say only why.
  const table = page.getByRole('table', { name: 'Every address of the campaign, with its status' });
  await page.getByRole('group', { name: 'Show addresses by status' }).getByRole('radio', { name: 'Left out 3' }).check();
  await expect(table.locator('tbody tr')).toHaveCount(3);
  await expect(table.getByRole('row').filter({ hasText: 'mark@sandbox.test' }).getByRole('cell')).toHaveText(['mark@sandbox.test', '', 'Left out', 'Already has an account']);
  await expect(table.getByRole('row').filter({ hasText: 'not-an-address' }).getByRole('cell')).toHaveText(['not-an-address', '', 'Left out', 'Not a valid address']);
  const preview = `${'q'.repeat(60)}…`;
  await expect(table.getByRole('row').filter({ hasText: preview }).getByRole('cell')).toHaveText([preview, '', 'Left out', 'Too long to be an address (358 characters)']);

  const all = await exportReport(page, 'Export all (5)');
  expect(all.lines).toHaveLength(5);
  expect(all.rows.get('mark@sandbox.test')).toEqual({ status: 'Left out', reason: 'Already has an account' });
  expect(all.rows.get('not-an-address')).toEqual({ status: 'Left out', reason: 'Not a valid address' });
  expect(all.rows.get(preview)).toEqual({ status: 'Left out', reason: 'Too long to be an address (358 characters)' });
  expect(all.rows.get(good[0]!)).toEqual({ status: 'Invited', reason: '' });

  const onServer = await invitationsOnServer(sandbox.directUrl);
  expectEachInvitedOnce(onServer, good);
  expect(onServer.has('mark@sandbox.test')).toBe(false);
  expect(onServer.has('not-an-address')).toBe(false);
});
