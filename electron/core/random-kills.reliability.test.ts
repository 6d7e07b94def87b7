// Random kills: a real core process (testing/core-child.ts, the real createCore) is ended with SIGKILL
// at points fast-check picks (the n-th write request reaching the server, plus a few milliseconds; or
// moments after it started, before any write), during a 1,000-address invitation campaign and during a
// bulk role job; then started again until the work is done. Every time, on the server: every address
// invited exactly once (one row, sent once, one pending invitation), every role changed exactly once
// (one role event per user, seen by another client's queue). The default run makes about 100 kills;
// RELIABILITY_RUNS=n makes n runs of each property (`npm run reliability`).
import Database from 'better-sqlite3';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { getUsers, type Role } from '../../shared/api';
import { startFaultProxy, type FaultProxy } from '../../shared/node/testing/fault-proxy';
import { matches, type RequestMatch } from '../../shared/node/testing/faults';
import { reliabilityRuns, tally } from '../../shared/node/testing/reliability-tally';
import { AccountService } from './accounts/accounts';
import { FileSecretStore } from './accounts/file-secret-store';
import type { ApiClient } from './client/api-client';
import { CampaignJournal } from './invitations/campaign-journal';
import { freshAddresses } from './invitations/testing/campaign-harness';
import { clientFor } from './session/testing/session-harness';
import { startSandbox, type Sandbox } from './testing/sandbox';
import { watchServer, type ServerWatch } from './testing/server-watch';

const ADDRESSES = 1_000;
const BATCH = 25;
// About 100 kills by default: 12 campaign runs and 12 role runs of 3 to 5 kills each (a kill the work
// finished before is not made, and not counted).
const KILLS_PER_RUN = { minLength: 3, maxLength: 5 };
const CAMPAIGN_RUNS = reliabilityRuns(12);
const ROLE_RUNS = reliabilityRuns(12);
const MEMBER: Role = 400;
const MODERATOR: Role = 300;

let sandbox: Sandbox;
let proxy: FaultProxy;
let adam: ApiClient;
let watch: ServerWatch;
let dataDir: string;
let accountId: string;
let child: string;

beforeAll(async () => {
  // The child, bundled once (a start in a third of a second, not tsx's two): its packages stay
  // external, found in node_modules above the bundle.
  const bundleDir = path.resolve('node_modules/.cache/reliability');
  mkdirSync(bundleDir, { recursive: true });
  child = path.join(bundleDir, `core-child-${process.pid}.mjs`);
  const esbuild = path.resolve('node_modules/.bin/esbuild');
  execFileSync(esbuild, [path.join(import.meta.dirname, 'testing', 'core-child.ts'), '--bundle', '--platform=node', '--format=esm', '--packages=external', `--outfile=${child}`, '--log-level=warning']);
  sandbox = await startSandbox({ seed: 'demo', args: ['--daily-invite-limit', '1000000'] });
  proxy = await startFaultProxy(Number(new URL(sandbox.url).port));
  adam = await clientFor(sandbox.url, 'adam@sandbox.test');
  watch = await watchServer(adam);
  dataDir = mkdtempSync(path.join(tmpdir(), 'random-kills-'));
  const accounts = new AccountService({ dataDir, secrets: new FileSecretStore(dataDir) });
  accountId = (await accounts.signInWithPassword({ realmUrl: proxy.url, email: 'olivia@sandbox.test', password: 'sandbox', allowPlaintext: false })).id;
}, 60_000);

afterAll(async () => {
  await watch?.close();
  await proxy?.close();
  await sandbox?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(child, { force: true });
});

/** Where a kill lands: after the `write`-th write request since the start reached the proxy (0: none), plus `delayMs`. */
interface KillPoint {
  write: number;
  delayMs: number;
}
const killPoint = fc.record({ write: fc.integer({ min: 0, max: 4 }), delayMs: fc.integer({ min: 0, max: 60 }) });

interface ChildEnd {
  killed: boolean;
  started: string | null;
  finished: Record<string, unknown> | null;
}

