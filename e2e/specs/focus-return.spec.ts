// Keyboard focus is never dropped to <body> (docs/style.md, "The screens"): after a dialog is cancelled,
// an action confirmed, a button that disabled itself while it worked, or a panel closed, the focus is on
// what opened it or a control beside it, and the action (where it changes something) is on the server.
import type { Locator, Page } from '@playwright/test';
import { groupId, openChannel, openChannels, openPermission, section, serverChannel } from '../support/channels-page';
import { expect, test } from '../support/fixtures';
import { invitesOnServer, openInvitations } from '../support/invitations-page';
import { signInDirectly, type RealmClient } from '../support/realm-client';
import { defaultsOnServer, openDefaults } from '../support/defaults-page';
import { openUser, openUsers, row, search, userOnServer } from '../support/users-page';

/** Focus somewhere inside `area`, not thrown to the top of the page. */
async function expectFocusWithin(page: Page, area: Locator): Promise<void> {
  await expect(page.locator('body')).not.toBeFocused();
  await expect(area.locator(':focus')).toHaveCount(1);
}

test('a dialog opens with its safe answer focused, even with choices in its body: Enter cancels, nothing is sent', async ({ consolePage: page, sandbox }) => {
  const olivia = await signInDirectly(sandbox.directUrl, 'olivia@sandbox.test');
  await openUsers(page);
  await search(page, 'Mark Member');
  await row(page, 'Mark Member').click();
  await page.getByRole('button', { name: 'Change role of 1…' }).click();
  const dialog = page.getByRole('dialog', { name: /^Change the role of/ });
  // The role choices come before the answers: the browser would focus the first of them.
  await expect(dialog.getByRole('radio').first()).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect((await userOnServer(olivia, 'mark@sandbox.test')).role).toBe(400);
});

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

  // Reactivating needs a deactivated user in the selection (it is off for active ones).
  await search(page, 'Derek Departed');
  await row(page, 'Derek Departed').click();
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

test('archiving from the editor, confirmed by keyboard, gives the focus back to the section’s button once it works again, with the result in view; the channel is archived on the server', async ({ consolePage: page, sandbox }) => {
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  await openChannels(page);
  const editor = await openChannel(page, 'design');
  const archive = section(editor, 'Archive');
  await archive.getByRole('button', { name: 'Archive #design…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Archive #design?' });
  await dialog.getByRole('button', { name: 'Archive', exact: true }).focus();
  await page.keyboard.press('Enter');
  const unarchive = section(editor, 'Unarchive');
  await expect(unarchive.getByRole('status')).toHaveText('#design was archived.');
  await expect(unarchive.getByRole('button', { name: 'Unarchive #design…' })).toBeFocused();
  await expect(unarchive.getByRole('status')).toBeInViewport();
  expect((await serverChannel(adam, 'design')).is_archived).toBe(true);
});

test('a bulk role change’s panel, closed, gives the focus to the users list; the change is on the server', async ({ consolePage: page, sandbox }) => {
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  await openUsers(page);
  await search(page, 'Mark Member');
  await row(page, 'Mark Member').click();
  await page.getByRole('button', { name: 'Change role of 1…' }).click();
  const dialog = page.getByRole('dialog', { name: /^Change the role of/ });
  await dialog.getByRole('radio', { name: 'Moderator', exact: true }).check();
  await dialog.getByRole('button', { name: /^Change 1 role/ }).click();
  const done = page.getByRole('region', { name: 'Bulk change to moderator: done' });
  await expect(done).toBeVisible({ timeout: 20_000 });
  expect((await userOnServer(adam, 'mark@sandbox.test')).role).toBe(300);
  await done.getByRole('button', { name: 'Close' }).click();
  await expect(done).toHaveCount(0);
  await expect(page.getByRole('grid', { name: 'Users' })).toBeFocused();
});

