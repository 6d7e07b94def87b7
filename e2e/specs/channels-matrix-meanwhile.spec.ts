// The permission matrix's review while another owner changes the cells it plans: the review keeps what
// it showed, lists each cell changed meanwhile (what the user saw → theirs) and will not apply until the
// user reviews the change again with their values or drops those cells; the server's final state has
// the user's value only where they confirmed it, and theirs where they dropped the cell.
import { openChannels, serverChannel } from '../support/channels-page';
import { expect, test } from '../support/fixtures';
import { signInDirectly } from '../support/realm-client';

test('cells changed under the matrix review are said, confirmed again or dropped, never overwritten', async ({ consolePage: page, sandbox }) => {
  test.setTimeout(90_000);
  const olivia = await signInDirectly(sandbox.directUrl, 'olivia@sandbox.test');
  // Only owners change how long messages are kept: Adam is made one, to be the other owner.
  const adamId = await olivia.userId('adam@sandbox.test');
  await olivia.request('PATCH', `/users/${adamId}`, { role: 100 });
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  await adam.request('POST', '/users/me/subscriptions', { subscriptions: [{ name: 'keep-a' }, { name: 'keep-b' }] });
  const ids: Record<string, number> = {};
  for (const name of ['keep-a', 'keep-b']) {
    ids[name] = (await serverChannel(adam, name)).stream_id;
    await adam.request('PATCH', `/streams/${ids[name]}`, { message_retention_days: 20 });
  }

  await openChannels(page);
  await page.getByRole('tab', { name: 'Permission matrix' }).click();
  await page.getByRole('searchbox', { name: 'Search by name or description' }).fill('keep-');
  const grid = page.getByRole('grid', { name: 'Permission matrix' });
  await expect(page.getByText('2 channels shown')).toBeVisible();
  await expect(grid.getByRole('gridcell', { name: '20 days' })).toHaveCount(2);
  await grid.getByRole('columnheader', { name: 'Messages kept' }).getByRole('button').click();
  await expect(page.getByText('2 cells selected in 2 channels')).toBeVisible();
  await page.getByRole('button', { name: 'Set a value…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: 'A number of days' }).check();
  await dialog.getByRole('textbox', { name: 'Days to keep messages' }).fill('45');
  await dialog.getByRole('button', { name: 'Review changes' }).click();
  const changes = dialog.getByRole('list', { name: 'Channels that change' });
  await expect(changes.getByRole('listitem').filter({ hasText: '#keep-a' }).first()).toContainText('Messages kept: 20 days → 45 days');

  // Adam sets #keep-a to 15 days while the review is open: said, and Apply waits for a choice.
  await adam.request('PATCH', `/streams/${ids['keep-a']}`, { message_retention_days: 15 });
  const meanwhile = dialog.getByRole('list', { name: 'Cells changed meanwhile' });
  await expect(meanwhile.getByRole('listitem')).toHaveText(['#keep-a · Messages kept: 20 days → 15 days meanwhile; yours: 45 days']);
  await expect(changes.getByRole('listitem').filter({ hasText: '#keep-a' }).first()).toContainText('Messages kept: 20 days → 45 days');
  await expect(dialog.getByRole('button', { name: 'Apply to 2 channels' })).toBeDisabled();

  // Reviewed again with his value: the plan now goes from 15 days.
  await dialog.getByRole('button', { name: 'Review again with their values' }).click();
  await expect(meanwhile).toBeHidden();
  await expect(changes.getByRole('listitem').filter({ hasText: '#keep-a' }).first()).toContainText('Messages kept: 15 days → 45 days');

  // Then he sets #keep-b to 30 days; that cell is dropped.
  await adam.request('PATCH', `/streams/${ids['keep-b']}`, { message_retention_days: 30 });
  await expect(meanwhile.getByRole('listitem')).toHaveText(['#keep-b · Messages kept: 20 days → 30 days meanwhile; yours: 45 days']);
  await dialog.getByRole('button', { name: 'Drop this cell' }).click();
  await expect(meanwhile).toBeHidden();
  await dialog.getByRole('button', { name: 'Apply to 1 channel' }).click();

  const panel = page.getByRole('region', { name: 'Bulk change of 1 channel: done' });
  await expect(panel).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByText('1 changed')).toBeVisible();
  expect((await serverChannel(adam, 'keep-a')).message_retention_days).toBe(45);
  expect((await serverChannel(adam, 'keep-b')).message_retention_days).toBe(30);
});
