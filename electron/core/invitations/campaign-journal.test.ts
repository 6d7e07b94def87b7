// The journal on a real disk: a snapshot and appended changes, unreadable files set aside (a torn
// last append ignored, any other damage never half-used), paths that stay inside.
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { CampaignJournal } from './campaign-journal';
import { campaignRecord, freshAddresses } from './testing/campaign-harness';
import type { CampaignRecord } from './campaign-record';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function freshDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'journal-'));
  dirs.push(dir);
  return dir;
}


/** A running campaign of `count` pending addresses, as `Campaigns.start` journals it. */
function running(id: string, count: number): CampaignRecord {
  const addresses = freshAddresses(id, count).map(({ email, name }) => ({ email, name, outcome: 'pending' as const, reason: null }));
  return campaignRecord(id, { addresses, inFlight: null });
}

/** What the runner does for one batch: the previous batch's outcomes and this batch in flight, one write. */
function nextBatch(record: CampaignRecord, from: number, size: number): void {
  for (const address of record.addresses.slice(from - size, from)) Object.assign(address, { outcome: 'invited', reason: null });
  record.inFlight = { emails: record.addresses.slice(from, from + size).map((address) => address.email), startedAt: from };
}

const lines = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean);

test('a batch’s write appends its change, a few hundred bytes, and a reader replays it over the snapshot', () => {
  const dir = freshDir();
  const journal = new CampaignJournal(dir);
  const record = running('c1', 1000);
  journal.write(record);
  const file = journal.file('acc1', 'c1');
  const snapshot = readFileSync(file, 'utf8').length;
  nextBatch(record, 0, 10);
  journal.write(record);
  nextBatch(record, 10, 10);
  record.addresses[3] = { ...record.addresses[3]!, outcome: 'existing', reason: 'Already has an account.' };
  journal.write(record);
  expect(lines(file)).toHaveLength(3);
  expect(readFileSync(file, 'utf8').length - snapshot).toBeLessThan(2000);
  // Another console's journal (the next start) reads what this one wrote.
  expect(new CampaignJournal(dir).read('acc1', 'c1')).toEqual(record);
});

test('a journal whose last append was torn by a crash reads as of the last whole write; the next start rewrites it whole', () => {
  const dir = freshDir();
  const logged: string[] = [];
  const journal = new CampaignJournal(dir, (message) => logged.push(message));
  const record = running('c1', 30);
  journal.write(record);
  nextBatch(record, 0, 10);
  journal.write(record);
  const lastWhole = structuredClone(record);
  const file = journal.file('acc1', 'c1');
  // The next batch's append, cut short.
  appendFileSync(file, '{"set":{"inFlight":{"emails":["c1.10@newcomers.te');

  const next = new CampaignJournal(dir, (message) => logged.push(message));
  const read = next.read('acc1', 'c1');
  expect(read).toEqual(lastWhole);
  expect(read?.inFlight?.emails).toEqual(lastWhole.addresses.slice(0, 10).map((address) => address.email));
  expect(logged).toEqual([]);
  // The next start's first write is a snapshot: nothing is appended after the torn line.
  nextBatch(read!, 10, 10);
  next.write(read!);
  nextBatch(read!, 20, 10);
  next.write(read!);
  expect(lines(file)).toHaveLength(2);
  expect(new CampaignJournal(dir).read('acc1', 'c1')).toEqual(read);
});

test('a corrupt record before the last is never half-used: the journal is moved aside and said', () => {
  const dir = freshDir();
  const logged: string[] = [];
  const journal = new CampaignJournal(dir, (message) => logged.push(message));
  const record = running('c1', 30);
  journal.write(record);
  nextBatch(record, 0, 10);
  journal.write(record);
  nextBatch(record, 10, 10);
  journal.write(record);
  const file = journal.file('acc1', 'c1');
  const [snapshot, first, second] = lines(file);
  // The first batch's record garbled: without it the second batch's outcomes would be half a story.
  writeFileSync(file, `${snapshot}\n${first!.slice(0, 20)}#garbage\n${second}\n`);
  const damaged = readFileSync(file, 'utf8');
  const reader = new CampaignJournal(dir, (message) => logged.push(message));
  expect(reader.read('acc1', 'c1')).toBeNull();
  expect(reader.ids('acc1')).toEqual([]);
  expect(logged.join('\n')).toMatch(/journal .*c1\.json was moved to .*unreadable-.* because its line 2 is not JSON/);
  const aside = readdirSync(journal.folder('acc1'));
  expect(aside).toHaveLength(1);
  expect(readFileSync(path.join(journal.folder('acc1'), aside[0]!), 'utf8')).toBe(damaged);
});

