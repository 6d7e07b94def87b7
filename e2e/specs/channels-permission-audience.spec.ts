// Who can use a permission in a private channel: #leadership's "Post messages" names everyone, but
// only its two subscribers can post there (upstream access_stream_for_send_message). The editor says
// both figures and why; the matrix cell's title and the matrix review count the same way (shared/domain/channel-audience.ts), so
// limiting posting to Administrators takes it from nobody who could post; the server has the new value.
import { groupId, openChannel, openChannels, openPermission, serverChannel } from '../support/channels-page';
import { expect, test } from '../support/fixtures';
import { signInDirectly } from '../support/realm-client';

test('a private channel’s posting permission counts only subscribers, in the editor and the matrix review', async ({ consolePage: page, sandbox }) => {
  test.setTimeout(90_000);
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  await openChannels(page);
  const post = await openPermission(await openChannel(page, 'leadership'), 'Post messages');
  await expect(post).toContainText(/\d+ people hold it through this setting; 2 can use it: only subscribers can post in a private channel/);
  // Administrators only: both subscribers are administrators, so nobody who can post loses it.
  await post.getByRole('combobox', { name: 'Add to “Post messages”' }).fill('administrators');
  await post.getByRole('option', { name: /^Administrators/ }).click();
  await post.getByRole('button', { name: 'Remove Everyone, guests included' }).click();
  await expect(post.locator('.change-review')).toHaveText('Nobody who can use it gains or loses it: only subscribers can post in a private channel.');
  await post.getByRole('button', { name: 'Undo my edit' }).click();

  await page.getByRole('tab', { name: 'Permission matrix' }).click();
  await page.getByRole('searchbox', { name: 'Search by name or description' }).fill('leadership');
  const grid = page.getByRole('grid', { name: 'Permission matrix' });
  await expect(grid.getByRole('rowheader')).toHaveCount(1);
  // The cell's title counts the same way, in the editor's words.
  const headers = await grid.getByRole('columnheader').allTextContents();
  const postCell = grid.getByRole('gridcell').nth(headers.indexOf('Post messages') - 1);
  await expect(postCell).toHaveAccessibleDescription(/\d+ people hold it through this setting; 2 can use it: only subscribers can post in a private channel\./);
  await grid.getByRole('columnheader', { name: 'Post messages' }).getByRole('button').click();
  await page.getByRole('button', { name: 'Set a value…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Add who may: Post messages' }).fill('Administrators');
  await dialog.getByRole('option', { name: /^Administrators/ }).click();
  await dialog.getByRole('button', { name: 'Review changes' }).click();
  const change = dialog.getByRole('list', { name: 'Channels that change' }).getByRole('listitem').filter({ hasText: /^Post messages:/ });
  await expect(change).toContainText('Counting only those who can use it: only subscribers can post in a private channel.');
  // Olivia (an owner) and Adam (an administrator), its subscribers, keep it: nobody who could post loses it.
  await expect(change).not.toContainText('Lose:');
  await dialog.getByRole('button', { name: 'Apply to 1 channel' }).click();
  await expect(page.getByRole('region', { name: 'Bulk change of 1 channel: done' }).getByText('1 changed')).toBeVisible({ timeout: 30_000 });
  expect((await serverChannel(adam, 'leadership')).can_send_message_group).toBe(await groupId(adam, 'role:administrators'));
});
