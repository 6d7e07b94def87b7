// Direct access to a test server's database file, for what the API has no endpoint for yet: reading
// a bot's API key or an unreturned column, or setting up rows and realm settings. SQLite lets the test
// open the file while the server has it open too.
import Database from 'better-sqlite3';
import path from 'node:path';
import type { TestServer } from './harness';

/** Runs `run` on the server's database and closes the connection afterwards, even if `run` throws. */
export function withDb<T>(server: TestServer, run: (db: Database.Database) => T): T {
  const db = new Database(path.join(server.dataDir, 'sandbox.sqlite'));
  try {
    return run(db);
  } finally {
    db.close();
  }
}
