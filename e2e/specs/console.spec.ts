// The console core end to end: signing in, several realms (two of the same name), and staying live
// through role changes made elsewhere, a collected queue, a network outage and a server restart; and
// what the main area says while the organization's server cannot be reached.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ElectronApplication, Locator, Page } from '@playwright/test';
import { BRIDGE_GLOBAL } from '../../shared/ipc';
import { FileSecretStore } from '../../electron/core/accounts/file-secret-store';
import { createCore } from '../../electron/core/core';
import { describeRuntime } from '../../electron/core/runtime-info';
import { startBrowserHost } from '../../electron/browser-host';
import { startServer } from '../../server/start';
import { expect, test } from '../support/fixtures';
import { signInDirectly } from '../support/realm-client';
import { BACKOFF_MAX_MS } from '../../electron/core/session/backoff';

/** A figure of the Overview screen, e.g. figure(page, 'Administrators'). */
const figure = (page: Page, label: string) => page.locator(`dt:text-is("${label}") + dd`);
const liveStatus = (page: Page) => page.locator('.live-status');
/** The longest wait between two attempts to reconnect: the backoff's cap with its +50% jitter, and a margin. */
const BACKOFF_WAIT_MS = BACKOFF_MAX_MS * 1.5 + 5_000;
const rendererDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'renderer');
/** The banner above the screen while the organization is not live ("Not live" with data, "Not connected" without). */
const notLive = (page: Page, name: 'Not live' | 'Not connected') => page.getByRole('region', { name });
const switcher = (page: Page) => page.getByRole('button', { name: /^Organization:/ });
const hostOf = (url: string) => new URL(url).host;

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
    await expect(figure(page, 'Members')).toHaveText('43');
    await expect(liveStatus(page)).toHaveAttribute('data-state', 'live');
  });

  test('a wrong password, an unreachable server and a member account each get a clear message', async ({ consolePage: page, sandbox }) => {
    await signInWithPassword(page, sandbox.url, 'olivia@sandbox.test', 'not-the-password');
    await expect(page.getByText(/The email or password is not right for/)).toBeVisible();

    await signInWithPassword(page, 'http://127.0.0.1:2', 'olivia@sandbox.test', 'sandbox');
    await expect(page.getByText(/Could not reach http:\/\/127\.0\.0\.1:2: connection refused\. Check the address and your network/)).toBeVisible();

    // A port no browser or app may use (mail, SSH, …) is said so, with what to check, never "bad port".
    await signInWithPassword(page, 'http://127.0.0.1:9', 'olivia@sandbox.test', 'sandbox');
    await expect(page.getByText(/Could not reach http:\/\/127\.0\.0\.1:9: its port is one reserved for other services than the web.*Check the port in the address/)).toBeVisible();
    await expect(page.getByText('bad port')).toHaveCount(0);

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

test.describe('two organizations of the same name', () => {
  test('are told apart by their server in the switcher, and the one in use is kept across a reload', async ({ consolePage: page, sandbox }) => {
    // A second sandbox server: another organization, also called "Sandbox Org".
    const dataDir = await mkdtemp(path.join(tmpdir(), 'e2e-second-sandbox-'));
    const second = await startServer({ port: 0, dataDir, seed: 'demo' });
    try {
      const names = await Promise.all([sandbox.directUrl, second.url].map(async (url) => (await (await fetch(`${url}/api/v1/server_settings`)).json()) as { realm_name: string }));
      expect(names.map((settings) => settings.realm_name)).toEqual(['Sandbox Org', 'Sandbox Org']);

      await expect(figure(page, 'Owners')).toHaveText('1');
      await switcher(page).click();
      await page.getByRole('button', { name: 'Add an organization…' }).click();
      await signInWithPassword(page, second.url, 'olivia@sandbox.test', 'sandbox');
      await expect(switcher(page)).toContainText(hostOf(second.url));

      await switcher(page).click();
      const organizations = page.getByRole('group', { name: 'Organizations' });
      const first = organizations.getByRole('button', { name: new RegExp(`^Sandbox Org\\W+${hostOf(sandbox.url)}\\W+Olivia Owner`) });
      const other = organizations.getByRole('button', { name: new RegExp(`^Sandbox Org\\W+${hostOf(second.url)}\\W+Olivia Owner`) });
      await expect(other).toHaveAttribute('aria-current', 'true');
      await expect(organizations.getByRole('button', { name: `Sign out of Sandbox Org at ${hostOf(sandbox.url)} (olivia@sandbox.test)…` })).toBeVisible();
      await first.click();
      await expect(switcher(page)).toContainText(hostOf(sandbox.url));
      await expect(page.getByText(sandbox.directUrl, { exact: true })).toBeVisible();

      await page.reload();
      await expect(figure(page, 'Owners')).toHaveText('1');
      await expect(switcher(page)).toContainText(hostOf(sandbox.url));
      await switcher(page).click();
      await organizations.getByRole('button', { name: new RegExp(`^Sandbox Org\\W+${hostOf(second.url)}`) }).click();
      await page.reload();
      await expect(figure(page, 'Owners')).toHaveText('1');
      await expect(switcher(page)).toContainText(hostOf(second.url));
      await expect(page.getByText(second.url, { exact: true })).toBeVisible();
    } finally {
      await second.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

test.describe('a server that cannot be reached', () => {
  test.setTimeout(60_000);

  /** The scheduled try is far enough off that "Retry now", clicked right after the server is back, is
   *  what reconnects (otherwise the scheduled try can win the race and take the banner away first). */
  async function untilNextTryIsSecondsAway(banner: Locator): Promise<void> {
    await expect(banner).toContainText(/Next try in ([3-9]|\d{2,}) s\./, { timeout: 30_000 });
  }

  test('lost while live: the last data stays, marked not live since when, with the next try and "Retry now"', async ({ consolePage: page, sandbox }) => {
    await expect(figure(page, 'Moderators')).toHaveText('1');
    await expect(notLive(page, 'Not live')).toHaveCount(0);
    sandbox.proxy.cut();
    const banner = notLive(page, 'Not live');
    await expect(banner).toContainText(/Not live: showing what was known at \d{1,2}:\d{2}/);
    await expect(banner).toContainText(`Lost the connection to ${sandbox.url}.`);
    await expect(banner).toContainText(/Next try in \d+ s\.|Trying again now…/);
    // What was known stays on the screen.
    await expect(figure(page, 'Moderators')).toHaveText('1');
    await expect(figure(page, 'Members')).toHaveText('43');

    // Meanwhile another administrator changes a role; the console hears of it once it is back.
    const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
    const mark = await adam.userId('mark@sandbox.test');
    await adam.request('PATCH', `/users/${mark}`, { role: 300 });
    await untilNextTryIsSecondsAway(banner);
    sandbox.proxy.restore();
    await banner.getByRole('button', { name: 'Retry now' }).click();
    await expect(banner).toHaveCount(0);
    await expect(liveStatus(page)).toHaveAttribute('data-state', 'live');
    await expect(figure(page, 'Moderators')).toHaveText('2');
    expect(((await adam.request('GET', `/users/${mark}`)).user as { role: number }).role).toBe(300);
  });

  test('from the start: the main area says nothing is loaded yet, why, when the next try is, and "Retry now" loads it', async ({ consolePage: page, sandbox, coreDataDir, target }) => {
    test.skip(target !== 'browser', 'the core that starts without its server runs in browser mode');
    await expect(figure(page, 'Owners')).toHaveText('1');
    // The console starts again (its account saved) while the server is out of reach.
    sandbox.proxy.cut();
    const restarted = await createCore({
      dataDir: coreDataDir,
      secrets: new FileSecretStore(coreDataDir),
      appInfo: describeRuntime('realm-console', '0.0.0-e2e', process.platform, process.versions),
    });
    const host = await startBrowserHost({ core: restarted, rendererDir });
    try {
      await page.goto(host.url);
      const banner = notLive(page, 'Not connected');
      await expect(banner).toContainText('Not connected: nothing is loaded from Sandbox Org yet.');
      await expect(banner).toContainText(`Could not reach ${sandbox.url}.`);
      await expect(banner).toContainText(/Next try in \d+ s\.|Trying again now…/);
      await expect(page.getByText('Could not load the overview of Sandbox Org: the console has not reached the server yet.')).toBeVisible();
      await expect(page.getByText(/^Loading Sandbox Org/)).toHaveCount(0);

      const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
      await adam.request('PATCH', `/users/${await adam.userId('gina@sandbox.test')}`, { role: 400 });
      await untilNextTryIsSecondsAway(banner);
      sandbox.proxy.restore();
      await banner.getByRole('button', { name: 'Retry now' }).click();
      await expect(banner).toHaveCount(0);
      await expect(figure(page, 'Guests')).toHaveText('0');
      await expect(figure(page, 'Members')).toHaveText('44');
    } finally {
      await host.close();
      await restarted.close();
    }
  });
});

test('a role changed by another administrator shows up live, without a reload', async ({ consolePage: page, sandbox }) => {
  await expect(figure(page, 'Administrators')).toHaveText('1');
  const adam = await signInDirectly(sandbox.directUrl, 'adam@sandbox.test');
  await adam.request('PATCH', `/users/${await adam.userId('mark@sandbox.test')}`, { role: 200 });
  await expect(figure(page, 'Administrators')).toHaveText('2');
  await expect(figure(page, 'Members')).toHaveText('42');
});

test.describe('a queue the server collected', () => {
  test.use({ sandboxOptions: { seed: 'demo', config: { queueIdleMs: 1500 }, signedIn: true } });
  // The outage, the collected queue, and then up to one backoff wait (below) before the console tries again.
  test.describe.configure({ timeout: BACKOFF_WAIT_MS + 60_000 });

  test('after a network outage longer than the idle limit, the console reconnects by itself, resyncs and matches the server', async ({ consolePage: page, sandbox, recorder, target }) => {
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
    await expect(figure(page, 'Members')).toHaveText('44');
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

// The desktop window's safeguards, checked in the running app. They exist only in Electron: browser
// mode's page is an ordinary tab, guarded by the host instead (electron/browser-host.test.ts).
test.describe('the Electron window', () => {
  test.skip(({ target }) => target !== 'electron', 'Electron only: the browser project has no desktop window or preload');

  /** The app behind the page; the fixture skips the test where no Electron runtime exists. */
  function appOf(electronApp: ElectronApplication | undefined): ElectronApplication {
    if (!electronApp) throw new Error('no Electron app in the electron project');
    return electronApp;
  }

  /**
   * Answers every "Open this link in your web browser?" question with Cancel, recording the address it
   * showed: a real dialog would wait for a person, and nothing must reach the system browser.
   */
  async function declineLinkDialogs(app: ElectronApplication): Promise<() => Promise<string[]>> {
    await app.evaluate(({ dialog }) => {
      const offered: string[] = [];
      (globalThis as { offeredLinks?: string[] }).offeredLinks = offered;
      dialog.showMessageBox = (async (...args: unknown[]) => {
        offered.push((args.at(-1) as { detail?: string }).detail ?? '');
        return { response: 1, checkboxChecked: false };
      }) as typeof dialog.showMessageBox;
    });
    return () => app.evaluate(() => [...((globalThis as { offeredLinks?: string[] }).offeredLinks ?? [])]);
  }

  test('the window is isolated and sandboxed, without Node, with web security on', async ({ electronApp, consolePage: page }) => {
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    const preferences = await appOf(electronApp).evaluate(({ BrowserWindow }) => {
      const [window] = BrowserWindow.getAllWindows();
      // Present at runtime, though missing from Electron 45's typings.
      const contents = window?.webContents as unknown as { getLastWebPreferences(): Record<string, unknown> | null } | undefined;
      const p = contents?.getLastWebPreferences();
      return p && { contextIsolation: p.contextIsolation, sandbox: p.sandbox, nodeIntegration: p.nodeIntegration, webSecurity: p.webSecurity };
    });
    expect(preferences).toEqual({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true });
  });

  test('window.open gives the page nothing and opens no window', async ({ electronApp, consolePage: page }) => {
    const app = appOf(electronApp);
    await declineLinkDialogs(app);
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    expect(await page.evaluate(() => window.open('https://example.com/popup', '_blank') === null)).toBe(true);
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
  });

  test('navigating away is blocked: the window stays on app://console/ with the console in it', async ({ electronApp, consolePage: page }) => {
    const offeredLinks = await declineLinkDialogs(appOf(electronApp));
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    // A mark in this document: a navigation that went through would leave a new document without it.
    await page.evaluate(() => ((window as { stillHere?: boolean }).stillHere = true));
    await page.evaluate(() => window.location.assign('https://example.com/elsewhere'));
    // The link is offered to the system browser from the same main-process handler that blocks the
    // navigation, right after blocking it: once it is offered, the navigation has been refused.
    await expect.poll(offeredLinks).toEqual(['https://example.com/elsewhere']);
    expect(await page.evaluate(() => [window.location.origin, (window as { stillHere?: boolean }).stillHere])).toEqual(['app://console', true]);
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  });

  test('a permission request is denied without asking', async ({ consolePage: page }) => {
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    expect(await page.evaluate(() => Notification.requestPermission())).toBe('denied');
  });

  test('the page gets exactly call and subscribe from the preload, and no Node', async ({ consolePage: page }) => {
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    const surface = await page.evaluate((name) => {
      const bridge = (window as unknown as Record<string, object | undefined>)[name];
      return {
        bridge: bridge ? Object.keys(bridge).sort() : null,
        node: [typeof (globalThis as { require?: unknown }).require, typeof (globalThis as { process?: unknown }).process, typeof (globalThis as { Buffer?: unknown }).Buffer],
      };
    }, BRIDGE_GLOBAL);
    expect(surface).toEqual({ bridge: ['call', 'subscribe'], node: ['undefined', 'undefined', 'undefined'] });
  });
});
