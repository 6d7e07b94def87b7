// A console core behind fault proxies, for the reliability tests: the core's services (services.ts,
// as createCore makes them) served by the real router, signed in to one or more real
// sandbox processes, each reached through its own fault proxy (shared/node/testing/fault-proxy.ts).
// Beside each realm: a client straight to the server (another administrator, never faulted), a watch
// of its events (server-watch.ts) and its invitations in the database, so a test checks what the
// server did, and whether the console's live state ended equal to a fresh register.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';
import { deleteEventQueue, getInvites } from '../../../shared/api';
import { contract, type ChannelName, type IpcResult, type Push } from '../../../shared/ipc';
import { startFaultProxy, type FaultProxy } from '../../../shared/node/testing/fault-proxy';
import { AccountService } from '../accounts/accounts';
import { FileSecretStore } from '../accounts/file-secret-store';
import type { ApiClient } from '../client/api-client';
import { handlers } from '../handlers';
import { openLog } from '../logging/log';
import { NetworkService } from '../network/network-service';
import { NodeNetwork } from '../network/node-network';
import { createRouter, type Router } from '../router';
import { describeRuntime } from '../runtime-info';
import { reportChannelFor } from '../session/realm-fetch';
import { realmStateFromRegister, type RealmState } from '../session/realm-state';
import { clientFor, comparable, freshRegister } from '../session/testing/session-harness';
import type { Campaigns } from '../invitations/campaigns';
import { SessionManager } from '../session-manager';
import { createServices } from '../services';
import { startSandbox, type Sandbox } from './sandbox';
import { watchServer, type ServerWatch } from './server-watch';

export interface FaultRealm {
  sandbox: Sandbox;
  /** Between the console and this realm's server. */
  proxy: FaultProxy;
  /** The console's account for it. */
  accountId: string;
  /** Adam Admin, straight to the server. */
  direct: ApiClient;
  /** The signed-in user, straight to the server: a fresh register sees what the console should. */
  self: ApiClient;
  watch: ServerWatch;
}

export interface FaultConsole {
  /** The first realm (the one the console signed in to first). */
  main: FaultRealm;
  realms: FaultRealm[];
  sessions: SessionManager;
  campaigns: Campaigns;
  pushes: Push[];
  /** A call through the router, as the renderer makes it. */
  call(channel: ChannelName, input: unknown): Promise<IpcResult<unknown>>;
  /** The call's value; fails the test with the console's words if it failed. */
  value<T>(channel: ChannelName, input: unknown): Promise<T>;
  state(realm?: FaultRealm): RealmState;
  /** Waits until the console's state of the realm equals a fresh register's (then compares once more, for the diff). */
  converged(realm?: FaultRealm, timeoutMs?: number): Promise<void>;
  /** Another realm (a sandbox behind its own proxy) the console signs in to. */
  addRealm(options?: RealmOptions): Promise<FaultRealm>;
  close(): Promise<void>;
}

export interface RealmOptions {
  /** Extra sandbox flags. */
  args?: string[];
  email?: string;
}

export interface FaultConsoleOptions extends RealmOptions {
  /** The core's request timeout (what ends a black hole). Default 1500 ms. */
  timeoutMs?: number;
}

const trusted = { origin: 'reliability-test', trusted: true };

