// Damaged files: the console's own files truncated or corrupted (the accounts file, a campaign journal,
// the activity log, the moderation triage store), a full disk while a journal is written, a user data
// folder that became read-only. The real core (createCore) against a real sandbox: it still starts,
// says what was damaged (the Diagnostics dialog's recent problems), keeps the damaged file beside the
// new one, never starts a campaign over, and a journal the disk will not take pauses the campaign
// with a clear message, nothing lost (every address invited once after Resume).
//
// The full disk and the read-only folder are real: a small tmpfs, mounted here (the tests run as root
// on CI's machines too). Where mounting is not allowed, those two are skipped with the reason.
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sendInvites } from '../../shared/api';
import type { ActivityEntry, Campaign, CampaignSummary, Diagnostics } from '../../shared/ipc';
import { tally } from '../../shared/node/testing/reliability-tally';
import { AccountService } from './accounts/accounts';
import { ACCOUNTS_FILE } from './accounts/account-store';
import { FileSecretStore } from './accounts/file-secret-store';
import type { ApiClient } from './client/api-client';
import { createCore, type Core } from './core';
import { CampaignJournal } from './invitations/campaign-journal';
import { campaignRecord, freshAddresses, invitationsPerAddress, MEMBER_OPTIONS } from './invitations/testing/campaign-harness';
import { describeRuntime } from './runtime-info';
import { clientFor } from './session/testing/session-harness';
import { startSandbox, type Sandbox } from './testing/sandbox';

let sandbox: Sandbox;
let adam: ApiClient;
const sender = { origin: 'damaged-files-test', trusted: true };

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 'demo', args: ['--daily-invite-limit', '100000'] });
  adam = await clientFor(sandbox.url, 'adam@sandbox.test');
}, 60_000);

afterAll(async () => {
  await sandbox?.close();
});

/** A data folder with Olivia signed in (her account saved), as a console that ran before leaves it. */
async function signedInFolder(dataDir = mkdtempSync(path.join(tmpdir(), 'damaged-'))): Promise<{ dataDir: string; accountId: string; userId: number }> {
  const accounts = new AccountService({ dataDir, secrets: new FileSecretStore(dataDir) });
  const account = await accounts.signInWithPassword({ realmUrl: sandbox.url, email: 'olivia@sandbox.test', password: 'sandbox', allowPlaintext: false });
  return { dataDir, accountId: account.id, userId: account.userId };
}

function startCore(dataDir: string): Promise<Core> {
  return createCore({ dataDir, secrets: new FileSecretStore(dataDir), appInfo: describeRuntime('realm-console', '0.0.0-damaged', process.platform, process.versions), logDir: null });
}

