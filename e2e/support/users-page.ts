// The Users & roles screen, as the specs drive it: opening it, a user's row, a user's panel, and the
// user as the server has them (another administrator's direct client).
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import type { RealmClient } from './realm-client';

export async function openUsers(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Users & roles' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users & roles' })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Users' })).toBeVisible();
}

/** A row of the users table, by the user's full name. */
export const row = (page: Page, name: string): Locator =>
  page.getByRole('grid', { name: 'Users' }).getByRole('row').filter({ has: page.locator('.user-name', { hasText: new RegExp(`^${name}$`) }) });

export async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(text);
}

/** Searches for the user and opens their panel. */
export async function openUser(page: Page, name: string): Promise<Locator> {
  await search(page, name);
  await row(page, name).click();
  const panel = page.getByRole('complementary', { name: new RegExp(`^${name}`) });
  await expect(panel).toBeVisible();
  return panel;
}

export async function userOnServer(client: RealmClient, email: string): Promise<{ role: number; is_active: boolean }> {
  const reply = await client.request('GET', `/users/${await client.userId(email)}`);
  return reply.user as { role: number; is_active: boolean };
}
