// The Default settings screen end to end, against real sandbox servers: settings changed in three
// sections, reviewed and saved as one request, and seen live by a second console; another
// administrator's change while editing (the conflict); an older server ignoring the settings it does
// not know; a bad import file and a good one. Every test checks what the server has afterwards.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { buildDefaultsFile } from '../../shared/domain/defaults-file';
import { expect, test } from '../support/fixtures';
import { defaultsOnServer, openDefaults, secondConsole, signCoreIn } from '../support/defaults-page';
import { ringRoomUnderLabel } from '../support/focus-ring';
import { signInDirectly } from '../support/realm-client';

test.describe.configure({ timeout: 60_000 });

const unsaved = (page: Page) => page.getByRole('region', { name: 'Unsaved changes' });

/** Picks a file through the Import… button's file chooser. */
async function importFile(page: Page, name: string, contents: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import…' }).click();
  await (await chooser).setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(contents) });
}

test('settings changed in three sections are reviewed, saved as one request, and a second console sees them live', async ({ consolePage: page, sandbox, browser, target }) => {
  test.skip(target !== 'browser', 'the second console runs in browser mode beside the first');
  const other = await secondConsole(browser, sandbox.url, 'adam@sandbox.test');
  try {
    await openDefaults(other.page);
    await expect(other.page.getByRole('combobox', { name: 'Color scheme' })).toHaveValue('1');

    await openDefaults(page);
    await page.getByRole('combobox', { name: 'Color scheme' }).selectOption({ label: 'Dark' });
    await page.getByRole('combobox', { name: 'Home view' }).selectOption({ label: 'All messages' });
    await page.getByRole('switch', { name: 'Digest emails when away' }).uncheck();
    // Nothing is sent yet.
    expect((await defaultsOnServer(sandbox.directUrl)).values).toMatchObject({ color_scheme: 1, web_home_view: 'inbox', enable_digest_emails: true });
    await expect(unsaved(page)).toContainText('3 unsaved changes');

    await unsaved(page).getByRole('button', { name: 'Review changes…' }).click();
    const review = page.getByRole('dialog', { name: 'Review changes to the default settings of Sandbox Org' });
    await expect(review.getByRole('listitem')).toHaveText(['Color scheme: Automatic → Dark', 'Home view: Inbox → All messages', 'Digest emails when away: On → Off']);
    await review.getByRole('button', { name: 'Save 3 changes' }).click();
    await expect(page.getByText('Saved 3 changes to the default settings of Sandbox Org.')).toBeVisible();
    await expect(unsaved(page)).toHaveCount(0);

    expect((await defaultsOnServer(sandbox.directUrl)).values).toMatchObject({ color_scheme: 2, web_home_view: 'all_messages', enable_digest_emails: false });
    // The other administrator's console follows without a reload.
    await expect(other.page.getByRole('combobox', { name: 'Color scheme' })).toHaveValue('2');
    await expect(other.page.getByRole('combobox', { name: 'Home view' })).toHaveValue('all_messages');
    await expect(other.page.getByRole('switch', { name: 'Digest emails when away' })).not.toBeChecked();

    // The save is in this realm's activity log, old and new values.
    await page.getByRole('tab', { name: 'Activity log' }).click();
    await expect(page.getByRole('row').nth(1)).toContainText('Changed default settings');
    await expect(page.getByRole('row').nth(1)).toContainText('Color scheme: Automatic → Dark; Home view: Inbox → All messages; Digest emails when away: On → Off');
  } finally {
    await other.close();
  }
});

