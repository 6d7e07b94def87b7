// `npm start` itself, as a newcomer runs it: the launcher builds if it must, starts the sandbox server
// in the user's data folder, serves browser mode, and prints the address to open; the page shows the
// sandbox already signed in as Olivia Owner. Ctrl-C stops the launcher and the sandbox with it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
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

test.describe.configure({ timeout: STARTUP_MS + SHUTDOWN_MS + 60_000 });
test.skip(({ target }) => target === 'electron', 'npm start is checked in browser mode (--browser); the electron project launches the app itself');

test('npm start serves the console signed in to the sandbox as Olivia, and Ctrl-C stops it and the sandbox', async ({ page }) => {
  const home = await mkdtemp(path.join(tmpdir(), 'e2e-npm-start-'));
  const userData = path.join(home, '.config', 'Realm Console');
  const launcher = startLauncher(home);
  try {
    const [, sandboxUrl = ''] = await launcher.waitFor(/^Sandbox server: (http:\/\/127\.0\.0\.1:\d+) /m, 'the sandbox address');
    const [, consoleUrl = ''] = await launcher.waitFor(/^Open (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+) in your browser/m, 'the browser-mode address');

    await page.goto(consoleUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    const switcher = page.getByRole('button', { name: /Organization:/ });
    await expect(switcher).toContainText('Sandbox Org');
    await expect(switcher).toContainText('Olivia Owner');
    await expect(page.locator('.live-status')).toHaveAttribute('data-state', 'live');
    expect(existsSync(path.join(userData, 'launcher.lock'))).toBe(true);

    const group = launcher.child.pid as number;
    process.kill(-group, 'SIGINT');
    await launcher.waitFor(/^Stopping Realm Console…$/m, 'that it is stopping');
    // npx, tsx and the launcher all end; it lets go of its lock; and the sandbox, in a process group of
    // its own that Ctrl-C never reached, was stopped by the launcher.
    await expect.poll(() => groupAlive(group), { timeout: SHUTDOWN_MS }).toBe(false);
    expect(existsSync(path.join(userData, 'launcher.lock'))).toBe(false);
    await expect.poll(() => answers(sandboxUrl), { timeout: SHUTDOWN_MS }).toBe(false);
  } finally {
    if (groupAlive(launcher.child.pid as number)) {
      // A failed test: SIGTERM lets the launcher stop the sandbox too; SIGKILL if it will not go.
      process.kill(-(launcher.child.pid as number), 'SIGTERM');
      const gone = await Promise.race([launcher.exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), SHUTDOWN_MS))]);
      if (!gone && groupAlive(launcher.child.pid as number)) process.kill(-(launcher.child.pid as number), 'SIGKILL');
    }
    await rm(home, { recursive: true, force: true });
  }
});
