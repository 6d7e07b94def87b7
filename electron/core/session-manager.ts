// One RealmSession per signed-in account: started when an account appears, stopped (its queue deleted)
// when it goes. Sessions report to the renderer through pushes.
import type { Message } from '../../shared/api';
import type { Push, SessionStatus } from '../../shared/ipc';
import type { AccountService } from './accounts/accounts';
import { changedRecords } from './changed-records';
import { ConsoleError } from './errors';
import { RealmSession } from './session/session';

export class SessionManager {
  private sessions = new Map<string, RealmSession>();
  /** Sessions of signed-out accounts still deleting their event queues, by account. */
  private stopping = new Map<string, Promise<void>>();
  private reportListeners = new Set<(accountId: string, message: Message) => void>();
  private deletionListeners = new Set<(accountId: string, messageIds: readonly number[]) => void>();

  constructor(
    private readonly accounts: AccountService,
    private readonly push: (message: Push) => void,
    /** Problems a session gets past on its own (a malformed event); the core's log. Default: console.warn. */
    private readonly log?: (accountId: string, message: string) => void,
  ) {}

  /** Starts sessions for new accounts and stops those of accounts that were signed out. */
  syncWithAccounts(): void {
    const ids = new Set(this.accounts.list().map((account) => account.id));
    for (const [id, session] of this.sessions) {
      if (!ids.has(id)) {
        this.sessions.delete(id);
        this.stopSession(id, session);
      }
    }
    for (const id of ids) if (!this.sessions.has(id)) this.start(id);
  }

  /** Starts the account's session afresh, e.g. after signing in again with a new key. */
  restart(accountId: string): void {
    const old = this.sessions.get(accountId);
    this.sessions.delete(accountId);
    if (old) void old.stop();
    this.start(accountId);
  }

  /** Every session waiting to retry tries now (the network settings changed). */
  reconnectAll(): void {
    for (const session of this.sessions.values()) if (session.status.state !== 'live') session.reconnectNow();
  }

  /** The account's session; unknown accounts are an error the renderer can show. */
  get(accountId: string): RealmSession {
    const session = this.sessions.get(accountId);
    if (!session) throw new ConsoleError('UNKNOWN_ACCOUNT', 'That organization is not signed in any more. Pick another one, or sign in again.');
    return session;
  }

  /** Resolves once a signed-out account's session has stopped and the server was asked to delete its queue. */
  whenStopped(accountId: string): Promise<void> {
    return this.stopping.get(accountId) ?? Promise.resolve();
  }

  /** Hears each new report message any session receives (the moderation inbox keeps their content). */
  onReportMessage(listener: (accountId: string, message: Message) => void): () => void {
    this.reportListeners.add(listener);
    return () => this.reportListeners.delete(listener);
  }

  /** Hears the IDs of messages any session's queue says were deleted (the moderation inbox remembers them). */
  onMessagesDeleted(listener: (accountId: string, messageIds: readonly number[]) => void): () => void {
    this.deletionListeners.add(listener);
    return () => this.deletionListeners.delete(listener);
  }

  async stopAll(): Promise<void> {
    const sessions = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(sessions.map((session) => session.stop()));
  }

  private stopSession(accountId: string, session: RealmSession): void {
    const stopped: Promise<void> = session.stop().finally(() => {
      if (this.stopping.get(accountId) === stopped) this.stopping.delete(accountId);
    });
    this.stopping.set(accountId, stopped);
  }

  private start(accountId: string): void {
    const log = this.log;
    const session = new RealmSession({
      accountId,
      client: this.accounts.client(accountId),
      ...(log ? { log: (message: string) => log(accountId, message) } : {}),
      onStatus: (status: SessionStatus) => this.push({ kind: 'session.state', account: accountId, ...status }),
      onChanges: (changes) => {
        const deleted = changes.find((change) => change.collection === 'messages')?.ids ?? [];
        if (deleted.length > 0) for (const listener of this.deletionListeners) listener(accountId, deleted);
        const state = session.state;
        if (changes.length > 0) {
          const records = state ? changedRecords(state, changes) : undefined;
          this.push({ kind: 'realm.changed', account: accountId, changes, ...(records ? { records } : {}) });
        }
        // The realm's name and the user's own name and role live in the account list too (the realm
        // switcher shows them).
        if (!state) return;
        const own = state.users.get(state.ownUserId);
        const touchesSelf = changes.some((change) => change.collection === 'realm' || (change.collection === 'users' && change.ids.includes(state.ownUserId)));
        if (touchesSelf) this.accounts.refresh(accountId, { realmName: state.realmName, ...(own ? { fullName: own.full_name, role: own.role } : {}) });
      },
      onResync: () => this.push({ kind: 'realm.resynced', account: accountId }),
      onReportMessage: (message) => {
        for (const listener of this.reportListeners) listener(accountId, message);
      },
    });
    this.sessions.set(accountId, session);
    session.start();
  }
}
