// Versioned migrations: PRAGMA user_version records the last one applied; each runs in a transaction.
import type Database from 'better-sqlite3';
import { SCHEMA_V1 } from './schema-v1';
import { SCHEMA_V2 } from './schema-v2';
import { SCHEMA_V3 } from './schema-v3';
import { SCHEMA_V4 } from './schema-v4';

export const MIGRATIONS: readonly string[] = [SCHEMA_V1, SCHEMA_V2, SCHEMA_V3, SCHEMA_V4];

export function migrate(db: Database.Database): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    throw new Error(`The sandbox database is at schema version ${current}, newer than this server (${MIGRATIONS.length}). Use a newer Realm Console, or another --data directory.`);
  }
  for (let version = current; version < MIGRATIONS.length; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version] ?? '');
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}
