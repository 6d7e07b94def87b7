// The journal on a real disk: atomic writes, unreadable files set aside, paths that stay inside.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { CampaignJournal } from './campaign-journal';
import { campaignRecord } from './testing/campaign-harness';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function freshDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'journal-'));
  dirs.push(dir);
  return dir;
}


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
