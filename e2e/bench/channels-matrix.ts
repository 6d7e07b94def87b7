// The permission matrix at 2,000 channels, in Chromium (`npx tsx e2e/bench/channels-matrix.ts`, or `npm
// run bench`): as channels-list.ts, a sandbox with `--seed large`, the real core signed in as Olivia,
// browser mode's host and the built renderer in headless Chromium. It prints figures and never fails.
//
// What is measured, from the marks the tab sets (renderer/src/screens/channels/channel-marks.ts):
//  1. request → grid: the Permission matrix tab opened on a fresh page with the core live; from the tab
//     asking for its data (matrix:mounted: the channels, their context and the users the group settings
//     name) to the first painted grid (matrix:painted), the median of 5 page loads and the first one.
//  2. keystroke → grid: the same keys as the list's bench typed into the search box, one at a time;
//     from the keydown (channels:search-key) to the grid painted for that search (matrix:search-painted).
import { chromium, type Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { FileSecretStore } from '../../electron/core/accounts/file-secret-store';
import { createCore } from '../../electron/core/core';
import { describeRuntime } from '../../electron/core/runtime-info';
import { startSandbox } from '../../electron/core/testing/sandbox';
import { startBrowserHost } from '../../electron/browser-host';
import { CHROMIUM_ARGS, findChromium } from '../support/chromium';
import { collectMarksIn, ensureBuild, fmt, marks, median, percentile, printTable, repo, typeSearches, waitForMark } from './bench-page';
import { KEYS } from './channels-list-keys';

const LOADS = 5;


async function main() {
  const browserPath = findChromium();
  if (!browserPath) {
    console.log('Skipped: no Chromium found (run `npx tsx e2e/support/ensure-chromium.ts`).');
    return;
  }
  ensureBuild();

  const sandbox = await startSandbox({ seed: 'large' });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-core-'));
  const browser = await chromium.launch({ executablePath: browserPath.executablePath, args: CHROMIUM_ARGS, headless: true });
  try {
    const core = await createCore({
      dataDir,
      secrets: new FileSecretStore(dataDir),
      appInfo: describeRuntime('realm-console', '0.0.0-bench', process.platform, process.versions),
      sandbox: { url: sandbox.url, email: 'olivia@sandbox.test', password: 'sandbox' },
    });
    const live = new Promise<void>((resolve) =>
      core.subscribe((push) => {
        if (push.kind === 'session.state' && push.state === 'live') resolve();
      }),
    );
    const host = await startBrowserHost({ core, rendererDir: path.join(repo, 'dist', 'renderer') });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await collectMarksIn(page);
    await page.goto(host.url);
    await live;

    const loads: number[] = [];
    let rows = 0;
    for (let i = 0; i <= LOADS; i++) {
      if (i > 0) await page.reload();
      await openMatrix(page);
      const painted = await waitForMark(page, 'matrix:painted');
      const asked = (await marks(page)).find((mark) => mark.name === 'matrix:mounted');
      if (asked) loads.push(painted.at - asked.at);
      rows = painted.detail?.rows ?? rows;
    }
    const [cold, ...warm] = loads;
    const box = page.getByRole('searchbox', { name: 'Search by name or description' });
    const keys = await typeSearches(page, box, KEYS, 'channels:search-key', 'matrix:search-painted');

    await page.close();
    await host.close();
    await core.close();

    console.log(`\nPermission matrix, --seed large (${rows.toLocaleString('en')} active channels in the grid), Chromium ${browser.version()} headless, ${cpus().length} CPUs, Node ${process.version}\n`);
    printTable([
      ['Measure', 'Time', 'What it spans'],
      ['Request → first painted grid (cold)', fmt(cold ?? Number.NaN), 'the first open of the tab: the channels, their context and the users over the bridge, index, sort, render, paint'],
      ['Request → first painted grid', `${fmt(median(warm))} median, ${fmt(Math.max(...warm))} max`, `fresh page, core live (${warm.length} loads)`],
      ['Keystroke → repainted grid', `${fmt(median(keys.all))} median, ${fmt(percentile(keys.all, 95))} p95`, `${keys.all.length} keys in the search box, each waited for; max ${fmt(Math.max(...keys.all))}`],
      ['  narrowing keys', `${fmt(median(keys.narrowing))} median, ${fmt(percentile(keys.narrowing, 95))} p95`, `${keys.narrowing.length} keys that add a letter`],
      ['  widening keys (Backspace)', `${fmt(median(keys.widening))} median, ${fmt(percentile(keys.widening, 95))} p95`, `${keys.widening.length} Backspaces, the last of each back to every channel`],
    ]);
  } finally {
    await browser.close();
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function openMatrix(page: Page) {
  await page.getByRole('button', { name: 'Channels & folders', exact: true }).click({ timeout: 120_000 });
  await page.getByRole('tab', { name: 'Permission matrix' }).click();
}

await main();
