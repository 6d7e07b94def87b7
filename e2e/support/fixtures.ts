// The fixtures every spec stands on: a real sandbox server on a fresh data directory (reached through
// a TCP proxy the test can cut, like a network outage; over HTTPS with a CA made for the test when
// asked), the real console core on its own data directory, and the built renderer in Chromium through
// browser mode's host. In the `electron` project the same specs drive the Electron app instead, where
// a runtime exists. Both logs go to the run's log folder (run-logs.ts), searched for credentials.
import { test as base, _electron as electron, type ElectronApplication, type Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Push } from '../../shared/ipc';
import { makeTestCertificates, type TestCertificates } from '../../shared/node/testing/test-certificates';
import { FileSecretStore } from '../../electron/core/accounts/file-secret-store';
import { createCore, type Core } from '../../electron/core/core';
import { describeRuntime } from '../../electron/core/runtime-info';
import { startBrowserHost } from '../../electron/browser-host';
import type { SeedName, ServerConfig } from '../../server/config';
import { startServer, type RunningServer } from '../../server/start';
import { findElectronRuntime } from './electron-runtime';
import { describeLeaks, findLeaks, testLogFolder, writeSecrets } from './run-logs';
import { directFetch } from './realm-client';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

export type ConsoleTarget = 'browser' | 'electron';
export interface ConsoleOptions {
  target: ConsoleTarget;
}

export interface SandboxOptions {
  seed: SeedName;
  config: Partial<ServerConfig>;
  /** Sign the core in to the sandbox as Olivia Owner before the page opens (as `npm start` does). */
  signedIn: boolean;
  /**
   * Serve HTTPS: with a certificate from a CA made for the test ('ca'), or a self-signed one. Its
   * address is 127.0.0.1, which the certificate names.
   */
  tls?: 'ca' | 'self-signed';
}

export interface TestSandbox {
  /** The address the console uses (through the proxy). */
  readonly url: string;
  /** The server's own address, for tests acting as another client. */
  readonly directUrl: string;
  readonly proxy: TcpProxy;
  /** The test's certificates when the sandbox serves HTTPS (caFile: what a user would choose). */
  readonly certificates: TestCertificates | null;
  /**
   * Stops the server and starts it again on the same data directory and port; `config` changes
   * options for this and later restarts (say, a daily invitation limit an owner raised).
   */
  restart(config?: Partial<ServerConfig>): Promise<void>;
}

/** The secrets a test used, searched for in its logs (and the run's) when it ends. */
export interface LogSecrets {
  add(secret: string): void;
}

