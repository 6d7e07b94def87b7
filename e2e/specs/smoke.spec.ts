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

test('choosing a screen in the sidebar opens it and marks it as the current page; every screen is built', async ({ consolePage }) => {
  const nav = consolePage.getByRole('navigation', { name: 'Screens' });
  for (const name of ['Users & roles', 'Channels & folders', 'Default settings', 'Invitations', 'Moderation', 'Overview']) {
    await nav.getByRole('button', { name }).click();
    await expect(consolePage.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(nav.getByRole('button', { name })).toHaveAttribute('aria-current', 'page');
    await expect(consolePage.getByText('This screen is not built yet.')).toHaveCount(0);
  }
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

test('each theme has its own colours, and "System" follows the operating system', async ({ consolePage }) => {
  const background = () => consolePage.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const LIGHT = 'rgb(246, 247, 249)';
  const DARK = 'rgb(20, 23, 28)';
  await consolePage.emulateMedia({ colorScheme: 'dark' });
  await consolePage.getByLabel('Theme').selectOption('light');
  await expect.poll(background).toBe(LIGHT);
  await consolePage.getByLabel('Theme').selectOption('system');
  await expect.poll(background).toBe(DARK);
  await consolePage.emulateMedia({ colorScheme: 'light' });
  await expect.poll(background).toBe(LIGHT);
  await consolePage.getByLabel('Theme').selectOption('dark');
  await expect.poll(background).toBe(DARK);
});

test('only the screen scrolls, never the window: on a long screen and with a panel open, the sidebar stays in view', async ({ consolePage: page }) => {
  // Text hidden for screen readers deep in a scroll area once made the page itself taller than the window.
  const windowScroll = () => page.evaluate(() => ({ height: document.scrollingElement?.scrollHeight ?? 0, window: innerHeight, y: scrollY }));
  const nav = page.getByRole('navigation', { name: 'Screens' });
  await nav.getByRole('button', { name: 'Default settings' }).click();
  await expect(page.getByRole('button', { name: 'Export' })).toBeVisible();
  await page.mouse.move(700, 400);
  await page.mouse.wheel(0, 20_000);
  await expect.poll(windowScroll).toEqual(expect.objectContaining({ y: 0 }));
  expect((await windowScroll()).height).toBeLessThanOrEqual((await windowScroll()).window);
  await expect(nav).toBeInViewport();

  await nav.getByRole('button', { name: 'Channels & folders' }).click();
  await page.getByRole('grid', { name: 'Channels' }).getByRole('row').nth(1).click();
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await page.mouse.wheel(0, 20_000);
  await expect.poll(windowScroll).toEqual(expect.objectContaining({ y: 0 }));
  expect((await windowScroll()).height).toBeLessThanOrEqual((await windowScroll()).window);
  await expect(nav).toBeInViewport();
});
