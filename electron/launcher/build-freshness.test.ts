import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { BUILD_OUTPUTS, buildStaleness, checkBuild, isBuildInput } from './build-freshness';

describe('is the build stale', () => {
  test('a missing output means there is no build yet', () => {
    expect(buildStaleness([1000, null, 1000], 500)).toEqual({ stale: true, reason: 'there is no build yet' });
  });

  test('a source newer than the oldest output calls for a rebuild', () => {
    expect(buildStaleness([1000, 3000, 3000], 2000)).toEqual({ stale: true, reason: 'the sources changed since the last build' });
  });

  test('outputs newer than every source are fresh', () => {
    expect(buildStaleness([3000, 3000, 3000], 2000)).toEqual({ stale: false });
  });

  test('tests and test helpers are not build inputs', () => {
    expect(isBuildInput('renderer/src/app/App.tsx')).toBe(true);
    expect(isBuildInput('renderer/index.html')).toBe(true);
    expect(isBuildInput('renderer/src/app/StatusLine.test.tsx')).toBe(false);
    expect(isBuildInput('electron/core/testing/sandbox.ts')).toBe(false);
  });
});

describe('checking a project folder', () => {
  let repo: string;
  const touch = async (file: string, seconds: number) => {
    await mkdir(path.dirname(path.join(repo, file)), { recursive: true });
    await writeFile(path.join(repo, file), '');
    await utimes(path.join(repo, file), seconds, seconds);
  };

  beforeEach(async () => {
    repo = await mkdtemp(path.join(tmpdir(), 'build-freshness-'));
    await touch('renderer/src/main.tsx', 1000);
    await touch('electron/main.ts', 1000);
  });
  afterEach(() => rm(repo, { recursive: true, force: true }));

  test('a fresh build is used as it is, even after a test file changed', async () => {
    for (const output of BUILD_OUTPUTS) await touch(output, 2000);
    await touch('electron/core/router.test.ts', 3000);
    expect(checkBuild(repo)).toEqual({ stale: false });
  });

  test('a renderer source edited after the build makes it stale', async () => {
    for (const output of BUILD_OUTPUTS) await touch(output, 2000);
    await touch('renderer/src/main.tsx', 3000);
    expect(checkBuild(repo).stale).toBe(true);
  });

  test('a folder without dist/ needs a build', () => {
    expect(checkBuild(repo)).toEqual({ stale: true, reason: 'there is no build yet' });
  });
});