test('“Move to folder…” and the matrix’s “Set a value…”, escaped or cancelled, give the focus back to their button', async ({ consolePage: page }) => {
  await openChannels(page);
  await page.getByRole('searchbox', { name: 'Search by name or description' }).fill('design');
  await page.getByRole('checkbox', { name: 'Select all shown' }).check();
  const move = page.getByRole('button', { name: 'Move to folder…' });
  await move.click();
  await expect(page.getByRole('dialog', { name: /^Move .* to a folder$/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(move).toBeFocused();

  await page.getByRole('tab', { name: 'Permission matrix' }).click();
  const grid = page.getByRole('grid', { name: 'Permission matrix' });
  await grid.getByRole('columnheader', { name: 'Add subscribers' }).getByRole('button').click();
  const setValue = page.getByRole('button', { name: 'Set a value…' });
  await setValue.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(setValue).toBeFocused();
});

test('a permission matrix job’s panel, closed, gives the focus to the matrix; the change is on the server', async ({ consolePage: page, sandbox }) => {
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  await openChannels(page);
  await page.getByRole('tab', { name: 'Permission matrix' }).click();
  await page.getByRole('searchbox', { name: 'Search by name or description' }).fill('design');
  const grid = page.getByRole('grid', { name: 'Permission matrix' });
  await expect(grid.getByRole('rowheader')).toHaveCount(1);
  await grid.getByRole('columnheader', { name: 'Add subscribers' }).getByRole('button').click();
  await page.getByRole('button', { name: 'Set a value…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Add who may: Add subscribers' }).fill('Administrators');
  await dialog.getByRole('option', { name: /^Administrators/ }).click();
  await dialog.getByRole('button', { name: 'Review changes' }).click();
  await dialog.getByRole('button', { name: 'Apply to 1 channel' }).click();
  const done = page.getByRole('region', { name: 'Bulk change of 1 channel: done' });
  await expect(done.getByText('1 changed')).toBeVisible({ timeout: 30_000 });
  expect((await serverChannel(adam, 'design')).can_add_subscribers_group).toBe(await groupId(adam, 'role:administrators'));
  await done.getByRole('button', { name: 'Close' }).click();
  await expect(done).toHaveCount(0);
  await expect(grid).toBeFocused();
});

test('a move into a folder, its panel closed, gives the focus back to “Move to folder…”; the move is on the server', async ({ consolePage: page, sandbox }) => {
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  await openChannels(page);
  await page.getByRole('searchbox', { name: 'Search by name or description' }).fill('design');
  await page.getByRole('checkbox', { name: 'Select all shown' }).check();
  await page.getByRole('button', { name: 'Move to folder…' }).click();
  const dialog = page.getByRole('dialog', { name: /^Move .* to a folder$/ });
  await dialog.getByRole('radio', { name: 'Social' }).check();
  await dialog.getByRole('button', { name: /^Move 1 channel/ }).click();
  const done = page.getByRole('region', { name: 'Move into “Social”: done' });
  await expect(done).toBeVisible({ timeout: 30_000 });
  const folders = (await adam.request('GET', '/channel_folders')).channel_folders as { id: number; name: string }[];
  expect((await serverChannel(adam, 'design')).folder_id).toBe(folders.find((folder) => folder.name === 'Social')?.id);
  await done.getByRole('button', { name: 'Close' }).click();
  await expect(done).toHaveCount(0);
  // The channels stay selected, so the button that opened the move is still there to take it.
  await expect(page.getByRole('button', { name: 'Move to folder…' })).toBeFocused();
});

interface ServerFolder {
  id: number;
  name: string;
  is_archived: boolean;
  order?: number;
}

async function folderOrder(client: RealmClient): Promise<string[]> {
  const folders = (await client.request('GET', '/channel_folders', { include_archived: true })).channel_folders as ServerFolder[];
  return folders.filter((folder) => !folder.is_archived).sort((a, b) => (a.order ?? 0) - (b.order ?? 0)).map((folder) => folder.name);
}

test('creating a folder and moving it up keep the focus on the Folders tab, on the moved folder’s button', async ({ consolePage: page, sandbox }) => {
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  await openChannels(page);
  await page.getByRole('tab', { name: 'Folders' }).click();
  const folders = page.getByRole('tabpanel', { name: 'Folders' });
  await page.getByRole('button', { name: 'Create a folder…' }).click();
  const form = page.getByRole('form', { name: 'New folder' });
  await form.getByLabel('Folder name').fill('Projects');
  await form.getByRole('button', { name: 'Create folder' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Folder “Projects” created.' })).toBeVisible();
  await expectFocusWithin(page, folders);
  expect(await folderOrder(adam)).toEqual(['Teams', 'Social', 'Projects']);

  const moveUp = page.getByRole('listitem', { name: 'Projects', exact: true }).getByRole('button', { name: 'Move up' });
  await moveUp.click();
  await expect.poll(() => folderOrder(adam)).toEqual(['Teams', 'Projects', 'Social']);
  await expect(moveUp).toBeFocused();
});

test('adding a subscriber and changing privacy keep the focus in their section, and are on the server', async ({ consolePage: page, sandbox }) => {
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  await openChannels(page);
  const editor = await openChannel(page, 'engineering');
  const subscribers = section(editor, 'Subscribers');
  await subscribers.getByLabel('Add people').fill('gina');
  await subscribers.getByRole('button', { name: 'Add Gina Guest' }).click();
  await expect(subscribers.getByRole('status')).toHaveText('Gina Guest was subscribed to #engineering.');
  await expectFocusWithin(page, subscribers);
  const { stream_id } = await serverChannel(adam, 'engineering');
  expect((await adam.request('GET', `/streams/${String(stream_id)}/members`)).subscribers).toContain(await adam.userId('gina@sandbox.test'));

  const privacy = section(await openChannel(page, 'design'), 'Privacy');
  await privacy.getByRole('radio', { name: 'Private, protected history' }).check();
  await privacy.getByRole('button', { name: 'Make it private, protected history' }).click();
  await expect(privacy.getByRole('status')).toHaveText('#design is now private, protected history.');
  await expectFocusWithin(page, privacy);
  expect(await serverChannel(adam, 'design')).toMatchObject({ invite_only: true, history_public_to_subscribers: false });
});

test('revoking an invitation keeps the focus on the pending list, and the invitation is gone from the server', async ({ consolePage: page, sandbox }) => {
  await openInvitations(page);
  await page.getByRole('tab', { name: /Pending invitations/ }).click();
  const pending = page.getByRole('tabpanel', { name: /Pending invitations/ });
  await page.getByRole('button', { name: 'Revoke the invitation to new.hire@sandbox.test' }).click();
  await page.getByRole('dialog', { name: 'Revoke this invitation?' }).getByRole('button', { name: /^Revoke/ }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect.poll(async () => (await invitesOnServer(sandbox.directUrl)).map((invite) => invite.email)).not.toContain('new.hire@sandbox.test');
  await expectFocusWithin(page, pending);
});

test('the activity log’s Undo dialog, cancelled, gives the focus back to its Undo button', async ({ consolePage: page }) => {
  await openUsers(page);
  const panel = await openUser(page, 'Mark Member');
  await panel.getByRole('radio', { name: /^Moderator/ }).check();
  await panel.getByRole('button', { name: 'Make moderator' }).click();
  await expect(page.getByText('Mark Member is now a moderator.')).toBeVisible();

  await page.getByRole('tab', { name: 'Activity log' }).click();
  const undo = page.getByRole('table').getByRole('row').filter({ hasText: 'Mark Member' }).first().getByRole('button', { name: /^Undo:/ });
  await undo.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(undo).toBeFocused();
});

test('Default settings: after Save and after Discard the focus stays on the screen; the save is on the server', async ({ consolePage: page, sandbox }) => {
  await openDefaults(page);
  const screenArea = page.getByRole('main');
  const unsaved = page.getByRole('region', { name: 'Unsaved changes' });
  await page.getByRole('combobox', { name: 'Color scheme' }).selectOption({ label: 'Dark' });
  await unsaved.getByRole('button', { name: 'Review changes…' }).click();
  await page.getByRole('dialog', { name: /^Review changes/ }).getByRole('button', { name: 'Save 1 change' }).click();
  await expect(page.getByText('Saved 1 change to the default settings of Sandbox Org.')).toBeVisible();
  await expectFocusWithin(page, screenArea);
  expect((await defaultsOnServer(sandbox.directUrl)).values).toMatchObject({ color_scheme: 2 });

  await page.getByRole('combobox', { name: 'Home view' }).selectOption({ label: 'All messages' });
  await unsaved.getByRole('button', { name: 'Discard changes…' }).click();
  await page.getByRole('dialog', { name: 'Discard 1 unsaved change?' }).getByRole('button', { name: 'Discard changes' }).click();
  await expect(unsaved).toHaveCount(0);
  await expectFocusWithin(page, screenArea);
  expect((await defaultsOnServer(sandbox.directUrl)).values).toMatchObject({ web_home_view: 'inbox' });
});
