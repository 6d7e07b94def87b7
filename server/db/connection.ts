// Opens the sandbox's SQLite database in WAL mode, refusing a data directory another server is using,
// and brings its schema up to date.
import Database from 'better-sqlite3';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { migrate } from './migrations';

export type Db = Database.Database;

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(`The data directory ${dataDir} is in use by another sandbox server (process ${pid}). Stop that server, or start this one with another --data directory.`);
    this.name = 'DataDirInUseError';
  }
}

export interface OpenedDb {
  db: Db;
  /** Closes the database and releases the data directory. */
  close(): void;
}

export function openDatabase(dataDir: string): OpenedDb {
  mkdirSync(dataDir, { recursive: true });
  const releaseLock = lockDataDir(dataDir);
  let db: Db;
  try {
    db = new Database(path.join(dataDir, 'sandbox.sqlite'));
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
    migrate(db);
  } catch (error) {
    releaseLock();
    throw error;
  }
  return {
    db,
    close() {
      db.close();
      releaseLock();
    },
  };
}

/**
 * A lock file holding the owner's PID. A lock left by a process that no longer runs (a crash) is
 * taken over; a live owner's is refused.
 */
function lockDataDir(dataDir: string): () => void {
  const lockPath = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) throw new DataDirInUseError(dataDir, owner);
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
