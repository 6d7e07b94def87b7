// `npm start` itself, as a newcomer runs it: the launcher builds if it must, starts the sandbox server
// in the user's data folder, serves browser mode, and prints the one address to open (and what the
// sandbox's address is); the page shows the sandbox already signed in as Olivia Owner. Ctrl-C stops the
// launcher and the sandbox with it. A used link gets a page in the app's colours saying what to do,
// and a second run keeps the page's address, so the browser keeps the organization in use.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { startServer } from '../../server/start';
import { expect, test } from '../support/fixtures';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Generous: on a busy machine the launcher may rebuild dist/ and the sandbox seeds its demo realm. */
const STARTUP_MS = 120_000;
const SHUTDOWN_MS = 30_000;

/** A running launcher and everything it printed so far (for the failure message). */
interface Launcher {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves with the first match of `pattern` in its output; fails if it exits or takes too long. */
  waitFor(pattern: RegExp, what: string): Promise<RegExpMatchArray>;
}

function startLauncher(home: string): Launcher {
  // Its own process group, as a terminal gives a command: Ctrl-C is sent to the whole group.
  const child = spawn('npx', ['tsx', 'electron/launcher.ts', '--browser'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config') },
  });
  let output = '';
  const waiters = new Set<() => void>();
  const heard = (chunk: Buffer) => {
    output += chunk.toString();
    for (const check of [...waiters]) check();
  };
  child.stdout?.on('data', heard);
  child.stderr?.on('data', heard);
  // 'close', not 'exit': npx may exit before the launcher it runs has written its last lines (they
  // share the pipes), and those lines must be read before the run counts as over.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('close', (code, signal) => resolve({ code, signal })));
  return {
    child,
    output: () => output,
    exited,
    waitFor(pattern, what) {
      return new Promise((resolve, reject) => {
        const stop = () => {
          waiters.delete(check);
          clearTimeout(timer);
        };
        const check = () => {
          const match = output.match(pattern);
          if (!match) return;
          stop();
          resolve(match);
        };
        const timer = setTimeout(() => {
          stop();
          reject(new Error(`npm start did not print ${what} within ${STARTUP_MS / 1000} s. It printed:\n${output}`));
        }, STARTUP_MS);
        void exited.then(({ code, signal }) => {
          if (!waiters.has(check)) return;
          stop();
          reject(new Error(`npm start exited (code ${String(code)}, signal ${String(signal)}) before it printed ${what}. It printed:\n${output}`));
        });
        waiters.add(check);
        check();
      });
    },
  };
}

