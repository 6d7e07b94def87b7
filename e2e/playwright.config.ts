// Two projects run the same specs: `browser` drives the built renderer in Chromium; `electron` drives
// the packaged app's main process and window where an Electron runtime exists (it skips elsewhere).
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './support/chromium';
import type { ConsoleOptions } from './support/fixtures';

const PREVIEW_PORT = Number(process.env.E2E_PREVIEW_PORT ?? 4173);
const chromium = findChromium();

export default defineConfig<ConsoleOptions>({
  testDir: './specs',
  globalSetup: './support/global-setup.ts',
  outputDir: '../test-results/e2e-artifacts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PREVIEW_PORT}`,
    launchOptions: { executablePath: chromium?.executablePath, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'browser', use: { target: 'browser' } },
    { name: 'electron', use: { target: 'electron' } },
  ],
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${PREVIEW_PORT} --strictPort`,
    cwd: '..',
    url: `http://127.0.0.1:${PREVIEW_PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
