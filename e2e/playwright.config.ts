// Two projects run the same specs: `browser` drives the built renderer in Chromium through browser
// mode's host and the real core; `electron` drives the built app where an Electron runtime exists (it
// skips elsewhere). Each test gets its own sandbox server and core (support/fixtures.ts).
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './support/chromium';
import type { ConsoleOptions } from './support/fixtures';

const chromium = findChromium();

export default defineConfig<ConsoleOptions>({
  testDir: './specs',
  globalSetup: './support/global-setup.ts',
  globalTeardown: './support/global-teardown.ts',
  outputDir: '../test-results/e2e-artifacts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  use: {
    launchOptions: { executablePath: chromium?.executablePath, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'browser', use: { target: 'browser' } },
    { name: 'electron', use: { target: 'electron' } },
  ],
});
