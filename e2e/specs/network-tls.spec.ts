// The sandbox over HTTPS (--tls-cert, --tls-key) with certificates made in the test: a private CA's
// is refused until the CA's file is chosen on the Connect screen, then the console works and stays
// live; a self-signed one only with the explicit consent, after which the organization carries a
// warning badge for as long as it is signed in.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signInDirectly } from '../support/realm-client';

async function signIn(page: Page, realmUrl: string) {
  await page.getByLabel('Server URL').fill(realmUrl);
  await page.getByRole('textbox', { name: 'Email' }).fill('olivia@sandbox.test');
  await page.getByLabel('Password', { exact: true }).fill('sandbox');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const caPicker = (page: Page) => page.getByLabel('Certificate authority (PEM file)');

test.describe("a certificate from the organization's own authority", () => {
  test.use({ sandboxOptions: { seed: 'demo', config: {}, signedIn: false, tls: 'ca' } });

  test('is refused without the CA, in words under the CA picker; with its file the console signs in and stays live', async ({ consolePage: page, sandbox, coreDataDir }) => {
    const certificates = sandbox.certificates;
    if (!certificates) throw new Error('the sandbox should serve HTTPS');
    expect(sandbox.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    await signIn(page, sandbox.url);
    await expect(caPicker(page)).toHaveAccessibleDescription(/is not signed by an authority this computer trusts/);
    await expect(caPicker(page)).toBeFocused();

    // A key instead of the certificate is named for what it is.
    await caPicker(page).setInputFiles(certificates.keyFile);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(caPicker(page)).toHaveAccessibleDescription(/holds a private key, not a certificate/);

    await caPicker(page).setInputFiles(certificates.caFile);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    // A CA of one's own is no risk: no warning badge.
    await expect(page.getByRole('button', { name: /^Organization:/ })).not.toContainText('Certificate not checked');
    const accounts = readFileSync(path.join(coreDataDir, 'accounts.json'), 'utf8');
    expect(accounts).toContain('BEGIN CERTIFICATE');
    expect(accounts).toContain('Realm Console Test CA test');

    // Live over HTTPS: a user another administrator adds shows without a reload.
    const olivia = await signInDirectly(sandbox.directUrl, 'olivia@sandbox.test', certificates);
    const users = ((await olivia.request('GET', '/users')).members as { is_system_bot?: boolean }[]).filter((user) => user.is_system_bot !== true).length;
    await expect(page.getByRole('button', { name: `${users} users`, exact: true })).toBeVisible();
    await olivia.request('POST', '/users', { email: 'tess@sandbox.test', password: 'sandbox', full_name: 'Tess Tls' });
    await expect(page.getByRole('button', { name: `${users + 1} users`, exact: true })).toBeVisible();

    // About & diagnostics names the authority it trusts for this organization.
    await page.getByRole('button', { name: 'About & diagnostics…' }).click();
    const about = page.getByRole('dialog', { name: 'About & diagnostics' });
    await expect(about.getByRole('table')).toContainText('Trusts its own certificate authority: Realm Console Test CA test');
    await expect(about.getByRole('table')).toContainText('Live');
  });
});

test.describe('a self-signed certificate', () => {
  test.use({ sandboxOptions: { seed: 'demo', config: {}, signedIn: false, tls: 'self-signed' } });

  test('is refused until the user agrees for this organization, which then carries a warning badge', async ({ consolePage: page, sandbox, coreDataDir }) => {
    await signIn(page, sandbox.url);
    await expect(caPicker(page)).toHaveAccessibleDescription(/is not signed by an authority this computer trusts/);
    const consent = page.getByRole('checkbox', { name: `I understand: do not check the certificate of ${new URL(sandbox.url).host} for this organization` });
    await expect(consent).not.toBeChecked();
    await expect(consent).toHaveAccessibleDescription(/Anyone able to intercept the connection could then read your password and API key/);
    await consent.check();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    const toggle = page.getByRole('button', { name: /^Organization:/ });
    await expect(toggle).toContainText('Certificate not checked');
    await toggle.click();
    await expect(page.getByRole('group', { name: 'Organizations' }).getByRole('button', { name: /Sandbox Org.*Certificate not checked/ })).toBeVisible();
    const saved = JSON.parse(readFileSync(path.join(coreDataDir, 'accounts.json'), 'utf8')) as { accounts: { trust: unknown }[] };
    expect(saved.accounts[0]?.trust).toEqual({ certificateAuthorities: [], certificateUnchecked: true, cleartext: false });
  });
});
