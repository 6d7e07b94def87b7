// The Overview end to end: its user figures are the server's users counted as Users & roles counts
// them, under the same words; each figure opens the screen that lists it, filtered to show exactly
// it; and the page has its icon.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signInDirectly } from '../support/realm-client';

interface ApiUser {
  role: number;
  is_active: boolean;
  is_bot: boolean;
}

const ROLE_WORDS: [number, string][] = [
  [100, 'Owners'],
  [200, 'Administrators'],
  [300, 'Moderators'],
  [400, 'Members'],
  [600, 'Guests'],
];

/** The server's users, counted by hand under each word the screens use. */
async function serverCounts(realmUrl: string): Promise<Map<string, number>> {
  const olivia = await signInDirectly(realmUrl, 'olivia@sandbox.test');
  const reply = await olivia.request('GET', '/users');
  expect(reply.result).toBe('success');
  // GET /users, like upstream's, leaves out the server's system bots (the notification bot): the
  // register snapshot lists them apart (cross_realm_bots), and no screen of the console counts them.
  const users = reply.members as ApiUser[];
  const counts = new Map<string, number>([['users', users.length]]);
  for (const [role, words] of ROLE_WORDS) counts.set(words, users.filter((user) => user.role === role).length);
  counts.set('Active', users.filter((user) => user.is_active).length);
  counts.set('Deactivated', users.filter((user) => !user.is_active).length);
  counts.set('Humans', users.filter((user) => !user.is_bot).length);
  counts.set('Bots', users.filter((user) => user.is_bot).length);
  return counts;
}

const screens = (page: Page) => page.getByRole('navigation', { name: 'Screens' });

async function openScreen(page: Page, name: string) {
  await screens(page).getByRole('button', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** A filter option of Users & roles, named by its words and its count ("Members 43"). */
const filterOption = (page: Page, words: string, count: number) => page.getByRole('radio', { name: `${words} ${count}`, exact: true });

test('the Overview counts users as Users & roles and the server do, under the same words', async ({ consolePage: page, sandbox }) => {
  const counts = await serverCounts(sandbox.directUrl);
  // The demo realm has a bot and a deactivated user, both members: the case where counts drifted apart.
  expect([counts.get('Bots'), counts.get('Deactivated')]).toEqual([1, 1]);
  const words = [...ROLE_WORDS.map(([, each]) => each), 'Active', 'Deactivated', 'Humans', 'Bots'];

  await expect(page.getByRole('button', { name: `${counts.get('users')} users`, exact: true })).toBeVisible();
  for (const each of words) await expect(page.getByRole('button', { name: `${each} ${counts.get(each)}`, exact: true })).toBeVisible();

  await openScreen(page, 'Users & roles');
  await expect(page.getByText(`${counts.get('users')} users`, { exact: true })).toBeVisible();
  for (const each of words) await expect(filterOption(page, each, counts.get(each) ?? -1)).toBeVisible();
});

test('each figure opens its screen, filtered to show exactly that figure', async ({ consolePage: page, sandbox }) => {
  const counts = await serverCounts(sandbox.directUrl);
  const total = counts.get('users') ?? -1;

  // A role: Users & roles, with that role chosen and the rows it counts.
  const members = counts.get('Members') ?? -1;
  await page.getByRole('button', { name: `Members ${members}`, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users & roles' })).toBeVisible();
  await expect(filterOption(page, 'Members', members)).toBeChecked();
  await expect(page.getByText(`${members} of ${total} users shown`)).toBeVisible();

  // Bots and deactivated users, counted apart, each lead to exactly them.
  await openScreen(page, 'Overview');
  await page.getByRole('button', { name: `Bots ${counts.get('Bots')}`, exact: true }).click();
  await expect(filterOption(page, 'Bots', counts.get('Bots') ?? -1)).toBeChecked();
  // The role chosen before is let go: the figure counts bots of every role.
  await expect(page.getByRole('radio', { name: /^All roles \d+$/ })).toBeChecked();
  await expect(page.getByRole('grid').getByRole('row').filter({ hasText: 'echo-bot@sandbox.test' })).toBeVisible();
  await expect(page.getByText(`${counts.get('Bots')} of ${total} users shown`)).toBeVisible();

  await openScreen(page, 'Overview');
  await page.getByRole('button', { name: `Deactivated ${counts.get('Deactivated')}`, exact: true }).click();
  await expect(filterOption(page, 'Deactivated', counts.get('Deactivated') ?? -1)).toBeChecked();
  await expect(page.getByRole('grid').getByRole('row').filter({ hasText: 'derek@sandbox.test' })).toBeVisible();

  // Pending invitations: the Invitations screen's pending list, with every invitation the server holds.
  const olivia = await signInDirectly(sandbox.directUrl, 'olivia@sandbox.test');
  const invites = (await olivia.request('GET', '/invites')).invites as { email: string }[];
  await openScreen(page, 'Overview');
  await page.getByRole('button', { name: `${invites.length} pending invitations`, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invitations' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Pending invitations/ })).toHaveAttribute('aria-selected', 'true');
  for (const invite of invites) await expect(page.getByRole('cell', { name: invite.email, exact: true })).toBeVisible();

  // Channel folders: the Folders tab, with every folder the server holds.
  const folders = ((await olivia.request('GET', '/channel_folders')).channel_folders as { name: string; is_archived: boolean }[]).filter((folder) => !folder.is_archived);
  await openScreen(page, 'Overview');
  await page.getByRole('button', { name: `Channel folders ${folders.length}`, exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Folders' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('list', { name: 'Folders' }).getByRole('listitem')).toHaveCount(folders.length);
  for (const folder of folders) await expect(page.getByRole('heading', { level: 3, name: folder.name })).toBeVisible();

  // Reports: Moderation, showing the new ones (the demo's three: none marked reviewed yet).
  await openScreen(page, 'Overview');
  await page.getByRole('button', { name: 'Review 3 new reports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
  await expect(page.getByLabel('Status')).toHaveValue('new');
  await expect(page.getByRole('listbox', { name: 'Reports' }).getByRole('option')).toHaveCount(3);
});

test('the page has an icon, served to the page without a single failed request', async ({ consolePage: page }) => {
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', './favicon.svg');
  const reply = await page.request.get(new URL('./favicon.svg', page.url()).toString());
  expect(reply.status()).toBe(200);
  expect(reply.headers()['content-type']).toBe('image/svg+xml');
  expect(await reply.text()).toContain('<svg');

  // Loading the page asks for it, and nothing the page asks for is missing (no 404 for an icon).
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  const icon = page.waitForResponse((response) => new URL(response.url()).pathname === '/favicon.svg');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  expect((await icon).status()).toBe(200);
  expect(failed).toEqual([]);
});
