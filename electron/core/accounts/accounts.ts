// The realms the console is signed in to. Every sign-in, however the key was obtained, is checked
// with GET /users/me and refused for members and guests before anything is saved; the key is sealed
// by a SecretStore and never leaves the core: list() has no keys, client() uses them.
import { createHash } from 'node:crypto';
import { fetchApiKey, getOwnUser, getServerSettings, type OwnUser } from '../../../shared/api';
import type { Account, TrustChoice } from '../../../shared/ipc';
import { ApiClient, normalizeRealmUrl, type ApiClientOptions, type Credentials } from '../client/api-client';
import { ConsoleError } from '../errors';
import type { ConnectionTrust } from '../network/network-stack';
import { explainCertificate, resolveTrust, storedTrust, trustOfStored, type ResolvedTrust } from './realm-trust';
import { AccountStore, type StoredAccount } from './account-store';
import { isKeyNotSaved, isSealedPlain, KEY_NOT_SAVED, sealPlain, unsealPlain, type SecretStore } from './secret-store';
import { parseZuliprc } from './zuliprc';
import { errorMessage } from '../../../shared/node/error-message';

export interface AccountServiceOptions {
  dataDir: string;
  secrets: SecretStore;
  clientOptions?: Partial<ApiClientOptions>;
  /** Each realm's fetch (the network stack's), unless clientOptions gives one for all. */
  transport?: (realmUrl: string, trust: ConnectionTrust) => typeof globalThis.fetch;
  /** Where a moved-aside accounts file is reported; console.warn by default. */
  log?: (message: string) => void;
}

/** How the key of a sign-in was obtained, so an error can say where to look. */
type KeySource = 'password' | 'apiKey' | 'zuliprc';

interface Candidate {
  realmUrl: string;
  email: string;
  apiKey: string;
  allowPlaintext: boolean;
  keyInMemoryOnly: boolean;
  source: KeySource;
  trust: ResolvedTrust;
}

export interface PasswordSignIn {
  realmUrl: string;
  email: string;
  password: string;
  allowPlaintext: boolean;
  trust?: TrustChoice;
  /**
   * Never write the key, not even encrypted: it lives in memory until the console quits, and the
   * account is left out of list() on a later start until someone signs in to it again. For an account
   * whose password the console itself knows (the local sandbox), so it can sign in again at each start.
   */
  keyInMemoryOnly?: boolean;
}

/** spec: roles 100 owner, 200 administrator, 300 moderator may use the console. */
const CONSOLE_ROLES: ReadonlySet<number> = new Set([100, 200, 300]);

export class AccountService {
  private readonly store: AccountStore;
  private readonly secrets: SecretStore;
  private readonly clientOptions: Partial<ApiClientOptions>;
  private readonly transport: AccountServiceOptions['transport'];
  private readonly log: (message: string) => void;
  /** In sign-in order; re-signing in keeps an account's place. */
  private readonly accounts = new Map<string, StoredAccount>();
  /** The keys of accounts signed in with keyInMemoryOnly, by account; never written anywhere. */
  private readonly keysInMemory = new Map<string, string>();
  private readonly listeners = new Set<() => void>();

  constructor(options: AccountServiceOptions) {
    this.log = options.log ?? ((message) => console.warn(message));
    this.store = new AccountStore(options.dataDir, this.log);
    this.secrets = options.secrets;
    this.clientOptions = options.clientOptions ?? {};
    this.transport = options.transport;
    for (const account of this.store.load()) {
      // The sealed form is the truth about how the key is kept, whatever the file claims.
      if (!this.accounts.has(account.id)) this.accounts.set(account.id, { ...account, protection: protectionOf(account.secret) });
    }
  }

  /** The accounts that can be used now: one whose key was kept in memory by an earlier run is not. */
  list(): Account[] {
    return [...this.accounts.values()].filter((account) => this.usable(account)).map(publicAccount);
  }

  /** Whether an account at this realm waits for a sign-in because its key was kept in memory only. */
  awaitsKey(realmUrl: string): boolean {
    const url = normalizeRealmUrl(realmUrl);
    return [...this.accounts.values()].some((account) => account.realmUrl === url && !this.usable(account));
  }

  /**
   * The account's API client. Its key is opened at its first request, not here: a key the store can no
   * longer open (SECRET_UNREADABLE) fails that request, asking for a new sign-in, and never the start
   * of the whole core.
   */
  client(id: string): ApiClient {
    const account = this.find(id);
    let apiKey: string | undefined;
    return this.clientFor(account.realmUrl, trustOfStored(account), () => ({ email: account.email, apiKey: (apiKey ??= this.openSecret(account)) }));
  }

