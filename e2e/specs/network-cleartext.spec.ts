// http:// is for this computer: an address on the network over http:// is refused before anything is
// sent (the password would cross the network readable), with the way out said; a test server on the
// LAN works only after the explicit consent, and its organization is then marked "Unencrypted".
import { readFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { startTcpProxy } from '../support/tcp-proxy';

test.use({ sandboxOptions: { seed: 'demo', config: {}, signedIn: false } });

async function signIn(page: Page, realmUrl: string) {
  await page.getByLabel('Server URL').fill(realmUrl);
  await page.getByRole('textbox', { name: 'Email' }).fill('olivia@sandbox.test');
  await page.getByLabel('Password', { exact: true }).fill('sandbox');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The core's log lines, parsed. */
function coreLog(logFolder: string): Record<string, unknown>[] {
  return readFileSync(path.join(logFolder, 'core', 'console.1.log'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

test('http:// to a name or address that is not this computer is refused before any request, saying why and what to do', async ({ consolePage: page, logFolder }) => {
  const refused: [string, string][] = [
    ['http://sandbox.test', 'sandbox.test'],
    ['http://10.1.2.3:9991', '10.1.2.3:9991'],
  ];
  for (const [address, host] of refused) {
    await signIn(page, address);
    const url = page.getByLabel('Server URL');
    await expect(url).toHaveAccessibleDescription(new RegExp(`${address.replace(/[.]/g, '\\.')} is not on this computer, and http:// would send your password and API key unencrypted`));
    await expect(url).toHaveAccessibleDescription(/Use the server's https:\/\/ address/);
    await expect(page.getByRole('checkbox', { name: `I understand: allow unencrypted http:// to ${host} for this organization` })).not.toBeChecked();
  }
  // The core sent nothing to either: no request is in its log, only the two refusals.
  const entries = coreLog(logFolder);
  expect(entries.filter((entry) => entry.msg === 'api request' || entry.msg === 'api request failed')).toEqual([]);
  expect(entries.filter((entry) => entry.msg === 'call failed' && entry.code === 'CLEARTEXT_REFUSED')).toHaveLength(2);
});

/** An address of this machine on its network (not loopback), where a test "LAN server" can listen. */
function lanAddress(): string | null {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) if (address.family === 'IPv4' && !address.internal) return address.address;
  }
  return null;
}

test('a test server on the network over http:// works once the user agrees, and is marked Unencrypted', async ({ consolePage: page, sandbox, coreDataDir }) => {
  const lan = lanAddress();
  test.skip(lan === null, 'this machine has no network address besides loopback');
  // The sandbox, reachable at this machine's network address: a LAN test server, as far as the console knows.
  const server = await startTcpProxy(Number(new URL(sandbox.directUrl).port), lan ?? undefined);
  try {
    await signIn(page, server.url);
    const consent = page.getByRole('checkbox', { name: `I understand: allow unencrypted http:// to ${new URL(server.url).host} for this organization` });
    await expect(consent).toHaveAccessibleDescription(/Only for a test server on your own network/);
    await consent.check();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Organization:/ })).toContainText('Unencrypted connection');
    const saved = JSON.parse(readFileSync(path.join(coreDataDir, 'accounts.json'), 'utf8')) as { accounts: { realmUrl: string; trust: unknown }[] };
    expect(saved.accounts[0]).toMatchObject({ realmUrl: server.url, trust: { certificateAuthorities: [], certificateUnchecked: false, cleartext: true } });
  } finally {
    await server.close();
  }
});