test('another administrator changes a setting I am editing: mine is kept, theirs is shown, and I choose', async ({ consolePage: page, sandbox, browser, target }) => {
  test.skip(target !== 'browser', 'the second console runs in browser mode beside the first');
  const other = await secondConsole(browser, sandbox.url, 'adam@sandbox.test');
  try {
    await openDefaults(page);
    await page.getByRole('combobox', { name: 'Color scheme' }).selectOption({ label: 'Dark' });
    await page.getByRole('switch', { name: 'Enter sends the message' }).check();

    // Adam, at his desk, changes the color scheme (which I edited) and the emoji set (which I did not).
    await openDefaults(other.page);
    await other.page.getByRole('combobox', { name: 'Color scheme' }).selectOption({ label: 'Light' });
    await other.page.getByRole('combobox', { name: 'Emoji set' }).selectOption({ label: 'Plain text' });
    await other.page.getByRole('button', { name: 'Review changes…' }).click();
    await other.page.getByRole('button', { name: 'Save 2 changes' }).click();
    await expect(other.page.getByText('Saved 2 changes to the default settings of Sandbox Org.')).toBeVisible();

    // Untouched: it simply follows. Edited: my value stays, and the screen says what the server has.
    await expect(page.getByRole('combobox', { name: 'Emoji set' })).toHaveValue('text');
    await expect(page.getByText('Changed on the server to Light meanwhile. Your value, Dark, is not sent.')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Color scheme' })).toHaveValue('2');
    await expect(unsaved(page)).toContainText('2 unsaved changes · 1 changed on the server meanwhile');

    // The review shows the conflict first and saves only once it is resolved.
    await unsaved(page).getByRole('button', { name: 'Review changes…' }).click();
    const review = page.getByRole('dialog', { name: 'Review changes to the default settings of Sandbox Org' });
    await expect(review.getByRole('heading', { level: 3 })).toHaveText(['Changed on the server meanwhile (1)', 'Changes (1)']);
    await expect(review.getByRole('listitem').first()).toContainText('Color scheme: now Light on the server; yours Dark');
    await expect(review.getByRole('button', { name: 'Save 2 changes' })).toBeDisabled();
    await review.getByRole('button', { name: 'Keep my value (Color scheme)' }).click();
    await expect(review.getByRole('listitem')).toHaveText(['Color scheme: Light → Dark', 'Enter sends the message: Off → On']);
    await review.getByRole('button', { name: 'Save 2 changes' }).click();
    await expect(page.getByText('Saved 2 changes to the default settings of Sandbox Org.')).toBeVisible();

    expect((await defaultsOnServer(sandbox.directUrl)).values).toMatchObject({ color_scheme: 2, enter_sends: true, emojiset: 'text' });
    await expect(other.page.getByRole('combobox', { name: 'Color scheme' })).toHaveValue('2');
  } finally {
    await other.close();
  }
});

test.describe('an older server (feature level 300)', () => {
  test.use({ sandboxOptions: { seed: 'demo', config: { featureLevel: 300 }, signedIn: true } });

  test('the settings it does not know are marked, and when sent it ignores them: named, never reported as saved', async ({ consolePage: page, sandbox }) => {
    await openDefaults(page);
    const hideAi = page.getByRole('switch', { name: 'Hide AI features' });
    await expect(hideAi).toBeDisabled();
    await expect(page.getByText('This server does not report this setting, so it cannot be changed here: upstream added it at feature level 350, and this server is at 300.')).toBeVisible();

    // Settings from a newer realm's export, including two this server does not know.
    const file = buildDefaultsFile({
      realmName: 'Newer Org',
      realmUrl: 'https://newer.example.com',
      featureLevel: 421,
      values: { color_scheme: 3, hide_ai_features: true, web_suggest_update_timezone: false },
      exportedAt: new Date('2025-03-01T14:05:09Z'),
    });
    await importFile(page, 'newer.json', JSON.stringify(file));
    await expect(page.getByText(/^Imported newer\.json, exported from Newer Org \(feature level 421\)/)).toContainText('3 settings differ and are now unsaved edits.');
    await unsaved(page).getByRole('button', { name: 'Review changes…' }).click();
    const review = page.getByRole('dialog', { name: 'Review changes to the default settings of Sandbox Org' });
    await expect(review.getByRole('listitem').filter({ hasText: 'Hide AI features' })).toContainText('Not reported → On (this server does not report this setting, and may ignore it)');
    await review.getByRole('button', { name: 'Save 3 changes' }).click();

    await expect(page.getByText('Saved 1 change to the default settings of Sandbox Org.')).toBeVisible();
    await expect(page.getByText('This server does not support 2 settings, so they were not saved: Offer to update the time zone, Hide AI features. They are marked below.')).toBeVisible();
    await expect(page.getByText('Not saved: this server ignored it when you saved On, as it does not support this setting.')).toBeVisible();
    await expect(unsaved(page)).toHaveCount(0);

    const server = await defaultsOnServer(sandbox.directUrl);
    expect(server.featureLevel).toBe(300);
    expect(server.values.color_scheme).toBe(3);
    expect(server.values).not.toHaveProperty('hide_ai_features');
    expect(server.values).not.toHaveProperty('web_suggest_update_timezone');
  });
});

test('a bad import file names every problem and changes nothing; a good one becomes edits, reviewed and saved', async ({ consolePage: page, sandbox }) => {
  await openDefaults(page);
  const before = (await defaultsOnServer(sandbox.directUrl)).values;
  const good = buildDefaultsFile({
    realmName: 'Other Org',
    realmUrl: 'https://other.example.com',
    featureLevel: 421,
    values: { color_scheme: 3, emojiset: 'text', twenty_four_hour_time: true, enter_sends: false },
    exportedAt: new Date('2025-03-01T14:05:09Z'),
  });

  // Hand-edited: a font size out of range, an emoji set that does not exist, a misspelt setting.
  const bad = { ...good, settings: { ...good.settings, web_font_size_px: 40, emojiset: 'apple', colour_scheme: 2 } };
  await importFile(page, 'edited.json', JSON.stringify(bad));
  const alert = page.getByRole('alert').filter({ hasText: 'Could not import edited.json: nothing was changed.' });
  await expect(alert.getByRole('listitem')).toHaveText([
    'Emoji set (emojiset): "apple" is not allowed: it must be one of "google" (Google), "twitter" (Twitter), "text" (Plain text), "google-blob" (Google blobs).',
    'Font size (web_font_size_px): 40 is not allowed: it must be a whole number from 12 to 20 (px).',
    '"colour_scheme" is not a setting Realm Console knows: check its spelling (settings are named as the API names them, e.g. "color_scheme").',
  ]);
  await expect(unsaved(page)).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Color scheme' })).toHaveValue('1');
  await importFile(page, 'not-json.json', 'not json at all');
  const notJson = page.getByRole('alert').filter({ hasText: 'Could not import not-json.json: nothing was changed.' });
  await expect(notJson).toContainText('The file is not JSON');
  await expect(notJson).toContainText('Choose the JSON file that Export saved.');
  // Not the parser's own words, which quote the file back.
  await expect(notJson).not.toContainText('Unexpected token');
  expect((await defaultsOnServer(sandbox.directUrl)).values).toEqual(before);

  await importFile(page, 'other.json', JSON.stringify(good));
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Color scheme' })).toHaveValue('3');
  await expect(unsaved(page)).toContainText('3 unsaved changes');
  await unsaved(page).getByRole('button', { name: 'Review changes…' }).click();
  const review = page.getByRole('dialog', { name: 'Review changes to the default settings of Sandbox Org' });
  await expect(review).toContainText('From other.json (exported from Other Org, feature level 421).');
  await expect(review.getByRole('listitem')).toHaveText(['Color scheme: Automatic → Light', 'Emoji set: Google → Plain text', 'Use 24-hour time: Off → On']);
  await review.getByRole('button', { name: 'Save 3 changes' }).click();
  await expect(page.getByText('Saved 3 changes to the default settings of Sandbox Org.')).toBeVisible();
  expect((await defaultsOnServer(sandbox.directUrl)).values).toMatchObject({ color_scheme: 3, emojiset: 'text', twenty_four_hour_time: true });

  // The export is what the server has now, naming the realm and its feature level.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  // The raw file, as another program reads it: JSON with no byte-order mark (RFC 8259).
  const raw = (await readFile(await (await download).path())).toString('utf8');
  expect(raw.startsWith('{')).toBe(true);
  const exported = JSON.parse(raw) as ReturnType<typeof buildDefaultsFile>;
  expect(exported).toMatchObject({ format: 'realm-console.user-settings-defaults', version: 1, realm: { name: 'Sandbox Org' }, featureLevel: 421 });
  const { emojiset_choices: _sets, available_notification_sounds: _sounds, ...settings } = (await defaultsOnServer(sandbox.directUrl)).values;
  expect(exported.settings).toEqual(settings);
  expect(exported.settings).toMatchObject({ color_scheme: 3, emojiset: 'text' });
  // Said on the screen, beside the button: the file's name and how many settings it holds.
  await expect(page.getByRole('status').filter({ hasText: /^Saved \d+ default settings/ })).toHaveText(
    `Saved ${Object.keys(exported.settings).length} default settings of Sandbox Org as ${(await download).suggestedFilename()}.`,
  );

  await page.getByRole('tab', { name: 'Activity log' }).click();
  await expect(page.getByRole('row').nth(1)).toContainText('Imported default settings');
  await expect(page.getByRole('row').nth(1)).toContainText('from other.json (exported from Other Org)');
});

test('Reset all after an import takes the import’s notice away, and what is saved then is not credited to the file', async ({ consolePage: page, sandbox }) => {
  // Another administrator changed a default earlier: Reset all puts it back, an edit of its own.
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  await adam.request('PATCH', '/realm/user_settings_defaults', { enter_sends: true });
  await openDefaults(page);
  await expect(page.getByRole('switch', { name: 'Enter sends the message' })).toBeChecked();
  const file = buildDefaultsFile({
    realmName: 'Other Org',
    realmUrl: 'https://other.example.com',
    featureLevel: 421,
    values: { color_scheme: 3, emojiset: 'text' },
    exportedAt: new Date('2025-03-01T14:05:09Z'),
  });
  await importFile(page, 'other.json', JSON.stringify(file));
  const notice = page.getByRole('status').filter({ hasText: /^Imported other\.json, exported from Other Org/ });
  await expect(notice).toContainText('2 settings differ and are now unsaved edits.');

  // An edit of my own counts in the bar, not in what the file did.
  await page.getByRole('switch', { name: 'Use 24-hour time' }).check();
  await expect(unsaved(page)).toContainText('3 unsaved changes');
  await expect(notice).toContainText('2 settings differ and are now unsaved edits.');

  await page.getByRole('button', { name: 'Reset all to usual defaults' }).click();
  await expect(notice).toHaveCount(0);
  await expect(unsaved(page)).toContainText('1 unsaved change');
  await unsaved(page).getByRole('button', { name: 'Review changes…' }).click();
  const review = page.getByRole('dialog', { name: 'Review changes to the default settings of Sandbox Org' });
  await expect(review.getByRole('listitem')).toHaveText(['Enter sends the message: On → Off']);
  await expect(review).not.toContainText('other.json');
  await review.getByRole('button', { name: 'Save 1 change' }).click();
  await expect(page.getByText('Saved 1 change to the default settings of Sandbox Org.')).toBeVisible();

  expect((await defaultsOnServer(sandbox.directUrl)).values).toMatchObject({ enter_sends: false, color_scheme: 1, emojiset: 'google', twenty_four_hour_time: false });
  await page.getByRole('tab', { name: 'Activity log' }).click();
  await expect(page.getByRole('row').nth(1)).toContainText('Changed default settings');
  await expect(page.getByRole('row').nth(1)).not.toContainText('other.json');
});

test('a focused box’s ring stays clear of the label above it', async ({ consolePage: page }) => {
  await openDefaults(page);
  const search = page.getByRole('searchbox', { name: 'Find a setting' });
  await search.focus();
  expect(await ringRoomUnderLabel(search)).toBeGreaterThanOrEqual(2);
});

test('leaving the screen or switching organization with unsaved edits asks first; staying keeps them, leaving drops them', async ({ consolePage: page, core, sandbox, target }) => {
  test.skip(target !== 'browser', 'the second account is signed in through the core the browser project drives');
  await signCoreIn(core, sandbox.url, 'adam@sandbox.test');
  const switcher = page.getByRole('button', { name: /^Organization:/ });
  await expect(switcher).toContainText('Olivia Owner');
  await openDefaults(page);
  await page.getByRole('combobox', { name: 'Color scheme' }).selectOption({ label: 'Dark' });

  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Users & roles' }).click();
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(ask).toContainText('You have an unsaved change to the default settings of Sandbox Org.');
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Default settings' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Color scheme' })).toHaveValue('2');

  await switcher.click();
  await page.getByRole('group', { name: 'Organizations' }).getByRole('button', { name: /Adam Admin/ }).click();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(switcher).toContainText('Olivia Owner');
  await expect(unsaved(page)).toContainText('1 unsaved change');

  await switcher.click();
  await page.getByRole('group', { name: 'Organizations' }).getByRole('button', { name: /Adam Admin/ }).click();
  await ask.getByRole('button', { name: 'Discard and leave' }).click();
  await expect(switcher).toContainText('Adam Admin');
  await expect(page.getByRole('combobox', { name: 'Color scheme' })).toHaveValue('1');
  await expect(unsaved(page)).toHaveCount(0);
  expect((await defaultsOnServer(sandbox.directUrl)).values.color_scheme).toBe(1);
});

