// Invitation campaigns against a real sandbox: every address's outcome as the server decides it,
// checked against the server's own list of pending invitations; pause, resume, cancel, retry; a lost
// connection; the history and the report.
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Campaign, JobProgress } from '../../../shared/ipc';
import type { ApiClient } from '../client/api-client';
import { startSandbox, type Sandbox } from '../testing/sandbox';
import { CampaignJournal } from './campaign-journal';
import {
  campaignConsole,
  clientFor,
  eventually,
  freshAddresses,
  invitationsPerAddress,
  MEMBER_OPTIONS,
  type CampaignConsole,
} from './testing/campaign-harness';

let sandbox: Sandbox;
let console_: CampaignConsole;
let adam: ApiClient;

beforeAll(async () => {
  // Far above what these tests send: the limits have their own file.
  sandbox = await startSandbox({ seed: 'demo', args: ['--daily-invite-limit', '100000'] });
  console_ = await campaignConsole(sandbox.url);
  adam = await clientFor(sandbox.url, 'adam@sandbox.test');
}, 60_000);

afterAll(async () => {
  await console_?.close();
  await sandbox?.close();
});

async function finished(id: string): Promise<Campaign> {
  await console_.campaigns.whenIdle(id);
  return console_.campaigns.get(console_.accountId, id);
}

const outcomes = (campaign: Campaign) => Object.fromEntries(campaign.addresses.map((a) => [a.email, [a.outcome, a.reason]]));

test('a mixed list gets the server’s verdict for every address, and only new people are invited, once', async () => {
  const fresh = freshAddresses('mixed', 5);
  const addresses = [
    fresh[0]!,
    { email: 'mark@sandbox.test', name: 'Mark' },
    { email: 'not-an-address', name: null },
    fresh[1]!,
    { email: 'derek@sandbox.test', name: null },
    { email: 'MIXED.0@newcomers.test', name: 'the same as the first, in capitals' },
    fresh[2]!,
    { email: 'notify-bot@sandbox.test', name: null },
    { email: 'broken@@example.com', name: null },
    fresh[3]!,
    { email: 'ADAM@sandbox.test', name: null },
    fresh[4]!,
  ];
  // Batches of 3: invalid addresses share batches with new ones, so the server refuses whole batches.
  const started = console_.campaigns.start(console_.accountId, { addresses, options: MEMBER_OPTIONS, batchSize: 3 });
  expect(started).toMatchObject({ status: 'running', total: 11, batchSize: 3 });
  const campaign = await finished(started.id);

  expect(campaign.status).toBe('done');
  expect(outcomes(campaign)).toEqual({
    ...Object.fromEntries(fresh.map((a) => [a.email, ['invited', null]])),
    'mark@sandbox.test': ['existing', 'Already has an account.'],
    'not-an-address': ['invalid', 'Invalid address.'],
    'derek@sandbox.test': ['deactivated', 'Account has been deactivated.'],
    'notify-bot@sandbox.test': ['other', 'Reserved for system bots.'],
    'broken@@example.com': ['invalid', 'Invalid address.'],
    'ADAM@sandbox.test': ['existing', 'Already has an account.'],
  });
  expect(campaign.counts).toMatchObject({ invited: 5, existing: 2, deactivated: 1, invalid: 2, other: 1, pending: 0, not_attempted: 0 });

  const onServer = await invitationsPerAddress(adam);
  for (const { email } of fresh) expect(onServer.get(email)).toBe(1);
  for (const email of ['mark@sandbox.test', 'derek@sandbox.test', 'not-an-address', 'notify-bot@sandbox.test', 'adam@sandbox.test']) {
    expect(onServer.has(email)).toBe(false);
  }
});

test('progress is pushed as job.progress, ending with the final counts', async () => {
  const started = console_.campaigns.start(console_.accountId, { addresses: freshAddresses('progress', 40), options: MEMBER_OPTIONS, batchSize: 2 });
  await finished(started.id);
  const jobs = console_.pushes.flatMap((push) => (push.kind === 'job.progress' && push.job.id === started.id ? [push.job] : []));
  const last = jobs.at(-1) as JobProgress;
  expect(last).toMatchObject({ type: 'campaign', status: 'done', done: 40, total: 40, etaSeconds: null, detail: null });
  expect(last.counts.invited).toBe(40);
  // 20 batches, but pushes are throttled: far fewer than one per batch unless the server is slow.
  expect(jobs.length).toBeLessThanOrEqual(20 + 2);
});

