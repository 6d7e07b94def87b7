// The Users & roles screen end to end: a role changed here showing live in a second console; a bulk
// change of 20 users in which the only owner's change fails with the rule's reason, and its results as
// CSV; deactivating and reactivating with confirmation, each checked on the server, and the activity log exported as CSV.
import { readFile } from 'node:fs/promises';
import { openConsoleAs } from '../support/console-as';
import { expect, test } from '../support/fixtures';
import { signInDirectly } from '../support/realm-client';
import { openUser, openUsers, row, search, userOnServer } from '../support/users-page';

const ONLY_OWNER = 'Olivia Owner is the only owner of this organization and cannot lose the owner role.';

test('a role changed here shows in a second console session, live', async ({ consolePage: page, sandbox, browser, target }) => {
  test.skip(target !== 'browser', 'the second console runs in browser mode beside the first');
  // A second console, on its own data folder, signed in as Adam Admin: another administrator's desk.
  const context = await browser.newContext();
  const other = await context.newPage();
  const second = await openConsoleAs(other, sandbox.url, 'adam@sandbox.test');
  try {
    await openUsers(other);
    await search(other, 'Mark Member');
    await expect(row(other, 'Mark Member')).toContainText('Member');

    await openUsers(page);
    const panel = await openUser(page, 'Mark Member');
    // The profile shows the organization's field names, not IDs.
    await expect(panel.getByRole('region', { name: 'Profile' }).locator('dt')).toHaveText(['Team']);
    await panel.getByRole('radio', { name: /^Moderator/ }).check();
    await panel.getByRole('button', { name: 'Make moderator' }).click();
    await expect(page.getByText('Mark Member is now a moderator.')).toBeVisible();

    await expect(row(other, 'Mark Member')).toContainText('Moderator');
    // The filter counts follow too: with the search for Mark, one moderator now.
    await expect(other.getByRole('radio', { name: 'Moderators 1', exact: true })).toHaveCount(1);
  } finally {
    await context.close();
    await second.close();
  }
});