  async signInWithPassword(input: PasswordSignIn): Promise<Account> {
    const realmUrl = normalizeRealmUrl(input.realmUrl);
    // Before any request: the password must not leave over http:// without consent.
    const trust = resolveTrust(realmUrl, input.trust);
    const keyInMemoryOnly = input.keyInMemoryOnly ?? false;
    // A key that is never written needs no consent to be written unencrypted.
    if (!keyInMemoryOnly) this.checkSecretStorage(input.allowPlaintext);
    const reply = await this.clientFor(realmUrl, trust)
      .call(fetchApiKey, { username: input.email.trim(), password: input.password })
      .catch((error: unknown) => {
        throw explain(error, realmUrl, input.email.trim(), 'password', trust);
      });
    // The server's spelling of the address is the one its Basic auth knows.
    return this.verifyAndSave({
      realmUrl,
      email: reply.value.email,
      apiKey: reply.value.api_key,
      allowPlaintext: input.allowPlaintext,
      keyInMemoryOnly,
      source: 'password',
      trust,
    });
  }

  async signInWithApiKey(input: { realmUrl: string; email: string; apiKey: string; allowPlaintext: boolean; trust?: TrustChoice }): Promise<Account> {
    const realmUrl = normalizeRealmUrl(input.realmUrl);
    const trust = resolveTrust(realmUrl, input.trust);
    this.checkSecretStorage(input.allowPlaintext);
    return this.verifyAndSave({ realmUrl, email: input.email.trim(), apiKey: input.apiKey.trim(), allowPlaintext: input.allowPlaintext, keyInMemoryOnly: false, source: 'apiKey', trust });
  }

  async importZuliprc(input: { contents: string; allowPlaintext: boolean; trust?: TrustChoice }): Promise<Account> {
    const rc = parseZuliprc(input.contents);
    const realmUrl = normalizeRealmUrl(rc.site);
    const trust = resolveTrust(realmUrl, input.trust, rc);
    this.checkSecretStorage(input.allowPlaintext);
    return this.verifyAndSave({ realmUrl, email: rc.email, apiKey: rc.apiKey, allowPlaintext: input.allowPlaintext, keyInMemoryOnly: false, source: 'zuliprc', trust });
  }

  /** Forgets the account and its key. Signing out of an account already gone is not an error. */
  async signOut(id: string): Promise<void> {
    if (!this.accounts.has(id)) return;
    const before = new Map(this.accounts);
    this.accounts.delete(id);
    this.persist(before);
    this.keysInMemory.delete(id);
    this.changed();
  }

  /**
   * Sessions learn the realm's name, and the signed-in user's own name and role, from /register and
   * its events: a rename or a role change made anywhere shows in the account list (the realm
   * switcher) too, instead of what was true at sign-in.
   */
  refresh(id: string, facts: Partial<Pick<Account, 'realmName' | 'fullName' | 'role'>>): void {
    const account = this.accounts.get(id);
    if (!account) return;
    const next = { ...account, ...facts };
    if (next.realmName === account.realmName && next.fullName === account.fullName && next.role === account.role) return;
    this.accounts.set(id, next);
    try {
      this.store.save([...this.accounts.values()]);
    } catch (error) {
      // These are cosmetic and the next /register brings them again; a session must not fail over it.
      this.log(errorMessage(error));
    }
    this.changed();
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async verifyAndSave(candidate: Candidate): Promise<Account> {
    const { realmUrl, email, apiKey, trust } = candidate;
    const [me, realmName] = await Promise.all([
      this.clientFor(realmUrl, trust, { email, apiKey })
        .call(getOwnUser, {})
        .then((reply) => reply.value)
        .catch((error: unknown) => {
          throw explain(error, realmUrl, email, candidate.source, trust);
        }),
      this.realmNameOf(realmUrl, trust),
    ]);
    if (!CONSOLE_ROLES.has(me.role)) throw notAnAdministrator(me, realmName, realmUrl);

    const plaintext = !this.secrets.encryptionAvailable && !candidate.keyInMemoryOnly;
    const id = accountId(realmUrl, me.user_id);
    const account: StoredAccount = {
      id,
      realmUrl,
      realmName,
      email,
      userId: me.user_id,
      fullName: me.full_name,
      role: me.role,
      protection: plaintext ? 'plaintext' : 'encrypted',
      // Plain text only with consent, checked before any request; sealPlain so the form says so.
      secret: candidate.keyInMemoryOnly ? KEY_NOT_SAVED : plaintext ? sealPlain(apiKey) : this.secrets.seal(apiKey),
      // The trust goes into the same atomic write as the key: an account is saved whole or not at all.
      ...storedTrust(trust),
    };
    const before = new Map(this.accounts);
    this.accounts.set(id, account);
    this.persist(before);
    if (candidate.keyInMemoryOnly) this.keysInMemory.set(id, apiKey);
    else this.keysInMemory.delete(id);
    this.changed();
    return publicAccount(account);
  }

  /** Refuses before any request, so the user is asked for consent before typing a password twice. */
  private checkSecretStorage(allowPlaintext: boolean): void {
    if (this.secrets.encryptionAvailable || allowPlaintext) return;
    throw new ConsoleError(
      'SECRET_STORAGE_UNAVAILABLE',
      'This system has no keyring to encrypt the API key. Sign in again and allow saving it unencrypted, or set up a keyring (for example GNOME Keyring) first.',
    );
  }

  /** The realm's display name from GET /server_settings, or its host name when the server gives none. */
  private async realmNameOf(realmUrl: string, trust: ResolvedTrust): Promise<string> {
    try {
      const settings = await this.clientFor(realmUrl, trust).call(getServerSettings, {});
      const name = settings.value.realm_name?.trim();
      if (name) return name;
    } catch {
      // The name is a courtesy: /users/me decides whether the sign-in works, and says why if not.
    }
    return new URL(realmUrl).hostname;
  }

  private clientFor(realmUrl: string, trust: ResolvedTrust, credentials?: Credentials | (() => Credentials)): ApiClient {
    const connection: ConnectionTrust = { caPem: trust.caPem, unchecked: trust.unchecked };
    const fetch = this.clientOptions.fetch ?? this.transport?.(realmUrl, connection);
    return new ApiClient({
      ...this.clientOptions,
      realmUrl,
      allowCleartext: trust.cleartext,
      ...(fetch ? { fetch } : {}),
      ...(credentials ? { credentials } : { credentials: undefined }),
    });
  }

  private find(id: string): StoredAccount {
    const account = this.accounts.get(id);
    if (!account || !this.usable(account)) throw new ConsoleError('UNKNOWN_ACCOUNT', `No signed-in account has the ID "${id}". It may have been signed out; choose another account.`, { account: id });
    return account;
  }

  private usable(account: StoredAccount): boolean {
    return !isKeyNotSaved(account.secret) || this.keysInMemory.has(account.id);
  }

  private openSecret(account: StoredAccount): string {
    const inMemory = this.keysInMemory.get(account.id);
    if (inMemory !== undefined) return inMemory;
    try {
      return unsealPlain(account.secret) ?? this.secrets.unseal(account.secret);
    } catch (error) {
      if (!(error instanceof ConsoleError)) throw error;
      throw new ConsoleError(error.code, `${account.email} at ${account.realmUrl}: ${error.message}`, { ...error.extra, account: account.id });
    }
  }

  /** Saves, or puts the accounts back as they were, so memory never claims what the disk does not. */
  private persist(before: Map<string, StoredAccount>): void {
    try {
      this.store.save([...this.accounts.values()]);
    } catch (error) {
      this.accounts.clear();
      for (const [id, account] of before) this.accounts.set(id, account);
      throw error;
    }
  }

  private changed(): void {
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch (error) {
        // One listener's bug must not undo a sign-in that is already saved.
        this.log(`An accounts listener failed: ${errorMessage(error)}`);
      }
    }
  }
}

