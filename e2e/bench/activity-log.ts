// The activity log at 100,000 entries (`npx tsx e2e/bench/activity-log.ts`, or `npm run bench`). It
// prints figures and never fails on them (benchmarks are not timed tests).
//
//  1. In the core (Node): the first query of a log nobody has read yet (read the file, parse, index),
//     then queries of the indexed log: the first page unfiltered, filtered by kind, searched, and all
//     filters together (median of 20 each).
//  2. In headless Chromium, against the demo sandbox, the real core signed in as Olivia with a
//     100,000-entry log on disk: from clicking the Activity log tab to its first paint with entries
//     (activity:painted; the first, cold, and the median of 5 more page loads), and from a keystroke in
//     its search box to the log repainted for that search (activity:search-key → activity:search-painted).
import { chromium } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ActivityEntry, ActivityFilters } from '../../shared/ipc';
import { AccountService } from '../../electron/core/accounts/accounts';
import { FileSecretStore } from '../../electron/core/accounts/file-secret-store';
import { ActivityLog } from '../../electron/core/activity/activity-log';
import { createCore } from '../../electron/core/core';
import { describeRuntime } from '../../electron/core/runtime-info';
import { startSandbox } from '../../electron/core/testing/sandbox';
import { startBrowserHost } from '../../electron/browser-host';
import { CHROMIUM_ARGS, findChromium } from '../support/chromium';
import { collectMarksIn, ensureBuild, fmt, median, percentile, printTable, repo, typeSearches, waitForMark } from './bench-page';

const ENTRIES = 100_000;
const RUNS = 20;
const LOADS = 5;
const KEYS = ['m', 'a', 'r', 'k', ' ', 'a', 'd', 'Backspace', 'Backspace', 'Backspace', 'Backspace', 'Backspace', 'Backspace', 'Backspace'];

/** A year of changes by three administrators: roles, renames, deactivations, channels and defaults. */
function entries(count: number): string {
  const actors = [
    { actor: 'Olivia Owner (olivia@sandbox.test)', actorId: 8 },
    { actor: 'Adam Admin (adam@sandbox.test)', actorId: 9 },
    { actor: 'Alice Auditor (alice@sandbox.test)', actorId: 10 },
  ];
  const people = ['Mark Member', 'Gina Guest', 'Mona Moderator', 'Derek Dormant', 'Nina New', 'Paul Product', 'Rita Research'];
  const start = Date.UTC(2025, 0, 1);
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const who = actors[i % actors.length] as (typeof actors)[number];
    const person = people[i % people.length] as string;
    const userId = 100 + (i % 5000);
    const at = start + i * 300_000;
    const kind = i % 4;
    const base = { at, ...who, result: (i % 50 === 0 ? 'failed' : 'ok') as ActivityEntry['result'], error: i % 50 === 0 ? 'Insufficient permission' : null };
    const entry: ActivityEntry =
      kind === 0
        ? { ...base, action: 'Changed role', kind: 'role', userIds: [userId], target: `${person} ${i} (user${userId}@sandbox.test)`, details: 'Member → Administrator' }
        : kind === 1
          ? { ...base, action: 'Renamed', kind: 'name', userIds: [userId], target: `${person} ${i} (user${userId}@sandbox.test)`, details: `${person} → ${person} Jr.` }
          : kind === 2
            ? { ...base, action: 'Changed description', kind: 'channel', channelId: i % 300, channelIds: [i % 300], target: `#channel-${i % 300}`, details: 'Plans → Roadmaps and plans' }
            : { ...base, action: 'Changed default settings', kind: 'defaults', target: 'Sandbox Org', details: 'Enter sends: off → on' };
    lines.push(JSON.stringify(entry));
  }
  return lines.join('\n') + '\n';
}

function timed(run: () => unknown): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

