// A proxy auto-configuration (PAC) file and a proxy that asks for a sign-in, end to end on loopback:
// a PAC file served by a test server names a real HTTP proxy (the `proxy` package), and the console
// signs in to the sandbox through it; a proxy that answers 407 is named with what to do until its user
// name and password are typed, which are then kept sealed and never sent back to the screen.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startTestProxy } from '../../electron/core/network/testing/http-proxy';
import { pacScript, startPacServer } from '../../electron/core/network/testing/pac-server';
import { expect, test } from '../support/fixtures';

test.use({ sandboxOptions: { seed: 'demo', config: {}, signedIn: false } });

async function openNetworkSettings(page: Page) {
  await page.getByRole('button', { name: 'Network settings…' }).click();
  return page.getByRole('dialog', { name: 'Network settings' });
}

async function signIn(page: Page, realmUrl: string) {
  await page.getByLabel('Server URL').fill(realmUrl);
  await page.getByRole('textbox', { name: 'Email' }).fill('olivia@sandbox.test');
  await page.getByLabel('Password', { exact: true }).fill('sandbox');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('signs in through the proxy a PAC file names; a PAC file that cannot be read is refused next to its address', async ({ consolePage: page, sandbox, coreDataDir }) => {
  const proxy = await startTestProxy();
  const pac = await startPacServer('not a PAC file');
  try {
    const dialog = await openNetworkSettings(page);
    await dialog.getByRole('radio', { name: 'A proxy auto-configuration (PAC) file' }).check();
    await dialog.getByLabel('PAC file address').fill(pac.url);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByLabel('PAC file address')).toHaveAccessibleDescription(
      new RegExp(`The proxy auto-configuration \\(PAC\\) file ${pac.url.replace(/[.]/g, '\\.')} cannot be used: it is not a PAC script that defines FindProxyForURL`),
    );

    pac.serve(pacScript(`PROXY ${new URL(proxy.url).host}`));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Network settings saved: a proxy auto-configuration (pac) file.')).toBeVisible();
    await expect(dialog).toBeHidden();

    await signIn(page, sandbox.url);
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    expect(proxy.requests).toContain(new URL(sandbox.url).host);
    const saved = JSON.parse(readFileSync(path.join(coreDataDir, 'network.json'), 'utf8')) as { settings: Record<string, string> };
    expect(saved.settings).toMatchObject({ mode: 'pac', pacUrl: pac.url });
  } finally {
    await Promise.all([proxy.close(), pac.close()]);
  }
});

test('a proxy that asks for a sign-in refuses without one, in words; with its user name and password the console signs in', async ({
  consolePage: page,
  sandbox,
  coreDataDir,
  recorder,
  logSecrets,
  target,
}) => {
  const password = `Pr0xy-${Math.random().toString(36).slice(2)}-pw`;
  logSecrets.add(password);
  const proxy = await startTestProxy({ signIn: { username: 'ada', password } });
  try {
    let dialog = await openNetworkSettings(page);
    await dialog.getByRole('radio', { name: 'A proxy I give' }).check();
    await dialog.getByLabel('Proxy address').fill(proxy.url);
    await dialog.getByLabel('Addresses that skip the proxy').fill('<-loopback>');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    await signIn(page, sandbox.url);
    await expect(page.getByLabel('Server URL')).toHaveAccessibleDescription(new RegExp(`The proxy at ${proxy.url.replace(/[.]/g, '\\.')} asks for a user name and password \\(407`));
    expect(proxy.refused).toContain(new URL(sandbox.url).host);
    expect(proxy.requests).toEqual([]);

    dialog = await openNetworkSettings(page);
    await dialog.getByLabel('Proxy user name').fill('ada');
    await dialog.getByLabel('Proxy password').fill(password);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    expect(proxy.requests).toContain(new URL(sandbox.url).host);

    // Kept sealed, and never sent back: the dialog says only that one is saved.
    const file = readFileSync(path.join(coreDataDir, 'network.json'), 'utf8');
    expect(file).not.toContain(password);
    expect(JSON.parse(file)).toMatchObject({ settings: { mode: 'manual', proxyUsername: 'ada' }, proxyPassword: expect.stringMatching(/^v1:/) });
    if (target === 'browser') expect(recorder.payloads.some((payload) => payload.includes(password))).toBe(false);
    await page.getByRole('button', { name: 'Network…' }).click();
    dialog = page.getByRole('dialog', { name: 'Network settings' });
    await expect(dialog.getByLabel('Proxy password')).toHaveValue('');
    await expect(dialog.getByLabel('Proxy password')).toHaveAccessibleDescription(/A password is saved, encrypted/);
  } finally {
    await proxy.close();
  }
});
