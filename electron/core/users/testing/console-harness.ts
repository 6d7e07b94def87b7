// What the tests of user changes and role batches share: a console core signed in to a real sandbox
// (real AccountService, SessionManager, activity log and services), every request it sends recorded,
// every push it makes kept, and a way to hold back the event queue's replies (so the state goes stale,
// as it does when a laptop sleeps), plus a second client acting directly on the server, and a realm
// that has lost its owner.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Push } from '../../../../shared/ipc';
import { AccountService } from '../../accounts/accounts';
import { FileSecretStore } from '../../accounts/file-secret-store';
import { ActivityLog } from '../../activity/activity-log';
import { UndoJobs } from '../../activity/undo-jobs';
import { ChannelChanges } from '../../channels/channel-changes';
import { DefaultsService } from '../../defaults/defaults-service';
import type { ApiClient } from '../../client/api-client';
import { RoleBatches } from '../../jobs/role-batches';
import { StatusBatches } from '../../jobs/status-batches';
import type { RealmState } from '../../session/realm-state';
import { clientFor, eventually } from '../../session/testing/session-harness';
import { SessionManager } from '../../session-manager';
import { startSandbox, type Sandbox } from '../../testing/sandbox';
import { UserChanges } from '../user-changes';

export { eventually };

export interface TestConsole {
  accountId: string;
  accounts: AccountService;
  sessions: SessionManager;
  activity: ActivityLog;
  userChanges: UserChanges;
  roleBatches: RoleBatches;
  statusBatches: StatusBatches;
  /** Undo from the activity log, over real default-settings and channel services. */
  undo: UndoJobs;
  pushes: Push[];
  /** When each push was made (Date.now()), index for index. */
  pushTimes: number[];
  /** "PATCH /api/v1/users/12", in the order sent (event polling and register left out). */
  requests: string[];
  /** The session's current state (after the first register). */
  state(): RealmState;
  /** Replies to GET /events wait until release: the state stops following the server. */
  holdEvents(): void;
  releaseEvents(): void;
  close(): Promise<void>;
}

export interface TestConsoleOptions {
  settleTimeoutMs?: number;
  /** Added to every request but event polling, like a distant server. */
  latencyMs?: number;
  /** The role batches' concurrency (default: theirs). */
  concurrency?: number;
}

export async function signedInConsole(url: string, email: string, options: TestConsoleOptions = {}): Promise<TestConsole> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'users-console-'));
  const requests: string[] = [];
  const pushes: Push[] = [];
  const pushTimes: number[] = [];
  const record = (message: Push) => {
    pushes.push(message);
    pushTimes.push(Date.now());
  };
  let gate: Promise<void> | null = null;
  let open: (() => void) | null = null;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const address = new URL(String(input instanceof Request ? input.url : input));
    const method = init?.method ?? 'GET';
    const polling = address.pathname.endsWith('/api/v1/events') || address.pathname.endsWith('/api/v1/register');
    if (!polling) requests.push(`${method} ${address.pathname}`);
    if (!polling && options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
    const response = await globalThis.fetch(input, init);
    // Held after the server answered, so a poll already waiting cannot slip its events through.
    if (gate && polling && method === 'GET') await gate;
    return response;
  };
  const releaseEvents = () => {
    gate = null;
    open?.();
  };
  const accounts = new AccountService({ dataDir, secrets: new FileSecretStore(dataDir), clientOptions: { fetch } });
  const account = await accounts.signInWithPassword({ realmUrl: url, email, password: 'sandbox', allowPlaintext: false });
  const sessions = new SessionManager(accounts, record);
  sessions.syncWithAccounts();
  await sessions.get(account.id).whenReady();
  const activity = new ActivityLog(dataDir);
  const userChanges = new UserChanges({ accounts, sessions, activity, settleTimeoutMs: options.settleTimeoutMs });
  const roleBatches = new RoleBatches({ changes: userChanges, sessions, push: record, concurrency: options.concurrency });
  const statusBatches = new StatusBatches({ changes: userChanges, sessions, push: record, concurrency: options.concurrency });
  const defaults = new DefaultsService({ accounts, sessions, activity, settleTimeoutMs: options.settleTimeoutMs });
  const channelChanges = new ChannelChanges({ accounts, sessions, activity, settleTimeoutMs: options.settleTimeoutMs });
  const undo = new UndoJobs({ activity, sessions, userChanges, defaults, channelChanges, push: record, concurrency: options.concurrency });
  requests.length = 0;
  return {
    accountId: account.id,
    accounts,
    sessions,
    activity,
    userChanges,
    roleBatches,
    statusBatches,
    undo,
    pushes,
    pushTimes,
    requests,
    state: () => sessions.get(account.id).state as RealmState,
    holdEvents() {
      gate ??= new Promise((resolve) => (open = resolve));
    },
    releaseEvents,
    async close() {
      releaseEvents();
      await roleBatches.stopAll();
      await statusBatches.stopAll();
      await undo.stopAll();
      await sessions.stopAll();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Another client of the same realm, acting directly over HTTP (as another administrator would). */
export function directClient(url: string, email: string): Promise<ApiClient> {
  return clientFor(url, email);
}

/** The ID of the user with this address, from the console's state. */
export function userIdOf(state: RealmState, email: string): number {
  for (const user of state.users.values()) if (user.email === email || user.delivery_email === email) return user.user_id;
  throw new Error(`no user ${email} in the state`);
}

/**
 * A demo sandbox whose only owner, Olivia, is an administrator: a realm with no owner, as an upstream
 * realm can be after a server administrator changed roles outside the API (the API always keeps one
 * human owner). Only in such a realm can a role change leave nobody to administer it. The role is set
 * in the stopped server's database, exactly as the server's own role change writes it.
 */
export async function ownerlessSandbox(): Promise<Sandbox> {
  const sandbox = await startSandbox({ seed: 'demo' });
  await sandbox.stop();
  const db = new Database(path.join(sandbox.dataDir, 'sandbox.sqlite'));
  try {
    db.prepare("UPDATE users SET role = 200 WHERE email = 'olivia@sandbox.test'").run();
  } finally {
    db.close();
  }
  await sandbox.start();
  return sandbox;
}
