// Accounts against real sandbox servers, over HTTP, as the console signs in to any realm.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { getOwnUser } from '../../../shared/api';
import { startSandbox, type Sandbox } from '../testing/sandbox';
import { AccountService } from './accounts';
import { FileSecretStore } from './file-secret-store';
import { PlaintextSecretStore, type SecretStore } from './secret-store';

let sandbox: Sandbox;
let other: Sandbox;
beforeAll(async () => {
  [sandbox, other] = await Promise.all([startSandbox(), startSandbox()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([sandbox?.close(), other?.close()]);
});

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A console with its own data folder; `reopen` starts another on the same folder, as after a restart. */
function consoleWith(secrets?: (dataDir: string) => SecretStore, dataDir = mkdtempSync(path.join(tmpdir(), 'console-'))) {
  if (!dirs.includes(dataDir)) dirs.push(dataDir);
  const makeSecrets = secrets ?? ((dir) => new FileSecretStore(dir));
  const logged: string[] = [];
  const accounts = new AccountService({ dataDir, secrets: makeSecrets(dataDir), log: (message) => logged.push(message) });
  return {
    accounts,
    dataDir,
    logged,
    accountsFile: () => readFileSync(path.join(dataDir, 'accounts.json'), 'utf8'),
    reopen: () => consoleWith(makeSecrets, dataDir),
  };
}

/** A real API key, fetched the way any client would. */
async function apiKeyOf(server: Sandbox, email: string): Promise<string> {
  const response = await fetch(`${server.url}/api/v1/fetch_api_key`, { method: 'POST', body: new URLSearchParams({ username: email, password: 'sandbox' }) });
  return ((await response.json()) as { api_key: string }).api_key;
}

/** The address of a port nothing listens on any more. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

async function refusal(attempt: Promise<unknown>) {
  try {
    await attempt;
  } catch (error) {
    return { code: (error as { code?: string }).code, msg: (error as Error).message };
  }
  throw new Error('the sign-in was accepted');
}

const olivia = { email: 'olivia@sandbox.test', password: 'sandbox', allowPlaintext: false };

describe('signing in', () => {
  test('with email and password: the account is checked, named after the realm, and its client works', async () => {
    const { accounts } = consoleWith();
    const account = await accounts.signInWithPassword({ realmUrl: sandbox.url, ...olivia });
    expect(account).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{16}$/),
      realmUrl: sandbox.url,
      realmName: 'Sandbox Org',
      email: 'olivia@sandbox.test',
      userId: expect.any(Number),
      fullName: 'Olivia Owner',
      role: 100,
      protection: 'encrypted',
      trust: { certificateAuthorities: [], certificateUnchecked: false, cleartext: false },
    });
    expect(accounts.list()).toEqual([account]);
    const me = await accounts.client(account.id).call(getOwnUser, {});
    expect(me.value.user_id).toBe(account.userId);
  });

  test('with an API key', async () => {
    const { accounts } = consoleWith();
    const apiKey = await apiKeyOf(sandbox, 'adam@sandbox.test');
    const account = await accounts.signInWithApiKey({ realmUrl: sandbox.url, email: 'adam@sandbox.test', apiKey, allowPlaintext: false });
    expect(account).toMatchObject({ fullName: 'Adam Admin', role: 200, realmName: 'Sandbox Org' });
  });

  test('by importing a zuliprc', async () => {
    const { accounts } = consoleWith();
    const apiKey = await apiKeyOf(sandbox, 'mona@sandbox.test');
    const contents = `# Mona's zuliprc\n[api]\nemail=mona@sandbox.test\nkey=${apiKey}\nsite=${sandbox.url}\n`;
    const account = await accounts.importZuliprc({ contents, allowPlaintext: false });
    expect(account).toMatchObject({ fullName: 'Mona Moderator', role: 300, realmUrl: sandbox.url });
  });

  test('a server address typed without a scheme, or with /api/v1, reaches the same realm', async () => {
    const { accounts } = consoleWith();
    const account = await accounts.signInWithPassword({ realmUrl: `${new URL(sandbox.url).host}/api/v1/`, ...olivia });
    expect(account.realmUrl).toBe(sandbox.url);
  });

  test('a wrong password is AUTHENTICATION_FAILED, in words that say what to do, and nothing is saved', async () => {
    const { accounts, dataDir } = consoleWith();
    expect(await refusal(accounts.signInWithPassword({ realmUrl: sandbox.url, ...olivia, password: 'wrong' }))).toEqual({
      code: 'AUTHENTICATION_FAILED',
      msg: `The email or password is not right for ${sandbox.url}. Check them, or sign in with an API key.`,
    });
    expect(accounts.list()).toEqual([]);
    expect(readdirSync(dataDir)).not.toContain('accounts.json');
  });

  test('a key the server does not accept is refused by the /users/me check', async () => {
    const { accounts } = consoleWith();
    const failure = await refusal(accounts.signInWithApiKey({ realmUrl: sandbox.url, email: 'olivia@sandbox.test', apiKey: 'x'.repeat(32), allowPlaintext: false }));
    expect(failure).toEqual({ code: 'INVALID_API_KEY', msg: expect.stringMatching(/^That API key is not valid for olivia@sandbox.test at http:/) });
    expect(accounts.list()).toEqual([]);
  });

  test("another user's key with Olivia's address is refused too", async () => {
    const { accounts } = consoleWith();
    const markKey = await apiKeyOf(sandbox, 'mark@sandbox.test');
    const failure = await refusal(accounts.signInWithApiKey({ realmUrl: sandbox.url, email: 'olivia@sandbox.test', apiKey: markKey, allowPlaintext: false }));
    expect(failure.code).toBe('INVALID_API_KEY');
  });

  test('a member is refused: the console is for owners, administrators and moderators', async () => {
    const { accounts } = consoleWith();
    expect(await refusal(accounts.signInWithPassword({ realmUrl: sandbox.url, ...olivia, email: 'mark@sandbox.test' }))).toEqual({
      code: 'NOT_AN_ADMINISTRATOR',
      msg: 'Mark Member is a member of Sandbox Org. Realm Console needs an owner, administrator or moderator account: sign in with one, or ask an owner to change your role.',
    });
    expect(accounts.list()).toEqual([]);
  });

  test('a guest is refused as a guest', async () => {
    const { accounts } = consoleWith();
    const failure = await refusal(accounts.signInWithPassword({ realmUrl: sandbox.url, ...olivia, email: 'gina@sandbox.test' }));
    expect(failure).toMatchObject({ code: 'NOT_AN_ADMINISTRATOR', msg: expect.stringMatching(/^Gina Guest is a guest in Sandbox Org\./) });
  });

  test('a deactivated user is told so', async () => {
    const { accounts } = consoleWith();
    const failure = await refusal(accounts.signInWithPassword({ realmUrl: sandbox.url, ...olivia, email: 'derek@sandbox.test' }));
    expect(failure).toMatchObject({ code: 'USER_DEACTIVATED', msg: expect.stringContaining('is deactivated. Ask an owner or administrator') });
  });

  test("a server that cannot be reached gives the client's network words", async () => {
    const { accounts } = consoleWith();
    const url = await closedPortUrl();
    const failure = await refusal(accounts.signInWithPassword({ realmUrl: url, ...olivia }));
    expect(failure).toMatchObject({ code: 'NETWORK_ERROR', msg: expect.stringContaining(`Could not reach ${url}`) });
  });

  test('a malformed zuliprc is refused before anything is sent', async () => {
    const { accounts } = consoleWith();
    expect(await refusal(accounts.importZuliprc({ contents: `[api]\nemail=olivia@sandbox.test\nsite=${sandbox.url}\n`, allowPlaintext: false }))).toEqual({
      code: 'INVALID_INPUT',
      msg: 'This zuliprc has no key= line in its [api] section.',
    });
  });
});

describe('several accounts', () => {
  test('two realms at once: each account has its own id and its client talks to its own server', async () => {
    const { accounts } = consoleWith();
    const here = await accounts.signInWithPassword({ realmUrl: sandbox.url, ...olivia });
    const there = await accounts.signInWithPassword({ realmUrl: other.url, ...olivia });
    expect(here.id).not.toBe(there.id);
    expect(accounts.list().map((account) => account.realmUrl)).toEqual([sandbox.url, other.url]);
    // The sandboxes' keys are random, so each call succeeding shows each account kept its own key.
    expect(accounts.client(here.id).realmUrl).toBe(sandbox.url);
    expect(accounts.client(there.id).realmUrl).toBe(other.url);
    await expect(accounts.client(here.id).call(getOwnUser, {})).resolves.toBeTruthy();
    await expect(accounts.client(there.id).call(getOwnUser, {})).resolves.toBeTruthy();
  });

  test('signing in again to the same realm as the same user replaces that account, keeping its id and place', async () => {
    const { accounts } = consoleWith();
    const first = await accounts.signInWithPassword({ realmUrl: sandbox.url, ...olivia });
    await accounts.signInWithPassword({ realmUrl: sandbox.url, ...olivia, email: 'adam@sandbox.test' });
    const again = await accounts.signInWithApiKey({ realmUrl: sandbox.url, email: 'olivia@sandbox.test', apiKey: await apiKeyOf(sandbox, 'olivia@sandbox.test'), allowPlaintext: false });
    expect(again.id).toBe(first.id);
    expect(accounts.list().map((account) => account.fullName)).toEqual(['Olivia Owner', 'Adam Admin']);
  });

  test('sign-out forgets the account and its key, here and after a restart', async () => {
    const app = consoleWith();
    const here = await app.accounts.signInWithPassword({ realmUrl: sandbox.url, ...olivia });
    const there = await app.accounts.signInWithPassword({ realmUrl: other.url, ...olivia });
    const sealedBefore = JSON.parse(app.accountsFile()).accounts[0].secret as string;
    await app.accounts.signOut(here.id);
    expect(app.accounts.list().map((account) => account.id)).toEqual([there.id]);
    expect(() => app.accounts.client(here.id)).toThrow(expect.objectContaining({ code: 'UNKNOWN_ACCOUNT' }));
    expect(app.accountsFile()).not.toContain(sealedBefore);
    expect(app.reopen().accounts.list().map((account) => account.id)).toEqual([there.id]);
    // Signing out twice (a double click) is not an error.
    await app.accounts.signOut(here.id);
  });

  test('listeners hear of sign-ins, renames and sign-outs', async () => {
    const { accounts } = consoleWith();
    let heard = 0;
    const stop = accounts.onChange(() => heard++);
    const account = await accounts.signInWithPassword({ realmUrl: sandbox.url, ...olivia });
    accounts.refresh(account.id, { realmName: 'Sandbox Org (renamed)' });
    accounts.refresh(account.id, { realmName: 'Sandbox Org (renamed)', role: account.role });
    await accounts.signOut(account.id);
    expect(heard).toBe(3);
    stop();
    await accounts.signInWithPassword({ realmUrl: sandbox.url, ...olivia });
    expect(heard).toBe(3);
  });
});

describe('the saved accounts', () => {
  test('survive a restart: a new service on the same folder has them, names and working keys', async () => {
    const app = consoleWith();
    const account = await app.accounts.signInWithPassword({ realmUrl: sandbox.url, ...olivia });
    app.accounts.refresh(account.id, { realmName: 'Renamed by /register', fullName: 'Olivia O.', role: 200 });
    const restarted = app.reopen().accounts;
    expect(restarted.list()).toEqual([{ ...account, realmName: 'Renamed by /register', fullName: 'Olivia O.', role: 200 }]);
    const me = await restarted.client(account.id).call(getOwnUser, {});
    expect(me.value.email).toBe('olivia@sandbox.test');
  });

  test('the accounts file never holds the key when it is encrypted', async () => {
    const app = consoleWith();
    const apiKey = await apiKeyOf(sandbox, 'olivia@sandbox.test');
    await app.accounts.signInWithApiKey({ realmUrl: sandbox.url, email: 'olivia@sandbox.test', apiKey, allowPlaintext: false });
    const file = app.accountsFile();
    expect(file).not.toContain(apiKey);
    expect(file).not.toContain(Buffer.from(apiKey).toString('base64'));
    expect(JSON.parse(file)).toMatchObject({ version: 1, accounts: [{ protection: 'encrypted', secret: expect.stringMatching(/^v1:/) }] });
  });

  test('a corrupt accounts file is moved aside once, and the console starts with no accounts', async () => {
    const app = consoleWith();
    await app.accounts.signInWithPassword({ realmUrl: sandbox.url, ...olivia });
    writeFileSync(path.join(app.dataDir, 'accounts.json'), '{"version": 1, "accou');
    const restarted = app.reopen();
    expect(restarted.accounts.list()).toEqual([]);
    expect(restarted.logged).toHaveLength(1);
    expect(readdirSync(app.dataDir).filter((name) => name.startsWith('accounts.json.corrupt-'))).toHaveLength(1);
    // And signing in works again from there.
    await restarted.accounts.signInWithPassword({ realmUrl: sandbox.url, ...olivia });
    expect(restarted.reopen().accounts.list()).toHaveLength(1);
  });

  test('a key that can no longer be decrypted asks for a new sign-in rather than crashing', async () => {
    const app = consoleWith();
    const account = await app.accounts.signInWithPassword({ realmUrl: sandbox.url, ...olivia });
    rmSync(path.join(app.dataDir, 'secret.key'));
    const restarted = app.reopen().accounts;
    expect(restarted.list()).toHaveLength(1);
    // The client is made; its first request fails, in words, before anything is sent.
    await expect(restarted.client(account.id).call(getOwnUser, {})).rejects.toMatchObject({ code: 'SECRET_UNREADABLE', message: expect.stringContaining('Sign in to this account again') });
  });
});

describe('without a keyring', () => {
  const plaintext = () => new PlaintextSecretStore();

  test('a sign-in without consent is refused with SECRET_STORAGE_UNAVAILABLE, and nothing is saved', async () => {
    const { accounts, dataDir } = consoleWith(plaintext);
    expect(await refusal(accounts.signInWithPassword({ realmUrl: sandbox.url, ...olivia }))).toEqual({
      code: 'SECRET_STORAGE_UNAVAILABLE',
      msg: 'This system has no keyring to encrypt the API key. Sign in again and allow saving it unencrypted, or set up a keyring (for example GNOME Keyring) first.',
    });
    expect(readdirSync(dataDir)).toEqual([]);
  });

  test('with consent the key is saved in plain text, marked as such, and still works after a restart', async () => {
    const app = consoleWith(plaintext);
    const account = await app.accounts.signInWithPassword({ realmUrl: sandbox.url, ...olivia, allowPlaintext: true });
    expect(account.protection).toBe('plaintext');
    expect(JSON.parse(app.accountsFile())).toMatchObject({ accounts: [{ protection: 'plaintext', secret: expect.stringMatching(/^plain:/) }] });
    const restarted = app.reopen().accounts;
    expect(restarted.list()[0]?.protection).toBe('plaintext');
    await expect(restarted.client(account.id).call(getOwnUser, {})).resolves.toBeTruthy();
  });

  test('with a keyring, consent changes nothing: the key is encrypted', async () => {
    const { accounts } = consoleWith();
    const account = await accounts.signInWithPassword({ realmUrl: sandbox.url, ...olivia, allowPlaintext: true });
    expect(account.protection).toBe('encrypted');
  });
});
