// `npm start`: builds what is missing, starts the sandbox server on a persistent data folder, then
// opens the console: the Electron app where a runtime exists, else browser mode (the same core and
// renderer, served on 127.0.0.1 behind a one-time link). Ctrl-C stops everything. It prints one address
// to open (browser mode's link); the sandbox's address is printed as what it is, an API.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { startBrowserHost } from './browser-host';
import { FileSecretStore } from './core/accounts/file-secret-store';
import { createCore } from './core/core';
import { describeRuntime } from './core/runtime-info';
import { checkBuild } from './launcher/build-freshness';
import { downloadElectronRuntime, findElectronRuntime, type ElectronRuntime } from './launcher/electron-runtime';
import { acquireInstanceLock } from '../shared/node/instance-lock';
import { onRememberedPort } from './launcher/remembered-port';
import { startSandboxProcess, type SandboxProcess } from './launcher/sandbox-process';
import { PRODUCT_NAME, userDataDir } from './launcher/user-data-dir';
import { errorMessage } from '../shared/node/error-message';

const repo = path.resolve(import.meta.dirname, '..');
/** The demo organization's owner (docs/server.md), whom a newcomer is signed in as. */
const SANDBOX_OWNER = { email: 'olivia@sandbox.test', password: 'sandbox' };
/** Electron main reads the sandbox's address from here. */
const SANDBOX_URL_VARIABLE = 'REALM_CONSOLE_SANDBOX_URL';

type Stop = () => Promise<void>;

/** Set once shutting down, so the children's exits are expected, not failures. */
let stopping = false;

async function main(): Promise<void> {
  const browserOnly = process.argv.includes('--browser');
  const userData = userDataDir(process.platform, process.env, homedir());
  mkdirSync(userData, { recursive: true });
  const lock = acquireInstanceLock(path.join(userData, 'launcher.lock'));
  if (!lock.acquired) fail(`Realm Console is already running from this folder (process ${lock.holder}); stop it first, or use its window or address.`);
  process.once('exit', lock.release);
  await buildIfStale();
  const sandbox = await startSandboxProcess({ repo, dataDir: path.join(userData, 'sandbox'), portFile: path.join(userData, 'sandbox.port') });
  // Not a page: its root answers JSON. The Connect screen takes it, to sign in as another demo user.
  console.log(`Sandbox server: ${sandbox.url} is the demo organization's API (for the Connect screen and API clients), not a page to open.`);
  console.log(`Its data and the console's accounts are in ${userData}; the logs in ${path.join(userData, 'logs')} and ${path.join(userData, 'sandbox', 'logs')}.`);
  const stops: Stop[] = [];
  onSignal(async () => {
    // The console first: it deletes its event queues on the sandbox, which must still be up.
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await sandbox.stop();
  });
  void sandbox.exited.then((code) => {
    if (!stopping) fail(`The sandbox server stopped unexpectedly (exit code ${String(code)}).`);
  });

  const runtime: ElectronRuntime | null = browserOnly ? null : await findOrDownloadElectron();
  if (runtime?.available) {
    console.log('Opening the Realm Console window. Ctrl-C stops Realm Console.');
    stops.push(runElectron(runtime.executablePath, sandbox));
    return;
  }
  // The one line the issue asks for: why there is no window, and what happens instead.
  console.log(runtime ? `${runtime.reason.replace(/\.$/, '')}: serving browser mode instead.` : 'Serving browser mode (--browser).');
  const core = await createCore({
    dataDir: userData,
    secrets: new FileSecretStore(userData),
    appInfo: describeRuntime(PRODUCT_NAME, packageVersion(), process.platform, process.versions),
    sandbox: { url: sandbox.url, ...SANDBOX_OWNER },
  });
  stops.push(() => core.close());
  // The page's origin stays the same from run to run where it can, so the browser keeps what the page
  // keeps per origin (the theme, the organization in use).
  const host = await onRememberedPort(
    path.join(userData, 'browser.port'),
    (port) => startBrowserHost({ core, rendererDir: path.join(repo, 'dist', 'renderer'), port }),
    (started) => Number(new URL(started.url).port),
  );
  stops.push(() => host.close());
  console.log(`Open ${host.url} in your browser to use Realm Console (the link works once). Ctrl-C stops Realm Console.`);
}

async function buildIfStale(): Promise<void> {
  const state = checkBuild(repo);
  if (!state.stale) return;
  console.log(`Building Realm Console (${state.reason})…`);
  const output: Buffer[] = [];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repo, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) {
    process.stderr.write(Buffer.concat(output));
    fail('The build failed (output above); `npm run build` repeats it.');
  }
}

async function findOrDownloadElectron(): Promise<ElectronRuntime> {
  const found = findElectronRuntime();
  if (found.available) return found;
  // The electron package's installer may simply never have run; where its server is reachable, a
  // download fixes that. Say so only if it takes long enough to notice.
  const notice = setTimeout(() => console.log('Downloading the Electron runtime…'), 2000);
  const downloaded = await downloadElectronRuntime(5 * 60_000);
  clearTimeout(notice);
  return downloaded ? findElectronRuntime() : found;
}

/** Runs the desktop app; when its window closes, `npm start` ends too. */
function runElectron(executablePath: string, sandbox: SandboxProcess): Stop {
  // Electron is given the project folder, not dist/electron/main.js: it then reads package.json
  // (main, productName), so app.getPath('userData') is the "Realm Console" folder used above.
  const child = spawn(executablePath, [repo], { cwd: repo, stdio: 'inherit', env: { ...process.env, [SANDBOX_URL_VARIABLE]: sandbox.url } });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('error', (error) => fail(`Electron could not start: ${error.message}`));
  void exited.then(async () => {
    if (stopping) return;
    stopping = true;
    await sandbox.stop();
    process.exit(0);
  });
  return async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
}

function onSignal(stopAll: () => Promise<void>): void {
  const handler = () => {
    if (stopping) {
      // A second Ctrl-C while stopping: do not wait any longer.
      process.exit(130);
    }
    stopping = true;
    console.log('Stopping Realm Console…');
    void stopAll().then(() => process.exit(0));
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}

function packageVersion(): string {
  return (JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { version: string }).version;
}

function fail(message: string): never {
  console.error(message);
  // The 'exit' hook in sandbox-process.ts takes the sandbox down with us.
  process.exit(1);
}

main().catch((error: unknown) => fail(`Realm Console could not start: ${errorMessage(error)}`));