function benchCore(log: string): string[][] {
  const dir = path.join(tmpdir(), `bench-activity-${process.pid}`);
  mkdirSync(path.join(dir, 'activity'), { recursive: true });
  writeFileSync(path.join(dir, 'activity', 'acc.jsonl'), log);
  const activity = new ActivityLog(dir);
  const cold = timed(() => activity.query('acc', {}, 0, 100));
  const measure = (filters: ActivityFilters) => median(Array.from({ length: RUNS }, () => timed(() => activity.query('acc', filters, 0, 100))));
  const rows = [
    ['First query of an unread log (read, parse, index, first page)', fmt(cold)],
    ['First page, no filter', fmt(measure({}))],
    ['Filtered by kind (roles)', fmt(measure({ kinds: ['role'] }))],
    ['Searched ("mark administrator")', fmt(measure({ search: 'mark administrator' }))],
    ['Every filter and a search', fmt(measure({ kinds: ['role'], actorId: 9, from: Date.UTC(2025, 2, 1), to: Date.UTC(2025, 5, 1), search: 'mark' }))],
  ];
  return rows;
}

async function benchChromium(log: string): Promise<string[][] | string> {
  const browserPath = findChromium();
  if (!browserPath) return 'Skipped in Chromium: no Chromium found (run `npx tsx e2e/support/ensure-chromium.ts`).';
  ensureBuild();
  const sandbox = await startSandbox({});
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-core-'));
  const browser = await chromium.launch({ executablePath: browserPath.executablePath, args: CHROMIUM_ARGS, headless: true });
  try {
    const accounts = new AccountService({ dataDir, secrets: new FileSecretStore(dataDir) });
    const account = await accounts.signInWithPassword({ realmUrl: sandbox.url, email: 'olivia@sandbox.test', password: 'sandbox', allowPlaintext: true });
    mkdirSync(path.join(dataDir, 'activity'), { recursive: true });
    writeFileSync(path.join(dataDir, 'activity', `${account.id}.jsonl`), log);
    const core = await createCore({ dataDir, secrets: new FileSecretStore(dataDir), appInfo: describeRuntime('realm-console', '0.0.0-bench', process.platform, process.versions), logDir: null });
    const host = await startBrowserHost({ core, rendererDir: path.join(repo, 'dist', 'renderer') });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await collectMarksIn(page);
    await page.goto(host.url);

    const loads: number[] = [];
    for (let i = 0; i <= LOADS; i++) {
      if (i > 0) await page.reload();
      await page.getByRole('button', { name: 'Users & roles', exact: true }).click({ timeout: 120_000 });
      const tab = page.getByRole('tab', { name: 'Activity log' });
      await tab.waitFor({ timeout: 120_000 });
      const clicked = Date.now();
      await tab.click();
      const painted = await waitForMark(page, 'activity:painted', { after: clicked - 1 });
      loads.push(painted.at - clicked);
    }
    const [cold, ...warm] = loads;
    const box = page.getByRole('searchbox', { name: 'Search the activity log' });
    const keys = await typeSearches(page, box, KEYS, 'activity:search-key', 'activity:search-painted');
    await page.close();
    await host.close();
    await core.close();
    return [
      ['Tab click → first painted log (cold: the core reads and indexes the file)', fmt(cold ?? Number.NaN)],
      ['Tab click → first painted log', `${fmt(median(warm))} median, ${fmt(Math.max(...warm))} max (${warm.length} page loads)`],
      ['Keystroke → repainted log', `${fmt(median(keys.all))} median, ${fmt(percentile(keys.all, 95))} p95 (${keys.all.length} keys, each waited for)`],
    ];
  } finally {
    await browser.close();
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const log = entries(ENTRIES);
console.log(`\nActivity log, ${ENTRIES.toLocaleString('en')} entries (${(log.length / 1e6).toFixed(1)} MB of JSON lines), ${cpus().length} CPUs, Node ${process.version}\n`);
printTable([['In the core', 'Time'], ...benchCore(log)]);
const chromiumRows = await benchChromium(log);
console.log('');
if (typeof chromiumRows === 'string') console.log(chromiumRows);
else printTable([['In Chromium (demo sandbox, real core)', 'Time'], ...chromiumRows]);