/** Whether any process of the group is still alive. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether anything still answers at `url`. */
async function answers(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/api/v1/server_settings`, { signal: AbortSignal.timeout(5_000) });
    return true;
  } catch {
    return false;
  }
}

/** What the first lines of a run say: the sandbox's address (an API) and the console's link (the one to open). */
async function printedAddresses(launcher: Launcher): Promise<{ sandboxUrl: string; consoleUrl: string }> {
  const [, sandboxUrl = ''] = await launcher.waitFor(/^Sandbox server: (http:\/\/127\.0\.0\.1:\d+) is the demo organization's API \(for the Connect screen and API clients\), not a page to open\.$/m, 'the sandbox address');
  const [, consoleUrl = ''] = await launcher.waitFor(/^Open (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+) in your browser to use Realm Console/m, 'the browser-mode address');
  return { sandboxUrl, consoleUrl };
}

/** Ctrl-C, as in the terminal: the whole group stops, the lock is let go and the sandbox stopped. */
async function stopWithCtrlC(launcher: Launcher, sandboxUrl: string, userData: string): Promise<void> {
  const group = launcher.child.pid as number;
  process.kill(-group, 'SIGINT');
  await launcher.waitFor(/^Stopping Realm Console…$/m, 'that it is stopping');
  await expect.poll(() => groupAlive(group), { timeout: SHUTDOWN_MS }).toBe(false);
  expect(existsSync(path.join(userData, 'launcher.lock'))).toBe(false);
  await expect.poll(() => answers(sandboxUrl), { timeout: SHUTDOWN_MS }).toBe(false);
}

/** After a failed test: SIGTERM lets the launcher stop the sandbox too; SIGKILL if it will not go. */
async function stopIfRunning(launcher: Launcher): Promise<void> {
  const group = launcher.child.pid as number;
  if (!groupAlive(group)) return;
  process.kill(-group, 'SIGTERM');
  const gone = await Promise.race([launcher.exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), SHUTDOWN_MS))]);
  if (!gone && groupAlive(group)) process.kill(-group, 'SIGKILL');
}

const switcher = (page: Page) => page.getByRole('button', { name: /^Organization:/ });

test.describe.configure({ timeout: 2 * (STARTUP_MS + SHUTDOWN_MS) + 60_000 });
test.skip(({ target }) => target === 'electron', 'npm start is checked in browser mode (--browser); the electron project launches the app itself');

test('npm start serves the console signed in to the sandbox as Olivia, and Ctrl-C stops it and the sandbox', async ({ page }) => {
  const home = await mkdtemp(path.join(tmpdir(), 'e2e-npm-start-'));
  const userData = path.join(home, '.config', 'Realm Console');
  const launcher = startLauncher(home);
  try {
    const { sandboxUrl, consoleUrl } = await printedAddresses(launcher);
    // One address to open; the other is said to be an API, and it is one: its root is no page.
    const printed = launcher.output().split('\n').filter((line) => /https?:\/\//.test(line) && !line.includes(userData));
    expect(printed).toHaveLength(2);
    expect(printed.filter((line) => line.startsWith('Open '))).toEqual([expect.stringContaining(consoleUrl)]);
    const sandboxRoot = await fetch(sandboxUrl);
    expect(sandboxRoot.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await (await fetch(`${sandboxUrl}/api/v1/server_settings`)).json()) as { realm_name: string }).realm_name).toBe('Sandbox Org');

    await page.goto(consoleUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    const switcher = page.getByRole('button', { name: /Organization:/ });
    await expect(switcher).toContainText('Sandbox Org');
    await expect(switcher).toContainText('Olivia Owner');
    await expect(page.locator('.live-status')).toHaveAttribute('data-state', 'live');
    expect(existsSync(path.join(userData, 'launcher.lock'))).toBe(true);

    // npx, tsx and the launcher all end; it lets go of its lock; and the sandbox, in a process group of
    // its own that Ctrl-C never reached, was stopped by the launcher.
    await stopWithCtrlC(launcher, sandboxUrl, userData);
  } finally {
    await stopIfRunning(launcher);
    await rm(home, { recursive: true, force: true });
  }
});

/** Opens `url` in a browser of its own (no session cookie), in the given colour scheme. */
async function inAnotherBrowser(browser: Browser, url: string, colorScheme: 'light' | 'dark'): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await browser.newContext({ colorScheme });
  const page = await context.newPage();
  await page.goto(url);
  return { page, close: () => context.close() };
}

test('a used link gets a page in the app’s colours saying what to do; a new run keeps the address, so the organization in use is kept', async ({ page, browser }) => {
  const home = await mkdtemp(path.join(tmpdir(), 'e2e-npm-start-'));
  const userData = path.join(home, '.config', 'Realm Console');
  // Another organization, also called "Sandbox Org", on a server of its own.
  const otherDir = await mkdtemp(path.join(tmpdir(), 'e2e-other-sandbox-'));
  const other = await startServer({ port: 0, dataDir: otherDir, seed: 'demo' });
  let launcher = startLauncher(home);
  try {
    const first = await printedAddresses(launcher);
    await page.goto(first.consoleUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();

    // Someone else opens the same link: refused, in words, on a styled page (light and dark).
    for (const [scheme, background] of [['light', 'rgb(246, 247, 249)'], ['dark', 'rgb(20, 23, 28)']] as const) {
      const elsewhere = await inAnotherBrowser(browser, first.consoleUrl, scheme);
      try {
        await expect(elsewhere.page.getByRole('heading', { level: 1, name: 'This link was used already' })).toBeVisible();
        await expect(elsewhere.page.getByText(/To open the console here, stop npm start \(Ctrl-C in its terminal\), run it again, and open the new link it prints\./)).toBeVisible();
        expect(await elsewhere.page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background);
      } finally {
        await elsewhere.close();
      }
    }

    // The user adds the other organization and works in it, in the dark theme.
    await switcher(page).click();
    await page.getByRole('button', { name: 'Add an organization…' }).click();
    await page.getByLabel('Server URL').fill(other.url);
    await page.getByRole('textbox', { name: 'Email' }).fill('adam@sandbox.test');
    await page.getByLabel('Password', { exact: true }).fill('sandbox');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(switcher(page)).toContainText('Adam Admin');
    await page.getByLabel('Theme').selectOption('dark');

    await stopWithCtrlC(launcher, first.sandboxUrl, userData);
    launcher = startLauncher(home);
    const second = await printedAddresses(launcher);
    await page.goto(second.consoleUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(switcher(page)).toContainText('Adam Admin');
    await expect(switcher(page)).toContainText(new URL(other.url).host);
    await expect(page.getByLabel('Theme')).toHaveValue('dark');
    // Because the page kept its address: browsers keep a page's storage per scheme, host and port.
    expect(new URL(second.consoleUrl).origin).toBe(new URL(first.consoleUrl).origin);
    await stopWithCtrlC(launcher, second.sandboxUrl, userData);
  } finally {
    await stopIfRunning(launcher);
    await other.close();
    await rm(otherDir, { recursive: true, force: true });
    await rm(home, { recursive: true, force: true });
  }
});
