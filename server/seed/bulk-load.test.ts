// withIndexesRebuilt sets a table's own indexes aside while it is filled and builds them again; a fill
// that fails inside the seed's transaction leaves every index as it was, and so does a duplicate that
// a UNIQUE index would have refused row by row.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { openDatabase, type OpenedDb } from '../db/connection';
import { withIndexesRebuilt } from './bulk-load';

let dir: string;
let opened: OpenedDb;
const indexes = () => opened.db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('users', 'messages') ORDER BY name").all();

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'sandbox-bulk-'));
  opened = openDatabase(dir);
});
afterEach(() => {
  opened.close();
  rmSync(dir, { recursive: true, force: true });
});

test('the indexes are set aside during the fill and back afterwards', () => {
  const before = indexes();
  let during: unknown[] = [];
  opened.db.transaction(() => withIndexesRebuilt(opened.db, ['users', 'messages'], () => (during = indexes())))();
  expect(before.length).toBeGreaterThan(4);
  expect(during.filter((index) => (index as { sql: string | null }).sql !== null)).toEqual([]);
  expect(indexes()).toEqual(before);
});

test('a failed fill rolls back with the transaction and leaves the indexes whole', () => {
  const before = indexes();
  const fill = () =>
    opened.db.transaction(() =>
      withIndexesRebuilt(opened.db, ['users'], () => {
        throw new Error('disk full');
      }),
    )();
  expect(fill).toThrow('disk full');
  expect(indexes()).toEqual(before);
});

test('rows a UNIQUE index refuses make the rebuild fail, so the transaction keeps none of them', () => {
  const before = indexes();
  const insert = opened.db.prepare("INSERT INTO users (email, delivery_email, full_name, role, date_joined, api_key) VALUES ('a@x.test', 'a@x.test', 'A', 400, 0, ?)");
  const fill = () => opened.db.transaction(() => withIndexesRebuilt(opened.db, ['users'], () => [1, 2].forEach((n) => insert.run(`key${n}`))))();
  expect(fill).toThrow(/UNIQUE/);
  expect(opened.db.prepare('SELECT count(*) FROM users').pluck().get()).toBe(0);
  expect(indexes()).toEqual(before);
});
