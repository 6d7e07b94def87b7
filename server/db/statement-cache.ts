// Keeps the database's compiled statements. Every query is written where it is used (`db.prepare(sql)`
// beside the code that needs it), and SQLite compiles a statement anew on each prepare: about 30 µs
// on this schema against 3 µs to run a prepared lookup, several times per request (authentication
// alone is one, per long-poll). With this, `db.prepare` compiles each SQL text once and hands the same
// statement back, its row-shape modifiers (pluck, raw, expand) reset as a new statement's are.
import type Database from 'better-sqlite3';

/** Far above the sandbox's distinct queries (a few hundred); the bound only stops SQL built per call from growing it forever. */
export const MAX_CACHED_STATEMENTS = 2_000;

export function cacheStatements(db: Database.Database): void {
  const compile = db.prepare.bind(db);
  // A Map iterates in insertion order: moving a statement to the end on each use makes the first the
  // least recently used, the one to let go.
  const statements = new Map<string, Database.Statement>();
  db.prepare = ((sql: string) => {
    const cached = statements.get(sql);
    // A statement still stepping through .iterate() cannot run again until it ends: that caller gets its own.
    if (cached?.busy) return compile(sql);
    if (cached) {
      statements.delete(sql);
      statements.set(sql, cached);
      if (cached.reader) cached.pluck(false).raw(false).expand(false);
      return cached;
    }
    const statement = compile(sql);
    statements.set(sql, statement);
    if (statements.size > MAX_CACHED_STATEMENTS) statements.delete(statements.keys().next().value as string);
    return statement;
  }) as typeof db.prepare;
}