/** Stable for a realm and a user: signing in again, by any method, replaces the same account. */
export function accountId(realmUrl: string, userId: number): string {
  return createHash('sha256').update(`${realmUrl}\n${userId}`).digest('hex').slice(0, 16);
}

/**
 * A key kept in memory only counts as 'encrypted': nothing readable is on disk, so the warning about a
 * key saved unencrypted must not show (the contract has no third value for "not saved").
 */
function protectionOf(sealed: string): Account['protection'] {
  return isSealedPlain(sealed) ? 'plaintext' : 'encrypted';
}

function publicAccount(account: StoredAccount): Account {
  const { id, realmUrl, realmName, email, userId, fullName, role, protection, trust } = account;
  return { id, realmUrl, realmName, email, userId, fullName, role, protection, trust };
}

function notAnAdministrator(me: OwnUser, realmName: string, realmUrl: string): ConsoleError {
  const standing = me.role === 600 ? 'a guest in' : 'a member of';
  return new ConsoleError(
    'NOT_AN_ADMINISTRATOR',
    `${me.full_name} is ${standing} ${realmName}. Realm Console needs an owner, administrator or moderator account: sign in with one, or ask an owner to change your role.`,
    { role: me.role, realmUrl, email: me.email },
  );
}

/** The sign-in errors a user can act on, in words that say what to do; the server's code is kept. */
function explain(error: unknown, realmUrl: string, email: string, source: KeySource, trust: ResolvedTrust): unknown {
  if (!(error instanceof ConsoleError)) return error;
  const certificate = explainCertificate(error, realmUrl, trust);
  if (certificate) return certificate;
  const words = signInWords(error.code, realmUrl, email, source);
  return words ? new ConsoleError(error.code, words, error.extra) : error;
}

function signInWords(code: string, realmUrl: string, email: string, source: KeySource): string | null {
  switch (code) {
    case 'AUTHENTICATION_FAILED':
      return `The email or password is not right for ${realmUrl}. Check them, or sign in with an API key.`;
    case 'INVALID_API_KEY':
      return source === 'zuliprc'
        ? `The API key in this zuliprc is not valid for ${email} at ${realmUrl}. Download a new zuliprc from your account settings, or sign in with your password.`
        : `That API key is not valid for ${email} at ${realmUrl}. Check that you copied all of it and that it belongs to this email, or sign in with your password.`;
    case 'USER_DEACTIVATED':
      return `The account ${email} at ${realmUrl} is deactivated. Ask an owner or administrator of the organization to reactivate it, or sign in with another account.`;
    case 'REALM_DEACTIVATED':
      return `The organization at ${realmUrl} has been deactivated. Ask its owners about it, or sign in to another organization.`;
    default:
      return null;
  }
}
