// The read cache keeps a read until a table it comes from changes, whoever changes it: this
// connection through any statement, or another connection to the same file.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { readThrough } from './read-cache';

let dir: string;
let db: Database.Database;
let reads: number;
const names = () =>
  readThrough(db, 'names', ['people'], () => {
    reads += 1;
    return db.prepare('SELECT name FROM people ORDER BY id').pluck().all() as string[];
  });

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'read-cache-'));
  db = new Database(path.join(dir, 'test.sqlite'));
  db.exec("CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT); CREATE TABLE other (id INTEGER PRIMARY KEY); INSERT INTO people (name) VALUES ('Ann')");
  reads = 0;
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

test('an unchanged table is read once; a write to another table keeps the read', () => {
  expect(names()).toEqual(['Ann']);
  db.prepare('INSERT INTO other DEFAULT VALUES').run();
  expect(names()).toBe(names());
  expect(reads).toBe(1);
});

test('every kind of write through this connection is noticed, a rolled-back one included', () => {
  names();
  db.prepare("INSERT INTO people (name) VALUES ('Bob')").run();
  expect(names()).toEqual(['Ann', 'Bob']);
  db.prepare("UPDATE people SET name = 'Bea' WHERE name = 'Bob'").run();
  expect(names()).toEqual(['Ann', 'Bea']);
  db.prepare("DELETE FROM people WHERE name = 'Bea'").run();
  expect(names()).toEqual(['Ann']);
  expect(() =>
    db.transaction(() => {
      db.prepare("INSERT INTO people (name) VALUES ('Cat')").run();
      throw new Error('rolled back');
    })(),
  ).toThrow('rolled back');
  expect(names()).toEqual(['Ann']);
  expect(reads).toBe(5);
});

test('a write by another connection to the same file is noticed', () => {
  names();
  const other = new Database(path.join(dir, 'test.sqlite'));
  other.prepare("INSERT INTO people (name) VALUES ('Dan')").run();
  other.close();
  expect(names()).toEqual(['Ann', 'Dan']);
});
