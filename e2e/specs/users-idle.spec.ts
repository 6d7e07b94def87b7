// Idle accounts end to end: people who report presence are active, everyone else is "not active for
// 30 days"; the filter's 40 idle humans, the only owner among them, go to a bulk deactivation whose
// review states the rules and refuses the owner; the server ends with 39 deactivated and the owner
// active, and "Retry failed" refuses her again.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signInDirectly, type RealmClient } from '../support/realm-client';

async function openUsers(page: Page) {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Users & roles' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users & roles' })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Users' })).toBeVisible();
}

/** A row of the users table, by the user's full name. */
const row = (page: Page, name: string): Locator => page.getByRole('grid', { name: 'Users' }).getByRole('row').filter({ has: page.locator('.user-name', { hasText: new RegExp(`^${name}$`) }) });

type Member = { user_id: number; email: string; full_name: string; is_active: boolean; is_bot: boolean; role: number };

async function members(client: RealmClient): Promise<Member[]> {
  return (await client.request('GET', '/users')).members as Member[];
}

test('bulk-deactivate the 40 humans not active for 30 days, the only owner among them refused; the server agrees', async ({ consolePage: page, sandbox }) => {
  const asOlivia = await signInDirectly(sandbox.directUrl, 'olivia@sandbox.test');
  const everyone = await members(asOlivia);
  const generated = everyone.filter((user) => user.is_active && !user.is_bot && !/^(olivia|adam|mona|mark|gina)@/.test(user.email));
  // Five people are active today: they report presence, as their apps do.
  const active = ['adam@sandbox.test', 'mona@sandbox.test', 'mark@sandbox.test', 'gina@sandbox.test', (generated[0] as Member).email];
  for (const email of active) {
    const client = await signInDirectly(sandbox.directUrl, email);
    expect((await client.request('POST', '/users/me/presence', { status: 'active', new_user_input: true })).result).toBe('success');
  }
  const idle = generated.slice(1);
  expect(idle).toHaveLength(39);

  await openUsers(page);
  await page.getByRole('radio', { name: /^Active \d/ }).check();
  await page.getByRole('radio', { name: /^Humans \d/ }).check();
  await page.getByLabel('Not active for (days)').fill('30');
  await expect(page.getByText(/^40 of \d+ users shown$/)).toBeVisible();
  // The idle who joined within the presence history the console asked for were never seen at all.
  const firstIdle = idle[0] as Member;
  await expect(row(page, firstIdle.full_name)).toContainText('Never seen');
  await expect(row(page, 'Mark Member')).toHaveCount(0);

  await page.getByRole('button', { name: 'Select all 40 shown' }).click();
  await page.getByRole('button', { name: 'Deactivate 40…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deactivate 40 selected users' });
  await expect(dialog.getByRole('region', { name: 'Rules of deactivation' })).toContainText('The last owner of the organization cannot be deactivated');
  await expect(dialog.getByText('39 users will be deactivated.')).toBeVisible();
  await expect(dialog.getByRole('region', { name: /^Will be deactivated/ }).getByRole('listitem')).toHaveCount(39);
  const refused = dialog.getByRole('region', { name: /^Cannot be deactivated/ });
  await expect(refused.getByRole('listitem')).toHaveCount(1);
  await expect(refused).toContainText('Olivia Owner is the only owner of this organization and cannot be deactivated.');
  await dialog.getByRole('button', { name: 'Deactivate 39 users' }).click();

  const done = page.getByRole('region', { name: 'Bulk deactivation: done' });
  await expect(done).toContainText('40 of 40 done · 39 changed · 0 unchanged · 1 failed', { timeout: 30_000 });
  const results = done.getByRole('list', { name: 'Results per user' });
  await expect(results.getByRole('listitem').first()).toContainText('Olivia Owner');
  await expect(results.getByRole('listitem').first()).toContainText('only owner');

  const after = new Map((await members(asOlivia)).map((user) => [user.email, user]));
  for (const user of idle) expect(after.get(user.email)?.is_active, user.email).toBe(false);
  for (const email of ['olivia@sandbox.test', ...active]) expect(after.get(email)?.is_active, email).toBe(true);

  await done.getByRole('button', { name: 'Retry failed (1)' }).click();
  await expect(page.getByRole('region', { name: 'Bulk deactivation: done' })).toContainText('1 of 1 done · 0 changed · 0 unchanged · 1 failed', { timeout: 30_000 });
  expect((await members(asOlivia)).find((user) => user.email === 'olivia@sandbox.test')?.is_active).toBe(true);
});

test('a selected user the idle filter hides is still in the bulk dialog, as with the other filters', async ({ consolePage: page, sandbox }) => {
  const asMark = await signInDirectly(sandbox.directUrl, 'mark@sandbox.test');
  expect((await asMark.request('POST', '/users/me/presence', { status: 'active', new_user_input: true })).result).toBe('success');
  await openUsers(page);
  const search = page.getByRole('searchbox', { name: 'Search by name or email' });
  await search.fill('Mark Member');
  await row(page, 'Mark Member').click();
  await search.fill('Ben Costa');
  await row(page, 'Ben Costa').click({ modifiers: ['ControlOrMeta'] });
  await search.fill('');
  await page.getByLabel('Not active for (days)').fill('30');
  await expect(row(page, 'Mark Member')).toHaveCount(0);
  await expect(page.getByText('(1 not shown by the search and filters)')).toBeVisible();

  await page.getByRole('button', { name: 'Deactivate 2…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deactivate 2 selected users' });
  const listed = dialog.getByRole('region', { name: /^Will be deactivated/ }).getByRole('listitem');
  await expect(listed).toHaveText([/^Ben Costa/, /^Mark Member/]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const after = await members(asMark);
  expect(after.filter((user) => ['mark@sandbox.test', 'ben.costa@sandbox.test'].includes(user.email)).map((user) => user.is_active)).toEqual([true, true]);
});
