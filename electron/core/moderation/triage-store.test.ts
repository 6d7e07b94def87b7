// The review state on disk: kept across instances, written whole or not at all, and a file that cannot
// be read set aside rather than trusted or lost.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { TriageStore } from './triage-store';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'triage-'));
  dirs.push(dir);
  return path.join(dir, 'moderation');
}

test('reviewed reports are kept in <account>.json and read back by a new store', () => {
  const dir = folder();
  const store = new TriageStore(dir, 'abc123');
  store.setReviewed([10, 11], true, 1_700_000_000);
  expect(store.file).toBe(path.join(dir, 'abc123.json'));
  const again = new TriageStore(dir, 'abc123');
  expect([again.isReviewed(10), again.isReviewed(11), again.isReviewed(12)]).toEqual([true, true, false]);
  expect(again.unsyncedReads()).toEqual([10, 11]);
  again.markServerRead([10]);
  expect(new TriageStore(dir, 'abc123').unsyncedReads()).toEqual([11]);
  again.setReviewed([11], false, 1_700_000_100);
  expect(new TriageStore(dir, 'abc123').isReviewed(11)).toBe(false);
  // Only the file itself is left (no temporary files), readable by its owner alone.
  expect(readdirSync(dir)).toEqual(['abc123.json']);
  expect(statSync(store.file).mode & 0o777).toBe(0o600);
});

test('marking reviewed again keeps the first review time', () => {
  const dir = folder();
  const store = new TriageStore(dir, 'a');
  store.setReviewed([1], true, 100);
  store.setReviewed([1], true, 200);
  expect(JSON.parse(readFileSync(store.file, 'utf8'))).toEqual({ version: 1, reviewed: { '1': { reviewedAt: 100, serverRead: false } } });
});

test.each([
  ['not JSON', '{"version": 1, "revi'],
  ['another shape', '{"version": 2, "reviewed": []}'],
])('a file that is %s is moved aside, and every report is new', (_what, text) => {
  const dir = folder();
  const logged: string[] = [];
  new TriageStore(dir, 'a').setReviewed([1], true, 1);
  writeFileSync(path.join(dir, 'a.json'), text);
  const store = new TriageStore(dir, 'a', (message) => logged.push(message));
  expect(store.isReviewed(1)).toBe(false);
  expect(logged).toEqual([expect.stringMatching(/was moved to .*a\.json\.unreadable-.* because it is/)]);
  expect(readdirSync(dir).filter((name) => name.startsWith('a.json.unreadable-'))).toHaveLength(1);
  // The next change writes a fresh file.
  store.setReviewed([2], true, 2);
  expect(new TriageStore(dir, 'a').isReviewed(2)).toBe(true);
});

test('a failed save changes nothing and says what to check', () => {
  const dir = folder();
  const store = new TriageStore(dir, 'a');
  store.setReviewed([1], true, 1);
  // A folder where the file should be: the rename fails, even for root.
  rmSync(store.file);
  mkdirSync(store.file);
  expect(() => store.setReviewed([2], true, 2)).toThrow(expect.objectContaining({ code: 'TRIAGE_NOT_SAVED', message: expect.stringContaining('Check that the console may write to') }));
  expect(store.isReviewed(2)).toBe(false);
  expect(store.isReviewed(1)).toBe(true);
  expect(readdirSync(dir)).toEqual(['a.json']);
});

test('an account ID cannot reach outside the folder', () => {
  const dir = folder();
  expect(path.dirname(new TriageStore(dir, '../../etc/passwd').file)).toBe(dir);
});