export interface Recorder {
  /** Every IPC reply and push the renderer received, as JSON. */
  readonly payloads: string[];
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const rendererDir = path.join(repoRoot, 'dist', 'renderer');

/** Records what crosses to the renderer, so a test can prove no API key ever does. */
function recording(core: Core, recorder: Recorder): Core {
  return {
    router: {
      async handle(channel, input, sender) {
        const result = await core.router.handle(channel, input, sender);
        recorder.payloads.push(JSON.stringify(result));
        return result;
      },
    },
    subscribe(listener) {
      return core.subscribe((push: Push) => {
        recorder.payloads.push(JSON.stringify(push));
        listener(push);
      });
    },
    log: core.log,
    close: () => core.close(),
  };
}

/** The API keys of the demo's people (unchanged by anything a test does). */
async function demoApiKeys(realmUrl: string, certificates: TestCertificates | null): Promise<string[]> {
  const keys: string[] = [];
  const fetch = directFetch(certificates);
  for (const name of ['olivia', 'adam', 'mona', 'mark', 'gina']) {
    const reply = await fetch(`${realmUrl}/api/v1/fetch_api_key`, { method: 'POST', body: new URLSearchParams({ username: `${name}@sandbox.test`, password: 'sandbox' }) });
    const body = (await reply.json()) as { api_key?: string };
    if (body.api_key) keys.push(body.api_key);
  }
  return keys;
}

export const test = base.extend<
  ConsoleOptions & {
    sandboxOptions: SandboxOptions;
    sandbox: TestSandbox;
    recorder: Recorder;
    /** The test's log folder: its core's log in core/, its sandbox's in sandbox/. */
    logFolder: string;
    logSecrets: LogSecrets;
    coreDataDir: string;
    core: Core;
    /** The Electron app behind consolePage, for checks in its main process; undefined in the browser project. */
    electronApp: ElectronApplication | undefined;
    consolePage: Page;
  }
>({
  target: ['browser', { option: true }],
  sandboxOptions: [{ seed: 'demo', config: {}, signedIn: true }, { option: true }],

  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  logFolder: async ({}, use, testInfo) => {
    await use(testLogFolder(testInfo.project.name, testInfo.testId));
  },

  sandbox: async ({ sandboxOptions, logFolder }, use) => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'e2e-sandbox-'));
    let config = sandboxOptions.config;
    const certificates = sandboxOptions.tls ? makeTestCertificates(dataDir, { selfSigned: sandboxOptions.tls === 'self-signed' }) : null;
    const tls = certificates ? { tls: { certFile: certificates.certFile, keyFile: certificates.keyFile } } : {};
    const boot = (port = 0) => startServer({ port, dataDir, seed: sandboxOptions.seed, config, logDir: path.join(logFolder, 'sandbox'), ...tls });
    let server: RunningServer = await boot();
    const directPort = () => Number(new URL(server.url).port);
    const proxy = await startTcpProxy(directPort());
    const scheme = certificates ? 'https' : 'http';
    await use({
      get url() {
        return proxy.url.replace(/^http:/, `${scheme}:`);
      },
      get directUrl() {
        return server.url;
      },
      proxy,
      certificates,
      async restart(changes = {}) {
        config = { ...config, ...changes };
        const port = directPort();
        await server.close();
        server = await boot(port);
      },
    });
    await proxy.close();
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  },

  // After every test, no IPC reply or push the renderer received may hold an API key of the realm.
  recorder: async ({ sandbox, target }, use, testInfo) => {
    const recorder: Recorder = { payloads: [] };
    await use(recorder);
    // The Electron app's core runs in its own process: there, the preload's contract test stands in.
    if (target !== 'browser' || testInfo.status === 'skipped') return;
    const keys = await demoApiKeys(sandbox.directUrl, sandbox.certificates);
    const leaks = recorder.payloads.filter((payload) => keys.some((key) => payload.includes(key)));
    if (leaks.length > 0) throw new Error(`An API key reached the renderer in ${leaks.length} of ${recorder.payloads.length} payloads`);
    if (recorder.payloads.length === 0) throw new Error('No IPC traffic was recorded: the key check proved nothing');
  },

  // The demo's API keys and every secret a test adds: none may be in the test's logs when it ends (the
  // whole run's are searched again after it, global-teardown.ts, with the sandboxes' last lines too).
  logSecrets: [
    async ({ sandbox, logFolder }, use, testInfo) => {
      const secrets = await demoApiKeys(sandbox.directUrl, sandbox.certificates);
      await use({ add: (secret) => secrets.push(secret) });
      writeSecrets(logFolder, secrets);
      if (testInfo.status === 'skipped') return;
      const leaks = findLeaks(logFolder, secrets);
      if (leaks.length > 0) throw new Error(`Credentials in this test's logs:\n${describeLeaks(leaks)}`);
    },
    { auto: true },
  ],

  // The core's data folder, for a test that starts a second core on it (a restart after a crash).
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  coreDataDir: async ({}, use) => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'e2e-core-'));
    await use(dataDir);
    await rm(dataDir, { recursive: true, force: true });
  },

  core: async ({ sandbox, sandboxOptions, recorder, coreDataDir: dataDir, logFolder }, use) => {
    const core = await createCore({
      dataDir,
      secrets: new FileSecretStore(dataDir),
      logDir: path.join(logFolder, 'core'),
      appInfo: describeRuntime('realm-console', '0.0.0-e2e', process.platform, process.versions),
      ...(sandboxOptions.signedIn ? { sandbox: { url: sandbox.url, email: 'olivia@sandbox.test', password: 'sandbox' } } : {}),
    });
    await use(recording(core, recorder));
    await core.close();
  },

  electronApp: async ({ target, sandbox }, use, testInfo) => {
    if (target !== 'electron') {
      await use(undefined);
      return;
    }
    const runtime = findElectronRuntime();
    testInfo.skip(!runtime.available, runtime.available ? '' : runtime.reason);
    if (!runtime.available) return;
    const userData = await mkdtemp(path.join(tmpdir(), 'e2e-electron-'));
    const app = await electron.launch({
      executablePath: runtime.executablePath,
      args: [path.join(repoRoot, 'dist', 'electron', 'main.js'), `--user-data-dir=${userData}`],
      cwd: repoRoot,
      env: { ...process.env, REALM_CONSOLE_SANDBOX_URL: sandbox.url },
    });
    try {
      await use(app);
    } finally {
      await app.close();
      await rm(userData, { recursive: true, force: true });
    }
  },

  consolePage: async ({ target, page, core, electronApp }, use) => {
    if (target === 'browser') {
      const host = await startBrowserHost({ core, rendererDir });
      await page.goto(host.url);
      await use(page);
      await host.close();
      return;
    }
    if (!electronApp) throw new Error('The electron project has no Electron app: the electronApp fixture should have launched or skipped.');
    await use(await electronApp.firstWindow());
  },
});

export { expect } from '@playwright/test';
