// The Users table at 20,000 users, in Chromium (`npx tsx e2e/bench/users-table.ts`, or `npm run bench`):
// a sandbox with `--seed large` (its own process, as `npm start` runs it), the real console core
// signed in as Olivia, browser mode's host and the built renderer in headless Chromium. It prints
// figures and never fails on them (docs/style.md: benchmarks are not timed tests).
//
// What is measured, from the performance marks the screen sets (renderer/src/screens/users/user-marks.ts),
// on one clock (the page's marks as epoch time, performance.timeOrigin + startTime):
//  1. snapshot → table: the page is open on the Users screen before the core has the realm, so its
//     request for the list waits; from the core's session going live (the /register snapshot applied,
//     the moment the core pushes `live`) to the first painted table.
//  2. request → table: a fresh page opened on the Users screen; from the screen asking for the list
//     (mark users:mounted) to the first painted table (users:painted), the median of 5 page loads.
//  3. keystroke → table: ~50 keys typed into the search box, one at a time; from the keydown (mark
//     users:search-key) to the table painted for that search (users:search-painted).
//  4. scrolling: 2 seconds of scrolling the table 1,000 pixels a frame; the time between frames.
import { chromium } from '@playwright/test';
import { cpus } from 'node:os';
import { startSandbox } from '../../electron/core/testing/sandbox';
import { CHROMIUM_ARGS, findChromium } from '../support/chromium';
import {
  collectMarksIn,
  ensureBuild,
  fmt,
  marks,
  median,
  openUsersScreen,
  percentile,
  printTable,
  scrollFrames,
  startConsole,
  typeSearches,
  USER_SEARCH_KEYS,
  usersSearchBox,
  waitForMark,
} from './bench-page';

const RELOADS = 5;

async function main() {
  const browserPath = findChromium();
  if (!browserPath) {
    console.log('Skipped: no Chromium found (run `npx tsx e2e/support/ensure-chromium.ts`).');
    return;
  }
  ensureBuild();

  let started = Date.now();
  const sandbox = await startSandbox({ seed: 'large' });
  const seedMs = Date.now() - started;
  const browser = await chromium.launch({ executablePath: browserPath.executablePath, args: CHROMIUM_ARGS, headless: true });
  try {
    started = Date.now();
    const app = await startConsole(sandbox.url);
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await collectMarksIn(page);

    // 1. The page waits on the Users screen while the core registers.
    await page.goto(app.url);
    await openUsersScreen(page);
    const liveAt = await app.live;
    const first = await waitForMark(page, 'users:painted');
    const mounted = (await marks(page)).find((mark) => mark.name === 'users:mounted');
    const askedBeforeLive = mounted !== undefined && mounted.at < liveAt;
    const registerMs = liveAt - started;

    // 2. Fresh pages, the core already live.
    const loads: number[] = [];
    for (let i = 0; i < RELOADS; i++) {
      await page.reload();
      await openUsersScreen(page);
      const painted = await waitForMark(page, 'users:painted');
      const asked = (await marks(page)).find((mark) => mark.name === 'users:mounted');
      if (asked) loads.push(painted.at - asked.at);
    }
    const rowsShown = first.detail?.rows ?? 0;

    // 3. Keystrokes.
    const keys = await typeSearches(page, usersSearchBox(page), USER_SEARCH_KEYS, 'users:search-key', 'users:search-painted');

    // 4. Scrolling.
    const frames = await scrollFrames(page);

    await page.close();
    await app.close();

    const chromiumVersion = browser.version();
    console.log(`\nUsers table, --seed large (${rowsShown.toLocaleString('en')} users in the table), Chromium ${chromiumVersion} headless, ${cpus().length} CPUs, Node ${process.version}`);
    console.log(`(seeding the sandbox took ${(seedMs / 1000).toFixed(1)} s; the core's sign-in and register ${(registerMs / 1000).toFixed(1)} s)\n`);
    const snapshotLine = askedBeforeLive
      ? ['Snapshot → first painted table', `${fmt(first.at - liveAt)}`, 'from the core\u2019s session going live (snapshot applied) to the first paint; the page was waiting on the Users screen']
      : ['Request → first painted table (cold)', `${fmt(first.at - (mounted?.at ?? first.at))}`, 'the page asked after the snapshot was there, so this is from its request'];
    printTable([
      ['Measure', 'Time', 'What it spans'],
      snapshotLine,
      ['Request → first painted table', `${fmt(median(loads))} median, ${fmt(Math.max(...loads))} max`, `fresh page, core live: the list over the bridge, index, sort, render, paint (${loads.length} loads)`],
      ['Keystroke → repainted table', `${fmt(median(keys.all))} median, ${fmt(percentile(keys.all, 95))} p95`, `${keys.all.length} keys in the search box, each waited for; max ${fmt(Math.max(...keys.all))}`],
      ['  narrowing keys', `${fmt(median(keys.narrowing))} median, ${fmt(percentile(keys.narrowing, 95))} p95`, `${keys.narrowing.length} keys that add a letter`],
      ['  widening keys (Backspace)', `${fmt(median(keys.widening))} median, ${fmt(percentile(keys.widening, 95))} p95`, `${keys.widening.length} Backspaces, the last of each back to all ${rowsShown.toLocaleString('en')} users`],
      ['Scrolling: time between frames', `${fmt(median(frames))} median, ${fmt(percentile(frames, 95))} p95`, `${frames.length} frames scrolling 1,000 px each; ${frames.filter((f) => f > 50).length} over 50 ms`],
    ]);
  } finally {
    await browser.close();
    await sandbox.close();
  }
}

await main();