test('progress comes at most every 200 ms while sending, with the time left from the pace', async () => {
  let etaMidway: number | null = null;
  let batches = 0;
  const campaigns = console_.restart({
    // A server that takes 30 ms a batch: 24 batches take most of a second.
    answered: async (id) => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      if (++batches === 12) etaMidway = campaigns.get(console_.accountId, id).etaSeconds;
    },
  });
  const from = console_.pushes.length;
  const started = campaigns.start(console_.accountId, { addresses: freshAddresses('pace', 48), options: MEMBER_OPTIONS, batchSize: 2 });
  await campaigns.whenIdle(started.id);
  expect(etaMidway).not.toBeNull();
  expect(etaMidway).toBeLessThanOrEqual(2);
  const times = console_.pushTimes.slice(from).filter((_, i) => {
    const push = console_.pushes[from + i];
    return push?.kind === 'job.progress' && push.job.status === 'running';
  });
  expect(times.length).toBeGreaterThanOrEqual(3);
  // The first is the start (a status change, at once); after it, the throttle holds.
  for (let i = 2; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(180);
}, 30_000);

test('pausing stops before the next batch; resuming sends the rest, each address once', async () => {
  const addresses = freshAddresses('pause', 30);
  const started = console_.campaigns.start(console_.accountId, { addresses, options: MEMBER_OPTIONS, batchSize: 5 });
  const paused = await console_.campaigns.pause(console_.accountId, started.id);
  expect(paused).toMatchObject({ status: 'paused', pauseReason: 'user' });
  expect(paused.counts.pending).toBeGreaterThan(0);
  expect(paused.detail).toContain(`${paused.counts.pending} of 30 addresses are still to be sent`);
  // Paused means paused: nothing more goes out.
  const sentBefore = console_.requests.length;
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(console_.requests.length).toBe(sentBefore);

  expect(console_.campaigns.resume(console_.accountId, started.id).status).toBe('running');
  const campaign = await finished(started.id);
  expect(campaign.counts.invited).toBe(30);
  const onServer = await invitationsPerAddress(adam);
  for (const { email } of addresses) expect(onServer.get(email)).toBe(1);
});

test('cancelling marks what was not sent; "retry failed" sends those and asks again about other reasons', async () => {
  const addresses = [{ email: 'notify-bot@sandbox.test', name: null }, ...freshAddresses('cancel', 20)];
  const started = console_.campaigns.start(console_.accountId, { addresses, options: MEMBER_OPTIONS, batchSize: 4 });
  const cancelled = await console_.campaigns.cancel(console_.accountId, started.id);
  expect(cancelled.status).toBe('cancelled');
  expect(cancelled.counts.not_attempted).toBeGreaterThan(0);
  expect(cancelled.detail).toContain(`${cancelled.counts.not_attempted} addresses were not sent`);
  const notSent = console_.campaigns.get(console_.accountId, started.id).addresses.filter((a) => a.outcome === 'not_attempted');
  expect(notSent.every((a) => a.reason === 'Cancelled before it was sent.')).toBe(true);
  const before = await invitationsPerAddress(adam);
  for (const { email } of notSent) expect(before.has(email)).toBe(false);

  const retried = console_.campaigns.retryFailed(console_.accountId, started.id);
  expect(retried.status).toBe('running');
  const campaign = await finished(started.id);
  expect(campaign.status).toBe('done');
  expect(campaign.counts).toMatchObject({ invited: 20, other: 1, not_attempted: 0 });
  const after = await invitationsPerAddress(adam);
  for (const { email } of freshAddresses('cancel', 20)) expect(after.get(email)).toBe(1);
});

test('a finished campaign cannot be paused or resumed, and says how to send again', async () => {
  const started = console_.campaigns.start(console_.accountId, { addresses: freshAddresses('finished', 1), options: MEMBER_OPTIONS, batchSize: 1 });
  await finished(started.id);
  await expect(console_.campaigns.pause(console_.accountId, started.id)).rejects.toMatchObject({ code: 'CAMPAIGN_FINISHED' });
  expect(() => console_.campaigns.resume(console_.accountId, started.id)).toThrow(/Retry failed/);
  // Nothing retryable: retrying changes nothing.
  expect(console_.campaigns.retryFailed(console_.accountId, started.id).status).toBe('done');
});

test('a dropped connection pauses the campaign, then it goes on by itself without sending anyone twice', async () => {
  const addresses = freshAddresses('outage', 12);
  let stopped = false;
  const campaigns = console_.restart({
    journaledSending: async () => {
      if (stopped) return;
      stopped = true;
      await sandbox.stop();
      setTimeout(() => void sandbox.start(), 500);
    },
  });
  const started = campaigns.start(console_.accountId, { addresses, options: MEMBER_OPTIONS, batchSize: 4 });
  await eventually(() => campaigns.get(console_.accountId, started.id).pauseReason === 'network', 'the network pause');
  const waiting = campaigns.get(console_.accountId, started.id);
  expect(waiting.status).toBe('paused');
  expect(waiting.detail).toMatch(/Could not reach .*Trying again in .*no address is sent twice/);
  await campaigns.whenIdle(started.id);
  const campaign = campaigns.get(console_.accountId, started.id);
  expect(campaign).toMatchObject({ status: 'done', pauseReason: null, detail: null });
  expect(campaign.counts.invited).toBe(12);
  const onServer = await invitationsPerAddress(adam);
  for (const { email } of addresses) expect(onServer.get(email)).toBe(1);
}, 30_000);

