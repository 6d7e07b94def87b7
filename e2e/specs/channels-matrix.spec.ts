// The permission matrix end to end: a bulk change of 50 channels (a column selected, a value set with
// the pills, the review listing the changes and, apart, the private channels Olivia is not subscribed
// to, which cannot take it), the job's per-channel results checked on the server, retry failed once
// she is subscribed, and the grid exported as CSV. Set a value's pill suggestions are in sight (not
// clipped by the dialog) in a small window and are chosen from the keyboard. Shortening how long
// messages are kept deletes older ones for good: nothing is sent until that danger is ticked.
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { groupId, openChannels, serverChannel } from '../support/channels-page';
import { signInDirectly } from '../support/realm-client';
import { ringRoomUnderLabel } from '../support/focus-ring';

const PUBLIC = Array.from({ length: 45 }, (_, i) => `bulk-${String(i + 1).padStart(2, '0')}`);
const SECRET = Array.from({ length: 5 }, (_, i) => `bulk-secret-${i + 1}`);

test('a bulk change of 50 channels through the matrix: per-channel results on the server, retry failed, CSV', async ({ consolePage: page, sandbox }) => {
  test.setTimeout(180_000);
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  // Adam's channels: 45 public, and 5 private ones Olivia (the console's user) is not subscribed to.
  await adam.request('POST', '/users/me/subscriptions', { subscriptions: PUBLIC.map((name) => ({ name })) });
  await adam.request('POST', '/users/me/subscriptions', { subscriptions: SECRET.map((name) => ({ name })), invite_only: true });
  const moderators = await groupId(adam, 'role:moderators');
  const before = (await serverChannel(adam, 'bulk-secret-1')).can_add_subscribers_group;

  await openChannels(page);
  await page.getByRole('tab', { name: 'Permission matrix' }).click();
  await page.getByRole('searchbox', { name: 'Search by name or description' }).fill('bulk-');
  const grid = page.getByRole('grid', { name: 'Permission matrix' });
  await expect(page.getByText('50 channels shown')).toBeVisible();
  await expect(grid.getByRole('gridcell').first()).toBeVisible();

  // The column "Add subscribers", every shown row of it.
  await grid.getByRole('columnheader', { name: 'Add subscribers' }).getByRole('button').click();
  await expect(page.getByText('50 cells selected in 50 channels')).toBeVisible();
  await page.getByRole('button', { name: 'Set a value…' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Review changes' })).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Add who may: Add subscribers' }).fill('Moderators');
  await dialog.getByRole('option', { name: /^Moderators/ }).click();
  await dialog.getByRole('button', { name: 'Review changes' }).click();

  await expect(dialog.getByText('45 channels change (45 settings). 5 cells cannot take it: listed apart below.')).toBeVisible();
  // "Review changes" became "Apply to 45 channels" under the focus: the focus moved to Back, so Enter cannot apply.
  await expect(dialog.getByRole('button', { name: 'Back' })).toBeFocused();
  const changes = dialog.getByRole('list', { name: 'Channels that change' });
  await expect(changes.getByText('#bulk-01')).toBeVisible();
  const refused = dialog.getByRole('list', { name: 'Cells that cannot be changed' });
  await expect(refused.getByRole('listitem')).toHaveCount(5);
  await expect(refused.getByRole('listitem').first()).toContainText('subscribe to it first');
  await dialog.getByRole('button', { name: 'Apply to 45 channels' }).click();

  const panel = page.getByRole('region', { name: 'Bulk change of 50 channels: done' });
  await expect(panel).toBeVisible({ timeout: 60_000 });
  await expect(panel.getByText('50 of 50 done')).toBeVisible();
  await expect(panel.getByText('45 changed')).toBeVisible();
  await expect(panel.getByText('5 failed')).toBeVisible();
  const failed = panel.getByRole('listitem').filter({ hasText: 'Failed' });
  await expect(failed.first()).toContainText('#bulk-secret-');
  await expect(failed.first()).toContainText('subscribe to it first');
  for (const name of PUBLIC) expect((await serverChannel(adam, name)).can_add_subscribers_group, name).toBe(moderators);
  for (const name of SECRET) expect((await serverChannel(adam, name)).can_add_subscribers_group, name).toEqual(before);

  // Once Olivia is subscribed to them, "Retry failed" changes exactly those five.
  const olivia = await adam.userId('olivia@sandbox.test');
  await adam.request('POST', '/users/me/subscriptions', { subscriptions: SECRET.map((name) => ({ name })), principals: [olivia] });
  const job = page.getByRole('region', { name: /^Bulk change of \d+ channels: done$/ });
  await expect(async () => {
    // The console hears of the subscriptions through its event queue; a retry before then fails again.
    await job.getByRole('button', { name: 'Retry failed (5)' }).click();
    await expect(page.getByRole('region', { name: 'Bulk change of 5 channels: done' }).getByText('5 changed')).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  for (const name of SECRET) expect((await serverChannel(adam, name)).can_add_subscribers_group, name).toBe(moderators);

  // The grid as CSV: the shown rows and columns, values in words.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('sandbox-org-channel-permissions.csv');
  await expect(page.getByRole('status').filter({ hasText: /^Saved 50 channels/ })).toHaveText(/^Saved 50 channels × \d+ settings as sandbox-org-channel-permissions\.csv\.$/);
  const lines = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(lines).toHaveLength(51);
  expect(lines[0]).toMatch(/^Channel,Channel ID,Privacy,Messages kept,Topics policy,.*Add subscribers/);
  const header = cells(lines[0] ?? '');
  const row = cells(lines.find((line) => line.startsWith('bulk-01,')) ?? '');
  // The channel's value, and who always may besides, as the editor says it (never a bare "Nobody").
  expect(row[header.indexOf('Add subscribers')]).toMatch(/^Moderators; and always: organization administrators/);
  expect(row[header.indexOf('Privacy')]).toBe('Public');
});

test('the grid from the keyboard: arrows, Shift to extend, Space, Ctrl+A, Escape', async ({ consolePage: page }) => {
  await openChannels(page);
  await page.getByRole('tab', { name: 'Permission matrix' }).click();
  const grid = page.getByRole('grid', { name: 'Permission matrix' });
  await expect(grid.getByRole('gridcell').first()).toBeVisible();
  await grid.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(page.getByText('6 cells selected in 3 channels')).toBeVisible();
  await expect(grid.getByRole('gridcell', { selected: true })).toHaveCount(6);
  await page.keyboard.press('Escape');
  await expect(page.getByText('no cells selected')).toBeVisible();
  await page.keyboard.press('Space');
  await expect(page.getByText('1 cell selected in 1 channel')).toBeVisible();
  await page.keyboard.press('ControlOrMeta+a');
  await expect(page.getByText(/^6 channels shown · \d+ cells selected in 6 channels$/)).toBeVisible();
  // Everything selected: Space on the active cell's column (Ctrl+Space) removes that column.
  const all = await grid.getByRole('gridcell', { selected: true }).count();
  await page.keyboard.press('ControlOrMeta+Space');
  await expect(grid.getByRole('gridcell', { selected: true })).toHaveCount(all - 6);
});

test('Set a value’s role, group and people suggestions are in sight in a small window, and chosen by keyboard', async ({ consolePage: page, sandbox }) => {
  // A small window, where the dialog is short: its body scrolls, and the suggestions must not be cut
  // off by it (they were: clipped to a 94 px box with a scrollbar of its own).
  await page.setViewportSize({ width: 1024, height: 700 });
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  const administrators = await groupId(adam, 'role:administrators');
  const general = await serverChannel(adam, 'general');
  expect(general.can_add_subscribers_group).not.toBe(administrators);

  await openChannels(page);
  await page.getByRole('tab', { name: 'Permission matrix' }).click();
  await page.getByRole('searchbox', { name: 'Search by name or description' }).fill('general');
  await expect(page.getByText('1 channel shown')).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Permission matrix' });
  await grid.getByRole('columnheader', { name: 'Add subscribers' }).getByRole('button').click();
  await expect(page.getByText('1 cell selected in 1 channel')).toBeVisible();
  await page.getByRole('button', { name: 'Set a value…' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveAccessibleName('Set a value in 1 cell of 1 channel');
  const search = dialog.getByRole('combobox', { name: 'Add who may: Add subscribers' });
  // A dialog that is a form opens on its first field (confirmations open on Cancel).
  await expect(search).toBeFocused();
  // The ring it opens with leaves its label above it clear (components/controls.css).
  expect(await ringRoomUnderLabel(search)).toBeGreaterThanOrEqual(2);
  await page.keyboard.type('Adm');
  const option = dialog.getByRole('option', { name: /^Administrators/ });
  await expect(option).toBeVisible();
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expectInSight(page, option, dialog);

  // Escape closes the suggestions first, and only then the dialog; arrows reopen them.
  await search.press('Escape');
  await expect(dialog.getByRole('listbox')).toBeHidden();
  await expect(dialog).toBeVisible();
  await search.press('ArrowDown');
  await expect(option).toBeVisible();
  await expectInSight(page, option, dialog);
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await search.press('Enter');
  await expect(dialog.getByRole('list', { name: 'Chosen' }).getByRole('listitem')).toHaveText(['Administrators']);
  await dialog.getByRole('button', { name: 'Review changes' }).click();
  await dialog.getByRole('button', { name: 'Apply to 1 channel' }).click();
  await expect(page.getByRole('region', { name: 'Bulk change of 1 channel: done' }).getByText('1 changed')).toBeVisible({ timeout: 30_000 });
  expect((await serverChannel(adam, 'general')).can_add_subscribers_group).toBe(administrators);
});

test('keeping messages for fewer days in several channels is sent only once the danger is ticked', async ({ consolePage: page, sandbox }) => {
  test.setTimeout(90_000);
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  const names = ['keep-1', 'keep-2', 'keep-3'];
  await adam.request('POST', '/users/me/subscriptions', { subscriptions: names.map((name) => ({ name })) });
  const kept = async () => Promise.all(names.map(async (name) => (await serverChannel(adam, name)).message_retention_days));
  const before = await kept();
  expect(before).toEqual([null, null, null]);

  await openChannels(page);
  await page.getByRole('tab', { name: 'Permission matrix' }).click();
  await page.getByRole('searchbox', { name: 'Search by name or description' }).fill('keep-');
  await expect(page.getByText('3 channels shown')).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Permission matrix' });
  await grid.getByRole('columnheader', { name: 'Messages kept' }).getByRole('button').click();
  await expect(page.getByText('3 cells selected in 3 channels')).toBeVisible();
  await page.getByRole('button', { name: 'Set a value…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: 'A number of days' }).check();
  await dialog.getByRole('textbox', { name: 'Days to keep messages' }).fill('7');
  await dialog.getByRole('button', { name: 'Review changes' }).click();

  const danger = dialog.getByRole('group', { name: 'Older messages will be deleted in 3 channels' });
  await expect(danger).toContainText('#keep-1, #keep-2 and #keep-3 will keep messages for 7 days. Messages older than 7 days will be deleted for good');
  const apply = dialog.getByRole('button', { name: 'Apply to 3 channels' });
  await expect(apply).toBeDisabled();
  await expect(apply).toHaveClass(/button-danger/);
  const tick = danger.getByRole('checkbox', { name: 'I understand that messages older than 7 days in these 3 channels will be deleted for good' });
  await expect(tick).not.toBeChecked();
  expect(await kept()).toEqual(before);

  await tick.check();
  await apply.click();
  await expect(page.getByRole('region', { name: 'Bulk change of 3 channels: done' }).getByText('3 changed')).toBeVisible({ timeout: 30_000 });
  expect(await kept()).toEqual([7, 7, 7]);
});

/**
 * What a user sees: the element is inside the window and the dialog, and nothing covers or clips it
 * (the topmost element at its corners and middle is the element itself). Playwright's toBeVisible
 * passes for an element scrolled out of sight in its box; this does not.
 */
async function expectInSight(page: Page, element: Locator, dialog: Locator): Promise<void> {
  const box = await element.boundingBox();
  const frame = await dialog.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !frame || !viewport) throw new Error('no box to check');
  expect(box.x).toBeGreaterThanOrEqual(Math.max(0, frame.x));
  expect(box.y).toBeGreaterThanOrEqual(Math.max(0, frame.y));
  expect(box.x + box.width).toBeLessThanOrEqual(Math.min(viewport.width, frame.x + frame.width));
  expect(box.y + box.height).toBeLessThanOrEqual(Math.min(viewport.height, frame.y + frame.height));
  const covered = await element.evaluate((target) => {
    const rect = target.getBoundingClientRect();
    const points = [
      [rect.left + 2, rect.top + 2],
      [rect.right - 2, rect.top + 2],
      [rect.left + rect.width / 2, rect.top + rect.height / 2],
      [rect.left + 2, rect.bottom - 2],
      [rect.right - 2, rect.bottom - 2],
    ] as const;
    return points.filter(([x, y]) => !target.contains(document.elementFromPoint(x, y))).map(([x, y]) => `${Math.round(x)},${Math.round(y)}`);
  });
  expect(covered, 'points of it hidden from sight').toEqual([]);
}

/** One CSV record's cells (RFC 4180 quoting; no line breaks inside these cells). */
function cells(line: string): string[] {
  return [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].slice(0, -1).map(([, cell = '']) => (cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell));
}
