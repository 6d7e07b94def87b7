// The Channels screen's benches in Chromium, one harness for the list and the permission matrix: a
// sandbox with `--seed large` (its own process, ~2,000 channels), the real console core signed in as
// Olivia, browser mode's host and the built renderer in headless Chromium. They print figures and
// never fail on them (benchmarks are not timed tests).
//
// What is measured, from the marks the screen sets (renderer/src/screens/channels/channel-marks.ts),
// `<marks>` being the view's prefix (`channels` for the list, `matrix` for the grid):
//  1. request → view: the view opened on a fresh page with the core live; from the view asking for its
//     data (<marks>:mounted) to its first paint (<marks>:painted), the median of 5 page loads and the
//     first (cold) one.
//  2. keystroke → view: the keys of channels-list-keys.ts typed into the search box, one at a time;
//     from the keydown (channels:search-key) to the view painted for that search
//     (<marks>:search-painted).
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

export interface ChannelView {
  /** The table's title. */
  title: string;
  /** What is painted: "list", "grid". */
  noun: string;
  /** The marks' prefix. */
  marks: 'channels' | 'matrix';
  /** What the cold open spans, in words. */
  coldSpans: string;
  /** After the screen is open: reach the view (a tab). */
  open?: (page: Page) => Promise<void>;
}

export async function benchChannelView(view: ChannelView): Promise<void> {
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
      await page.getByRole('button', { name: 'Channels & folders', exact: true }).click({ timeout: 120_000 });
      await view.open?.(page);
      const painted = await waitForMark(page, `${view.marks}:painted`);
      const asked = (await marks(page)).find((mark) => mark.name === `${view.marks}:mounted`);
      if (asked) loads.push(painted.at - asked.at);
      rows = painted.detail?.rows ?? rows;
    }
    const [cold, ...warm] = loads;
    const box = page.getByRole('searchbox', { name: 'Search by name or description' });
    const keys = await typeSearches(page, box, KEYS, 'channels:search-key', `${view.marks}:search-painted`);

    await page.close();
    await host.close();
    await core.close();

    console.log(`\n${view.title}, --seed large (${rows.toLocaleString('en')} active channels in the ${view.noun}), Chromium ${browser.version()} headless, ${cpus().length} CPUs, Node ${process.version}\n`);
    printTable([
      ['Measure', 'Time', 'What it spans'],
      [`Request → first painted ${view.noun} (cold)`, fmt(cold ?? Number.NaN), view.coldSpans],
      [`Request → first painted ${view.noun}`, `${fmt(median(warm))} median, ${fmt(Math.max(...warm))} max`, `fresh page, core live (${warm.length} loads)`],
      [`Keystroke → repainted ${view.noun}`, `${fmt(median(keys.all))} median, ${fmt(percentile(keys.all, 95))} p95`, `${keys.all.length} keys in the search box, each waited for; max ${fmt(Math.max(...keys.all))}`],
      ['  narrowing keys', `${fmt(median(keys.narrowing))} median, ${fmt(percentile(keys.narrowing, 95))} p95`, `${keys.narrowing.length} keys that add a letter`],
      ['  widening keys (Backspace)', `${fmt(median(keys.widening))} median, ${fmt(percentile(keys.widening, 95))} p95`, `${keys.widening.length} Backspaces, the last of each back to every channel`],
    ]);
  } finally {
    await browser.close();
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
