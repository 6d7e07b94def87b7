// One process at a time on a folder: a lock file holding its owner's process ID. `npm start` takes one
// on the user data folder (two launchers would run two sandbox servers and two cores on one accounts
// file) and the sandbox server one on its data directory (two servers on one database). A lock whose
// process is gone (a crash) is taken over; a live owner's is refused, this process's own included.
import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type LockResult = { acquired: true; release(): void } | { acquired: false; holder: number };

/** The lock files this process holds, by absolute path, with the PID written in each. */
const held = new Map<string, number>();

/**
 * Takes the lock file for `pid` (this process by default; tests pass another to play a second
 * process). Throws only what the file system throws, such as a folder that cannot be written.
 */
export function acquireInstanceLock(file: string, pid = process.pid): LockResult {
  const key = path.resolve(file);
  // A stale lock is removed and the creation tried again; a rival may win that race, and its lock is live.
  for (let attempt = 0; attempt < 3; attempt++) {
    if (createLock(file, pid)) {
      held.set(key, pid);
      return { acquired: true, release: () => release(file, key, pid) };
    }
    const holder = readHolder(file);
    if (holder !== null && isLive(holder, key, pid)) return { acquired: false, holder };
    rmSync(file, { force: true });
  }
  throw new Error(`The lock file ${file} could not be taken: other processes keep replacing it.`);
}

/**
 * Creates the lock with its PID already in it: a file written in full beside it and hard-linked into
 * place (linking fails if the lock exists). A rival never reads an empty lock and takes it for stale.
 * Where the file system has no hard links, an exclusive create and write does nearly as well.
 */
function createLock(file: string, pid: number): boolean {
  const whole = `${file}.${pid}-${process.hrtime.bigint()}`;
  writeFileSync(whole, String(pid));
  try {
    linkSync(whole, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    return createExclusive(file, pid);
  } finally {
    rmSync(whole, { force: true });
  }
}

function createExclusive(file: string, pid: number): boolean {
  try {
    writeFileSync(file, String(pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Removes the lock only while it is still this owner's: a lock taken over since is not ours to remove. */
function release(file: string, key: string, pid: number): void {
  if (held.get(key) !== pid) return;
  held.delete(key);
  if (readHolder(file) === pid) rmSync(file, { force: true });
}

function readHolder(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * The caller's own PID in the lock is live only while this process holds that lock; otherwise it was
 * left by an earlier process that had the same PID.
 */
function isLive(holder: number, key: string, pid: number): boolean {
  if (holder === pid) return held.get(key) === pid;
  try {
    process.kill(holder, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
