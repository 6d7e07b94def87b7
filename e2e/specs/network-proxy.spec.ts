// Through a corporate proxy, end to end on loopback: a real HTTP proxy (the `proxy` package) between
// the console and the sandbox. The console is set to it on the Connect screen, signs in through it,
// stays live through it, and says clearly, naming the proxy, when the proxy is down.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startTestProxy, type TestProxy } from '../../electron/core/network/testing/http-proxy';
import { expect, test } from '../support/fixtures';
import { signInDirectly } from '../support/realm-client';

test.use({ sandboxOptions: { seed: 'demo', config: {}, signedIn: false } });

let proxy: TestProxy;
test.beforeEach(async () => {
  proxy = await startTestProxy();
});
test.afterEach(async () => {
  await proxy.close();
});

/** Network settings, as a user behind a proxy sets them before signing in. */
async function useProxy(page: Page, address: string) {
  await page.getByRole('button', { name: 'Network settings…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Network settings' });
  await dialog.getByRole('radio', { name: 'A proxy I give' }).check();
  await dialog.getByLabel('Proxy address').fill(address);
  // The sandbox is on this computer, which skips proxies unless the list says otherwise.
  await dialog.getByLabel('Addresses that skip the proxy').fill('<-loopback>');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Network settings saved: a proxy i give.')).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function signIn(page: Page, realmUrl: string, email: string, password: string) {
  await page.getByLabel('Server URL').fill(realmUrl);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('signs in through the proxy and stays live through it; a proxy that goes down is named, and coming back is live again', async ({
  consolePage: page,
  sandbox,
  coreDataDir,
  logSecrets,
}) => {
  // An administrator with a password of their own, so the run's logs can be searched for it.
  const password = `Pr0xy-${Math.random().toString(36).slice(2)}-pass`;
  logSecrets.add(password);
  const olivia = await signInDirectly(sandbox.directUrl, 'olivia@sandbox.test');
  const created = await olivia.request('POST', '/users', { email: 'nell@sandbox.test', password, full_name: 'Nell Network' });
  await olivia.request('PATCH', `/users/${created.user_id as number}`, { role: 200 });

  await useProxy(page, proxy.url);
  await signIn(page, sandbox.url, 'nell@sandbox.test', password);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Organization:/ })).toContainText('Nell Network');
  const sandboxHost = new URL(sandbox.url).host;
  expect(proxy.requests).toContain(sandboxHost);
  const saved = JSON.parse(readFileSync(path.join(coreDataDir, 'network.json'), 'utf8')) as { settings: Record<string, string> };
  expect(saved.settings).toMatchObject({ mode: 'manual', proxyUrl: proxy.url, bypass: '<-loopback>' });

  // Live through the proxy: a user another administrator adds shows without a reload.
  const users = ((await olivia.request('GET', '/users')).members as unknown[]).length;
  await expect(page.getByRole('button', { name: `${users} users`, exact: true })).toBeVisible();
  await olivia.request('POST', '/users', { email: 'pat@sandbox.test', password: 'sandbox', full_name: 'Pat Proxy' });
  await expect(page.getByRole('button', { name: `${users + 1} users`, exact: true })).toBeVisible();

  // The proxy goes down: the banner blames it, by address, and says where to change it.
  await proxy.stop();
  const banner = page.getByRole('region', { name: 'Not live' });
  await expect(banner).toContainText(`through the proxy ${proxy.url}: the proxy refused the connection`);
  await expect(banner).toContainText('Check the proxy in Network settings');
  await proxy.start();
  await banner.getByRole('button', { name: 'Retry now' }).click();
  await expect(banner).toBeHidden();
  await olivia.request('POST', '/users', { email: 'quinn@sandbox.test', password: 'sandbox', full_name: 'Quinn Queue' });
  await expect(page.getByRole('button', { name: `${users + 2} users`, exact: true })).toBeVisible();
});

test('with the proxy down, signing in fails in words that name the proxy, and nothing is saved', async ({ consolePage: page, sandbox, coreDataDir }) => {
  await useProxy(page, proxy.url);
  await proxy.stop();
  await signIn(page, sandbox.url, 'olivia@sandbox.test', 'sandbox');
  const address = page.getByLabel('Server URL');
  await expect(address).toHaveAccessibleDescription(new RegExp(`Could not reach ${sandbox.url.replace(/[.]/g, '\\.')} through the proxy ${proxy.url.replace(/[.]/g, '\\.')}: the proxy refused the connection`));
  await expect(page.getByRole('heading', { name: 'Connect to your organization' })).toBeVisible();
  expect(existsSync(path.join(coreDataDir, 'accounts.json'))).toBe(false);
});

test('a proxy address the console cannot use is refused next to it, and the settings stay as they were', async ({ consolePage: page, coreDataDir }) => {
  await page.getByRole('button', { name: 'Network settings…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Network settings' });
  await dialog.getByRole('radio', { name: 'A proxy I give' }).check();
  await dialog.getByLabel('Proxy address').fill('socks5://proxy.example:1080');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByLabel('Proxy address')).toHaveAccessibleDescription(/is a socks5 proxy; Realm Console uses HTTP and HTTPS proxies/);
  await dialog.getByLabel('Proxy address').fill('proxy.example:3128');
  await dialog.getByLabel('Addresses that skip the proxy').fill('10.0.0.0/40');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByLabel('Addresses that skip the proxy')).toHaveAccessibleDescription(/"10\.0\.0\.0\/40" in the bypass list is not an address range/);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(existsSync(path.join(coreDataDir, 'network.json'))).toBe(false);
});
