// The activity log's filters and search end to end: changes made from this console, then found in the
// log by kind, by the user they were about and by words, the query running in the real core.
import { expect, test } from '../support/fixtures';
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
