// A console signed in as someone other than the fixtures' Olivia Owner, in browser mode beside the
// test's own: another administrator's desk, or a realm the test set up itself. Its own core, data
// folder and host; `close` stops them and removes the folder (its log stays with the test's).
import { test, type Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileSecretStore } from '../../electron/core/accounts/file-secret-store';
import { createCore } from '../../electron/core/core';
import { describeRuntime } from '../../electron/core/runtime-info';
import { startBrowserHost } from '../../electron/browser-host';
import { testLogFolder } from './run-logs';

const rendererDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'renderer');

export interface ConsoleAs {
  close(): Promise<void>;
}

/** Opens on `page` a console signed in to the sandbox at `realmUrl` as `email` (password "sandbox"). */
export async function openConsoleAs(page: Page, realmUrl: string, email: string): Promise<ConsoleAs> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'e2e-console-as-'));
  const { project, testId } = test.info();
  const core = await createCore({
    dataDir,
    secrets: new FileSecretStore(dataDir),
    // Its log joins the test's, which is searched for credentials when the test ends.
    logDir: path.join(testLogFolder(project.name, testId), `console-as-${email}`),
    appInfo: describeRuntime('realm-console', '0.0.0-e2e', process.platform, process.versions),
    sandbox: { url: realmUrl, email, password: 'sandbox' },
  });
  const host = await startBrowserHost({ core, rendererDir });
  await page.goto(host.url);
  return {
    async close() {
      await host.close();
      await core.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
