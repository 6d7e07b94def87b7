// The addresses compose left out of a campaign (campaign-plan.ts): recorded with the campaign so its
// report accounts for every pasted line, never sent (checked on the server), kept across a restart
// and through the journal's appends; a journal written before they were recorded still loads. Pending
// invitations resent while composing are in the report as resent, not left out, and not sent again;
// a line too long to be an address is there shortened, with its length.
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sendInvites } from '../../../shared/api';
import { tooLongLine } from '../../../shared/domain/left-out';
import type { LeftOutAddress } from '../../../shared/ipc';
import type { ApiClient } from '../client/api-client';
import { startSandbox, type Sandbox } from '../testing/sandbox';
import { CampaignJournal } from './campaign-journal';
import { campaignConsole, clientFor, freshAddresses, invitationsPerAddress, MEMBER_OPTIONS, type CampaignConsole } from './testing/campaign-harness';

let sandbox: Sandbox;
let console_: CampaignConsole;
let adam: ApiClient;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 'demo', args: ['--daily-invite-limit', '100000'] });
  console_ = await campaignConsole(sandbox.url);
  adam = await clientFor(sandbox.url, 'adam@sandbox.test');
}, 60_000);

afterAll(async () => {
  await console_?.close();
  await sandbox?.close();
});

function leftOutList(fresh: { email: string }[]): LeftOutAddress[] {
  return [
    { email: 'mark@sandbox.test', name: 'Mark', reason: 'member' },
    { email: 'not-an-address', name: null, reason: 'invalid' },
    { email: fresh[0]!.email.toUpperCase(), name: null, reason: 'duplicate' },
    { email: fresh[0]!.email.toUpperCase(), name: null, reason: 'duplicate' },
    { email: 'derek@sandbox.test', name: null, reason: 'deactivated' },
  ];
}

test('a campaign reports the addresses left out with why, counts only those sent, and never sends them', async () => {
  const fresh = freshAddresses('left-out', 4);
  const leftOut = leftOutList(fresh);
  const sendsBefore = console_.requests.length;
  const started = console_.campaigns.start(console_.accountId, { addresses: fresh, leftOut, options: MEMBER_OPTIONS, batchSize: 2 });
  expect(started).toMatchObject({ total: 4, leftOut: 5 });
  await console_.campaigns.whenIdle(started.id);
  const campaign = console_.campaigns.get(console_.accountId, started.id);

  expect(campaign).toMatchObject({ status: 'done', total: 4, leftOut: 5 });
  expect(campaign.counts).toMatchObject({ invited: 4, existing: 0, invalid: 0, deactivated: 0 });
  expect(campaign.leftOutAddresses).toEqual(leftOut);
  // Two batches of the four sent addresses, and no request for the left-out ones.
  expect(console_.requests.slice(sendsBefore).filter((request) => request === 'POST /api/v1/invites')).toHaveLength(2);
  const onServer = await invitationsPerAddress(adam);
  for (const { email } of fresh) expect(onServer.get(email)).toBe(1);
  for (const email of ['mark@sandbox.test', 'not-an-address', 'derek@sandbox.test']) expect(onServer.has(email)).toBe(false);

  const csv = console_.campaigns.exportCsv(console_.accountId, started.id).csv.split('\r\n');
  // The Status column says "Left out"; the Reason column says only why.
  expect(csv[0]).toBe('Email,Name,Status,Reason');
  expect(csv).toContain('mark@sandbox.test,Mark,Left out,Already has an account');
  expect(csv).toContain('not-an-address,,Left out,Not a valid address');
  expect(csv.filter((line) => line.endsWith(',Left out,Duplicate of a line above'))).toHaveLength(2);
  const only = console_.campaigns.exportCsv(console_.accountId, started.id, 'left_out');
  expect(only).toMatchObject({ rows: 5, filename: expect.stringMatching(/-left-out-only\.csv$/) });
  expect(console_.campaigns.exportCsv(console_.accountId, started.id, 'invited').rows).toBe(4);
});

test('the left-out addresses survive a restart, and a crash mid-campaign with the journal’s appends', async () => {
  const fresh = freshAddresses('left-out-restart', 6);
  const leftOut = leftOutList(fresh);
  let batches = 0;
  const first = console_.restart({
    // Killed after the third reply, before it is journaled: the journal is a snapshot and appended changes.
    answered: () => {
      if (++batches === 3) first.abandon();
    },
  });
  const started = first.start(console_.accountId, { addresses: fresh, leftOut, options: MEMBER_OPTIONS, batchSize: 1 });
  await first.whenIdle(started.id);
  const journal = new CampaignJournal(console_.dataDir);
  expect(readFileSync(journal.file(console_.accountId, started.id), 'utf8').trim().split('\n').length).toBeGreaterThan(1);
  expect(journal.read(console_.accountId, started.id)?.leftOut).toEqual(leftOut);

  const next = console_.restart();
  expect(next.resumeInterrupted()).toBe(1);
  await next.whenIdle(started.id);
  const campaign = next.get(console_.accountId, started.id);
  expect(campaign).toMatchObject({ status: 'done', total: 6, leftOut: 5 });
  expect(campaign.leftOutAddresses).toEqual(leftOut);
  const onServer = await invitationsPerAddress(adam);
  for (const { email } of fresh) expect(onServer.get(email)).toBe(1);
});