test('a reply lost after the server acted is found on the server, not sent again', async () => {
  const campaigns = console_.restart();
  const addresses = freshAddresses('lost-reply', 9);
  console_.loseInviteReplies(1);
  const sends = () => console_.requests.filter((request) => request === 'POST /api/v1/invites').length;
  const before = sends();
  const started = campaigns.start(console_.accountId, { addresses, options: MEMBER_OPTIONS, batchSize: 3 });
  await campaigns.whenIdle(started.id);
  expect(campaigns.get(console_.accountId, started.id).counts.invited).toBe(9);
  // Three batches, three requests: the one whose reply was lost was not repeated.
  expect(sends() - before).toBe(3);
  const onServer = await invitationsPerAddress(adam);
  for (const { email } of addresses) expect(onServer.get(email)).toBe(1);
});

test('the history lists campaigns newest first, each with its journal on disk', () => {
  const history = console_.campaigns.list(console_.accountId);
  expect(history.length).toBeGreaterThanOrEqual(6);
  const times = history.map((campaign) => campaign.createdAt);
  expect([...times].sort((a, b) => b - a)).toEqual(times);
  const journal = new CampaignJournal(console_.dataDir);
  for (const { id } of history) expect(existsSync(journal.file(console_.accountId, id))).toBe(true);
  // Another account has its own history.
  expect(console_.campaigns.list('someone-else')).toEqual([]);
});

test('the report exports as CSV, with a formula-looking name kept as text', async () => {
  const addresses = [
    { email: 'csv.0@newcomers.test', name: '=HYPERLINK("http://evil.example","click")' },
    { email: 'mark@sandbox.test', name: 'Mark, the member' },
  ];
  const started = console_.campaigns.start(console_.accountId, { addresses, options: MEMBER_OPTIONS, batchSize: 10 });
  await finished(started.id);
  const { filename, csv } = console_.campaigns.exportCsv(console_.accountId, started.id);
  expect(filename).toMatch(/^invitations-sandbox-org-\d{4}-\d{2}-\d{2}-c[0-9a-z]+\.csv$/);
  expect(csv.split('\r\n')).toEqual([
    'Email,Name,Status,Reason',
    `csv.0@newcomers.test,"'=HYPERLINK(""http://evil.example"",""click"")",Invited,`,
    'mark@sandbox.test,"Mark, the member",Already has an account,Already has an account.',
    '',
  ]);
});

test('every campaign is in the activity log, with its counts', () => {
  const entries = console_.activity.list(console_.accountId, 1000);
  expect(entries.some((entry) => entry.action === 'Started an invitation campaign' && entry.details.includes('as Member'))).toBe(true);
  const sent = entries.find((entry) => entry.action === 'Sent invitations' && entry.details.includes('2 invalid'));
  expect(sent).toMatchObject({ actor: 'Olivia Owner (olivia@sandbox.test)', result: 'ok', error: null });
  expect(sent?.details).toBe('5 invited, 2 already had an account, 1 deactivated, 2 invalid, 1 refused for another reason');
  expect(entries.some((entry) => entry.action === 'Cancelled an invitation campaign')).toBe(true);
});

test('the activity log names a campaign by when it started, as the Invitations screen does, never by its ID', () => {
  const entries = console_.activity.list(console_.accountId, 1000).filter((entry) => entry.kind === 'invitation');
  const campaigns = console_.campaigns.list(console_.accountId);
  for (const entry of entries) expect(campaigns.some((campaign) => entry.target.includes(campaign.id))).toBe(false);
  const [latest] = campaigns;
  const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(latest!.createdAt);
  expect(entries.map((entry) => entry.target)).toContain(`${latest!.total.toLocaleString()} ${latest!.total === 1 ? 'address' : 'addresses'} (campaign of ${when})`);
});

test('the journal is valid JSON of the whole campaign', () => {
  const [latest] = console_.campaigns.list(console_.accountId);
  const text = readFileSync(new CampaignJournal(console_.dataDir).file(console_.accountId, latest!.id), 'utf8');
  expect(JSON.parse(text)).toMatchObject({ version: 1, id: latest!.id, inFlight: null, status: 'done' });
});
