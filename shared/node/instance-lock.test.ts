import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { acquireInstanceLock } from './instance-lock';

/** A process ID that was real a moment ago and now belongs to nobody. */
const deadPid = () => spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid!;

describe('one process at a time on a folder', () => {
  let dir: string;
  let lock: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'instance-lock-'));
    lock = path.join(dir, 'launcher.lock');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test('the lock holds its owner’s process ID and nothing else is left in the folder', () => {
    const first = acquireInstanceLock(lock);
    expect(first.acquired).toBe(true);
    expect(readFileSync(lock, 'utf8')).toBe(String(process.pid));
    expect(readdirSync(dir)).toEqual(['launcher.lock']);
    if (first.acquired) first.release();
  });

  test('a second process is told which process holds the folder', () => {
    const first = acquireInstanceLock(lock);
    expect(first.acquired).toBe(true);
    // Our test runner's parent stands in for another running process.
    expect(acquireInstanceLock(lock, process.ppid)).toEqual({ acquired: false, holder: process.pid });
    if (first.acquired) first.release();
  });

  test('a second lock from the same process is refused too (two servers in one test process)', () => {
    const first = acquireInstanceLock(lock);
    expect(acquireInstanceLock(lock)).toEqual({ acquired: false, holder: process.pid });
    if (first.acquired) first.release();
    expect(acquireInstanceLock(lock).acquired).toBe(true);
  });

  test('releasing the lock lets the next process in', () => {
    const first = acquireInstanceLock(lock);
    if (first.acquired) first.release();
    expect(existsSync(lock)).toBe(false);
    expect(acquireInstanceLock(lock, process.ppid).acquired).toBe(true);
  });

  test('a lock left by a process that died is taken over', () => {
    writeFileSync(lock, String(deadPid()));
    expect(acquireInstanceLock(lock).acquired).toBe(true);
    expect(readFileSync(lock, 'utf8')).toBe(String(process.pid));
  });

  test('an empty or unreadable lock is taken over', () => {
    writeFileSync(lock, '');
    expect(acquireInstanceLock(lock).acquired).toBe(true);
  });

  test('a lock holding this process’s ID that this process does not hold was left by an earlier process', () => {
    writeFileSync(lock, String(process.pid));
    expect(acquireInstanceLock(lock).acquired).toBe(true);
  });

  test('releasing leaves alone a lock another process has taken over since', () => {
    const first = acquireInstanceLock(lock);
    writeFileSync(lock, String(process.ppid));
    if (first.acquired) first.release();
    expect(readFileSync(lock, 'utf8')).toBe(String(process.ppid));
  });

  test('a folder that cannot hold the lock is the file system’s error, not a refusal', () => {
    expect(() => acquireInstanceLock(path.join(dir, 'missing', 'x.lock'))).toThrow(/ENOENT/);
  });
});
