// Moving channels between folders from the channel list: 30 channels selected with "Select all shown"
// go into a folder through "Move to folder…" as one job, one result each, checked on the server; two
// selected channels dragged onto a folder of the drop strip go there too; a folder of the strip clicked
// opens the move with it chosen; and channels selected from the keyboard alone move too.
import type { Page } from '@playwright/test';
import { channelRow, openChannels, serverChannels } from '../support/channels-page';
import { expect, test } from '../support/fixtures';
import { signInDirectly, type RealmClient } from '../support/realm-client';

async function folderId(client: RealmClient, name: string): Promise<number> {
  const reply = await client.request('GET', '/channel_folders');
  const found = (reply.channel_folders as { id: number; name: string }[]).find((folder) => folder.name === name);
  if (!found) throw new Error(`no folder ${name}`);
  return found.id;
}

const search = (page: Page, text: string) => page.getByRole('searchbox', { name: 'Search by name or description' }).fill(text);

test('30 channels moved into a folder as one job, each checked on the server', async ({ consolePage: page, sandbox }) => {
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  const names = Array.from({ length: 30 }, (_, index) => `bulk-${String(index + 1).padStart(2, '0')}`);
  await adam.request('POST', '/users/me/subscriptions', { subscriptions: names.map((name) => ({ name })) });
  const social = await folderId(adam, 'Social');

  await openChannels(page);
  await search(page, 'bulk-');
  await expect(page.getByText('30 of')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all shown' }).check();
  await expect(page.getByText('30 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Move to folder…' }).click();

  const dialog = page.getByRole('dialog', { name: 'Move 30 channels to a folder' });
  // Nothing is preselected: the move waits for a choice.
  await expect(dialog.getByRole('button', { name: 'Move channels' })).toBeDisabled();
  await dialog.getByRole('radio', { name: 'Social' }).check();
  await expect(dialog.getByRole('status')).toContainText('30 channels move into “Social”');
  await dialog.getByRole('button', { name: 'Move 30 channels' }).click();

  const panel = page.getByRole('region', { name: 'Move into “Social”: done' });
  await expect(panel).toBeVisible({ timeout: 30_000 });
  await expect(panel).toContainText('30 of 30 done · 30 moved · 0 already there · 0 failed');
  await expect(panel.getByRole('list', { name: 'Results of the move' }).getByRole('listitem')).toHaveCount(30);
  const onServer = (await serverChannels(adam)).filter((channel) => names.includes(channel.name));
  expect(onServer).toHaveLength(30);
  expect(onServer.every((channel) => channel.folder_id === social)).toBe(true);
  // The list follows: its folder column shows the new folder.
  await expect(channelRow(page, 'bulk-01')).toContainText('Social');

  // Moving them again: every one is already there.
  await panel.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Move to folder…' }).click();
  await page.getByRole('dialog', { name: 'Move 30 channels to a folder' }).getByRole('radio', { name: 'Social' }).check();
  await expect(page.getByRole('dialog').getByRole('status')).toContainText('Every selected channel is already in that folder: nothing to move.');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
});

test('selected channels dragged onto a folder move there', async ({ consolePage: page, sandbox }) => {
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  const teams = await folderId(adam, 'Teams');
  await openChannels(page);
  await search(page, 'general');
  await channelRow(page, 'general').getByRole('checkbox', { name: 'Select #general' }).check();
  await search(page, 'announcements');
  await channelRow(page, 'announcements').getByRole('checkbox', { name: 'Select #announcements' }).check();
  await expect(page.getByText('2 selected')).toBeVisible();
  const strip = page.getByRole('list', { name: 'Move the selected channels to a folder' });
  await channelRow(page, 'announcements').dragTo(strip.getByRole('listitem').filter({ hasText: 'Teams' }));
  await expect(page.getByRole('region', { name: 'Move into “Teams”: done' })).toContainText('2 moved');
  const onServer = await serverChannels(adam);
  expect(onServer.filter((channel) => channel.name === 'general' || channel.name === 'announcements').map((channel) => channel.folder_id)).toEqual([teams, teams]);
});

test('a folder of the drop strip, clicked, opens the move with that folder chosen; nothing moves until confirmed', async ({ consolePage: page, sandbox }) => {
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  const teams = await folderId(adam, 'Teams');
  const before = (await serverChannels(adam)).find((channel) => channel.name === 'general')?.folder_id ?? null;
  await openChannels(page);
  await search(page, 'general');
  await channelRow(page, 'general').getByRole('checkbox', { name: 'Select #general' }).check();
  await page.getByRole('list', { name: 'Move the selected channels to a folder' }).getByRole('button', { name: 'Teams' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move #general to a folder' });
  await expect(dialog.getByRole('radio', { name: 'Teams' })).toBeChecked();
  expect((await serverChannels(adam)).find((channel) => channel.name === 'general')?.folder_id ?? null).toBe(before);
  await dialog.getByRole('button', { name: 'Move 1 channel' }).click();
  await expect(page.getByRole('region', { name: 'Move into “Teams”: done' })).toContainText('1 moved');
  expect((await serverChannels(adam)).find((channel) => channel.name === 'general')?.folder_id).toBe(teams);
});

test('channels selected from the keyboard alone move into a folder', async ({ consolePage: page, sandbox }) => {
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  const names = ['keys-a', 'keys-b', 'keys-c', 'keys-d'];
  await adam.request('POST', '/users/me/subscriptions', { subscriptions: names.map((name) => ({ name })) });
  const teams = await folderId(adam, 'Teams');
  await openChannels(page);
  await search(page, 'keys-');
  const grid = page.getByRole('grid', { name: 'Channels' });
  await grid.focus();
  // The first row is focused; Space selects it, Shift+Down adds the next two, Space on the last drops it.
  await grid.press('Space');
  await grid.press('Shift+ArrowDown');
  await grid.press('Shift+ArrowDown');
  await grid.press('Shift+ArrowDown');
  await grid.press('Space');
  await expect(page.getByText('3 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Move to folder…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move 3 channels to a folder' });
  await dialog.getByRole('radio', { name: 'Teams' }).check();
  await dialog.getByRole('button', { name: 'Move 3 channels' }).click();
  await expect(page.getByRole('region', { name: 'Move into “Teams”: done' })).toContainText('3 moved');
  const onServer = (await serverChannels(adam)).filter((channel) => names.includes(channel.name)).sort((a, b) => a.name.localeCompare(b.name));
  expect(onServer.map((channel) => [channel.name, channel.folder_id === teams])).toEqual([
    ['keys-a', true],
    ['keys-b', true],
    ['keys-c', true],
    ['keys-d', false],
  ]);
});