test('a journal written before left-out addresses were recorded still loads, with none', async () => {
  const started = console_.campaigns.start(console_.accountId, { addresses: freshAddresses('left-out-old', 2), options: MEMBER_OPTIONS, batchSize: 2 });
  await console_.campaigns.whenIdle(started.id);
  const file = new CampaignJournal(console_.dataDir).file(console_.accountId, started.id);
  const { leftOut: _gone, ...old } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  writeFileSync(file, `${JSON.stringify(old)}\n`);

  const next = console_.restart();
  const campaign = next.get(console_.accountId, started.id);
  expect(campaign).toMatchObject({ status: 'done', total: 2, leftOut: 0, leftOutAddresses: [] });
  expect(campaign.counts.invited).toBe(2);
  expect(next.list(console_.accountId).some((summary) => summary.id === started.id)).toBe(true);
});

/** A fresh address with a pending invitation from Olivia (the campaigns' user), sent straight to the server. */
async function pendingInvitation(tag: string, count: number) {
  const fresh = freshAddresses(tag, count);
  await console_.accounts.client(console_.accountId).call(sendInvites, {
    invitee_emails: fresh.map((address) => address.email).join('\n'),
    stream_ids: [],
    invite_as: 400,
    invite_expires_in_minutes: 60,
    include_realm_default_subscriptions: false,
    notify_referrer_on_join: false,
  });
  return fresh;
}

test('pending invitations resent while composing are reported as resent, not left out, and get no second invitation, after a restart too', async () => {
  const [resent, notResent] = await pendingInvitation('left-out-resent', 2);
  const fresh = freshAddresses('left-out-resent-new', 2);
  const sendsBefore = console_.requests.length;
  const started = console_.campaigns.start(console_.accountId, {
    addresses: fresh,
    resent: [resent!],
    // Compose says why each pending one is not sent; one resent is reported as resent all the same.
    leftOut: [
      { ...resent!, reason: 'invited' },
      { ...notResent!, reason: 'invited' },
    ],
    options: MEMBER_OPTIONS,
    batchSize: 10,
  });
  expect(started).toMatchObject({ total: 2, resent: 1, leftOut: 1 });
  await console_.campaigns.whenIdle(started.id);

  for (const campaigns of [console_.campaigns, console_.restart()]) {
    const campaign = campaigns.get(console_.accountId, started.id);
    expect(campaign).toMatchObject({ status: 'done', total: 2, resent: 1, leftOut: 1 });
    expect(campaign.resentAddresses).toEqual([resent]);
    expect(campaign.leftOutAddresses).toEqual([{ ...notResent, reason: 'invited' }]);
    const csv = campaigns.exportCsv(console_.accountId, started.id).csv.split('\r\n');
    expect(csv).toContain(`${resent!.email},${resent!.name},Resent,Had a pending invitation: its email was sent again`);
    expect(csv).toContain(`${notResent!.email},${notResent!.name},Left out,Already has a pending invitation (not resent)`);
    expect(csv.filter((line) => line.startsWith(`${resent!.email},`))).toHaveLength(1);
    expect(campaigns.exportCsv(console_.accountId, started.id, 'resent')).toMatchObject({ rows: 1, filename: expect.stringMatching(/-resent-only\.csv$/) });
  }
  // One request, for the two fresh addresses; the resent address keeps its one invitation.
  expect(console_.requests.slice(sendsBefore).filter((request) => request === 'POST /api/v1/invites')).toHaveLength(1);
  const onServer = await invitationsPerAddress(adam);
  expect(onServer.get(resent!.email)).toBe(1);
  expect(onServer.get(notResent!.email)).toBe(1);
});

test('a line too long to be an address is in the report shortened, with how long it was', async () => {
  const line = `${'x'.repeat(400)}@example.com`;
  const started = console_.campaigns.start(console_.accountId, { addresses: freshAddresses('left-out-long', 1), leftOut: [tooLongLine(line, null)], options: MEMBER_OPTIONS, batchSize: 10 });
  await console_.campaigns.whenIdle(started.id);
  const csv = console_.restart().exportCsv(console_.accountId, started.id, 'left_out').csv.trimEnd().split('\r\n');
  expect(csv).toEqual(['Email,Name,Status,Reason', `${'x'.repeat(60)}…,,Left out,Too long to be an address (412 characters)`]);
});