test('a bulk change of 20 users: the only owner fails with the rule, the rest change or stay', async ({ consolePage: page, sandbox }) => {
  await openUsers(page);
  // Active humans, owners first: Olivia (the only owner), Adam (administrator), Mona (moderator), then members.
  await page.getByRole('radio', { name: /^Active \d/ }).check();
  await page.getByRole('radio', { name: /^Humans \d/ }).check();
  await page.getByRole('button', { name: /^Role/ }).click();
  await expect(row(page, 'Olivia Owner')).toHaveAttribute('aria-rowindex', '2');
  await row(page, 'Olivia Owner').click();
  for (let i = 0; i < 19; i++) await page.getByRole('grid', { name: 'Users' }).press('Shift+ArrowDown');
  await expect(page.getByText('20 selected', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Change role of 20…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change the role of 20 users' });
  await dialog.getByRole('radio', { name: 'Moderator', exact: true }).check();
  // 18 change: Adam, named, loses rights; 17 members gain them. Adam is the only administrator, so
  // only the owner would be left to administer the realm: that is confirmed in words (below).
  await expect(dialog.getByText('18 users change: 1 loses rights, 17 gain rights.')).toBeVisible();
  await expect(dialog.getByRole('region', { name: /^Will lose rights/ }).getByRole('listitem')).toHaveText(['Adam Admin: Administrator → Moderator']);
  await expect(dialog.getByRole('region', { name: /^Will gain rights/ }).getByRole('listitem')).toHaveCount(17);
  await expect(dialog.getByRole('checkbox')).toHaveCount(1);
  await expect(dialog.getByRole('region', { name: /^Already moderator/ })).toContainText('Mona Moderator');
  await expect(dialog.getByRole('region', { name: /^Cannot change/ })).toContainText(ONLY_OWNER);
  // Adam, the only administrator, is in the selection: only the owner would be left, confirmed in words.
  await expect(dialog.getByRole('button', { name: 'Change 18 roles' })).toBeDisabled();
  await dialog.getByRole('checkbox', { name: 'I understand that Sandbox Org will have no administrators, only its owner' }).check();
  await dialog.getByRole('button', { name: 'Change 18 roles' }).click();

  const done = page.getByRole('region', { name: 'Bulk change to moderator: done' });
  await expect(done).toBeVisible({ timeout: 20_000 });
  await expect(done).toContainText('20 of 20 done · 18 changed · 1 unchanged · 1 failed');
  const results = done.getByRole('list', { name: 'Results per user' });
  // Failures come first.
  await expect(results.getByRole('listitem').first()).toContainText('Olivia Owner');
  await expect(results.getByRole('listitem').first()).toContainText('Failed');
  await expect(results.getByRole('listitem').first()).toContainText('only owner');
  await done.getByRole('radio', { name: /^Unchanged/ }).check();
  await expect(results.getByRole('listitem')).toHaveCount(1);
  await expect(results).toContainText('Mona Moderator');

  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  expect((await userOnServer(adam, 'adam@sandbox.test')).role).toBe(300);
  expect((await userOnServer(adam, 'olivia@sandbox.test')).role).toBe(100);
  // The table is virtualized and kept the focused 20th row in view: back to the top, where Adam is.
  await page.getByRole('grid', { name: 'Users' }).press('Home');
  await expect(row(page, 'Adam Admin')).toContainText('Moderator');

  // The results as a file: one line per user, with the email, what was asked, the outcome and why.
  const download = page.waitForEvent('download');
  await done.getByRole('button', { name: 'Export results as CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^bulk-role-change-\d{4}-\d{2}-\d{2}-\w+\.csv$/);
  const lines = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('User ID,Name,Email,Request,Outcome,Reason');
  expect(lines).toHaveLength(21);
  expect(lines.find((line) => line.includes('Olivia Owner'))).toMatch(/olivia@sandbox\.test,Change role to moderator,Failed,.*only owner/);
  expect(lines.find((line) => line.includes('Adam Admin'))).toContain('adam@sandbox.test,Change role to moderator,Changed,');
  expect(lines.find((line) => line.includes('Mona Moderator'))).toContain(',Unchanged,');

  // Retrying the failure runs it again, as a new batch, and it fails again for the same reason.
  await done.getByRole('button', { name: 'Retry failed (1)' }).click();
  const retried = page.getByRole('region', { name: 'Bulk change to moderator: done' });
  await expect(retried).toContainText('1 of 1 done · 0 changed · 0 unchanged · 1 failed', { timeout: 20_000 });
});

test('deactivate and reactivate, each confirmed first, then the activity log and its CSV', async ({ consolePage: page, sandbox }) => {
  await openUsers(page);
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  const panel = await openUser(page, 'Mark Member');

  await panel.getByRole('button', { name: 'Deactivate Mark Member…' }).click();
  const confirmDeactivate = page.getByRole('dialog', { name: 'Deactivate Mark Member?' });
  await expect(confirmDeactivate).toContainText('will not be able to sign in');
  await confirmDeactivate.getByRole('button', { name: 'Deactivate' }).click();
  await expect(row(page, 'Mark Member')).toContainText('Deactivated');
  expect((await userOnServer(adam, 'mark@sandbox.test')).is_active).toBe(false);

  await panel.getByRole('button', { name: 'Reactivate Mark Member…' }).click();
  await page.getByRole('dialog', { name: 'Reactivate Mark Member?' }).getByRole('button', { name: 'Reactivate' }).click();
  await expect(row(page, 'Mark Member')).toContainText('Active');
  expect((await userOnServer(adam, 'mark@sandbox.test')).is_active).toBe(true);

  await page.getByRole('tab', { name: 'Activity log' }).click();
  const log = page.getByRole('table');
  await expect(log.getByRole('row')).toHaveCount(3);
  await expect(log.getByRole('row').nth(1)).toContainText('Mark Member');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await readFile(await file.path(), 'utf8');
  expect(csv.split(/\r?\n/).filter(Boolean)).toHaveLength(3);
  expect(csv).toContain('Mark Member');
});

test('the table sorts from the keyboard alone: its column headers are tab stops after the rows', async ({ consolePage: page }) => {
  await openUsers(page);
  const grid = page.getByRole('grid', { name: 'Users' });
  const nameHeader = grid.getByRole('columnheader', { name: /^Name/ });
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  const firstName = () => grid.getByRole('row').nth(1).locator('.user-name').textContent();
  const before = await firstName();
  await grid.focus();
  const sortByName = nameHeader.getByRole('button');
  for (let step = 0; step < 4 && !(await sortByName.evaluate((button) => button === document.activeElement)); step++) await page.keyboard.press('Tab');
  await expect(sortByName).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(firstName).not.toBe(before);
});

test('in a small window the list keeps its rows and draws over none of the buttons above it', async ({ consolePage: page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await openUsers(page);
  await row(page, 'Adam Admin').click();
  await expect(page.getByRole('complementary', { name: /^Adam Admin/ })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Users' });
  const gridBox = await grid.boundingBox();
  // The last of the selection bar's buttons: the one a squeezed bar hid under the list.
  const lastAction = await page.getByRole('button', { name: /^Reactivate/ }).boundingBox();
  expect(gridBox && lastAction && lastAction.y + lastAction.height <= gridBox.y).toBe(true);
  expect(gridBox?.height).toBeGreaterThanOrEqual(300);
});

test('in a 1024-pixel window the list scrolls its last columns sideways; with a user open it gives up columns the panel shows, and closed, every column is back', async ({ consolePage: page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await openUsers(page);
  const grid = page.getByRole('grid', { name: 'Users' });
  const overflows = () => grid.evaluate((element) => element.scrollWidth > element.clientWidth);
  const columns = ['Name', 'Role', 'Status', 'Joined', 'Last active'];
  for (const name of columns) await expect(grid.getByRole('columnheader', { name })).toBeAttached();
  // Every column keeps its width; the last is reached by scrolling the list, not cut off.
  expect(await overflows()).toBe(true);
  await grid.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  await expect(grid.getByRole('columnheader', { name: 'Last active' })).toBeInViewport({ ratio: 1 });

  await row(page, 'Adam Admin').click();
  const panel = page.getByRole('complementary', { name: /^Adam Admin/ });
  for (const name of ['Name', 'Role']) await expect(grid.getByRole('columnheader', { name })).toBeVisible();
  for (const name of ['Status', 'Joined', 'Last active']) {
    await expect(grid.getByRole('columnheader', { name })).toBeHidden();
    await expect(panel.getByText(name, { exact: true })).toBeVisible();
  }
  expect(await overflows()).toBe(false);
  // A wider window gives the list room for Status again.
  await page.setViewportSize({ width: 1280, height: 700 });
  await expect(grid.getByRole('columnheader', { name: 'Status' })).toBeVisible();
  expect(await overflows()).toBe(false);

  await page.getByRole('button', { name: 'Close user details' }).click();
  for (const name of columns) await expect(grid.getByRole('columnheader', { name })).toBeAttached();
});

test('a click, then the arrows and Enter: the panel and the selection follow the keyboard from the clicked row, and name the same person', async ({ consolePage: page }) => {
  await openUsers(page);
  await row(page, 'Ben Costa').click();
  await expect(page.getByRole('complementary', { name: /^Ben Costa/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('complementary', { name: /^Ben Kowalski/ })).toBeVisible();
  await expect(row(page, 'Ben Kowalski')).toHaveAttribute('aria-selected', 'true');
  await expect(row(page, 'Ben Costa')).toHaveAttribute('aria-selected', 'false');
  await page.getByRole('button', { name: 'Deactivate 1…' }).click();
  await expect(page.getByRole('dialog', { name: 'Deactivate 1 selected user' }).getByRole('region', { name: /^Will be deactivated/ })).toContainText('Ben Kowalski');
});
