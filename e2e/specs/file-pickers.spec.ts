// The one file picker, where files are chosen (the zuliprc on the Connect screen, the CSV of invitees):
// a button and the chosen file's name in the app's style, over a native input that keeps its label's
// name and opens the system's file chooser from a click or from the keyboard.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signInDirectly } from '../support/realm-client';

/** The picker's visible face: the box around the input named `label`. */
const faceOf = (input: Locator) => input.locator('xpath=following-sibling::*[1]');

/** Opens the chooser with the keyboard (focus, then Space) and picks the file. */
async function chooseWithKeyboard(page: Page, input: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  await input.focus();
  await expect(input).toBeFocused();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (await chooser).setFiles(file);
}

test.describe('the zuliprc file', () => {
  test.use({ sandboxOptions: { seed: 'demo', config: {}, signedIn: false } });

  test('is chosen with a styled picker, by mouse or keyboard, and signs in', async ({ consolePage: page, sandbox }) => {
    await page.getByRole('radio', { name: 'Import zuliprc' }).check();
    const input = page.getByLabel('zuliprc file', { exact: true });
    await expect(input).toHaveAttribute('type', 'file');
    const face = faceOf(input);
    await expect(face).toHaveText('Choose file…No file chosen');
    await expect(face.getByText('Choose file…', { exact: true })).toBeVisible();

    // A click on the face reaches the input laid over it and opens the chooser.
    const box = await face.boundingBox();
    if (!box) throw new Error('the picker has no box');
    const byMouse = page.waitForEvent('filechooser');
    await page.mouse.click(box.x + 20, box.y + box.height / 2);
    await (await byMouse).setFiles({ name: 'wrong.zuliprc', mimeType: 'text/plain', buffer: Buffer.from('no api section here\n') });
    await expect(face).toContainText('wrong.zuliprc');

    const key = await fetch(`${sandbox.directUrl}/api/v1/fetch_api_key`, { method: 'POST', body: new URLSearchParams({ username: 'olivia@sandbox.test', password: 'sandbox' }) });
    const { api_key: apiKey } = (await key.json()) as { api_key: string };
    const zuliprc = `[api]\nemail=olivia@sandbox.test\nkey=${apiKey}\nsite=${sandbox.url}\n`;
    await chooseWithKeyboard(page, input, { name: 'olivia.zuliprc', mimeType: 'text/plain', buffer: Buffer.from(zuliprc) });
    await expect(face).toHaveText('Choose another file…olivia.zuliprc');

    await page.getByRole('button', { name: 'Import and sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Organization:/ })).toContainText('Olivia Owner');
    // The key from the file works as hers: the console reads what only an administrator may list.
    const olivia = await signInDirectly(sandbox.directUrl, 'olivia@sandbox.test');
    const invites = (await olivia.request('GET', '/invites')).invites as unknown[];
    await expect(page.getByRole('button', { name: `${invites.length} pending invitations`, exact: true })).toBeVisible();
  });
});

test('the CSV of invitees is chosen with the same picker, from the keyboard', async ({ consolePage: page }) => {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Invitations' }).click();
  await page.getByRole('radio', { name: 'Import a CSV file' }).check();
  const input = page.getByLabel('CSV file', { exact: true });
  const face = faceOf(input);
  await expect(face).toHaveText('Choose file…No file chosen');
  // The words shown on the picker are in its name (label in name).
  await expect(input).toHaveAccessibleName('CSV file Choose file…');

  const csv = 'email,name\nava.new@example.com,Ava New\nbo.new@example.com,Bo New\n';
  await chooseWithKeyboard(page, input, { name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(face).toHaveText('Choose another file…people.csv');
  await expect(page.getByText('people.csv: 3 rows, 2 columns.')).toBeVisible();

  // Leaving the screen and coming back keeps the file, and the picker still names it.
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Overview' }).click();
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Invitations' }).click();
  await expect(faceOf(page.getByLabel('CSV file', { exact: true }))).toHaveText('Choose another file…people.csv');
});
