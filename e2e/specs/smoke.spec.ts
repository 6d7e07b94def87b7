import { expect, test } from '../support/fixtures';

test('the console opens on the app shell with every screen in the sidebar', async ({ consolePage }) => {
  const nav = consolePage.getByRole('navigation', { name: 'Screens' });
  await expect(nav.getByRole('button')).toHaveText([
    'Overview',
    'Users & roles',
    'Channels & folders',
    'Default settings',
    'Invitations',
    'Moderation',
  ]);
  await expect(consolePage.getByRole('heading', { level: 1 })).toHaveText('Overview');
});

test('choosing a screen in the sidebar opens it, and says plainly that it is not built yet', async ({ consolePage }) => {
  await consolePage.getByRole('button', { name: 'Default settings' }).click();
  await expect(consolePage.getByRole('heading', { level: 1 })).toHaveText('Default settings');
  await expect(consolePage.getByText('The settings every new member starts with.')).toBeVisible();
  await expect(consolePage.getByText('This screen is not built yet.')).toBeVisible();
  await expect(consolePage.getByRole('button', { name: 'Default settings' })).toHaveAttribute('aria-current', 'page');
});

test('the sidebar can be used from the keyboard alone', async ({ consolePage }) => {
  await consolePage.getByRole('button', { name: 'Overview' }).focus();
  await consolePage.keyboard.press('ArrowDown');
  await consolePage.keyboard.press('ArrowDown');
  await consolePage.keyboard.press('Enter');
  await expect(consolePage.getByRole('heading', { level: 1 })).toHaveText('Channels & folders');
});

test('the dark theme can be chosen and changes the page colours', async ({ consolePage }) => {
  const background = () => consolePage.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await consolePage.getByLabel('Theme').selectOption('light');
  const light = await background();
  await consolePage.getByLabel('Theme').selectOption('dark');
  expect(await background()).not.toBe(light);
});
