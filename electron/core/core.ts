// The console core: accounts, one live session per account, and the contract's handlers, behind one
// router. The Electron main process and browser mode both build it; neither the renderer nor any
// transport ever sees an API key.
import { contract, type AppInfo, type Push } from '../../shared/ipc';
import { AccountService } from './accounts/accounts';
import type { ApiClientOptions } from './client/api-client';
import type { SecretStore } from './accounts/secret-store';
import { ActivityLog } from './activity/activity-log';
import { DefaultsCopies } from './defaults/defaults-copy';
import { DefaultsService } from './defaults/defaults-service';
import { ChannelBatches } from './channels/channel-batches';
import { ChannelChanges } from './channels/channel-changes';
import { ChannelCreator } from './channels/channel-create';
import { handlers } from './handlers';
import { Campaigns } from './invitations/campaigns';
import { RoleBatches } from './jobs/role-batches';
import { ModerationService } from './moderation/moderation-service';
import { UserChanges } from './users/user-changes';
import { createRouter, type Router } from './router';
import { SessionManager } from './session-manager';

export interface SandboxSignIn {
  url: string;
  email: string;
  password: string;
}

export interface CoreOptions {
  /** Where accounts (and their sealed keys) are kept. */
  dataDir: string;
  secrets: SecretStore;
  appInfo: AppInfo;
  /** With no saved accounts, sign in here first, so a newcomer sees a working realm at once. */
  sandbox?: SandboxSignIn;
  /** How the core's HTTP clients reach servers; tests watch the traffic through `fetch`. */
  clientOptions?: Partial<ApiClientOptions>;
}

export interface Core {
  router: Router;
  subscribe(listener: (push: Push) => void): () => void;
  close(): Promise<void>;
}

export async function createCore(options: CoreOptions): Promise<Core> {
  const listeners = new Set<(push: Push) => void>();
  const push = (message: Push) => {
    for (const listener of listeners) listener(message);
  };
  const accounts = new AccountService({ dataDir: options.dataDir, secrets: options.secrets, ...(options.clientOptions ? { clientOptions: options.clientOptions } : {}) });
  if (options.sandbox) await signInToSandbox(accounts, options.sandbox, options.secrets.encryptionAvailable);
  const sessions = new SessionManager(accounts, push);
  const activity = new ActivityLog(options.dataDir);
  const userChanges = new UserChanges({ accounts, sessions, activity });
  const roleBatches = new RoleBatches({ changes: userChanges, sessions, push });
  const defaults = new DefaultsService({ accounts, sessions, activity });
  const defaultsCopies = new DefaultsCopies({ accounts, sessions, activity, push });
  const channelChanges = new ChannelChanges({ accounts, sessions, activity });
  const channelCreator = new ChannelCreator({ accounts, sessions, activity });
  const channelBatches = new ChannelBatches({ changes: channelChanges, sessions, push });
  const campaigns = new Campaigns({ dataDir: options.dataDir, accounts, push, activity });
  // Before the sessions start, so no report arriving on a fresh queue is missed.
  const moderation = new ModerationService({ dataDir: options.dataDir, accounts, sessions, push });
  sessions.syncWithAccounts();
  // A campaign cut short by a quit or a crash goes on from its journal (never sending twice).
  campaigns.resumeInterrupted();
  const unsubscribeAccounts = accounts.onChange(() => {
    sessions.syncWithAccounts();
    push({ kind: 'accounts.changed' });
  });
  const context = { appInfo: options.appInfo, accounts, sessions, activity, userChanges, roleBatches, channelChanges, channelCreator, channelBatches, campaigns, moderation, defaults, defaultsCopies };
  const router = createRouter(contract, handlers, context, {
    onInternalError: (channel, error) => console.error(`[core] ${channel}:`, error),
  });
  return {
    router,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      unsubscribeAccounts();
      moderation.close();
      await campaigns.close();
      await roleBatches.stopAll();
      await channelBatches.stopAll();
      await defaultsCopies.stopAll();
      await sessions.stopAll();
      listeners.clear();
    },
  };
}

/**
 * The embedded sandbox's owner, for a newcomer (no accounts yet) and at every start where no keyring
 * could encrypt its key last time. Without a keyring the key is never written, not even in plain text
 * (no one was asked): it stays in memory, and since the sandbox's password is published, the next
 * start fetches it again. A failure (the sandbox not up) leaves the Connect screen, or, for a returning
 * user, the sandbox account out of the list until a start where the sandbox answers.
 */
async function signInToSandbox(accounts: AccountService, sandbox: SandboxSignIn, encryptionAvailable: boolean): Promise<void> {
  if (accounts.list().length > 0 && !accounts.awaitsKey(sandbox.url)) return;
  try {
    await accounts.signInWithPassword({
      realmUrl: sandbox.url,
      email: sandbox.email,
      password: sandbox.password,
      allowPlaintext: false,
      keyInMemoryOnly: !encryptionAvailable,
    });
  } catch (error) {
    console.error(`[core] could not sign in to the sandbox at ${sandbox.url}:`, error instanceof Error ? error.message : error);
  }
}
