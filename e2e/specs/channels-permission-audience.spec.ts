// Who can use a permission in a private channel: #leadership's "Post messages" names everyone, but
// only its two subscribers can post there (upstream access_stream_for_send_message). The editor says
// both figures and why; the matrix cell's title and the matrix review count the same way (shared/domain/channel-audience.ts), so
// limiting posting to Administrators takes it from nobody who could post; the server has the new value.
// "Join by themselves" gives nothing in a public channel (members always may), and in a private one the
// review says what it opens to those who gain it. Those the organization lets do it anywhere neither gain nor lose it in one channel.
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
  await expect(change).toContainText('Nobody gains or loses it: only subscribers can post in a private channel.');
  // Olivia (an owner) and Adam (an administrator), its subscribers, keep it: nobody who could post loses it.
  await expect(change).not.toContainText('Lose:');
  await dialog.getByRole('button', { name: 'Apply to 1 channel' }).click();
  await expect(page.getByRole('region', { name: 'Bulk change of 1 channel: done' }).getByText('1 changed')).toBeVisible({ timeout: 30_000 });
  expect((await serverChannel(adam, 'leadership')).can_send_message_group).toBe(await groupId(adam, 'role:administrators'));
});

test('“Join by themselves” for Members: a public channel gains nobody; a private one is said to open its messages to them', async ({ consolePage: page, sandbox }) => {
  test.setTimeout(90_000);
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  const olivia = await adam.userId('olivia@sandbox.test');
  await adam.request('POST', '/users/me/subscriptions', { subscriptions: [{ name: 'join-open' }] });
  await adam.request('POST', '/users/me/subscriptions', { subscriptions: [{ name: 'join-closed' }], invite_only: true, principals: [olivia] });
  await openChannels(page);
  await page.getByRole('tab', { name: 'Permission matrix' }).click();
  await page.getByRole('searchbox', { name: 'Search by name or description' }).fill('join-');
  const grid = page.getByRole('grid', { name: 'Permission matrix' });
  await expect(grid.getByRole('rowheader')).toHaveCount(2);
  await grid.getByRole('columnheader', { name: 'Join by themselves' }).getByRole('button').click();
  await page.getByRole('button', { name: 'Set a value…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Add who may: Join by themselves' }).fill('Members');
  await dialog.getByRole('option', { name: /^Members/ }).click();
  await dialog.getByRole('button', { name: 'Review changes' }).click();
  const changes = dialog.getByRole('list', { name: 'Channels that change' });
  const open = changes.getByRole('listitem').filter({ hasText: /^#join-open/ });
  await expect(open).toContainText('Nobody gains or loses it: members may always join a public channel, and guests never may.');
  await expect(open).not.toContainText('Gain:');
  const closed = changes.getByRole('listitem').filter({ hasText: /^#join-closed/ });
  await expect(closed).toContainText('Gain:');
  // Of the 45 who gain it, Olivia, its only subscriber, reads it already: 44 are opened its messages.
  await expect(closed).toContainText('Gain: Olivia Owner, Adam Admin, Mona Moderator, Mark Member, Kemi Varga, Ava Petrov and 39 others');
  await expect(closed).toContainText('These 44 people may join this private channel and read its messages, from the moment they join.');
  await dialog.getByRole('button', { name: 'Apply to 2 channels' }).click();
  await expect(page.getByRole('region', { name: 'Bulk change of 2 channels: done' }).getByText('2 changed')).toBeVisible({ timeout: 30_000 });
  const members = await groupId(adam, 'role:members');
  expect((await serverChannel(adam, 'join-closed')).can_subscribe_group).toBe(members);
  expect((await serverChannel(adam, 'join-open')).can_subscribe_group).toBe(members);
});

test('“Delete any message” for Moderators in one channel gains only the moderator: the administrators may anyway, organization-wide', async ({ consolePage: page, sandbox }) => {
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  await openChannels(page);
  const remove = await openPermission(await openChannel(page, 'general'), 'Delete any message');
  await expect(remove).toContainText('The organization lets Administrators delete any message anywhere; they may here too.');
  await remove.getByRole('combobox', { name: 'Add to “Delete any message”' }).fill('moderators');
  await remove.getByRole('option', { name: /^Moderators/ }).click();
  const review = remove.locator('.change-review');
  await expect(review).toContainText('1 gain it, 0 lose it.');
  await expect(review).toContainText('Mona Moderator');
  await expect(review).not.toContainText('Adam Admin');
  await expect(review).not.toContainText('Olivia Owner');
  await remove.getByRole('button', { name: /^Save/ }).click();
  await expect.poll(async () => (await serverChannel(adam, 'general')).can_delete_any_message_group).toBe(await groupId(adam, 'role:moderators'));
});
