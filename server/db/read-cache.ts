// Reads worth keeping between requests (every user row, every channel's subscribers: what the register
// snapshot of a 20,000-user realm reads each time), kept until a table they come from changes.
//
// A change is noticed whoever makes it: temporary triggers on this connection count every insert,
// update and delete of a watched table, whichever code path runs it, and PRAGMA data_version tells of
// commits by other connections (a test or a tool opening the database file), which drop everything.
// A write rolled back still counts as a change: the cost is one read too many, never a stale one.
import type { Db } from './connection';

interface Entry {
  stamp: string;
  value: unknown;
}

interface CacheState {
  /** Writes counted per watched table. */
  writes: Map<string, number>;
  dataVersion: number;
  entries: Map<string, Entry>;
}

const states = new WeakMap<Db, CacheState>();
const COUNT_FUNCTION = 'sandbox_read_cache_write';

function stateOf(db: Db): CacheState {
  let state = states.get(db);
  if (!state) {
    const created: CacheState = { writes: new Map(), dataVersion: dataVersion(db), entries: new Map() };
    db.function(COUNT_FUNCTION, (table: unknown) => {
      const name = String(table);
      created.writes.set(name, (created.writes.get(name) ?? 0) + 1);
      return null;
    });
    states.set(db, created);
    state = created;
  }
  return state;
}

const dataVersion = (db: Db) => db.pragma('data_version', { simple: true }) as number;
const IDENTIFIER = /^[a-z_]+$/;

function watch(db: Db, state: CacheState, table: string): void {
  if (state.writes.has(table)) return;
  if (!IDENTIFIER.test(table)) throw new Error(`read-cache: not a table name: ${table}`);
  for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
    db.exec(
      `CREATE TEMP TRIGGER IF NOT EXISTS read_cache_${table}_${event.toLowerCase()} AFTER ${event} ON main.${table}
       BEGIN SELECT ${COUNT_FUNCTION}('${table}'); END`,
    );
  }
  state.writes.set(table, 0);
}

/**
 * `read()`'s result, read again only when one of `tables` has changed since it was kept. The value is
 * shared between callers: treat it as read-only.
 */
export function readThrough<T>(db: Db, name: string, tables: readonly string[], read: () => T): T {
  const state = stateOf(db);
  for (const table of tables) watch(db, state, table);
  const version = dataVersion(db);
  if (version !== state.dataVersion) {
    state.entries.clear();
    state.dataVersion = version;
  }
  const stamp = tables.map((table) => `${table}:${String(state.writes.get(table))}`).join(',');
  const kept = state.entries.get(name);
  if (kept?.stamp === stamp) return kept.value as T;
  const value = read();
  state.entries.set(name, { stamp, value });
  return value;
}
