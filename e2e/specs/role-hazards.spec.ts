// The hazards of role changes, end to end: the bulk dialog chooses nothing for the user; demotions are
// named; leaving nobody to administer the organization, or taking away your own rights, must be
// confirmed in words before the change is sent (bulk and single), as is making someone an owner; and an
// open user panel follows changes made by a bulk job and by another client, saying so when they land
// under an unsent edit.
// Each result is checked on the server.
import type { Locator, Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/db/connection';
import { startServer } from '../../server/start';
import { openConsoleAs } from '../support/console-as';
import { expect, test } from '../support/fixtures';
import { signInDirectly, type RealmClient } from '../support/realm-client';
import { openUser, openUsers, row } from '../support/users-page';

/** Selects the named users (searching for each, Ctrl-click to add) and opens the bulk dialog. */
async function bulkDialog(page: Page, names: string[]): Promise<Locator> {
  for (const [index, name] of names.entries()) {
    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(name);
    await row(page, name).click({ modifiers: index === 0 ? [] : ['Control'] });
  }
  await page.getByRole('button', { name: `Change role of ${names.length}…` }).click();
  const dialog = page.getByRole('dialog', { name: `Change the role of ${names.length} users` });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The value of a fact in the user panel ("Role"). */
const fact = (panel: Locator, label: string) => panel.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

async function roleOnServer(client: RealmClient, email: string): Promise<number> {
  const reply = await client.request('GET', `/users/${await client.userId(email)}`);
  return (reply.user as { role: number }).role;
}

test('the bulk dialog opens with no role chosen and its primary button disabled', async ({ consolePage: page }) => {
  await openUsers(page);
  const dialog = await bulkDialog(page, ['Mona Moderator', 'Gina Guest']);
  for (const radio of await dialog.getByRole('radio').all()) await expect(radio).not.toBeChecked();
  await expect(dialog.getByRole('button', { name: 'Choose a role first' })).toBeDisabled();
  await dialog.getByRole('radio', { name: 'Member', exact: true }).check();
  await expect(dialog.getByRole('button', { name: 'Change 2 roles' })).toBeEnabled();
});

test('making people administrators in bulk is stated in a box to tick first, as a single change asks', async ({ consolePage: page, sandbox }) => {
  const server = await signInDirectly(sandbox.directUrl, 'olivia@sandbox.test');
  await openUsers(page);
  const dialog = await bulkDialog(page, ['Mark Member', 'Mona Moderator']);
  await dialog.getByRole('radio', { name: 'Administrator', exact: true }).check();
  const change = dialog.getByRole('button', { name: 'Change 2 roles' });
  await expect(dialog.getByRole('group', { name: '2 people will become administrators' })).toContainText('Administrators manage the organization’s settings, users and channels.');
  await expect(change).toBeDisabled();
  await dialog.getByRole('checkbox', { name: 'I understand that 2 people will become administrators of Sandbox Org' }).check();
  await change.click();
  await expect(page.getByRole('region', { name: 'Bulk change to administrator: done' })).toContainText('2 of 2 done · 2 changed', { timeout: 20_000 });
  expect(await roleOnServer(server, 'mark@sandbox.test')).toBe(200);
  expect(await roleOnServer(server, 'mona@sandbox.test')).toBe(200);
});

test('choosing Moderator or Guest for a selection holding the only administrator must be confirmed: only the owner would be left', async ({ consolePage: page, sandbox }) => {
  const server = await signInDirectly(sandbox.directUrl, 'olivia@sandbox.test');
  await openUsers(page);
  const dialog = await bulkDialog(page, ['Adam Admin', 'Mark Member']);
  for (const role of ['Guest', 'Moderator']) {
    await dialog.getByRole('radio', { name: role, exact: true }).check();
    await expect(dialog.getByRole('region', { name: /^Will lose rights/ }).getByRole('listitem').first()).toHaveText(`Adam Admin: Administrator → ${role}`);
    await expect(dialog.getByRole('group', { name: 'No administrator would be left' })).toContainText(
      'After this change Sandbox Org has no administrators: only its 1 owner could manage its settings, users and channels, or undo this change.',
    );
    await expect(dialog.getByRole('checkbox', { name: 'I understand that Sandbox Org will have no administrators, only its owner' })).not.toBeChecked();
    await expect(dialog.getByRole('button', { name: 'Change 2 roles' })).toBeDisabled();
  }
  expect(await roleOnServer(server, 'adam@sandbox.test')).toBe(200);
  // Disabled, the button must not look like one to press: not the accent colour it takes once enabled.
  const change = dialog.getByRole('button', { name: 'Change 2 roles' });
  const background = () => change.evaluate((button) => getComputedStyle(button).backgroundColor);
  const disabledLook = await background();
  await dialog.getByRole('checkbox', { name: 'I understand that Sandbox Org will have no administrators, only its owner' }).check();
  await expect(change).toBeEnabled();
  expect(await background()).not.toBe(disabledLook);
  await change.click();
  await expect(page.getByRole('region', { name: 'Bulk change to moderator: done' })).toContainText('2 of 2 done · 2 changed', { timeout: 20_000 });
  expect(await roleOnServer(server, 'adam@sandbox.test')).toBe(300);
  expect(await roleOnServer(server, 'mark@sandbox.test')).toBe(300);
});

test.describe('a realm whose owner left: only Olivia and Adam administer it', () => {
  // Olivia, the demo's only owner, made an administrator in the stopped server's database, as an
  // upstream realm can be after a server administrator changed roles outside the API (the API always
  // keeps one owner). Only here can a role change leave nobody to administer the organization.
  test('choosing Moderator for both administrators names the demotions, and needs the no-administrator confirmation', async ({ page, target }) => {
    test.skip(target !== 'browser', 'the test sets up its own realm and console in browser mode');
    const dataDir = await mkdtemp(path.join(tmpdir(), 'e2e-ownerless-'));
    const first = await startServer({ dataDir, seed: 'demo' });
    const port = Number(new URL(first.url).port);
    await first.close();
    const opened = openDatabase(dataDir);
    opened.db.prepare("UPDATE users SET role = 200 WHERE email = 'olivia@sandbox.test'").run();
    opened.close();
    const server = await startServer({ port, dataDir, seed: 'demo' });
    const olivia = await openConsoleAs(page, server.url, 'olivia@sandbox.test');
    try {
      await openUsers(page);
      const dialog = await bulkDialog(page, ['Adam Admin', 'Olivia Owner', 'Mark Member']);
      await dialog.getByRole('radio', { name: 'Moderator', exact: true }).check();
      await expect(dialog.getByText('3 users change: 2 lose rights, 1 gains rights.')).toBeVisible();
      await expect(dialog.getByRole('region', { name: /^Will lose rights/ }).getByRole('listitem')).toHaveText([
        'Adam Admin: Administrator → Moderator',
        'Olivia Owner: Administrator → Moderator',
      ]);
      await expect(dialog.getByRole('group', { name: 'Nobody would be left to administer the organization' })).toContainText(
        'After this change Sandbox Org has no active owner or administrator',
      );
      const consent = dialog.getByRole('checkbox', { name: 'I understand that nobody, me included, will be able to administer Sandbox Org' });
      await expect(consent).not.toBeChecked();
      const change = dialog.getByRole('button', { name: 'Change 3 roles' });
      await expect(change).toBeDisabled();
      await consent.check();
      await change.click();

      await expect(page.getByRole('region', { name: 'Bulk change to moderator: done' })).toContainText('3 of 3 done · 3 changed', { timeout: 20_000 });
      const mark = await signInDirectly(server.url, 'mark@sandbox.test');
      for (const email of ['adam@sandbox.test', 'olivia@sandbox.test', 'mark@sandbox.test']) expect(await roleOnServer(mark, email)).toBe(300);
    } finally {
      await olivia.close();
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

test.describe('demoting yourself, signed in as Adam Admin', () => {
  test('in bulk: the confirmation in words comes first', async ({ page, sandbox, target }) => {
    test.skip(target !== 'browser', 'Adam’s console runs in browser mode');
    const adam = await openConsoleAs(page, sandbox.url, 'adam@sandbox.test');
    try {
      const server = await signInDirectly(sandbox.directUrl, 'olivia@sandbox.test');
      await openUsers(page);
      const dialog = await bulkDialog(page, ['Adam Admin', 'Mark Member']);
      await dialog.getByRole('radio', { name: 'Moderator', exact: true }).check();
      await expect(dialog.getByRole('region', { name: /^Will lose rights/ }).getByRole('listitem')).toHaveText(['Adam Admin: Administrator → Moderator']);
      const consent = dialog.getByRole('checkbox', { name: 'I understand that I will no longer be an administrator of Sandbox Org, only a moderator, and that it will have no administrators, only its owner' });
      await expect(dialog.getByRole('button', { name: 'Change 2 roles' })).toBeDisabled();
      expect(await roleOnServer(server, 'adam@sandbox.test')).toBe(200);
      await consent.check();
      await dialog.getByRole('button', { name: 'Change 2 roles' }).click();
      await expect(page.getByRole('region', { name: 'Bulk change to moderator: done' })).toContainText('2 of 2 done · 2 changed', { timeout: 20_000 });
      expect(await roleOnServer(server, 'adam@sandbox.test')).toBe(300);
      expect(await roleOnServer(server, 'mark@sandbox.test')).toBe(300);
    } finally {
      await adam.close();
    }
  });

  test('with another owner, both made administrators: the review follows the sending order (his own last), so Olivia is named as losing rights and he is refused', async ({ page, sandbox, target }) => {
    test.skip(target !== 'browser', 'Adam’s console runs in browser mode');
    const server = await signInDirectly(sandbox.directUrl, 'olivia@sandbox.test');
    await server.request('PATCH', `/users/${await server.userId('adam@sandbox.test')}`, { role: 100 });
    const adam = await openConsoleAs(page, sandbox.url, 'adam@sandbox.test');
    try {
      await openUsers(page);
      // His own row comes first in the table; his change is sent last.
      const dialog = await bulkDialog(page, ['Adam Admin', 'Olivia Owner']);
      await dialog.getByRole('radio', { name: 'Administrator', exact: true }).check();
      await expect(dialog.getByRole('region', { name: /^Will lose rights/ }).getByRole('listitem')).toHaveText(['Olivia Owner: Owner → Administrator']);
      await expect(dialog.getByRole('region', { name: /^Cannot change/ })).toContainText('Adam Admin is the only owner of this organization');
      // His own rights are not taken, so there is nothing of his to confirm.
      await expect(dialog.getByRole('checkbox', { name: /I will no longer be an owner/ })).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Change 1 role' }).click();
      await expect(page.getByRole('region', { name: /^Bulk change to administrator/ })).toContainText('1 changed', { timeout: 20_000 });
      expect(await roleOnServer(server, 'olivia@sandbox.test')).toBe(200);
      expect(await roleOnServer(server, 'adam@sandbox.test')).toBe(100);
    } finally {
      await adam.close();
    }
  });

  test('a single change: the same confirmation, in his own panel', async ({ page, sandbox, target }) => {
    test.skip(target !== 'browser', 'Adam’s console runs in browser mode');
    const adam = await openConsoleAs(page, sandbox.url, 'adam@sandbox.test');
    try {
      const server = await signInDirectly(sandbox.directUrl, 'olivia@sandbox.test');
      await openUsers(page);
      const panel = await openUser(page, 'Adam Admin');
      await panel.getByRole('radio', { name: /^Moderator/ }).check();
      await expect(panel.getByText('Loses rights', { exact: true }).locator('..')).toHaveText('Loses rights · Adam Admin: Administrator → Moderator');
      const consent = panel.getByRole('checkbox', { name: 'I understand that I will no longer be an administrator of Sandbox Org, only a moderator, and that it will have no administrators, only its owner' });
      await expect(consent).not.toBeChecked();
      await expect(panel.getByRole('button', { name: 'Make moderator' })).toBeDisabled();
      await consent.check();
      await panel.getByRole('button', { name: 'Make moderator' }).click();
      await expect(panel.getByRole('status')).toHaveText('Adam Admin is now a moderator.');
      expect(await roleOnServer(server, 'adam@sandbox.test')).toBe(300);
    } finally {
      await adam.close();
    }
  });
});

test('making someone an owner is stated in a box to tick first; nothing is sent before', async ({ consolePage: page, sandbox }) => {
  const server = await signInDirectly(sandbox.directUrl, 'olivia@sandbox.test');
  await openUsers(page);
  const panel = await openUser(page, 'Mark Member');
  await panel.getByRole('radio', { name: /^Owner/ }).check();
  await expect(panel.getByText('Gains rights', { exact: true }).locator('..')).toHaveText('Gains rights · Mark Member: Member → Owner');
  const consent = panel.getByRole('checkbox', { name: 'I understand that Mark Member will become an owner of Sandbox Org' });
  await expect(consent).not.toBeChecked();
  const make = panel.getByRole('button', { name: 'Make owner' });
  await expect(make).toBeDisabled();
  expect(await roleOnServer(server, 'mark@sandbox.test')).toBe(400);
  // Another choice unticks it: the tick was for the owner role.
  await consent.check();
  await panel.getByRole('radio', { name: /^Administrator/ }).check();
  await expect(panel.getByRole('checkbox', { name: 'I understand that Mark Member will become an administrator of Sandbox Org' })).not.toBeChecked();
  await panel.getByRole('radio', { name: /^Owner/ }).check();
  await consent.check();
  await make.click();
  await expect(panel.getByRole('status')).toHaveText('Mark Member is now an owner.');
  expect(await roleOnServer(server, 'mark@sandbox.test')).toBe(100);
});

test('an open panel follows changes made by a bulk job and by another client, and says so under an unsent edit', async ({ consolePage: page, sandbox }) => {
  const other = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  const markId = await other.userId('mark@sandbox.test');
  await openUsers(page);
  const panel = await openUser(page, 'Mark Member');
  const make = panel.getByRole('button', { name: /^Make / });

  // Another client makes Mark a moderator: the role shown, the selected role and the button follow.
  expect(await other.request('PATCH', `/users/${markId}`, { role: 300 })).toMatchObject({ result: 'success' });
  await expect(fact(panel, 'Role')).toHaveText('Moderator');
  await expect(panel.getByRole('radio', { name: /^Moderator/ })).toBeChecked();
  await expect(panel.getByRole('button', { name: 'Choose a new role' })).toBeDisabled();
  await expect(make).toHaveCount(0);

  // A bulk job from this console makes him a member again: no "Make moderator" offered as a revert.
  await page.getByRole('button', { name: 'Change role of 1…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change the role of 1 user' });
  await dialog.getByRole('radio', { name: 'Member', exact: true }).check();
  await dialog.getByRole('button', { name: 'Change 1 role' }).click();
  await expect(page.getByRole('region', { name: 'Bulk change to member: done' })).toBeVisible({ timeout: 20_000 });
  await expect(fact(panel, 'Role')).toHaveText('Member');
  await expect(panel.getByRole('radio', { name: /^Member/ })).toBeChecked();
  await expect(make).toHaveCount(0);

  // Under an unsent choice, a change from elsewhere is said, and nothing is sent until the user decides.
  await panel.getByRole('radio', { name: /^Guest/ }).check();
  await expect(panel.getByRole('button', { name: 'Make guest' })).toBeEnabled();
  await other.request('PATCH', `/users/${markId}`, { role: 300 });
  await expect(panel.getByText(/^Changed on the server to/)).toHaveText('Changed on the server to Moderator meanwhile. Your choice, Guest, is not sent.');
  await expect(panel.getByRole('button', { name: 'Make guest' })).toBeDisabled();
  await panel.getByRole('button', { name: 'Take theirs' }).click();
  await expect(panel.getByRole('radio', { name: /^Moderator/ })).toBeChecked();
  expect(await roleOnServer(other, 'mark@sandbox.test')).toBe(300);

  // A rename from elsewhere shows in the panel's title and its name field.
  await other.request('PATCH', `/users/${markId}`, { full_name: 'Marcus Member' });
  const renamed = page.getByRole('complementary', { name: /^Marcus Member/ });
  await expect(renamed.getByRole('textbox', { name: 'Full name' })).toHaveValue('Marcus Member');
});

test('deactivating the only administrator is confirmed in words first, as demoting them is; the server deactivates them only then', async ({ consolePage: page, sandbox }) => {
  const asOlivia = await signInDirectly(sandbox.directUrl, 'olivia@sandbox.test');
  await openUsers(page);
  const panel = await openUser(page, 'Adam Admin');
  await panel.getByRole('button', { name: 'Deactivate Adam Admin…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deactivate Adam Admin?' });
  await expect(dialog).toContainText('After this change Sandbox Org has no administrators: only its 1 owner could manage its settings, users and channels');
  const deactivate = dialog.getByRole('button', { name: 'Deactivate', exact: true });
  await expect(deactivate).toBeDisabled();
  await dialog.getByRole('checkbox', { name: 'I understand that Sandbox Org will have no administrators, only its owner' }).check();
  await deactivate.click();
  await expect(panel.getByRole('status')).toContainText('Adam Admin was deactivated');
  const adam = await asOlivia.request('GET', `/users/${await asOlivia.userId('adam@sandbox.test')}`);
  expect((adam.user as { is_active: boolean }).is_active).toBe(false);
});