async function value<T>(core: Core, channel: string, input: unknown): Promise<T> {
  const result = await core.router.handle(channel, input, sender);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code}: ${result.error.msg}`);
  return result.value as T;
}

async function problems(core: Core): Promise<string[]> {
  return (await value<Diagnostics>(core, 'diagnostics.get', {})).problems.map((problem) => problem.text);
}

/** The files moved aside next to `file`, with their content. */
function asideCopies(file: string): string[] {
  const folder = path.dirname(file);
  return readdirSync(folder)
    .filter((name) => name.startsWith(`${path.basename(file)}.`))
    .map((name) => readFileSync(path.join(folder, name), 'utf8'));
}

async function waitFor<T>(check: () => Promise<T | null | false>, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = await check();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('truncated and corrupted files', () => {
  test('a truncated accounts file: the console starts with no accounts, says so, and keeps the file', async () => {
    const { dataDir } = await signedInFolder();
    const file = path.join(dataDir, ACCOUNTS_FILE);
    const torn = readFileSync(file, 'utf8').slice(0, 40);
    writeFileSync(file, torn);
    const core = await startCore(dataDir);
    try {
      expect(await value<unknown[]>(core, 'accounts.list', {})).toEqual([]);
      expect((await problems(core)).join('\n')).toMatch(/The accounts file .*accounts\.json was moved to .* because it is not JSON.*sign in again/);
      expect(asideCopies(file)).toEqual([torn]);
      tally('damaged files', { scenarios: 1 });
    } finally {
      await core.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('a corrupted campaign journal is set aside and said, and its campaign is never started over', async () => {
    const { dataDir, accountId } = await signedInFolder();
    const journal = new CampaignJournal(dataDir);
    // A running campaign, interrupted by a crash, whose journal then lost its end: the next start must
    // not send its addresses again from the beginning.
    const addresses = freshAddresses('damaged-journal', 3);
    journal.write(campaignRecord('torn', { account: accountId, addresses: addresses.map((a) => ({ email: a.email, name: a.name, outcome: 'pending', reason: null })), inFlight: null }));
    const file = journal.file(accountId, 'torn');
    const whole = readFileSync(file, 'utf8');
    writeFileSync(file, whole.slice(0, Math.floor(whole.length / 2)));
    const core = await startCore(dataDir);
    try {
      expect(await value<CampaignSummary[]>(core, 'invites.campaign.list', { account: accountId })).toEqual([]);
      expect((await problems(core)).join('\n')).toMatch(/journal .*torn\.json was moved to .* because it is not JSON/);
      expect(asideCopies(file)).toEqual([whole.slice(0, Math.floor(whole.length / 2))]);
      const onServer = await invitationsPerAddress(adam);
      expect(addresses.map((a) => onServer.get(a.email.toLowerCase()) ?? 0)).toEqual([0, 0, 0]);
      tally('damaged files', { scenarios: 1 });
    } finally {
      await core.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('a campaign journal whose last append a crash tore resumes from its last whole record: the batch it had in flight is found on the server, every address invited once', async () => {
    const { dataDir, accountId, userId } = await signedInFolder();
    const journal = new CampaignJournal(dataDir);
    const addresses = freshAddresses('torn-append', 6);
    const record = campaignRecord('torn-append', {
      account: accountId,
      inviterId: userId,
      batchSize: 3,
      addresses: addresses.map((a) => ({ email: a.email, name: a.name, outcome: 'pending', reason: null })),
      inFlight: null,
    });
    journal.write(record);
    // The first batch journaled in flight (an appended change), then sent: the server invites it...
    const first = addresses.slice(0, 3).map((a) => a.email);
    record.inFlight = { emails: first, startedAt: Date.now() };
    journal.write(record);
    const olivia = await clientFor(sandbox.url, 'olivia@sandbox.test');
    await olivia.call(sendInvites, {
      invitee_emails: first.join('\n'),
      stream_ids: MEMBER_OPTIONS.stream_ids,
      invite_as: MEMBER_OPTIONS.invite_as,
      invite_expires_in_minutes: MEMBER_OPTIONS.invite_expires_in_minutes,
      include_realm_default_subscriptions: MEMBER_OPTIONS.include_realm_default_subscriptions,
      notify_referrer_on_join: MEMBER_OPTIONS.notify_referrer_on_join,
    });
    // ...and the console dies while appending the next batch's change: the journal ends in a torn line.
    const file = journal.file(accountId, 'torn-append');
    appendFileSync(file, `{"set":{"inFlight":{"emails":["${addresses[3]!.email.slice(0, 8)}`);
    expect(readFileSync(file, 'utf8').split('\n')).toHaveLength(3);
    const core = await startCore(dataDir);
    try {
      const done = await waitFor(async () => {
        const campaign = await value<Campaign>(core, 'invites.campaign.get', { account: accountId, campaignId: 'torn-append' });
        return campaign.status !== 'running' && campaign;
      }, 'the campaign to finish');
      expect(done).toMatchObject({ status: 'done', counts: expect.objectContaining({ invited: 6 }) });
      // Nothing was damaged: the torn line is an append that never returned, so nothing is said.
      expect((await problems(core)).join('\n')).not.toMatch(/torn-append/);
      expect(asideCopies(file)).toEqual([]);
      const onServer = await invitationsPerAddress(adam);
      expect(addresses.map((a) => onServer.get(a.email.toLowerCase()) ?? 0)).toEqual([1, 1, 1, 1, 1, 1]);
      tally('damaged files', { scenarios: 1 });
    } finally {
      await core.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('a corrupted line in the activity log is skipped and said (a torn last line, as a crash leaves, silently); the file is kept as it is', async () => {
    const { dataDir, accountId } = await signedInFolder();
    const file = path.join(dataDir, 'activity', `${accountId}.jsonl`);
    mkdirSync(path.dirname(file), { recursive: true });
    const good = { actor: 'Olivia Owner', action: 'Role change', target: 'Mark Member', details: 'Member → Moderator', result: 'ok', error: null, at: 1_700_000_000_000 };
    const damaged = `${JSON.stringify(good)}\n{"actor":"Olivia Ow\u0000\u0000\n${JSON.stringify({ ...good, at: 1_700_000_001_000 })}\n{"actor":"torn`;
    writeFileSync(file, damaged);
    const core = await startCore(dataDir);
    try {
      const entries = await value<ActivityEntry[]>(core, 'activity.list', { account: accountId, limit: 50 });
      expect(entries.map((entry) => entry.at)).toEqual([1_700_000_001_000, 1_700_000_000_000]);
      expect((await problems(core)).join('\n')).toMatch(/skipped 1 unreadable line in .*\.jsonl/);
      expect(readFileSync(file, 'utf8')).toBe(damaged);
      tally('damaged files', { scenarios: 1 });
    } finally {
      await core.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('a corrupted triage store is set aside and said; every report shows as new', async () => {
    const { dataDir, accountId } = await signedInFolder();
    const file = path.join(dataDir, 'moderation', `${accountId}.json`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '{"version":1,"reviewed":{"12":{"reviewedAt":"yesterday"');
    const core = await startCore(dataDir);
    try {
      await value(core, 'moderation.inbox', { account: accountId });
      expect((await problems(core)).join('\n')).toMatch(/moderation.*\.json was moved to .* because it is not JSON/);
      expect(asideCopies(file)).toEqual(['{"version":1,"reviewed":{"12":{"reviewedAt":"yesterday"']);
      expect(existsSync(file)).toBe(false);
      tally('damaged files', { scenarios: 1 });
    } finally {
      await core.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** Mounts a tmpfs of `size` at a new folder; null (with the reason) where mounting is not allowed. */
function smallDisk(size: string): { dir: string; unmount(): void } | string {
  const dir = mkdtempSync(path.join(tmpdir(), 'small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return `cannot mount a tmpfs here (${(error as Error).message.split('\n')[0]})`;
  }
  return {
    dir,
    unmount() {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const probe = smallDisk('64k');
const noMount = typeof probe === 'string' ? probe : null;
if (typeof probe !== 'string') probe.unmount();

describe('a full disk and a read-only folder', () => {
  test.skipIf(noMount !== null)(`a journal write that fails for a full disk pauses the campaign, says why; Resume finishes it, every address once${noMount ? ` (skipped: ${noMount})` : ''}`, async () => {
    const disk = smallDisk('2m');
    if (typeof disk === 'string') throw new Error(disk);
    let core: Core | null = null;
    try {
      const { accountId } = await signedInFolder(disk.dir);
      const running = await startCore(disk.dir);
      core = running;
      const addresses = freshAddresses('full-disk', 500);
      // The disk fills while the campaign runs: nothing the journal can write fits any more.
      const filler = path.join(disk.dir, 'filler');
      const started = await value<CampaignSummary>(running, 'invites.campaign.start', { account: accountId, addresses, options: MEMBER_OPTIONS, batchSize: 10 });
      execFileSync('sh', ['-c', `dd if=/dev/zero of=${filler} bs=4k 2>/dev/null; true`]);
      const paused = await waitFor(async () => {
        const campaign = await value<Campaign>(running, 'invites.campaign.get', { account: accountId, campaignId: started.id });
        return campaign.status !== 'running' && campaign;
      }, 'the campaign to pause');
      expect(paused).toMatchObject({ status: 'paused', pauseReason: 'disk' });
      expect(paused.detail).toMatch(/journal .* could not be saved \(.*ENOSPC.*\)\. Nothing more is sent until it can be: .*the disk is not full, then choose Resume/);
      // Room again; the user resumes.
      rmSync(filler);
      await value(running, 'invites.campaign.resume', { account: accountId, campaignId: started.id });
      const done = await waitFor(async () => {
        const campaign = await value<Campaign>(running, 'invites.campaign.get', { account: accountId, campaignId: started.id });
        return campaign.status !== 'running' && campaign;
      }, 'the campaign to finish');
      expect(done).toMatchObject({ status: 'done', counts: expect.objectContaining({ invited: 500 }) });
      const onServer = await invitationsPerAddress(adam);
      expect(addresses.filter((a) => onServer.get(a.email.toLowerCase()) !== 1).map((a) => a.email)).toEqual([]);
      tally('damaged files', { scenarios: 1, faults: 1 });
    } finally {
      await core?.close();
      disk.unmount();
    }
  }, 60_000);

  test.skipIf(noMount !== null)(`a read-only user data folder: the console starts, keeps its account, and says what it cannot write${noMount ? ` (skipped: ${noMount})` : ''}`, async () => {
    const disk = smallDisk('2m');
    if (typeof disk === 'string') throw new Error(disk);
    let core: Core | null = null;
    try {
      const { accountId } = await signedInFolder(disk.dir);
      // A campaign left running by a console that closed: the next start would resume it.
      const journal = new CampaignJournal(disk.dir);
      journal.write(campaignRecord('left-running', { account: accountId, addresses: [{ email: 'read-only.0@newcomers.test', name: null, outcome: 'pending', reason: null }], inFlight: null }));
      execFileSync('mount', ['-o', 'remount,ro', disk.dir], { stdio: 'pipe' });
      core = await startCore(disk.dir);
      expect((await value<{ id: string }[]>(core, 'accounts.list', {})).map((account) => account.id)).toEqual([accountId]);
      const campaign = await value<Campaign>(core, 'invites.campaign.get', { account: accountId, campaignId: 'left-running' });
      expect(campaign.status).toBe('paused');
      expect(campaign.detail).toMatch(/could not be saved .*read-only file system.*then choose Resume/i);
      // Nothing was sent while the journal could not say so.
      expect((await invitationsPerAddress(adam)).get('read-only.0@newcomers.test')).toBeUndefined();
      tally('damaged files', { scenarios: 1, faults: 1 });
    } finally {
      await core?.close();
      disk.unmount();
    }
  }, 60_000);
});
