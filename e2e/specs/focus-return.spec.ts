// Keyboard focus is never dropped to <body> (docs/style.md, "The screens"): after a dialog is cancelled,
// an action confirmed, a button that disabled itself while it worked, or a panel closed, the focus is on
// what opened it or a control beside it, and the action (where it changes something) is on the server.
import type { Locator, Page } from '@playwright/test';
import { openChannel, openChannels, openPermission, section, serverChannel } from '../support/channels-page';
import { expect, test } from '../support/fixtures';
import { signInDirectly } from '../support/realm-client';
import { openUser, openUsers, row, search, userOnServer } from '../support/users-page';

/** Focus somewhere inside `area`, not thrown to the top of the page. */
async function expectFocusWithin(page: Page, area: Locator): Promise<void> {
  await expect(page.locator('body')).not.toBeFocused();
  await expect(area.locator(':focus')).toHaveCount(1);
}

test('the bulk dialogs, cancelled or escaped, give the focus back to the button that opened them', async ({ consolePage: page }) => {
  await openUsers(page);
  await search(page, 'Mark Member');
  await row(page, 'Mark Member').click();

  const changeRole = page.getByRole('button', { name: 'Change role of 1…' });
  await changeRole.click();
  await page.getByRole('dialog', { name: /^Change the role of/ }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(changeRole).toBeFocused();

  const deactivate = page.getByRole('button', { name: 'Deactivate 1…' });
  await deactivate.click();
  await expect(page.getByRole('dialog', { name: /^Deactivate/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(deactivate).toBeFocused();

  const reactivate = page.getByRole('button', { name: 'Reactivate 1…' });
  await reactivate.click();
  await expect(page.getByRole('dialog', { name: /^Reactivate/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(reactivate).toBeFocused();
});

test('a confirmed deactivation and a role change keep the focus in the user panel, and are on the server', async ({ consolePage: page, sandbox }) => {
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  await openUsers(page);
  const panel = await openUser(page, 'Mark Member');

  await panel.getByRole('radio', { name: /^Moderator/ }).check();
  await panel.getByRole('button', { name: 'Make moderator' }).click();
  await expect(page.getByText('Mark Member is now a moderator.')).toBeVisible();
  await expectFocusWithin(page, panel);
  expect((await userOnServer(adam, 'mark@sandbox.test')).role).toBe(300);

  await panel.getByRole('button', { name: 'Deactivate Mark Member…' }).click();
  await page.getByRole('dialog', { name: 'Deactivate Mark Member?' }).getByRole('button', { name: 'Deactivate' }).click();
  await expect(row(page, 'Mark Member')).toContainText('Deactivated');
  await expectFocusWithin(page, panel);
  expect((await userOnServer(adam, 'mark@sandbox.test')).is_active).toBe(false);
});

test('the new channel form opens on its Name field and, closed, gives the focus back to its button', async ({ consolePage: page }) => {
  await openChannels(page);
  const create = page.getByRole('button', { name: 'Create a channel…' });
  await create.click();
  const form = page.getByRole('complementary', { name: 'New channel' });
  await expect(form.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await form.getByRole('button', { name: 'Close the new channel form' }).click();
  await expect(form).toHaveCount(0);
  await expect(create).toBeFocused();
});

test('saving a description and removing a permission pill keep the focus in their section; closing the editor returns it to the list', async ({ consolePage: page, sandbox }) => {
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  await openChannels(page);
  const editor = await openChannel(page, 'announcements');

  const description = section(editor, 'Description');
  await description.getByLabel('Description (Markdown)').fill('News for everyone');
  await description.getByRole('button', { name: 'Save description' }).click();
  await expect(description.getByRole('status')).toHaveText('Description saved.');
  await expectFocusWithin(page, description);
  expect((await serverChannel(adam, 'announcements')).description).toBe('News for everyone');

  const post = await openPermission(editor, 'Post messages');
  await post.getByRole('combobox', { name: 'Add to “Post messages”' }).fill('mona');
  await post.getByRole('option', { name: /Mona Moderator/ }).click();
  await post.getByRole('button', { name: 'Remove Administrators' }).click();
  await expect(post.getByRole('list', { name: 'Chosen' }).getByRole('listitem')).toHaveText(['Mona Moderator']);
  await expectFocusWithin(page, post);
  await post.getByRole('button', { name: 'Save “Post messages”' }).click();
  await expect(post.getByRole('status')).toContainText('Post messages: now Mona Moderator.');
  await expectFocusWithin(page, post);
  expect((await serverChannel(adam, 'announcements')).can_send_message_group).toEqual({ direct_members: [await adam.userId('mona@sandbox.test')], direct_subgroups: [] });

  await editor.getByRole('button', { name: 'Close channel editor' }).click();
  await expect(editor).toHaveCount(0);
  await expect(page.getByRole('grid', { name: 'Channels' })).toBeFocused();
});