test('a record that is JSON but names an address the campaign does not have is refused the same way', () => {
  const dir = freshDir();
  const logged: string[] = [];
  const journal = new CampaignJournal(dir, (message) => logged.push(message));
  journal.write(running('c1', 3));
  appendFileSync(journal.file('acc1', 'c1'), `${JSON.stringify({ set: {}, outcomes: [[7, 'invited', null]] })}\n`);
  expect(journal.read('acc1', 'c1')).toBeNull();
  expect(logged.join('\n')).toMatch(/because its line 2 is not a change this console understands \(it names address 8 of a campaign of 3\)/);
});

test('a campaign that stops running, or whose log outgrows its snapshot, is written back to one line', () => {
  const dir = freshDir();
  const journal = new CampaignJournal(dir);
  const record = running('c1', 2000);
  journal.write(record);
  const file = journal.file('acc1', 'c1');
  const snapshot = readFileSync(file, 'utf8').length;
  let largest = 0;
  let appended = 0;
  // The same 100 addresses in flight again and again (as retries after lost replies would write them):
  // changes of about 3 kB each, so the log outgrows a snapshot of about 180 kB.
  for (let i = 0; i < 200; i++) {
    record.inFlight = { emails: record.addresses.slice(0, 100).map((address) => address.email), startedAt: i };
    journal.write(record);
    const size = readFileSync(file, 'utf8').length;
    if (size > largest) largest = size;
    appended = Math.max(appended, lines(file).length - 1);
  }
  // A new snapshot replaced the log along the way, so the file never grew far past twice the campaign.
  expect(appended).toBeGreaterThan(10);
  expect(appended).toBeLessThan(199);
  expect(largest).toBeLessThan(2 * snapshot + 10_000);
  expect(new CampaignJournal(dir).read('acc1', 'c1')).toEqual(record);
  Object.assign(record, { status: 'paused', pauseReason: 'user', detail: 'Paused.' });
  journal.write(record);
  expect(lines(file)).toHaveLength(1);
  expect(new CampaignJournal(dir).read('acc1', 'c1')).toEqual(record);
});

test('a write replaces the journal whole and leaves no temporary file', () => {
  const journal = new CampaignJournal(freshDir());
  journal.write(campaignRecord('c1'));
  journal.write(campaignRecord('c1', { status: 'done', inFlight: null }));
  expect(journal.read('acc1', 'c1')).toMatchObject({ status: 'done', inFlight: null });
  expect(readdirSync(journal.folder('acc1'))).toEqual(['c1.json']);
  expect(journal.accounts()).toEqual(['acc1']);
});

test('an unreadable journal is moved aside, not half-read', () => {
  const logged: string[] = [];
  const journal = new CampaignJournal(freshDir(), (message) => logged.push(message));
  journal.write(campaignRecord('good'));
  writeFileSync(journal.file('acc1', 'torn'), '{"version":1,"id":"to');
  writeFileSync(journal.file('acc1', 'alien'), JSON.stringify({ version: 2 }));
  expect(journal.list('acc1').map((r) => r.id)).toEqual(['good']);
  expect(journal.ids('acc1')).toEqual(['good']);
  expect(logged.join('\n')).toMatch(/torn\.json was moved to .*unreadable.*it is not JSON/);
});

test('paths stay inside the journal folder whatever the renderer sends', () => {
  const dir = freshDir();
  writeFileSync(path.join(dir, 'accounts.json'), '{"version":1,"accounts":[]}');
  const journal = new CampaignJournal(dir, () => undefined);
  expect(journal.folder('..')).toBe(path.join(dir, 'campaigns', '%2E%2E'));
  expect(journal.file('../..', '../accounts')).toBe(path.join(dir, 'campaigns', '%2E%2E%2F%2E%2E', '%2E%2E%2Faccounts.json'));
  expect(journal.list('..')).toEqual([]);
  // The accounts file beside the journals is never read as one, nor moved aside.
  expect(readdirSync(dir)).toEqual(['accounts.json']);
});
