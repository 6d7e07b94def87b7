// What the in-Chromium benchmarks share (users-table.ts, channels-list.ts): a build that is up to date,
// the screen's performance marks collected in the page on one clock (epoch milliseconds:
// performance.timeOrigin + startTime), waiting for a mark, and the figures' arithmetic and table.
import type { Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { checkBuild } from '../../electron/launcher/build-freshness';

export const repo = path.resolve(import.meta.dirname, '..', '..');

export interface Mark {
  name: string;
  /** Epoch milliseconds (performance.timeOrigin + startTime). */
  at: number;
  detail: { query?: string; rows?: number } | null;
}

declare global {
  interface Window {
    __benchMarks?: Mark[];
  }
}

export function ensureBuild(): void {
  const staleness = checkBuild(repo);
  if (!staleness.stale) return;
  console.log(`Building the renderer first (${staleness.reason})…`);
  const build = spawnSync(process.execPath, [path.join(repo, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], { cwd: repo, stdio: 'ignore' });
  if (build.status !== 0) throw new Error('vite build failed: run `npx vite build` to see why');
}

/** Prepares a page: every performance mark, kept with its detail, before any script runs. */
export async function collectMarksIn(page: Page): Promise<void> {
  // tsx names inner functions with a helper the page does not have: give it one that does nothing.
  await page.addInitScript({ content: 'window.__name = (fn) => fn;' });
  await page.addInitScript(collectMarks);
}

function collectMarks() {
  const collected: Mark[] = [];
  window.__benchMarks = collected;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const detail = (entry as PerformanceMark).detail as Mark['detail'];
      collected.push({ name: entry.name, at: performance.timeOrigin + entry.startTime, detail: detail ?? null });
    }
  }).observe({ type: 'mark' });
}

export async function marks(page: Page): Promise<Mark[]> {
  return page.evaluate(() => window.__benchMarks ?? []);
}

/** The first mark of that name after `after` (epoch ms), for that search when `query` is given. */
export async function waitForMark(page: Page, name: string, options: { query?: string; after?: number } = {}): Promise<Mark> {
  const handle = await page.waitForFunction(
    ({ name: wanted, after, query }) =>
      (window.__benchMarks ?? []).find((mark) => mark.name === wanted && mark.at > after && (query === null || mark.detail?.query === query)) ?? false,
    { name, after: options.after ?? 0, query: options.query ?? null },
    { timeout: 120_000, polling: 'raf' },
  );
  return (await handle.jsonValue()) as Mark;
}

export interface KeyTimes {
  all: number[];
  narrowing: number[];
  widening: number[];
}

/**
 * Types `keys` into the search box one at a time, each waited for: from the keydown (`keyMark`) to the
 * list painted for that search (`paintedMark`).
 */
export async function typeSearches(page: Page, box: ReturnType<Page['getByRole']>, keys: readonly string[], keyMark: string, paintedMark: string): Promise<KeyTimes> {
  await box.click();
  let query = '';
  const result: KeyTimes = { all: [], narrowing: [], widening: [] };
  for (const key of keys) {
    const before = Date.now() - 1;
    query = key === 'Backspace' ? query.slice(0, -1) : query + key;
    await page.keyboard.press(key === ' ' ? 'Space' : key);
    const painted = await waitForMark(page, paintedMark, { query, after: before });
    const pressed = (await marks(page)).filter((mark) => mark.name === keyMark && mark.at <= painted.at).at(-1);
    if (!pressed) continue;
    const ms = painted.at - pressed.at;
    result.all.push(ms);
    (key === 'Backspace' ? result.widening : result.narrowing).push(ms);
  }
  return result;
}

export function median(values: number[]): number {
  return percentile(values, 50);
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

export function fmt(ms: number): string {
  return Number.isNaN(ms) ? 'n/a' : `${ms.toFixed(ms < 100 ? 1 : 0)} ms`;
}

export function printTable(rows: string[][]): void {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0)));
  rows.forEach((row, index) => {
    console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd());
    if (index === 0) console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  });
}
