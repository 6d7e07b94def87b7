// An invitation campaign of 10,000 addresses (`npx tsx e2e/bench/campaign-throughput.ts`, or `npm run
// bench`): the real core (AccountService, Campaigns: its journal on disk, its pushes) against a sandbox
// in its own process, in batches of 100 (the console's default), as an administrator starts one. It
// prints, per batch, where the time goes:
//   - HTTP: each POST /invites from the moment the core hands it to fetch until the whole reply body is
//     in (measured by a fetch the core is given, which reads the body before passing it on);
//   - the server: the same request's time as the sandbox logs it (Fastify's responseTime, in
//     <data>/logs): HTTP minus this is the network and the client's HTTP stack;
//   - the console: the campaign's wall time minus every request's HTTP time: building each batch,
//     journaling it (electron/core/invitations/campaign-journal.ts), reading the reply, pushing progress.
// and the server's share of the wall time. It checks the outcome (every address invited, as the
// server's own GET /invites confirms), and prints figures without failing on them (docs/style.md).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { getInvites } from '../../shared/api';
import { AccountService } from '../../electron/core/accounts/accounts';
import { FileSecretStore } from '../../electron/core/accounts/file-secret-store';
import { ActivityLog } from '../../electron/core/activity/activity-log';
import { Campaigns } from '../../electron/core/invitations/campaigns';
import { freshAddresses, MEMBER_OPTIONS } from '../../electron/core/invitations/testing/campaign-harness';
import { startSandbox } from '../../electron/core/testing/sandbox';
import { fmt, median, printTable } from './bench-page';

const ADDRESSES = 10_000;
const BATCH = 100;

/** POST /invites durations as the sandbox logged them (pino lines: the request, then its completion). */
function loggedInviteTimes(logDir: string): number[] {
  const lines = readdirSync(logDir)
    .filter((name) => name.endsWith('.log'))
    .flatMap((name) => readFileSync(path.join(logDir, name), 'utf8').split('\n'))
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { reqId?: string; req?: { method: string; path: string }; responseTime?: number });
  const invites = new Set(lines.filter((line) => line.req?.method === 'POST' && line.req.path === '/api/v1/invites').map((line) => line.reqId));
  return lines.filter((line) => invites.has(line.reqId) && typeof line.responseTime === 'number').map((line) => line.responseTime as number);
}

async function main() {
  const sandbox = await startSandbox({ seed: 'demo', args: ['--daily-invite-limit', String(ADDRESSES * 2)] });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-campaign-'));
  const httpTimes: number[] = [];
  // The reply body is read here, inside the timed span, and handed on whole: the core then parses it
  // from memory, on its own time.
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const started = performance.now();
    const response = await globalThis.fetch(input, init);
    const body = await response.arrayBuffer();
    const address = new URL(String(input instanceof Request ? input.url : input));
    if ((init?.method ?? 'GET') === 'POST' && address.pathname === '/api/v1/invites') httpTimes.push(performance.now() - started);
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  let campaigns: Campaigns | null = null;
  try {
    const accounts = new AccountService({ dataDir, secrets: new FileSecretStore(dataDir), clientOptions: { fetch } });
    const account = await accounts.signInWithPassword({ realmUrl: sandbox.url, email: 'olivia@sandbox.test', password: 'sandbox', allowPlaintext: false });
    let pushes = 0;
    campaigns = new Campaigns({ dataDir, accounts, activity: new ActivityLog(dataDir), push: () => void pushes++, log: () => undefined });
    const started = performance.now();
    const { id } = campaigns.start(account.id, { addresses: freshAddresses('bench', ADDRESSES), options: MEMBER_OPTIONS, batchSize: BATCH });
    await campaigns.whenIdle(id);
    const wall = performance.now() - started;

    const campaign = campaigns.get(account.id, id);
    const invited = campaign.addresses.filter((address) => address.outcome === 'invited').length;
    const pending = (await accounts.client(account.id).call(getInvites, {})).value.invites.filter((invite) => invite.email?.endsWith('@newcomers.test')).length;
    if (campaign.status !== 'done' || invited !== ADDRESSES || pending !== ADDRESSES) {
      throw new Error(`the campaign ended ${campaign.status} with ${String(invited)} invited; the server holds ${String(pending)} of its invitations`);
    }
    const logged = loggedInviteTimes(path.join(sandbox.dataDir, 'logs'));
    const batches = httpTimes.length;
    const http = httpTimes.reduce((sum, ms) => sum + ms, 0);
    const server = logged.reduce((sum, ms) => sum + ms, 0);
    const consoleOwn = wall - http;
    console.log(
      `${ADDRESSES.toLocaleString('en')} addresses in ${String(batches)} batches of ${String(BATCH)}: ${(wall / 1000).toFixed(1)} s, ` +
        `${Math.round((ADDRESSES / wall) * 1000).toLocaleString('en')} invitations a second; ${String(pushes)} pushes; every address invited, as GET /invites confirms.`,
    );
    printTable([
      ['per batch', 'mean', 'median', 'share of the wall time'],
      ['the server (its logged responseTime)', fmt(server / logged.length), fmt(median(logged)), `${((server / wall) * 100).toFixed(0)}%`],
      ['HTTP (fetch to whole reply, server included)', fmt(http / batches), fmt(median(httpTimes)), `${((http / wall) * 100).toFixed(0)}%`],
      ["the console's own work (wall minus HTTP)", fmt(consoleOwn / batches), '', `${((consoleOwn / wall) * 100).toFixed(0)}%`],
    ]);
    console.log(server > consoleOwn ? 'The server is the bottleneck.' : "The console's own work outweighs the server's: the console is the bottleneck.");
  } finally {
    await campaigns?.close();
    rmSync(dataDir, { recursive: true, force: true });
    await sandbox.close();
  }
}

await main();
