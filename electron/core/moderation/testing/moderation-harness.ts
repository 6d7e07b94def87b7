// What the moderation tests share: the core's accounts, sessions, activity log and moderation service,
// as core.ts builds them, signed in to a real sandbox on a data folder, with every request and push
// recorded; and other people acting on the sandbox directly.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getMessages, type Narrow } from '../../../../shared/api';
import type { Push } from '../../../../shared/ipc';
import { AccountService } from '../../accounts/accounts';
import { FileSecretStore } from '../../accounts/file-secret-store';
import { ActivityLog } from '../../activity/activity-log';
import type { ApiClient } from '../../client/api-client';
import { SessionManager } from '../../session-manager';
import { clientFor } from '../../session/testing/session-harness';
import { ModerationService } from '../moderation-service';

export interface ModerationConsole {
  account: string;
  dataDir: string;
  moderation: ModerationService;
  sessions: SessionManager;
  activity: ActivityLog;
  pushes: Push[];
  /** Every request the console made, as "METHOD /path". */
  requests: string[];
  close(): Promise<void>;
}

export interface ModerationConsoleOptions {
  /** A data folder to start from (another console's, as after a restart); a fresh one by default. */
  dataDir?: string;
  pageSize?: number;
  /** Requests to fail as fetch does when the network is down ("POST /mark_topic_as_read"). */
  offline?: (request: string) => boolean;
}

/** The console signed in to `url` as `email` (password "sandbox"), its session live. */
export async function moderationConsole(url: string, email: string, options: ModerationConsoleOptions = {}): Promise<ModerationConsole> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'moderation-'));
  const requests: string[] = [];
  const counting: typeof globalThis.fetch = (input, init) => {
    const request = `${init?.method ?? 'GET'} ${new URL(String(input instanceof Request ? input.url : input)).pathname.replace('/api/v1', '')}`;
    requests.push(request);
    // A request the test cuts off fails as fetch does when the network is down.
    if (options.offline?.(request)) return Promise.reject(new TypeError('fetch failed'));
    return globalThis.fetch(input, init);
  };
  const accounts = new AccountService({ dataDir, secrets: new FileSecretStore(dataDir), log: () => {}, clientOptions: { fetch: counting } });
  const account = accounts.list()[0] ?? (await accounts.signInWithPassword({ realmUrl: url, email, password: 'sandbox', allowPlaintext: false }));
  const pushes: Push[] = [];
  const sessions = new SessionManager(accounts, (push) => pushes.push(push));
  const activity = new ActivityLog(dataDir, { log: () => {} });
  const moderation = new ModerationService({ dataDir, accounts, sessions, activity, push: (push) => pushes.push(push), pageSize: options.pageSize, log: () => {} });
  sessions.syncWithAccounts();
  await sessions.get(account.id).whenReady();
  return {
    account: account.id,
    dataDir,
    moderation,
    sessions,
    activity,
    pushes,
    requests,
    close: async () => {
      moderation.close();
      await sessions.stopAll();
    },
  };
}

/** API clients for the sandbox's people, signed in once each. */
export function peopleOf(url: string): (email: string) => Promise<ApiClient> {
  const clients = new Map<string, Promise<ApiClient>>();
  return (email) => {
    let found = clients.get(email);
    if (!found) {
      found = clientFor(url, email);
      clients.set(email, found);
    }
    return found;
  };
}

/** The newest message in a conversation, as `client` sees it (Markdown). */
export async function newestMessage(client: ApiClient, narrow: Narrow) {
  const { value } = await client.call(getMessages, { anchor: 'newest', num_before: 1, num_after: 0, narrow, apply_markdown: false });
  const message = value.messages[0];
  if (!message) throw new Error(`no message in ${JSON.stringify(narrow)}`);
  return message;
}