/** Runs the core child on `job`; with a kill point, SIGKILLs it there (unless it finished first). */
async function runChild(job: Record<string, unknown>, writes: RequestMatch, kill: KillPoint | null): Promise<ChildEnd> {
  const fromLog = proxy.log.length;
  const process_ = spawn(process.execPath, [child, dataDir, JSON.stringify(job)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const end: ChildEnd = { killed: false, started: null, finished: null };
  const exited = new Promise<void>((resolve) => process_.once('exit', () => resolve()));
  const killAfter = (ms: number) =>
    setTimeout(() => {
      if (process_.exitCode === null && process_.signalCode === null) end.killed = process_.kill('SIGKILL');
    }, ms);
  createInterface({ input: process_.stdout }).on('line', (line) => {
    if (line === 'ready' && kill?.write === 0) killAfter(kill.delayMs);
    if (line.startsWith('started ')) end.started = line.slice('started '.length);
    if (line.startsWith('finished ')) end.finished = JSON.parse(line.slice('finished '.length)) as Record<string, unknown>;
  });
  let watching = kill !== null && kill.write > 0;
  if (watching && kill) {
    void (async () => {
      while (watching) {
        const seen = proxy.log.slice(fromLog).filter((request) => matches(writes, request)).length;
        if (seen >= kill.write) return void killAfter(kill.delayMs);
        await proxy.nextRequest(writes);
      }
    })();
  }
  await exited;
  watching = false;
  if (!end.killed && process_.exitCode !== 0) throw new Error(`the core child failed (exit ${process_.exitCode})`);
  return end;
}

/** Each address's rows in the sandbox's database, and how many times each was sent. */
function invitationRows(tag: string): Map<string, { rows: number; sends: number }> {
  const db = new Database(path.join(sandbox.dataDir, 'sandbox.sqlite'), { readonly: true });
  try {
    const rows = db
      .prepare("SELECT lower(email) AS email, COUNT(*) AS rows, SUM(sends) AS sends FROM invites WHERE lower(email) LIKE ? || '.%' GROUP BY lower(email)")
      .all(tag) as { email: string; rows: number; sends: number }[];
    return new Map(rows.map((row) => [row.email, { rows: row.rows, sends: row.sends }]));
  } finally {
    db.close();
  }
}

const inviteWrites: RequestMatch = { method: 'POST', path: '/api/v1/invites' };
let campaignRun = 0;

test(`a ${ADDRESSES}-address campaign killed at random points ends with every address invited exactly once`, async () => {
  let kills = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(killPoint, KILLS_PER_RUN), async (points) => {
      const tag = `kill${campaignRun++}`;
      const journal = new CampaignJournal(dataDir);
      const before = new Set(journal.ids(accountId));
      let campaignId: string | null = null;
      let last: ChildEnd | null = null;
      for (const point of [...points, null]) {
        // A kill before the start's journal was written leaves no campaign: the user starts it again.
        campaignId ??= journal.ids(accountId).find((id) => !before.has(id)) ?? null;
        const job = campaignId
          ? { kind: 'resume', account: accountId, campaignId }
          : { kind: 'campaign', account: accountId, tag, count: ADDRESSES, batchSize: BATCH };
        last = await runChild(job, inviteWrites, point);
        if (last.killed) kills++;
        campaignId ??= last.started;
      }
      expect(last?.finished).toMatchObject({ status: 'done', counts: expect.objectContaining({ invited: ADDRESSES }) });
      const rows = invitationRows(tag);
      const wrong = freshAddresses(tag, ADDRESSES)
        .map((address) => address.email.toLowerCase())
        .filter((email) => rows.get(email)?.rows !== 1 || rows.get(email)?.sends !== 1)
        .map((email) => `${email}: ${JSON.stringify(rows.get(email) ?? null)}`);
      expect(wrong).toEqual([]);
    }),
    { numRuns: CAMPAIGN_RUNS, endOnFailure: true },
  );
  tally('random kills', { scenarios: CAMPAIGN_RUNS, kills });
  expect(kills).toBeGreaterThanOrEqual(CAMPAIGN_RUNS * 2);
}, 600_000);

const roleWrites: RequestMatch = { method: 'PATCH', path: /^\/api\/v1\/users\/\d+$/ };
let roleRun = 0;

test('a bulk role job killed at random points and run again changes every role exactly once', async () => {
  const { members } = (await adam.call(getUsers, {})).value;
  const userIds = members
    .filter((user) => user.role === MEMBER && !user.is_bot && user.is_active && user.email !== 'mark@sandbox.test')
    .map((user) => user.user_id)
    .slice(0, 24);
  expect(userIds).toHaveLength(24);
  let kills = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(killPoint, KILLS_PER_RUN), async (points) => {
      // Each run moves the same members the other way: member to moderator, then back.
      const role = roleRun++ % 2 === 0 ? MODERATOR : MEMBER;
      await watch.drain();
      const since = watch.mark();
      let last: ChildEnd | null = null;
      for (const point of [...points, null]) {
        last = await runChild({ kind: 'roles', account: accountId, userIds, role }, roleWrites, point);
        if (last.killed) kills++;
      }
      expect(last?.finished).not.toHaveProperty('failed');
      await watch.drain();
      const wrong = userIds.filter((userId) => watch.roleChanges(userId, since) !== 1).map((userId) => `${userId}: ${watch.roleChanges(userId, since)} changes`);
      expect(wrong).toEqual([]);
      const onServer = (await adam.call(getUsers, {})).value.members.filter((user) => userIds.includes(user.user_id));
      expect(onServer.filter((user) => user.role !== role).map((user) => user.user_id)).toEqual([]);
    }),
    { numRuns: ROLE_RUNS, endOnFailure: true },
  );
  tally('random kills', { scenarios: ROLE_RUNS, kills });
  expect(kills).toBeGreaterThanOrEqual(ROLE_RUNS * 2);
}, 600_000);
