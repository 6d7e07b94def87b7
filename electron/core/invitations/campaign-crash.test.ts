// Crash safety: the console dies mid-campaign (the Campaigns service is abandoned exactly between two
// steps, writing nothing more, as a killed process would), and a new one on the same data folder picks
// up from the journal. Checked on the server: every address ends with exactly one invitation.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import type { ApiClient } from '../client/api-client';
import { startSandbox, type Sandbox } from '../testing/sandbox';
import { CampaignJournal } from './campaign-journal';
import { campaignConsole, clientFor, freshAddresses, invitationsPerAddress, MEMBER_OPTIONS, type CampaignConsole } from './testing/campaign-harness';

let sandbox: Sandbox;
let adam: ApiClient;
const consoles: CampaignConsole[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 'demo', args: ['--daily-invite-limit', '100000'] });
  adam = await clientFor(sandbox.url, 'adam@sandbox.test');
}, 60_000);

afterEach(async () => {
  await Promise.all(consoles.splice(0).map((console_) => console_.close()));
});

afterAll(async () => {
  await sandbox?.close();
});

async function freshConsole(): Promise<CampaignConsole> {
  const console_ = await campaignConsole(sandbox.url);
  consoles.push(console_);
  return console_;
}

const sends = (console_: CampaignConsole) => console_.requests.filter((request) => request === 'POST /api/v1/invites').length;

async function expectInvitedOnce(emails: readonly string[]): Promise<void> {
  const onServer = await invitationsPerAddress(adam);
  const wrong = emails.filter((email) => onServer.get(email.toLowerCase()) !== 1).map((email) => `${email}: ${onServer.get(email.toLowerCase()) ?? 0}`);
  expect(wrong).toEqual([]);
}

test('killed after journaling a batch, before its request left: the next start sends it, once', async () => {
  const console_ = await freshConsole();
  const addresses = freshAddresses('crash-before', 10);
  let batches = 0;
  const first = console_.restart({
    journaledSending: () => {
      if (++batches === 2) first.abandon();
    },
  });
  const { id } = first.start(console_.accountId, { addresses, options: MEMBER_OPTIONS, batchSize: 4 });
  await first.whenIdle(id);
  const journal = new CampaignJournal(console_.dataDir).read(console_.accountId, id);
  expect(journal?.status).toBe('running');
  expect(journal?.inFlight?.emails).toEqual(addresses.slice(4, 8).map((a) => a.email));
  expect(sends(console_)).toBe(1);

  const second = console_.restart();
  expect(second.resumeInterrupted()).toBe(1);
  await second.whenIdle(id);
  const campaign = second.get(console_.accountId, id);
  expect(campaign.status).toBe('done');
  expect(campaign.counts.invited).toBe(10);
  await expectInvitedOnce(addresses.map((a) => a.email));
});

test('killed after the server acted but before the reply was journaled: the batch is found on the server, not resent', async () => {
  const console_ = await freshConsole();
  const addresses = freshAddresses('crash-after', 10);
  let batches = 0;
  const first = console_.restart({
    answered: () => {
      if (++batches === 2) first.abandon();
    },
  });
  const { id } = first.start(console_.accountId, { addresses, options: MEMBER_OPTIONS, batchSize: 4 });
  await first.whenIdle(id);
  expect(sends(console_)).toBe(2);
  // On the server, the second batch is invited; the journal still says it is in flight.
  await expectInvitedOnce(addresses.slice(0, 8).map((a) => a.email));
  expect(new CampaignJournal(console_.dataDir).read(console_.accountId, id)?.inFlight?.emails).toHaveLength(4);

  const second = console_.restart();
  second.resumeInterrupted();
  await second.whenIdle(id);
  const campaign = second.get(console_.accountId, id);
  expect(campaign.status).toBe('done');
  expect(campaign.counts.invited).toBe(10);
  // One more request, for the last two: the second batch was not sent again.
  expect(sends(console_)).toBe(3);
  await expectInvitedOnce(addresses.map((a) => a.email));
});

test('an interrupted batch with taken and invalid addresses still gets the server’s verdicts', async () => {
  const console_ = await freshConsole();
  const fresh = freshAddresses('crash-mixed', 4);
  const addresses = [fresh[0]!, { email: 'mark@sandbox.test', name: null }, { email: 'nope', name: null }, fresh[1]!, fresh[2]!, fresh[3]!];
  let batches = 0;
  const first = console_.restart({
    answered: () => {
      if (++batches === 1) first.abandon();
    },
  });
  const { id } = first.start(console_.accountId, { addresses, options: MEMBER_OPTIONS, batchSize: 4 });
  await first.whenIdle(id);

  const second = console_.restart();
  second.resumeInterrupted();
  await second.whenIdle(id);
  const campaign = second.get(console_.accountId, id);
  expect(campaign.addresses.map((a) => [a.email, a.outcome])).toEqual([
    [fresh[0]!.email, 'invited'],
    ['mark@sandbox.test', 'existing'],
    ['nope', 'invalid'],
    [fresh[1]!.email, 'invited'],
    [fresh[2]!.email, 'invited'],
    [fresh[3]!.email, 'invited'],
  ]);
  await expectInvitedOnce(fresh.map((a) => a.email));
});

