// Every screen, its panels and its dialogs, audited by axe-core in both themes: WCAG 2.2 A and AA
// (names, roles, contrast, target size, keyboard access to scrolling boxes) and axe's best practices
// (heading order, landmarks). What a screen reader or an accessibility checker meets, found before a
// user does; the renderer's own tests find controls by role and name, this finds what they cannot see.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { openUser, openUsers, row, search } from '../support/users-page';
import { checkAddresses, openInvitations, pasteAddresses } from '../support/invitations-page';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Audits the page as it is now, in the light and then the dark theme: no violation, each listed with where. */
async function expectAccessible(page: Page, where: string): Promise<void> {
  for (const theme of ['light', 'dark']) {
    await page.getByLabel('Theme').selectOption(theme);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    const found = violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id} (${violation.help}): ${node.target.join(' ')}`));
    expect(found, `${where}, ${theme} theme`).toEqual([]);
  }
}

const screens = (page: Page) => page.getByRole('navigation', { name: 'Screens' });

// Each test audits a dozen views in two themes; axe takes seconds per audit on a busy 2-core machine.
test.describe.configure({ timeout: 120_000 });

async function openScreen(page: Page, name: string): Promise<void> {
  await screens(page).getByRole('button', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test.describe('signed out', () => {
  test.use({ sandboxOptions: { seed: 'demo', config: {}, signedIn: false } });

  test('the Connect screen', async ({ consolePage: page }) => {
    await expect(page.getByRole('heading', { name: 'Connect to your organization' })).toBeVisible();
    await expectAccessible(page, 'Connect');
  });
});

test('Overview, Users & roles, a user, a bulk role change and its results, and the activity log', async ({ consolePage: page }) => {
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expectAccessible(page, 'Overview');

  await openUsers(page);
  await search(page, 'nobody by this name');
  await expect(page.getByText('No users match the search and filters.')).toBeVisible();
  await expectAccessible(page, 'Users & roles, nobody matching');

  const panel = await openUser(page, 'Mark Member');
  await expectAccessible(page, 'Users & roles with a user open');
  await panel.getByRole('button', { name: 'Deactivate Mark Member…' }).click();
  await expect(page.getByRole('dialog', { name: 'Deactivate Mark Member?' })).toBeVisible();
  await expectAccessible(page, 'the deactivation dialog');
  await page.keyboard.press('Escape');

  await row(page, 'Mark Member').getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Change role of 1…' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'the bulk role dialog');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: 'Moderator', exact: true }).check();
  await dialog.getByRole('button', { name: 'Change 1 role' }).click();
  await expect(page.getByRole('region', { name: 'Bulk change to moderator: done' })).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page, 'a finished bulk change with its results');

  await page.getByRole('tab', { name: 'Activity log' }).click();
  await expectAccessible(page, 'the activity log');
});

test('Channels & folders: the list, a channel, a new channel, folders and the permission matrix', async ({ consolePage: page }) => {
  await openScreen(page, 'Channels & folders');
  await page.getByRole('grid', { name: 'Channels' }).getByRole('row').filter({ hasText: '#design' }).click();
  await expect(page.getByRole('complementary', { name: /design/ })).toBeVisible();
  await expectAccessible(page, 'Channels with #design open');

  await page.getByRole('button', { name: 'Create a channel…' }).click();
  await expect(page.getByRole('complementary', { name: 'New channel' }).getByRole('textbox', { name: 'Name' })).toBeFocused();
  await expectAccessible(page, 'the new channel form');
  // With the warning a name with an invisible character gets.
  await page.getByRole('complementary', { name: 'New channel' }).getByRole('textbox', { name: 'Name' }).fill('launch\u2060room');
  await expect(page.getByText(/The name contains an invisible character/)).toBeVisible();
  await expectAccessible(page, 'the new channel form warning of an invisible character');
  await page.keyboard.press('Escape');

  await page.getByRole('tab', { name: 'Folders' }).click();
  // The new channel form still holds the typed name: another tab drops it only once agreed.
  await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Discard and leave' }).click();
  await expect(page.getByRole('list', { name: 'Folders' })).toBeVisible();
  await expectAccessible(page, 'Folders');

  await page.getByRole('tab', { name: 'Permission matrix' }).click();
  await expect(page.getByRole('button', { name: 'Set a value…' })).toBeVisible();
  await expectAccessible(page, 'the permission matrix');
  await page.getByRole('grid', { name: 'Permission matrix' }).getByRole('gridcell').nth(3).click();
  await page.getByRole('button', { name: 'Set a value…' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'the matrix’s Set a value');
  // With the pills' suggestions open, over the dialog.
  await page.getByRole('dialog').getByRole('combobox').fill('a');
  const suggestions = page.getByRole('dialog').getByRole('listbox');
  await expect(suggestions).toBeVisible();
  await expectAccessible(page, 'the matrix’s Set a value with its suggestions open');
  await expect(suggestions).toBeVisible();
});

test('Default settings, Invitations, Moderation, and the app’s own dialogs', async ({ consolePage: page }) => {
  await openScreen(page, 'Default settings');
  await expectAccessible(page, 'Default settings');
  await page.getByRole('tab', { name: 'Compare realms' }).click();
  await expectAccessible(page, 'Compare realms');

  await openInvitations(page);
  await pasteAddresses(page, 'new.person@example.com\nmark@sandbox.test\nnot-an-address');
  await checkAddresses(page, 3);
  await expectAccessible(page, 'Invitations with checked addresses');
  await page.getByRole('radio', { name: 'Owner', exact: true }).check();
  await page.getByRole('button', { name: 'Send 1 invitation…' }).click();
  await expect(page.getByRole('dialog', { name: 'Send 1 invitation?' }).getByRole('checkbox', { name: /^I understand/ })).toBeVisible();
  await expectAccessible(page, 'Inviting an owner: the confirmation in words');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('tab', { name: /Pending invitations/ }).click();
  await expectAccessible(page, 'Pending invitations');

  await openScreen(page, 'Moderation');
  await page.getByRole('listbox', { name: 'Reports' }).getByRole('option').first().click();
  await expect(page.getByRole('button', { name: 'Mark reviewed' })).toBeVisible();
  await expectAccessible(page, 'Moderation with a report open');

  for (const name of ['About & diagnostics…', 'Network…']) {
    await page.getByRole('button', { name }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, name);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  }
});
