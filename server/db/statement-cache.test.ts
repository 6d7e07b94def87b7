// The statement cache hands back one compiled statement per SQL text, and a caller sees the rows in
// the shape it asked for whatever an earlier caller of the same text asked for.
import Database from 'better-sqlite3';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { cacheStatements, MAX_CACHED_STATEMENTS } from './statement-cache';

let db: Database.Database;

beforeEach(() => {
  db = new Database(':memory:');
  db.exec("CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO people (name) VALUES ('Ann'), ('Bo')");
  cacheStatements(db);
});
afterEach(() => db.close());

const ALL = 'SELECT id, name FROM people ORDER BY id';

test('a SQL text is compiled once', () => {
  expect(db.prepare(ALL)).toBe(db.prepare(ALL));
  expect(db.prepare('SELECT name FROM people')).not.toBe(db.prepare(ALL));
});

test('rows come in the shape each caller asks for, whatever the caller before asked', () => {
  expect(db.prepare(ALL).pluck().all()).toEqual([1, 2]);
  expect(db.prepare(ALL).all()).toEqual([{ id: 1, name: 'Ann' }, { id: 2, name: 'Bo' }]);
  expect(db.prepare(ALL).raw().all()).toEqual([[1, 'Ann'], [2, 'Bo']]);
  expect(db.prepare(ALL).get()).toEqual({ id: 1, name: 'Ann' });
  expect(db.prepare(ALL).expand().get()).toEqual({ people: { id: 1, name: 'Ann' } });
  expect(db.prepare(ALL).get()).toEqual({ id: 1, name: 'Ann' });
});

test('a statement that returns no rows is cached and runs again', () => {
  const insert = "INSERT INTO people (name) VALUES ('Cy')";
  db.prepare(insert).run();
  db.prepare(insert).run();
  expect(db.prepare('SELECT count(*) FROM people').pluck().get()).toBe(4);
});

test('the same text run inside its own iteration gets a statement of its own', () => {
  const pairs: string[] = [];
  for (const row of db.prepare(ALL).iterate() as IterableIterator<{ id: number; name: string }>) {
    pairs.push(`${row.name}:${String(db.prepare(ALL).pluck().all().length)}`);
  }
  expect(pairs).toEqual(['Ann:2', 'Bo:2']);
});

test('a changed table is seen by a statement compiled before the change', () => {
  const star = 'SELECT * FROM people WHERE id = 1';
  expect(db.prepare(star).get()).toEqual({ id: 1, name: 'Ann' });
  db.exec("ALTER TABLE people ADD COLUMN team TEXT DEFAULT 'core'");
  expect(db.prepare(star).get()).toEqual({ id: 1, name: 'Ann', team: 'core' });
});

test('past the bound, the least recently used statement is let go', () => {
  const used = db.prepare(ALL);
  const unused = db.prepare('SELECT name FROM people');
  for (let index = 0; index < MAX_CACHED_STATEMENTS - 2; index++) db.prepare(`SELECT ${String(index)}`);
  expect(db.prepare(ALL)).toBe(used);
  db.prepare('SELECT -1');
  expect(db.prepare(ALL)).toBe(used);
  expect(db.prepare('SELECT name FROM people')).not.toBe(unused);
});
