// The `consolePage` fixture: the console's window, opened the way the project says. Specs are written
// once against it and run in both projects.
import { test as base, _electron as electron, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findElectronRuntime } from './electron-runtime';

export type ConsoleTarget = 'browser' | 'electron';
export interface ConsoleOptions {
  target: ConsoleTarget;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const test = base.extend<ConsoleOptions & { consolePage: Page }>({
  target: ['browser', { option: true }],
  consolePage: async ({ target, page }, use, testInfo) => {
    if (target === 'browser') {
      await page.goto('/');
      await use(page);
      return;
    }
    const runtime = findElectronRuntime();
    testInfo.skip(!runtime.available, runtime.available ? '' : runtime.reason);
    if (!runtime.available) return;
    const app = await electron.launch({
      executablePath: runtime.executablePath,
      args: [path.join(repoRoot, 'dist', 'electron', 'main.js')],
      cwd: repoRoot,
    });
    try {
      await use(await app.firstWindow());
    } finally {
      await app.close();
    }
  },
});

export { expect } from '@playwright/test';
