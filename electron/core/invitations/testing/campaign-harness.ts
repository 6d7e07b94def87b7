// What the campaign tests share: a console signed in to a real sandbox (real AccountService, activity
// log and Campaigns on a data folder that outlives one Campaigns, as the disk outlives a crash), the
// pushes it makes, a fetch that can lose the reply of the next POST /invites (the server acts, the
// console never hears), and what the server itself says about pending invitations.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getInvites, type Invite } from '../../../../shared/api';
import type { CampaignOptions, Push } from '../../../../shared/ipc';
import { AccountService } from '../../accounts/accounts';
import { FileSecretStore } from '../../accounts/file-secret-store';
import { ActivityLog } from '../../activity/activity-log';
import type { ApiClient } from '../../client/api-client';
import { clientFor, eventually } from '../../session/testing/session-harness';
import type { CampaignHooks } from '../campaign-runner';
import type { CampaignRecord } from '../campaign-record';
import { Campaigns } from '../campaigns';

export { eventually };

export interface CampaignConsole {
  accountId: string;
  dataDir: string;
  accounts: AccountService;
  activity: ActivityLog;
  campaigns: Campaigns;
  pushes: Push[];
  /** When each push was made (Date.now()), index for index. */
  pushTimes: number[];
  /** "POST /api/v1/invites", in the order sent. */
  requests: string[];
  /** The next N replies to POST /invites are lost after the server acted on the request. */
  loseInviteReplies(count: number): void;
  /** A new Campaigns on the same data folder, as the next start of the console makes. */
  restart(hooks?: CampaignHooks): Campaigns;
  close(): Promise<void>;
}

export async function campaignConsole(url: string, email = 'olivia@sandbox.test', hooks: CampaignHooks = {}): Promise<CampaignConsole> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'campaigns-'));
  const pushes: Push[] = [];
  const pushTimes: number[] = [];
  const requests: string[] = [];
  let lose = 0;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const address = new URL(String(input instanceof Request ? input.url : input));
    const method = init?.method ?? 'GET';
    requests.push(`${method} ${address.pathname}`);
    const response = await globalThis.fetch(input, init);
    if (method === 'POST' && address.pathname === '/api/v1/invites' && lose > 0) {
      lose--;
      await response.text();
      // What fetch throws when a connection drops before the reply arrives.
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'UND_ERR_SOCKET' }) });
    }
    return response;
  };
  const accounts = new AccountService({ dataDir, secrets: new FileSecretStore(dataDir), clientOptions: { fetch } });
  const account = await accounts.signInWithPassword({ realmUrl: url, email, password: 'sandbox', allowPlaintext: false });
  const activity = new ActivityLog(dataDir);
  const make = (withHooks: CampaignHooks) =>
    new Campaigns({
      dataDir,
      accounts,
      activity,
      push: (message) => {
        pushes.push(message);
        pushTimes.push(Date.now());
      },
      // Backoff as the core's, but never longer than 50 ms, so a test waits for the server, not the clock.
      sleep: (ms, signal) =>
        new Promise((resolve) => {
          const timer = setTimeout(resolve, Math.min(ms, 50));
          signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
        }),
      hooks: withHooks,
      log: () => undefined,
    });
  const current = { campaigns: make(hooks) };
  return {
    accountId: account.id,
    dataDir,
    accounts,
    activity,
    get campaigns() {
      return current.campaigns;
    },
    pushes,
    pushTimes,
    requests,
    loseInviteReplies(count) {
      lose = count;
    },
    restart(newHooks = {}) {
      current.campaigns = make(newHooks);
      return current.campaigns;
    },
    async close() {
      await current.campaigns.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const MEMBER_OPTIONS: CampaignOptions = {
  invite_as: 400,
  stream_ids: [],
  group_ids: [],
  include_realm_default_subscriptions: false,
  notify_referrer_on_join: false,
  invite_expires_in_minutes: 60,
  welcome_message_custom_text: null,
};

/** A journal record as a running campaign of one address writes it, with `extra` on top. */
export function campaignRecord(id: string, extra: Partial<CampaignRecord> = {}): CampaignRecord {
  return {
    version: 1,
    id,
    account: 'acc1',
    createdAt: 1,
    finishedAt: null,
    status: 'running',
    pauseReason: null,
    detail: null,
    batchSize: 10,
    options: MEMBER_OPTIONS,
    actor: 'Olivia Owner (olivia@sandbox.test)',
    inviterId: 7,
    addresses: [{ email: 'a@x.test', name: null, outcome: 'pending', reason: null }],
    resent: [],
    leftOut: [],
    inFlight: { emails: ['a@x.test'], startedAt: 1000 },
    ...extra,
  };
}

/** `count` fresh addresses under a tag, so tests sharing a sandbox never collide. */
export function freshAddresses(tag: string, count: number): { email: string; name: string | null }[] {
  return Array.from({ length: count }, (_, i) => ({ email: `${tag}.${i}@newcomers.test`, name: `Newcomer ${i}` }));
}

/** The server's own pending invitations, as another administrator sees them. */
export async function pendingInvites(client: ApiClient): Promise<Invite[]> {
  return (await client.call(getInvites, {})).value.invites;
}

/** How many pending invitations each address has on the server (lowercased). */
export async function invitationsPerAddress(client: ApiClient): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const invite of await pendingInvites(client)) {
    if (invite.email) counts.set(invite.email.toLowerCase(), (counts.get(invite.email.toLowerCase()) ?? 0) + 1);
  }
  return counts;
}

export { clientFor };
