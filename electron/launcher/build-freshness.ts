// Whether `npm start` must build first: when an output is missing, or any source the build reads
// changed after the oldest output was written. Timestamps, not hashes: a rebuild takes seconds, and
// an edit that changes nothing costs only that.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What `vite build` writes and the launcher needs. */
export const BUILD_OUTPUTS = ['dist/renderer/index.html', 'dist/electron/main.js', 'dist/electron/preload.cjs'];
/** What the build reads: the three parts it bundles and its configuration. */
export const BUILD_SOURCES = ['renderer', 'shared', 'electron', 'vite.config.ts', 'package.json'];

export type Staleness = { stale: false } | { stale: true; reason: string };

/** `outputTimes`: each output's modification time, null when it is missing. */
export function buildStaleness(outputTimes: readonly (number | null)[], newestSourceTime: number): Staleness {
  if (outputTimes.length === 0 || outputTimes.some((time) => time === null)) return { stale: true, reason: 'there is no build yet' };
  const oldestOutput = Math.min(...(outputTimes as number[]));
  if (newestSourceTime > oldestOutput) return { stale: true, reason: 'the sources changed since the last build' };
  return { stale: false };
}

/** Tests and test helpers never reach the build, so editing them does not call for one. */
export function isBuildInput(relativePath: string): boolean {
  const parts = relativePath.split(/[\\/]/);
  if (parts.includes('node_modules') || parts.includes('testing')) return false;
  return !/\.test\.[cm]?[jt]sx?$/.test(relativePath);
}

/** The newest modification time among the files under `roots` (files or folders), in milliseconds. */
export function newestModification(repo: string, roots: readonly string[]): number {
  let newest = 0;
  const visit = (relative: string) => {
    const full = path.join(repo, relative);
    let stats;
    try {
      stats = statSync(full);
    } catch {
      return;
    }
    if (stats.isDirectory()) {
      for (const entry of readdirSync(full)) visit(path.join(relative, entry));
    } else if (isBuildInput(relative)) {
      newest = Math.max(newest, stats.mtimeMs);
    }
  };
  roots.forEach(visit);
  return newest;
}

export function modificationTime(file: string): number | null {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

export function checkBuild(repo: string): Staleness {
  const outputs = BUILD_OUTPUTS.map((output) => modificationTime(path.join(repo, output)));
  return buildStaleness(outputs, newestModification(repo, BUILD_SOURCES));
}
