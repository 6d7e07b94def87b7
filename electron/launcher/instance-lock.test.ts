import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { acquireInstanceLock } from './instance-lock';

describe('one npm start per user data folder', () => {
  let dir: string;
  let lock: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'instance-lock-'));
    lock = path.join(dir, 'launcher.lock');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test('a second launcher is told which process holds the folder', () => {
    const first = acquireInstanceLock(lock);
    expect(first.acquired).toBe(true);
    // Our test runner's parent stands in for another running launcher.
    expect(acquireInstanceLock(lock, process.ppid)).toEqual({ acquired: false, holder: process.pid });
  });

  test('releasing the lock lets the next launcher in', () => {
    const first = acquireInstanceLock(lock);
    if (first.acquired) first.release();
    expect(existsSync(lock)).toBe(false);
    expect(acquireInstanceLock(lock, process.ppid).acquired).toBe(true);
  });

  test('a lock left by a launcher that died is taken over', () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid!;
    writeFileSync(lock, String(dead));
    expect(acquireInstanceLock(lock).acquired).toBe(true);
  });
});
