// The activity log on a real disk: what a restart, a crash and a spreadsheet see.
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { ActivityLog, type NewActivityEntry } from './activity-log';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function freshDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'activity-'));
  dirs.push(dir);
  return dir;
}

const entry = (details: string, at: number, extra: Partial<NewActivityEntry> = {}): NewActivityEntry => ({
  at,
  actor: 'Olivia Owner (olivia@sandbox.test)',
  action: 'Changed role',
  target: 'Mark Member (mark@sandbox.test)',
  details,
  result: 'ok',
  error: null,
  ...extra,
});

test('entries are listed newest first, up to the limit', () => {
  const log = new ActivityLog(freshDir());
  for (let i = 1; i <= 5; i++) log.record('acc1', entry(`change ${i}`, i * 1000));
  expect(log.list('acc1', 3).map((e) => e.details)).toEqual(['change 5', 'change 4', 'change 3']);
  expect(log.list('acc1', 100)).toHaveLength(5);
});

test('an entry without a time gets the current one', () => {
  const log = new ActivityLog(freshDir(), { now: () => 1_700_000_000_000 });
  const { at: _at, ...rest } = entry('x', 0);
  log.record('acc1', rest);
  expect(log.list('acc1', 1)[0]?.at).toBe(1_700_000_000_000);
});

test('each account has its own file, and an account with no changes has an empty log', () => {
  const dir = freshDir();
  const log = new ActivityLog(dir);
  log.record('acc1', entry('one', 1));
  log.record('acc2', entry('two', 2));
  expect(log.list('acc1', 10).map((e) => e.details)).toEqual(['one']);
  expect(log.list('acc3', 10)).toEqual([]);
  expect(readFileSync(path.join(dir, 'activity', 'acc2.jsonl'), 'utf8').trim().split('\n')).toHaveLength(1);
});

test('the log survives a restart, and a second console sees what the first appends', () => {
  const dir = freshDir();
  const first = new ActivityLog(dir);
  first.record('acc1', entry('before', 1));
  const second = new ActivityLog(dir);
  expect(second.list('acc1', 10).map((e) => e.details)).toEqual(['before']);
  first.record('acc1', entry('after', 2));
  expect(second.list('acc1', 10).map((e) => e.details)).toEqual(['after', 'before']);
});

test('a torn last line after a crash is skipped, and the next entry is not glued to it', () => {
  const dir = freshDir();
  new ActivityLog(dir).record('acc1', entry('intact', 1));
  appendFileSync(path.join(dir, 'activity', 'acc1.jsonl'), '{"at":2,"actor":"Olivia Ow');
  const logged: string[] = [];
  const reopened = new ActivityLog(dir, { log: (message) => logged.push(message) });
  expect(reopened.list('acc1', 10).map((e) => e.details)).toEqual(['intact']);
  reopened.record('acc1', entry('after the crash', 3));
  expect(reopened.list('acc1', 10).map((e) => e.details)).toEqual(['after the crash', 'intact']);
  expect(logged.join('\n')).toContain('skipped 1 unreadable line');
});

test('garbage lines are skipped, never fatal', () => {
  const dir = freshDir();
  const log = new ActivityLog(dir, { log: () => undefined });
  log.record('acc1', entry('good', 1));
  appendFileSync(path.join(dir, 'activity', 'acc1.jsonl'), 'not json\n{"at":"yesterday"}\n\n');
  log.record('acc1', entry('also good', 2));
  expect(log.list('acc1', 10).map((e) => e.details)).toEqual(['also good', 'good']);
});

test('a file replaced by a shorter one (restored from a backup) is read afresh', () => {
  const dir = freshDir();
  const log = new ActivityLog(dir);
  log.record('acc1', entry('one', 1));
  log.record('acc1', entry('two', 2));
  expect(log.list('acc1', 10)).toHaveLength(2);
  writeFileSync(path.join(dir, 'activity', 'acc1.jsonl'), JSON.stringify(entry('restored', 5)) + '\n');
  expect(log.list('acc1', 10).map((e) => e.details)).toEqual(['restored']);
});

test('an account ID that is not a plain name is refused rather than used as a path', () => {
  const log = new ActivityLog(freshDir());
  expect(() => log.record('../escape', entry('x', 1))).toThrow(/not signed in/);
  expect(() => log.list('a/b', 10)).toThrow(/not signed in/);
});

test('a failed write is reported, not thrown: the change it describes was already made', () => {
  const dir = freshDir();
  // A file where the activity folder should be makes every write fail.
  writeFileSync(path.join(dir, 'activity'), '');
  const logged: string[] = [];
  const log = new ActivityLog(dir, { log: (message) => logged.push(message) });
  expect(() => log.record('acc1', entry('x', 1))).not.toThrow();
  expect(logged[0]).toContain('could not write');
});

test('the CSV export is oldest first, with times a spreadsheet reads and formula-looking names escaped', () => {
  const log = new ActivityLog(freshDir(), { now: () => Date.UTC(2025, 2, 1) });
  log.record('acc1', entry('Member → Administrator', Date.UTC(2025, 1, 28, 14, 5, 9)));
  log.record(
    'acc1',
    entry('Member → Owner', Date.UTC(2025, 1, 28, 14, 6, 0), {
      target: '=HYPERLINK("http://evil.example","Mark") (mark@sandbox.test)',
      result: 'failed',
      error: 'Must be an organization owner, then more',
    }),
  );
  const { filename, csv } = log.exportCsv('acc1', 'Sandbox Org');
  expect(filename).toBe('activity-sandbox-org-2025-03-01.csv');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv.slice(1).split('\r\n');
  expect(lines[0]).toBe('Time (UTC),Actor,Action,Target,Details,Result,Error');
  expect(lines[1]).toBe('2025-02-28 14:05:09,Olivia Owner (olivia@sandbox.test),Changed role,Mark Member (mark@sandbox.test),Member → Administrator,ok,');
  expect(lines[2]).toBe(
    `2025-02-28 14:06:00,Olivia Owner (olivia@sandbox.test),Changed role,"'=HYPERLINK(""http://evil.example"",""Mark"") (mark@sandbox.test)",Member → Owner,failed,"Must be an organization owner, then more"`,
  );
  expect(lines[3]).toBe('');
});