test('killed several times in a row, the campaign still ends with everyone invited exactly once', async () => {
  const console_ = await freshConsole();
  const addresses = freshAddresses('crash-many', 25);
  let id = '';
  for (let round = 0; round < 4; round++) {
    let batches = 0;
    const campaigns = console_.restart({
      // Alternate between the two dangerous moments.
      [round % 2 ? 'answered' : 'journaledSending']: () => {
        if (++batches === 2) campaigns.abandon();
      },
    });
    if (round === 0) id = campaigns.start(console_.accountId, { addresses, options: MEMBER_OPTIONS, batchSize: 3 }).id;
    else campaigns.resumeInterrupted();
    await campaigns.whenIdle(id);
  }
  const last = console_.restart();
  last.resumeInterrupted();
  await last.whenIdle(id);
  expect(last.get(console_.accountId, id)).toMatchObject({ status: 'done', counts: expect.objectContaining({ invited: 25 }) });
  await expectInvitedOnce(addresses.map((a) => a.email));
});

test('a campaign paused by the user stays paused after a restart, and a closed console resumes on the next start', async () => {
  const console_ = await freshConsole();
  const paused = console_.campaigns.start(console_.accountId, { addresses: freshAddresses('restart-paused', 20), options: MEMBER_OPTIONS, batchSize: 2 });
  await console_.campaigns.pause(console_.accountId, paused.id);
  const running = console_.campaigns.start(console_.accountId, { addresses: freshAddresses('restart-closed', 30), options: MEMBER_OPTIONS, batchSize: 2 });
  await console_.campaigns.close();

  const next = console_.restart();
  expect(next.resumeInterrupted()).toBe(1);
  expect(next.get(console_.accountId, paused.id).status).toBe('paused');
  await next.whenIdle(running.id);
  expect(next.get(console_.accountId, running.id).counts.invited).toBe(30);
  await expectInvitedOnce(freshAddresses('restart-closed', 30).map((a) => a.email));
});

test('an unreadable journal is moved aside and the others still load', async () => {
  const console_ = await freshConsole();
  const good = console_.campaigns.start(console_.accountId, { addresses: freshAddresses('unreadable', 1), options: MEMBER_OPTIONS, batchSize: 1 });
  await console_.campaigns.whenIdle(good.id);
  const journal = new CampaignJournal(console_.dataDir);
  writeFileSync(journal.file(console_.accountId, 'torn'), '{"version":1,"id":"torn","addr');
  const next = console_.restart();
  expect(next.resumeInterrupted()).toBe(0);
  expect(next.list(console_.accountId).map((c) => c.id)).toEqual([good.id]);
  expect(journal.ids(console_.accountId)).toEqual([good.id]);
});

/**
 * Runs a campaign in a separate core process and kills it with SIGKILL when it has printed `line`
 * for the `nth` time (and `delayMs` more): no hook, no clean-up, exactly what a crash leaves.
 */
async function killedMidCampaign(console_: CampaignConsole, tag: string, line: 'sending' | 'acted', nth: number, delayMs: number): Promise<string> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'testing', 'campaign-child.ts'), console_.dataDir, console_.accountId, tag, '12', '3'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let id = '';
  let seen = 0;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  createInterface({ input: child.stdout }).on('line', (text) => {
    if (text.startsWith('started ')) id = text.slice('started '.length);
    if (text === line && ++seen === nth) setTimeout(() => child.kill('SIGKILL'), delayMs);
  });
  await exited;
  expect(child.signalCode).toBe('SIGKILL');
  return id;
}

test.each([
  ['before its request left', 'sending', 20],
  ['after the server acted, before the console heard', 'acted', 20],
] as const)('a core process killed %s resumes on the next start, and everyone is invited exactly once', async (_when, line, delayMs) => {
  const console_ = await freshConsole();
  const tag = `sigkill-${line}`;
  const id = await killedMidCampaign(console_, tag, line, 2, delayMs);
  const journal = new CampaignJournal(console_.dataDir).read(console_.accountId, id);
  expect(journal?.status).toBe('running');
  expect(journal?.inFlight?.emails).toHaveLength(3);

  const next = console_.restart();
  expect(next.resumeInterrupted()).toBe(1);
  await next.whenIdle(id);
  expect(next.get(console_.accountId, id)).toMatchObject({ status: 'done', counts: expect.objectContaining({ invited: 12 }) });
  await expectInvitedOnce(freshAddresses(tag, 12).map((a) => a.email));
}, 60_000);
