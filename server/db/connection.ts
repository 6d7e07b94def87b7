// Opens the sandbox's SQLite database in WAL mode, refusing a data directory another server is using
// (a lock file, server.lock, taken over when its process is gone), brings its schema up to date, and
// keeps its compiled statements (statement-cache.ts).
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { acquireInstanceLock } from '../../shared/node/instance-lock';
import { migrate } from './migrations';
import { cacheStatements } from './statement-cache';

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
  const lock = acquireInstanceLock(path.join(dataDir, 'server.lock'));
  if (!lock.acquired) throw new DataDirInUseError(dataDir, lock.holder);
  let db: Db;
  try {
    db = new Database(path.join(dataDir, 'sandbox.sqlite'));
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
    migrate(db);
    cacheStatements(db);
  } catch (error) {
    lock.release();
    throw error;
  }
  return {
    db,
    close() {
      db.close();
      lock.release();
    },
  };
}