export async function faultConsole(options: FaultConsoleOptions = {}): Promise<FaultConsole> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fault-console-'));
  const pushes: Push[] = [];
  const push = (message: Push) => void pushes.push(message);
  const appInfo = describeRuntime('realm-console', '0.0.0-reliability', process.platform, process.versions);
  const log = await openLog({ dir: null });
  // Node's network stack, as browser mode's core has it (with no proxy: the fault proxy is the way).
  const stack = new NodeNetwork({});
  const secrets = new FileSecretStore(dataDir);
  const network = await NetworkService.open({ dataDir, stack, secrets, log });
  const accounts = new AccountService({
    dataDir,
    secrets,
    clientOptions: { timeoutMs: options.timeoutMs ?? 1_500 },
    transport: (realmUrl, trust) => stack.fetchFor(realmUrl, trust),
  });
  const sessions = new SessionManager(accounts, push);
  // Backoff as the core's, but never longer than 50 ms: a test waits for the server, not the clock.
  const services = createServices({ dataDir, appInfo, accounts, sessions, network, log, push, desktop: null, campaignSleep: shortSleep });
  const { campaigns } = services;
  const router: Router = createRouter(contract, handlers, services.context);
  const realms: FaultRealm[] = [];

  const addRealm = async (realmOptions: RealmOptions = {}): Promise<FaultRealm> => {
    const email = realmOptions.email ?? 'olivia@sandbox.test';
    const sandbox = await startSandbox({ seed: 'demo', args: ['--daily-invite-limit', '100000', ...(realmOptions.args ?? [])] });
    const proxy = await startFaultProxy(Number(new URL(sandbox.url).port));
    const account = await accounts.signInWithPassword({ realmUrl: proxy.url, email, password: 'sandbox', allowPlaintext: false });
    sessions.syncWithAccounts();
    await sessions.get(account.id).whenReady();
    const direct = await clientFor(sandbox.url, 'adam@sandbox.test');
    const realm: FaultRealm = { sandbox, proxy, accountId: account.id, direct, self: await clientFor(sandbox.url, email), watch: await watchServer(direct) };
    realms.push(realm);
    return realm;
  };
  const main = await addRealm(options);

  const state = (realm: FaultRealm = main) => {
    const current = sessions.get(realm.accountId).state;
    if (!current) throw new Error('the console has no state for this realm yet');
    return current;
  };
  const call = (channel: ChannelName, input: unknown) => router.handle(channel, input, trusted);
  return {
    main,
    realms,
    sessions,
    campaigns,
    pushes,
    call,
    async value<T>(channel: ChannelName, input: unknown) {
      const result = await call(channel, input);
      if (!result.ok) throw new Error(`${channel} failed: ${result.error.code}: ${result.error.msg}`);
      return result.value as T;
    },
    state,
    async converged(realm = main, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      let fresh = await freshState(realm, state(realm));
      while (!isDeepStrictEqual(comparable(state(realm)), comparable(fresh)) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        fresh = await freshState(realm, state(realm));
      }
      expect(comparable(state(realm))).toEqual(comparable(fresh));
    },
    addRealm,
    async close() {
      await services.stop();
      await sessions.stopAll();
      await stack.close();
      await log.close();
      for (const realm of realms) {
        await realm.watch.close();
        await realm.proxy.close();
        await realm.sandbox.close();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The realm as a fresh register shows it to the signed-in user (its queue is deleted at once). */
async function freshState(realm: FaultRealm, current: RealmState): Promise<RealmState> {
  const reply = await freshRegister(realm.self, reportChannelFor(current));
  if (reply.queue_id) await realm.self.call(deleteEventQueue, { queue_id: reply.queue_id }).catch(() => undefined);
  return realmStateFromRegister(reply);
}

/** How many pending invitations each address has, as GET /invites lists them (lowercased). */
export async function pendingPerAddress(realm: FaultRealm): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const invite of (await realm.direct.call(getInvites, {})).value.invites) {
    if (invite.email) counts.set(invite.email.toLowerCase(), (counts.get(invite.email.toLowerCase()) ?? 0) + 1);
  }
  return counts;
}

/** Every invitation row the sandbox's database holds for each address (any status), and its sends. */
export function invitationRows(realm: FaultRealm): Map<string, { rows: number; sends: number }> {
  const db = new Database(path.join(realm.sandbox.dataDir, 'sandbox.sqlite'), { readonly: true });
  try {
    const rows = db.prepare('SELECT lower(email) AS email, COUNT(*) AS rows, SUM(sends) AS sends FROM invites GROUP BY lower(email)').all() as { email: string; rows: number; sends: number }[];
    return new Map(rows.map((row) => [row.email, { rows: row.rows, sends: row.sends }]));
  } finally {
    db.close();
  }
}

function shortSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, Math.min(ms, 50));
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}