test('closing or reloading the window with unsaved edits asks first; staying keeps them, and without edits nothing asks', async ({ consolePage: page, sandbox }) => {
  await openDefaults(page);
  const scheme = page.getByRole('combobox', { name: 'Color scheme' });
  // A page may ask before unloading only after the user has touched it (a real click, not a script).
  await scheme.click();
  await scheme.selectOption({ label: 'Dark' });
  await expect(unsaved(page)).toContainText('1 unsaved change');

  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const question = await asked;
  expect(question.type()).toBe('beforeunload');
  await question.dismiss();
  await expect(scheme).toHaveValue('2');
  await expect(unsaved(page)).toContainText('1 unsaved change');
  expect(page.isClosed()).toBe(false);

  await page.getByRole('button', { name: 'Discard changes…' }).click();
  await page.getByRole('dialog', { name: 'Discard 1 unsaved change?' }).getByRole('button', { name: 'Discard changes' }).click();
  await expect(unsaved(page)).toHaveCount(0);
  const questions: string[] = [];
  page.on('dialog', (dialog) => {
    questions.push(dialog.type());
    void dialog.dismiss();
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(questions).toEqual([]);
  expect((await defaultsOnServer(sandbox.directUrl)).values.color_scheme).toBe(1);
});

test('tabbing down the form with unsaved changes never leaves the focused control under the save bar', async ({ consolePage: page }) => {
  await openDefaults(page);
  const scheme = page.getByRole('combobox', { name: 'Color scheme' });
  await scheme.selectOption({ label: 'Dark' });
  const bar = page.getByRole('region', { name: 'Unsaved changes' });
  await expect(bar).toBeVisible();
  await scheme.focus();
  const covered: string[] = [];
  for (let step = 0; step < 70; step++) {
    await page.keyboard.press('Tab');
    const hidden = await page.evaluate(() => {
      const focused = document.activeElement as HTMLElement | null;
      const saveBar = document.querySelector('[role="region"][aria-label="Unsaved changes"]');
      if (!focused || !saveBar || saveBar.contains(focused)) return null;
      const control = focused.getBoundingClientRect();
      const over = saveBar.getBoundingClientRect();
      return control.bottom > over.top && control.top < over.bottom ? (focused.getAttribute('aria-label') ?? focused.id ?? focused.tagName) : null;
    });
    if (hidden) covered.push(hidden);
  }
  expect(covered).toEqual([]);
});
