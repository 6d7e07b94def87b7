// The activity log's filters and search end to end: changes made from this console, then found in the
// log by kind, by the user they were about and by words, the query running in the real core.
import { openChannel, openChannels, section, serverChannel } from '../support/channels-page';
import { expect, test } from '../support/fixtures';
import { invitesOnServer, openInvitations } from '../support/invitations-page';
import { signInDirectly } from '../support/realm-client';
import { openUser, openUsers, row, userOnServer } from '../support/users-page';

test('the log filtered by kind and user, searched, emptied by a filter that matches nothing, and cleared', async ({ consolePage: page, sandbox }) => {
  await openUsers(page);
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  const panel = await openUser(page, 'Mark Member');
  await panel.getByRole('button', { name: 'Deactivate Mark Member…' }).click();
  await page.getByRole('dialog', { name: 'Deactivate Mark Member?' }).getByRole('button', { name: 'Deactivate' }).click();
  await expect(row(page, 'Mark Member')).toContainText('Deactivated');
  await panel.getByRole('button', { name: 'Reactivate Mark Member…' }).click();
  await page.getByRole('dialog', { name: 'Reactivate Mark Member?' }).getByRole('button', { name: 'Reactivate' }).click();
  await expect(row(page, 'Mark Member')).toContainText('Active');
  expect((await userOnServer(adam, 'mark@sandbox.test')).is_active).toBe(true);

  await page.getByRole('tab', { name: 'Activity log' }).click();
  await expect(page.getByText('2 changes.')).toBeVisible();
  const rows = page.getByRole('table').getByRole('row');

  await page.getByRole('combobox', { name: 'Kind of change' }).selectOption({ label: 'Deactivations and reactivations' });
  await page.getByRole('combobox', { name: 'User', exact: true }).selectOption({ label: 'Mark Member (mark@sandbox.test)' });
  await expect(page.getByText('2 of 2 changes match.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search the activity log' }).fill('reactivated mark');
  await expect(page.getByText('1 of 2 changes match.')).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Reactivated');

  await page.getByRole('combobox', { name: 'Kind of change' }).selectOption({ label: 'Roles' });
  await expect(page.getByText('No changes match these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByText('2 changes.')).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search the activity log' })).toHaveValue('');
  await expect(rows).toHaveCount(3);
});

test('the User filter names the people added to and removed from a channel, once each, and filters to each', async ({ consolePage: page, sandbox }) => {
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  await openChannels(page);
  const subscribers = section(await openChannel(page, 'engineering'), 'Subscribers');
  await subscribers.getByLabel('Add people').fill('gina');
  await subscribers.getByRole('button', { name: 'Add Gina Guest' }).click();
  await expect(subscribers.getByRole('status')).toHaveText('Gina Guest was subscribed to #engineering.');
  await subscribers.getByRole('list', { name: 'Subscribers of #engineering' }).getByRole('button', { name: 'Remove Mark Member' }).click();
  await page.getByRole('dialog', { name: 'Remove Mark Member from #engineering?' }).getByRole('button', { name: 'Remove subscriber' }).click();
  await expect(subscribers.getByRole('status')).toHaveText('Mark Member was unsubscribed from #engineering.');
  const members = (await adam.request('GET', `/streams/${String((await serverChannel(adam, 'engineering')).stream_id)}/members`)).subscribers as number[];
  expect(members).toContain(await adam.userId('gina@sandbox.test'));
  expect(members).not.toContain(await adam.userId('mark@sandbox.test'));

  // The whole log, with its filters, is the Users & roles screen's.
  await openUsers(page);
  await page.getByRole('tab', { name: 'Activity log' }).click();
  await expect(page.getByText('2 changes.')).toBeVisible();
  const user = page.getByRole('combobox', { name: 'User', exact: true });
  await expect(user.locator('option', { hasText: '#engineering' })).toHaveCount(0);
  await expect(user.locator('option', { hasText: 'Gina Guest (gina@sandbox.test)' })).toHaveCount(1);
  await expect(user.locator('option', { hasText: 'Mark Member (mark@sandbox.test)' })).toHaveCount(1);
  await user.selectOption({ label: 'Gina Guest (gina@sandbox.test)' });
  await expect(page.getByText('1 of 2 changes match.')).toBeVisible();
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toContainText('Subscribed users');
  await user.selectOption({ label: 'Mark Member (mark@sandbox.test)' });
  await expect(page.getByText('1 of 2 changes match.')).toBeVisible();
  await expect(rows.nth(1)).toContainText('Unsubscribed users');
});

test('revoking and resending a pending invitation are in the log, by address, with no Undo', async ({ consolePage: page, sandbox }) => {
  await openInvitations(page);
  await page.getByRole('tab', { name: /Pending invitations/ }).click();
  await page.getByRole('button', { name: 'Resend the invitation to design.candidate@sandbox.test' }).click();
  await page.getByRole('dialog', { name: 'Send this invitation again?' }).getByRole('button', { name: /^Resend/ }).click();
  await expect(page.getByRole('dialog', { name: 'Send this invitation again?' })).toBeHidden();
  await page.getByRole('button', { name: 'Revoke the invitation to contractor@example.com' }).click();
  await page.getByRole('dialog', { name: 'Revoke this invitation?' }).getByRole('button', { name: /^Revoke/ }).click();
  await expect(page.getByRole('table', { name: 'Pending invitations, newest first' }).getByRole('cell', { name: 'contractor@example.com' })).toHaveCount(0);
  expect((await invitesOnServer(sandbox.directUrl)).map((invite) => invite.email)).not.toContain('contractor@example.com');

  await openUsers(page);
  await page.getByRole('tab', { name: 'Activity log' }).click();
  await expect(page.getByText('2 changes.')).toBeVisible();
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toContainText('Revoked an invitation');
  await expect(rows.nth(1)).toContainText('contractor@example.com');
  await expect(rows.nth(2)).toContainText('Resent an invitation');
  await expect(rows.nth(2)).toContainText('design.candidate@sandbox.test');
  await expect(rows.getByRole('button', { name: /^Undo/ })).toHaveCount(0);
});
