// A live change end to end (`npx tsx e2e/bench/live-latency.ts`, or `npm run bench`): one sandbox
// seeded with 20,000 users (and 100,000 with BENCH_HUGE=1), two consoles (two cores, each with browser
// mode's host, and two pages in headless Chromium). Olivia changes a member's role in console A; the
// time runs from her click on "Make moderator" (or "Make member") to the frame in which console B's
// Users table, showing everyone, shows the new role. It prints figures and never fails on them
// (docs/style.md: benchmarks are not timed tests).
//
// The path measured: A's IPC call, its core's request, the sandbox's action and its event to both
// queues, B's core applying the event and pushing the changed user with its record, B's renderer
// patching its cached list, re-indexing, and painting. Both pages share one clock (epoch ms).
import { chromium, type Page } from '@playwright/test';
import { cpus } from 'node:os';
import { CHROMIUM_ARGS, findChromium } from '../support/chromium';
import { ensureBuild, fmt, median, openUsersScreen, percentile, printTable, sizedSandbox, startConsole, usersSearchBox } from './bench-page';

const SIZES = process.env.BENCH_SIZES ? process.env.BENCH_SIZES.split(',').map(Number) : process.env.BENCH_HUGE === '1' ? [20_000, 100_000] : [20_000];
const CHANGES = 20;
const GOAL = 'p95 < 150 ms at 100,000 users';

declare global {
  interface Window {
    __lastClickAt?: number;
    __roleShown?: Promise<number>;
  }
}

interface Timings {
  /** Click → repainted in B. */
  total: number[];
  /** Click → B's core pushes the change (A's core, the sandbox, B's core). */
  toPush: number[];
}

async function measure(size: number, browserPath: string): Promise<Timings> {
  const sandbox = await sizedSandbox(size);
  const browser = await chromium.launch({ executablePath: browserPath, args: CHROMIUM_ARGS, headless: true });
  const a = await startConsole(sandbox.url, 'olivia@sandbox.test');
  const b = await startConsole(sandbox.url, 'adam@sandbox.test');
  try {
    const [pageA, pageB] = await Promise.all([browser.newPage({ viewport: { width: 1440, height: 900 } }), browser.newPage({ viewport: { width: 1440, height: 900 } })]);
    // tsx names inner functions with a helper the page does not have: give it one that does nothing.
    for (const page of [pageA, pageB]) await page.addInitScript({ content: 'window.__name = (fn) => fn;' });
    await pageA.addInitScript(() => {
      // The click's own time, taken before the app's handler runs.
      document.addEventListener('click', (event) => (window.__lastClickAt = performance.timeOrigin + event.timeStamp), { capture: true });
    });
    await Promise.all([pageA.goto(a.url), pageB.goto(b.url)]);
    await Promise.all([openUsersScreen(pageA), openUsersScreen(pageB)]);
    await pageB.locator('.users-table .vgrid-body [role="row"]').first().waitFor({ timeout: 120_000 });
    const name = await firstMemberShown(pageB);
    // A opens that user's panel; B keeps showing everyone.
    await usersSearchBox(pageA).fill(name);
    await pageA.locator('.users-table .vgrid-body [role="row"]').filter({ has: pageA.locator('.user-name', { hasText: name }) }).first().click();
    const panel = pageA.getByRole('complementary', { name: new RegExp(`^${name}`) });
    await panel.waitFor();

    const times: Timings = { total: [], toPush: [] };
    let pushedAt = 0;
    b.core.subscribe((push) => {
      if (push.kind === 'realm.changed' && push.records?.users?.some((user) => user.full_name === name)) pushedAt = Date.now();
    });
    for (let i = 0; i < CHANGES; i++) {
      const to = i % 2 === 0 ? 'Moderator' : 'Member';
      await watchRole(pageB, name, to);
      await panel.getByRole('radio', { name: new RegExp(`^${to}`) }).check();
      await panel.getByRole('button', { name: `Make ${to.toLowerCase()}` }).click();
      const at = await pageB.evaluate(() => window.__roleShown ?? Promise.resolve(Number.NaN));
      const clickedAt = await pageA.evaluate(() => window.__lastClickAt ?? Number.NaN);
      times.total.push(at - clickedAt);
      times.toPush.push(pushedAt - clickedAt);
      // The next change starts once A is done with this one.
      await panel.getByRole('button', { name: 'Choose a new role' }).waitFor();
    }
    return times;
  } finally {
    await browser.close();
    await a.close();
    await b.close();
    await sandbox.close();
  }
}

/** The name of the first member in view in the table (sorted by name), to change back and forth. */
async function firstMemberShown(page: Page): Promise<string> {
  const name = await page.evaluate(() => {
    for (const row of document.querySelectorAll('.users-table .vgrid-body [role="row"]')) {
      if (row.querySelector('.cell-role')?.textContent === 'Member') return row.querySelector('.user-name')?.textContent ?? null;
    }
    return null;
  });
  if (!name) throw new Error('no member is in view in the users table');
  return name;
}

/**
 * Starts watching the table for the row of `name` showing `role`: `window.__roleShown` resolves with the
 * epoch ms of that frame (a MutationObserver on the table; the frame's time from requestAnimationFrame).
 */
async function watchRole(page: Page, name: string, role: string): Promise<void> {
  await page.evaluate(
    ({ name: wanted, role: shown }) => {
      const body = document.querySelector('.users-table .vgrid-body');
      if (!body) throw new Error('no users table');
      const shows = () =>
        [...body.querySelectorAll('[role="row"]')].some((row) => row.querySelector('.user-name')?.textContent === wanted && row.querySelector('.cell-role')?.textContent === shown);
      window.__roleShown = new Promise<number>((resolve) => {
        const observer = new MutationObserver(() => {
          if (!shows()) return;
          observer.disconnect();
          requestAnimationFrame((frame) => resolve(performance.timeOrigin + frame));
        });
        observer.observe(body, { subtree: true, childList: true, characterData: true });
      });
    },
    { name, role },
  );
}

async function main() {
  const found = findChromium();
  if (!found) {
    console.log('Skipped: no Chromium found (run `npx tsx e2e/support/ensure-chromium.ts`).');
    return;
  }
  ensureBuild();
  const rows = [['Realm', 'Changes', 'Click → repaint in the other console', 'p95', 'max', 'of which click → other core\u2019s push', 'Goal']];
  for (const size of SIZES) {
    const { total, toPush } = await measure(size, found.executablePath);
    rows.push([
      `${size.toLocaleString('en')} users`,
      String(total.length),
      `${fmt(median(total))} median`,
      fmt(percentile(total, 95)),
      fmt(Math.max(...total)),
      `${fmt(median(toPush))} median, ${fmt(percentile(toPush, 95))} p95`,
      GOAL,
    ]);
  }
  console.log(`\nA role change in one console, shown in another: headless Chromium, ${String(cpus().length)} CPUs, Node ${process.version}${process.env.BENCH_HUGE === '1' ? '' : ' (100,000 users: BENCH_HUGE=1)'}\n`);
  printTable(rows);
}

await main();
