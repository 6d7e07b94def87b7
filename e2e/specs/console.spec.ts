// The console core end to end: signing in, several realms, and staying live through role changes made
// elsewhere, a collected queue, a network outage and a server restart.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signInDirectly } from '../support/realm-client';
import { BACKOFF_MAX_MS } from '../../electron/core/session/backoff';

/** A figure of the Overview screen, e.g. figure(page, 'Administrators'). */
const figure = (page: Page, label: string) => page.locator(`dt:text-is("${label}") + dd`);
const liveStatus = (page: Page) => page.locator('.live-status');
/** The longest wait between two attempts to reconnect: the backoff's cap with its +50% jitter, and a margin. */
const BACKOFF_WAIT_MS = BACKOFF_MAX_MS * 1.5 + 5_000;

async function signInWithPassword(page: Page, realmUrl: string, email: string, password: string) {
  await page.getByLabel('Server URL').fill(realmUrl);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('signing in', () => {
  test.use({ sandboxOptions: { seed: 'demo', config: {}, signedIn: false } });

  test('a newcomer signs in with a password to a fresh sandbox and sees the realm', async ({ consolePage: page, sandbox }) => {
    await expect(page.getByRole('heading', { name: 'Connect to your organization' })).toBeVisible();
    await signInWithPassword(page, sandbox.url, 'olivia@sandbox.test', 'sandbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(page.getByText('Sandbox Org').first()).toBeVisible();
    await expect(figure(page, 'Owners')).toHaveText('1');
    await expect(figure(page, 'Members')).toHaveText('41');
    await expect(liveStatus(page)).toHaveAttribute('data-state', 'live');
  });

  test('a wrong password, an unreachable server and a member account each get a clear message', async ({ consolePage: page, sandbox }) => {
    await signInWithPassword(page, sandbox.url, 'olivia@sandbox.test', 'not-the-password');
    await expect(page.getByText(/The email or password is not right for/)).toBeVisible();

    await signInWithPassword(page, 'http://127.0.0.1:9', 'olivia@sandbox.test', 'sandbox');
    await expect(page.getByText(/Could not reach http:\/\/127\.0\.0\.1:9.*Check the address and your network/)).toBeVisible();

    await signInWithPassword(page, sandbox.url, 'mark@sandbox.test', 'sandbox');
    await expect(page.getByText(/Mark Member is a member of Sandbox Org\. Realm Console needs an owner, administrator or moderator account/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Connect to your organization' })).toBeVisible();
  });

  test('a second account signs in with an API key, and the realm switcher moves between them', async ({ consolePage: page, sandbox }) => {
    await signInWithPassword(page, sandbox.url, 'olivia@sandbox.test', 'sandbox');
    await expect(figure(page, 'Owners')).toHaveText('1');

    const keyReply = await fetch(`${sandbox.directUrl}/api/v1/fetch_api_key`, { method: 'POST', body: new URLSearchParams({ username: 'adam@sandbox.test', password: 'sandbox' }) });
    const { api_key: apiKey } = (await keyReply.json()) as { api_key: string };
    await page.getByRole('button', { name: /Organization:/ }).click();
    await page.getByRole('button', { name: 'Add an organization…' }).click();
    await page.getByRole('radio', { name: 'Email and API key' }).check();
    await page.getByLabel('Server URL').fill(sandbox.url);
    await page.getByRole('textbox', { name: 'Email' }).fill('adam@sandbox.test');
    await page.getByRole('textbox', { name: 'API key' }).fill(apiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();

    const switcher = page.getByRole('button', { name: /Organization:/ });
    await expect(switcher).toContainText('Adam Admin');
    await switcher.click();
    await page.getByRole('group', { name: 'Organizations' }).getByRole('button', { name: /Olivia Owner/ }).click();
    await expect(switcher).toContainText('Olivia Owner');
    await switcher.click();
    await page.getByRole('group', { name: 'Organizations' }).getByRole('button', { name: /Adam Admin/ }).click();
    await expect(switcher).toContainText('Adam Admin');
    await expect(figure(page, 'Administrators')).toHaveText('1');
  });
});

test('a role changed by another administrator shows up live, without a reload', async ({ consolePage: page, sandbox }) => {
  await expect(figure(page, 'Administrators')).toHaveText('1');
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  await adam.request('PATCH', `/users/${await adam.userId('mark@sandbox.test')}`, { role: 200 });
  await expect(figure(page, 'Administrators')).toHaveText('2');
  await expect(figure(page, 'Members')).toHaveText('40');
});

test.describe('a queue the server collected', () => {
  test.use({ sandboxOptions: { seed: 'demo', config: { queueIdleMs: 1500 }, signedIn: true } });

  test('after a network outage longer than the idle limit, the console reconnects by itself, resyncs and matches the server', async ({ consolePage: page, sandbox, recorder, target }) => {
    // The outage, the collected queue, and then up to one backoff wait (below) before the console tries again.
    test.setTimeout(BACKOFF_WAIT_MS + 60_000);
    await expect(liveStatus(page)).toHaveAttribute('data-state', 'live');
    sandbox.proxy.cut();
    await expect(liveStatus(page)).toHaveAttribute('data-state', /reconnecting|offline/);
    // While the console cannot hear it, the realm changes and its queue is collected.
    const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
    await adam.request('PATCH', `/users/${await adam.userId('gina@sandbox.test')}`, { role: 400 });
    await page.waitForTimeout(3_500);
    sandbox.proxy.restore();
    // Nobody clicks "Reconnect now": the console tries again when its backoff ends, finds the queue
    // gone, registers a new one and loads the realm again.
    await expect(liveStatus(page)).toHaveAttribute('data-state', 'live', { timeout: BACKOFF_WAIT_MS });
    await expect(figure(page, 'Guests')).toHaveText('0');
    await expect(figure(page, 'Members')).toHaveText('42');
    // The recorder sees the traffic in browser mode only (the Electron app's core is its own process).
    if (target === 'browser') expect(recorder.payloads.some((payload) => payload.includes('"realm.resynced"'))).toBe(true);
  });
});

test('when the server restarts, the console reconnects by itself', async ({ consolePage: page, sandbox }) => {
  await expect(liveStatus(page)).toHaveAttribute('data-state', 'live');
  await sandbox.restart();
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  await adam.request('PATCH', `/users/${await adam.userId('mona@sandbox.test')}`, { role: 400 });
  await expect(liveStatus(page)).toHaveAttribute('data-state', 'live');
  await expect(figure(page, 'Moderators')).toHaveText('0', { timeout: 15_000 });
});
