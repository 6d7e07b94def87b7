// activity.query over a real log on disk: each filter, search, paging, and entries written before the
// filter fields existed.
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { ActivityLog, type NewActivityEntry } from './activity-log';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function freshDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'activity-query-'));
  dirs.push(dir);
  return dir;
}

const base = { actor: 'Olivia Owner (olivia@sandbox.test)', actorId: 8, result: 'ok', error: null } as const;
const role = (at: number, userId: number, name: string, details = 'Member → Administrator'): NewActivityEntry => ({
  ...base,
  at,
  action: 'Changed role',
  kind: 'role',
  userIds: [userId],
  target: `${name} (${name.toLowerCase().split(' ')[0] ?? ''}@sandbox.test)`,
  details,
});
const channel = (at: number, channelId: number, name: string): NewActivityEntry => ({
  ...base,
  at,
  action: 'Changed description',
  kind: 'channel',
  channelId,
  channelIds: [channelId],
  target: `#${name}`,
  details: 'Old → New',
});

function seeded(): ActivityLog {
  const log = new ActivityLog(freshDir());
  log.record('acc1', role(1000, 11, 'Mark Member'));
  log.record('acc1', channel(2000, 5, 'general'));
  log.record('acc1', role(3000, 12, 'Gina Guest', 'Guest → Member'));
  log.record('acc1', { ...role(4000, 11, 'Mark Member', 'Administrator → Member'), actor: 'Alice Admin (alice@sandbox.test)', actorId: 9 });
  log.record('acc1', channel(5000, 6, 'design'));
  return log;
}

const details = (page: { entries: { details: string; target: string }[] }) => page.entries.map((entry) => `${entry.target}: ${entry.details}`);

test('with no filters, a page of the whole log, newest first, with the total and the log size', () => {
  const page = seeded().query('acc1', {}, 1, 2);
  expect(page.total).toBe(5);
  expect(page.size).toBe(5);
  expect(details(page)).toEqual(['Mark Member (mark@sandbox.test): Administrator → Member', 'Gina Guest (gina@sandbox.test): Guest → Member']);
});

test('each filter narrows the log, and together they all hold', () => {
  const log = seeded();
  expect(log.query('acc1', { kinds: ['channel'] }, 0, 10).entries.map((e) => e.target)).toEqual(['#design', '#general']);
  expect(log.query('acc1', { actorId: 9 }, 0, 10).total).toBe(1);
  expect(log.query('acc1', { userId: 11 }, 0, 10).total).toBe(2);
  expect(log.query('acc1', { channelId: 5 }, 0, 10).entries.map((e) => e.target)).toEqual(['#general']);
  expect(log.query('acc1', { from: 2000, to: 4000 }, 0, 10).entries.map((e) => e.at)).toEqual([3000, 2000]);
  expect(log.query('acc1', { userId: 11, actorId: 8 }, 0, 10).total).toBe(1);
  expect(log.query('acc1', { kinds: ['folder'] }, 0, 10)).toMatchObject({ total: 0, size: 5, entries: [] });
});

test('search finds every word, case-insensitively, in the actor, action, target or details', () => {
  const log = seeded();
  expect(details(log.query('acc1', { search: 'GUEST member' }, 0, 10))).toEqual(['Gina Guest (gina@sandbox.test): Guest → Member']);
  expect(log.query('acc1', { search: 'alice' }, 0, 10).total).toBe(1);
  expect(log.query('acc1', { search: 'description' }, 0, 10).total).toBe(2);
  expect(log.query('acc1', { search: 'nobody-at-all' }, 0, 10).total).toBe(0);
});

