// What the defaults tests share: a console core (real AccountService, SessionManager, activity log,
// DefaultsService and DefaultsCopies) that signs in to any number of real sandbox servers, with every
// request it sends (and its body) recorded and every push kept.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Push } from '../../../../shared/ipc';
import { AccountService } from '../../accounts/accounts';
import { FileSecretStore } from '../../accounts/file-secret-store';
import { ActivityLog } from '../../activity/activity-log';
import type { RealmState } from '../../session/realm-state';
import { SessionManager } from '../../session-manager';
import { DefaultsCopies } from '../defaults-copy';
import { DefaultsService } from '../defaults-service';

export { clientFor, eventually } from '../../session/testing/session-harness';

export interface SentRequest {
  method: string;
  path: string;
  /** The form body, decoded. */
  params: Record<string, string>;
  realm: string;
}

export interface DefaultsConsole {
  accounts: AccountService;
  sessions: SessionManager;
  activity: ActivityLog;
  defaults: DefaultsService;
  copies: DefaultsCopies;
  pushes: Push[];
  /** Every request but event polling and register, in the order sent. */
  requests: SentRequest[];
  /** Signs in and waits for the realm's first snapshot; returns the account ID. */
  signIn(url: string, email: string): Promise<string>;
  state(account: string): RealmState;
  close(): Promise<void>;
}

export function defaultsConsole(): DefaultsConsole {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'defaults-console-'));
  const requests: SentRequest[] = [];
  const pushes: Push[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const address = new URL(String(input instanceof Request ? input.url : input));
    const polling = address.pathname.endsWith('/api/v1/events') || address.pathname.endsWith('/api/v1/register');
    if (!polling) {
      const body = init?.body instanceof URLSearchParams ? Object.fromEntries(init.body) : {};
      requests.push({ method: init?.method ?? 'GET', path: address.pathname, params: body, realm: address.origin });
    }
    return globalThis.fetch(input, init);
  };
  const accounts = new AccountService({ dataDir, secrets: new FileSecretStore(dataDir), clientOptions: { fetch } });
  const sessions = new SessionManager(accounts, (message) => pushes.push(message));
  const activity = new ActivityLog(dataDir);
  const defaults = new DefaultsService({ accounts, sessions, activity });
  const copies = new DefaultsCopies({ accounts, sessions, activity, push: (message) => pushes.push(message) });
  return {
    accounts,
    sessions,
    activity,
    defaults,
    copies,
    pushes,
    requests,
    async signIn(url, email) {
      const account = await accounts.signInWithPassword({ realmUrl: url, email, password: 'sandbox', allowPlaintext: false });
      sessions.syncWithAccounts();
      await sessions.get(account.id).whenReady();
      return account.id;
    },
    state: (account) => sessions.get(account).state as RealmState,
    async close() {
      await copies.stopAll();
      await sessions.stopAll();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
