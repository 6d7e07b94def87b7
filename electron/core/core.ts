// The console core: accounts, one live session per account, and the contract's handlers, behind one
// router. The Electron main process and browser mode both build it; neither the renderer nor any
// transport ever sees an API key. Its requests go through the network stack it is given (Electron's,
// or undici's under Node), and what it does goes to its log file, credentials removed.
import path from 'node:path';
import { contract, type AppInfo, type Push } from '../../shared/ipc';
import { AccountService } from './accounts/accounts';
import type { ApiClientOptions } from './client/api-client';
import type { SecretStore } from './accounts/secret-store';
import type { DesktopActions } from './diagnostics/desktop';
import { handlers } from './handlers';
import { logExchange, logged, logPush } from './logging/core-events';
import { openLog, type Log } from './logging/log';
import { NetworkService } from './network/network-service';
import type { NetworkStack } from './network/network-stack';
import { createRouter, type Router } from './router';
import { createServices } from './services';
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
  /** The network stack: Electron's inside the app; Node's (undici) when omitted. */
  network?: NetworkStack;
  /** Where the log files go: `<dataDir>/logs` when omitted, null for none. */
  logDir?: string | null;
  /** What only the desktop app can do (open a folder, check for updates); browser mode has none. */
  desktop?: DesktopActions;
}

export interface Core {
  router: Router;
  subscribe(listener: (push: Push) => void): () => void;
  /** The core's log, for the transports around it (browser mode's host logs its refusals there). */
  readonly log: Log;
  close(): Promise<void>;
}

export async function createCore(options: CoreOptions): Promise<Core> {
  const log = await openLog({ dir: options.logDir === undefined ? path.join(options.dataDir, 'logs') : options.logDir });
  const { runtime, version } = options.appInfo;
  log.info('core started', { version, runtime: runtime.kind, electron: runtime.electron, node: runtime.node });
  const listeners = new Set<(push: Push) => void>();
  const push = (message: Push) => {
    logPush(log, message);
    for (const listener of listeners) listener(message);
  };
  // Imported only when needed: inside Electron the app's own stack is given, and undici stays out of it.
  const stack = options.network ?? new (await import('./network/node-network')).NodeNetwork();
  // A change of network settings wakes the sessions waiting to retry; they exist only further down.
  let afterNetworkChange = () => undefined as void;
  const network = await NetworkService.open({ dataDir: options.dataDir, stack, secrets: options.secrets, log, onChange: () => afterNetworkChange() });
  const accounts = new AccountService({
    dataDir: options.dataDir,
    secrets: options.secrets,
    clientOptions: { ...options.clientOptions, onExchange: logExchange(log, options.clientOptions?.onExchange) },
    transport: (realmUrl, trust) => stack.fetchFor(realmUrl, trust),
    log: (message) => log.warn('accounts file', { message }),
  });
  if (options.sandbox) await signInToSandbox(accounts, options.sandbox, options.secrets.encryptionAvailable, log);
  const sessions = new SessionManager(accounts, push, (account, message) => log.warn('session', { account, message }));
  afterNetworkChange = () => sessions.reconnectAll();
  const services = createServices({ dataDir: options.dataDir, appInfo: options.appInfo, accounts, sessions, network, log, push, desktop: options.desktop ?? null });
  sessions.syncWithAccounts();
  // A campaign cut short by a quit or a crash goes on from its journal (never sending twice).
  services.campaigns.resumeInterrupted();
  // So does a bulk subscriber job (a batch sent without a recorded answer is looked up first).
  services.subscriberJobs.resumeInterrupted();
  // The activity logs are read and indexed in the background, so opening the log is fast the first time too.
  services.context.activity.warmSoon(accounts.list().map((account) => account.id));
  const unsubscribeAccounts = accounts.onChange(() => {
    sessions.syncWithAccounts();
    push({ kind: 'accounts.changed' });
  });
  const router = createRouter(contract, handlers, services.context, {
    onInternalError: (channel, error) => log.error('internal error', { channel, error }),
  });
  return {
    router: logged(router, log),
    log,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      unsubscribeAccounts();
      await services.stop();
      await sessions.stopAll();
      listeners.clear();
      await stack.close();
      log.info('core stopped');
      await log.close();
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
async function signInToSandbox(accounts: AccountService, sandbox: SandboxSignIn, encryptionAvailable: boolean, log: Log): Promise<void> {
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
    const message = error instanceof Error ? error.message : String(error);
    console.error(`[core] could not sign in to the sandbox at ${sandbox.url}:`, message);
    log.warn('sandbox sign-in failed', { realm: sandbox.url, message });
  }
}
