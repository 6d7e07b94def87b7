// What the in-Chromium benchmarks share (users-table.ts, users-scaling.ts, live-latency.ts,
// channels-list.ts): a build that is up to date, a console (core and browser host) signed in to a
// sandbox with the moment it went live, the screen's performance marks collected in the page on one
// clock (epoch milliseconds: performance.timeOrigin + startTime), waiting for a mark, the Users screen's
// searches and scrolling, and the figures' arithmetic and table.
import type { Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FileSecretStore } from '../../electron/core/accounts/file-secret-store';
import { createCore, type Core } from '../../electron/core/core';
import { describeRuntime } from '../../electron/core/runtime-info';
import { startSandbox, type Sandbox } from '../../electron/core/testing/sandbox';
import { startBrowserHost } from '../../electron/browser-host';
import { checkBuild } from '../../electron/launcher/build-freshness';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../shared/ipc';

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

/**
 * A sandbox seeded with `users` users (its own process, as `npm run server` runs it): 100,000 is the
 * huge seed (5,000 channels, a million messages), other sizes the large seed's proportions.
 */
export function sizedSandbox(users: number): Promise<Sandbox> {
  return startSandbox(users === 100_000 ? { seed: 'huge' } : { seed: 'large', users });
}

/** Signs in over HTTP as `email` (password "sandbox"); the Authorization header for its requests. */
export async function authorizationFor(url: string, email = 'olivia@sandbox.test'): Promise<string> {
  const reply = await fetch(`${url}/api/v1/fetch_api_key`, { method: 'POST', body: new URLSearchParams({ username: email, password: 'sandbox' }) });
  const { api_key: apiKey } = (await reply.json()) as { api_key: string };
  return `Basic ${Buffer.from(`${email}:${apiKey}`).toString('base64')}`;
}

/** Parameters as upstream clients send them: form-encoded, JSON inside the values that are not strings. */
export const formOf = (params: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(params).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]));

const BENCH_SENDER = { origin: 'app://console/', trusted: true };

/** A call to the core through its router, as the renderer's bridge makes it; a failure throws. */
export async function callCore<C extends ChannelName>(core: Core, channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  const result = await core.router.handle(channel, input, BENCH_SENDER);
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.code} ${result.error.msg}`);
  return result.value as ChannelOutput<C>;
}

export interface BenchConsole {
  core: Core;
  /** Browser mode's address: open it in a page. */
  url: string;
  /** Resolves with the epoch ms at which the core's session first went live (its snapshot applied). */
  live: Promise<number>;
  /** Another address for the same console: browser mode's link works once (electron/browser-host/access.ts). */
  anotherUrl(): Promise<string>;
  close(): Promise<void>;
}

/**
 * A console as `npm start` runs it in browser mode: the real core, on a fresh data folder, signed in to
 * the sandbox as `email` (password "sandbox"), and browser mode's host serving the built renderer.
 */
export async function startConsole(sandboxUrl: string, email = 'olivia@sandbox.test', fetch?: typeof globalThis.fetch): Promise<BenchConsole> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-core-'));
  const core = await createCore({
    dataDir,
    secrets: new FileSecretStore(dataDir),
    appInfo: describeRuntime('realm-console', '0.0.0-bench', process.platform, process.versions),
    sandbox: { url: sandboxUrl, email, password: 'sandbox' },
    logDir: null,
    ...(fetch ? { clientOptions: { fetch } } : {}),
  });
  const live = new Promise<number>((resolve) => {
    const stop = core.subscribe((push) => {
      if (push.kind === 'session.state' && push.state === 'live') {
        stop();
        resolve(Date.now());
      }
    });
  });
  const rendererDir = path.join(repo, 'dist', 'renderer');
  const hosts = [await startBrowserHost({ core, rendererDir })];
  return {
    core,
    url: (hosts[0] as { url: string }).url,
    live,
    async anotherUrl() {
      const host = await startBrowserHost({ core, rendererDir });
      hosts.push(host);
      return host.url;
    },
    async close() {
      for (const host of hosts) await host.close();
      await core.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Prepares a page: every performance mark, kept with its detail, before any script runs. */
export async function collectMarksIn(page: Page): Promise<void> {
  await page.addInitScript({ content: MARKS_SCRIPT });
}

/**
 * The script that collects the marks, for a page's init scripts. tsx names inner functions with a
 * helper the page does not have: it is given one that does nothing.
 */
export const MARKS_SCRIPT = `window.__name = (fn) => fn; (${collectMarks.toString()})();`;

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

export async function openUsersScreen(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Users & roles', exact: true }).click({ timeout: 120_000 });
}

export const usersSearchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search by name or email' });

/** The keys typed, each followed by a wait for its table: narrowing searches and widening back to everyone. */
export const USER_SEARCH_KEYS = [
  ...'ava ba',
  ...Array(6).fill('Backspace'),
  ...'kowalski',
  ...Array(8).fill('Backspace'),
  ...'zoe.xu',
  ...Array(6).fill('Backspace'),
  ...'elena',
  ...Array(5).fill('Backspace'),
] as string[];

/** The time between frames over 2 seconds of scrolling the users table 1,000 pixels a frame. */
export async function scrollFrames(page: Page): Promise<number[]> {
  await usersSearchBox(page).fill('');
  return page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        const table = document.querySelector<HTMLElement>('.users-table');
        if (!table) return resolve([]);
        const gaps: number[] = [];
        let last = performance.now();
        const end = last + 2000;
        const step = (now: number) => {
          gaps.push(now - last);
          last = now;
          table.scrollTop += 1000;
          if (now < end) requestAnimationFrame(step);
          else resolve(gaps.slice(1));
        };
        requestAnimationFrame(step);
      }),
  );
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

/**
 * The median time of `runs` calls of `work`, in ms. `before` runs ahead of each, untimed: a full
 * collection there keeps one call's hundreds of megabytes of garbage out of the next call's time.
 */
export function timeOf(work: () => unknown, runs = 5, before?: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    before?.();
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  return median(times);
}

export function mb(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

export function printTable(rows: string[][]): void {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0)));
  rows.forEach((row, index) => {
    console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd());
    if (index === 0) console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  });
}