test('the choices name the actors, users and channels the log holds, by their latest words', () => {
  const { choices } = seeded().query('acc1', { kinds: ['folder'] }, 0, 10);
  expect(choices.actors).toEqual([
    { id: 9, label: 'Alice Admin (alice@sandbox.test)' },
    { id: 8, label: 'Olivia Owner (olivia@sandbox.test)' },
  ]);
  expect(choices.users).toEqual([
    { id: 12, label: 'Gina Guest (gina@sandbox.test)' },
    { id: 11, label: 'Mark Member (mark@sandbox.test)' },
  ]);
  expect(choices.channels).toEqual([
    { id: 6, label: '#design' },
    { id: 5, label: '#general' },
  ]);
});

test('a subscriber change names its channel, never its people, in the choices', () => {
  const log = seeded();
  log.record('acc1', { ...base, at: 6000, action: 'Subscribed users', kind: 'subscribers', channelId: 6, channelIds: [6], userIds: [13], target: '#design', details: 'Derek New' });
  const { users, channels } = log.query('acc1', {}, 0, 10).choices;
  expect(users.map((choice) => choice.label)).toEqual(['Gina Guest (gina@sandbox.test)', 'Mark Member (mark@sandbox.test)', 'User 13']);
  expect(channels.map((choice) => choice.label)).toEqual(['#design', '#general']);
});

test('entries written before the filter fields existed still filter: kind from the action, channel from channelId, actor by name', () => {
  const dir = freshDir();
  const log = new ActivityLog(dir);
  log.record('acc1', role(500, 11, 'Mark Member')); // makes the folder and file
  const old = [
    { at: 1000, actor: 'Olivia Owner (olivia@sandbox.test)', action: 'Deactivated', target: 'Mark Member (mark@sandbox.test)', details: '', result: 'ok', error: null },
    { at: 2000, actor: 'Olivia Owner (olivia@sandbox.test)', action: 'Renamed folder', target: 'folder Design', details: 'a → b', result: 'ok', error: null },
    { at: 3000, actor: 'Olivia Owner (olivia@sandbox.test)', action: 'Archived', target: '#old', details: '', result: 'ok', error: null, channelId: 7 },
  ];
  appendFileSync(path.join(dir, 'activity', 'acc1.jsonl'), old.map((entry) => JSON.stringify(entry) + '\n').join(''));
  expect(log.query('acc1', { kinds: ['status'] }, 0, 10).entries.map((e) => e.at)).toEqual([1000]);
  expect(log.query('acc1', { kinds: ['folder'] }, 0, 10).entries.map((e) => e.at)).toEqual([2000]);
  expect(log.query('acc1', { channelId: 7, kinds: ['channel'] }, 0, 10).entries.map((e) => e.at)).toEqual([3000]);
  expect(log.query('acc1', { actor: 'Olivia Owner (olivia@sandbox.test)' }, 0, 10).total).toBe(3);
  expect(log.list('acc1', 10, 7).map((e) => e.at)).toEqual([3000]);
});

test('who acted is filled in from the signed-in account when a recorder leaves it out', () => {
  const log = new ActivityLog(freshDir(), { actorIdOf: (account) => (account === 'acc1' ? 42 : undefined) });
  const { actorId: _omitted, ...entry } = role(1000, 11, 'Mark Member');
  log.record('acc1', entry);
  log.record('acc2', entry);
  expect(log.list('acc1', 1)[0]?.actorId).toBe(42);
  expect(log.list('acc2', 1)[0]?.actorId).toBeUndefined();
});

test('a burst of entries is told as one growth of the log, per account', async () => {
  const told: string[] = [];
  let tell: () => void = () => undefined;
  const settled = new Promise<void>((resolve) => (tell = resolve));
  const log = new ActivityLog(freshDir(), {
    appendedDelayMs: 0,
    appended: (account) => {
      told.push(account);
      if (told.length === 2) tell();
    },
  });
  for (let i = 0; i < 50; i++) log.record('acc1', role(i, 11, 'Mark Member'));
  log.record('acc2', role(1, 11, 'Mark Member'));
  await settled;
  expect(told.sort()).toEqual(['acc1', 'acc2']);
});
