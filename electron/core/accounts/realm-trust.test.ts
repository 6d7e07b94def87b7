// Signing in to realms over HTTPS with certificates from a CA made in the test: refused without the
// CA, working with it (and after a restart), a self-signed or insecure one only with the explicit
// consent, a wrong name or a wrong file named in words, and nothing half-saved on any refusal.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getOwnUser } from '../../../shared/api';
import { makeTestCertificates, type TestCertificates } from '../../../shared/node/testing/test-certificates';
import { NodeNetwork } from '../network/node-network';
import { startSandbox, type Sandbox } from '../testing/sandbox';
import { ACCOUNTS_FILE } from './account-store';
import { AccountService } from './accounts';
import { FileSecretStore } from './file-secret-store';

const certDir = mkdtempSync(path.join(tmpdir(), 'trust-certs-'));
const dirs: string[] = [certDir];
let company: TestCertificates;
let stranger: TestCertificates;
let selfSigned: TestCertificates;
let nameOnly: TestCertificates;
let signed: Sandbox;
let self: Sandbox;
let localhostOnly: Sandbox;
const network = new NodeNetwork({});

const tls = (certs: TestCertificates) => ['--tls-cert', certs.certFile, '--tls-key', certs.keyFile];

beforeAll(async () => {
  company = makeTestCertificates(certDir, { prefix: 'company' });
  stranger = makeTestCertificates(certDir, { prefix: 'stranger' });
  selfSigned = makeTestCertificates(certDir, { prefix: 'self', selfSigned: true });
  nameOnly = makeTestCertificates(certDir, { prefix: 'name', dnsNames: ['localhost'], ipAddresses: [] });
  [signed, self, localhostOnly] = await Promise.all([
    startSandbox({ args: tls(company) }),
    startSandbox({ args: tls(selfSigned) }),
    startSandbox({ args: tls(nameOnly) }),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all([signed, self, localhostOnly].map((sandbox) => sandbox?.close()));
  await network.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A console whose requests are counted: a refusal "before any request" is checked, not assumed. */
function consoleIn(dataDir = mkdtempSync(path.join(tmpdir(), 'trust-console-'))) {
  dirs.push(dataDir);
  const sent: string[] = [];
  const accounts = new AccountService({
    dataDir,
    secrets: new FileSecretStore(dataDir),
    log: () => undefined,
    transport: (realmUrl, trust) => {
      const fetch = network.fetchFor(realmUrl, trust);
      return (input, init) => {
        sent.push(String(input));
        return fetch(input, init);
      };
    },
  });
  return { accounts, sent, dataDir, saved: () => existsSync(path.join(dataDir, ACCOUNTS_FILE)) };
}

async function refusal(attempt: Promise<unknown>): Promise<{ code: string; message: string; extra: Record<string, unknown> }> {
  try {
    await attempt;
  } catch (error) {
    return error as { code: string; message: string; extra: Record<string, unknown> };
  }
  throw new Error('the sign-in was accepted');
}

const olivia = { email: 'olivia@sandbox.test', password: 'sandbox', allowPlaintext: false };

describe('a certificate from an organization\'s own authority', () => {
  test('without the CA the sign-in is refused as CERTIFICATE_UNTRUSTED, saying what to do, and nothing is saved', async () => {
    const { accounts, saved } = consoleIn();
    const error = await refusal(accounts.signInWithPassword({ realmUrl: signed.url, ...olivia }));
    expect(error.code).toBe('CERTIFICATE_UNTRUSTED');
    expect(error.extra).toMatchObject({ reason: 'untrusted', field: 'caFile', certificate: 'untrusted' });
    expect(error.message).toContain(`The certificate of ${signed.url} is not signed by an authority this computer trusts`);
    expect(error.message).toContain('choose its certificate (a PEM file from your IT department)');
    expect(saved()).toBe(false);
    expect(accounts.list()).toEqual([]);
  });

  test('with the CA it signs in, saves the CA with the account, and a restarted console still trusts it', async () => {
    const { accounts, dataDir } = consoleIn();
    const account = await accounts.signInWithPassword({ realmUrl: signed.url, ...olivia, trust: { caPem: company.caPem, caFileName: 'company-ca.pem', allowCleartext: false, allowUncheckedCertificate: false } });
    expect(account.trust).toEqual({ certificateAuthorities: ['Realm Console Test CA company'], certificateUnchecked: false, cleartext: false });
    expect(readFileSync(path.join(dataDir, ACCOUNTS_FILE), 'utf8')).toContain('BEGIN CERTIFICATE');
    const restarted = new AccountService({ dataDir, secrets: new FileSecretStore(dataDir), transport: (url, trust) => network.fetchFor(url, trust) });
    const me = await restarted.client(account.id).call(getOwnUser, {});
    expect(me.value.email).toBe('olivia@sandbox.test');
  });

  test("another authority's certificate is named as not the one that signs the server", async () => {
    const { accounts, saved } = consoleIn();
    const error = await refusal(
      accounts.signInWithPassword({ realmUrl: signed.url, ...olivia, trust: { caPem: stranger.caPem, caFileName: 'other.pem', allowCleartext: false, allowUncheckedCertificate: false } }),
    );
    expect(error).toMatchObject({ code: 'CERTIFICATE_UNTRUSTED', extra: { reason: 'not-this-authority' } });
    expect(error.message).toContain('is not signed by the certificate authority in other.pem (Realm Console Test CA stranger)');
    expect(saved()).toBe(false);
  });

  test('a file that is not a certificate is refused before any request', async () => {
    const { accounts, sent, saved } = consoleIn();
    const error = await refusal(
      accounts.signInWithPassword({ realmUrl: signed.url, ...olivia, trust: { caPem: readFileSync(company.keyFile, 'utf8'), caFileName: 'server.key', allowCleartext: false, allowUncheckedCertificate: false } }),
    );
    expect(error).toMatchObject({ code: 'INVALID_CA_FILE', extra: { field: 'caFile' } });
    expect(error.message).toContain('server.key holds a private key, not a certificate');
    expect(sent).toEqual([]);
    expect(saved()).toBe(false);
  });

  test('a certificate for another name says which, and what to do; the right name works', async () => {
    const { accounts } = consoleIn();
    const trust = { caPem: nameOnly.caPem, caFileName: 'ca.pem', allowCleartext: false, allowUncheckedCertificate: false };
    const error = await refusal(accounts.signInWithPassword({ realmUrl: localhostOnly.url, ...olivia, trust }));
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.message).toContain('its certificate is for a different name (it is for localhost, not 127.0.0.1)');
    expect(error.message).toContain('Use the address the certificate is for');
    const byName = localhostOnly.url.replace('127.0.0.1', 'localhost');
    await expect(accounts.signInWithPassword({ realmUrl: byName, ...olivia, trust })).resolves.toMatchObject({ realmUrl: byName });
  });
});

describe('a self-signed certificate', () => {
  test('is refused without consent, and with the consent the account is marked as unchecked', async () => {
    const { accounts, saved } = consoleIn();
    const error = await refusal(accounts.signInWithPassword({ realmUrl: self.url, ...olivia }));
    expect(error).toMatchObject({ code: 'CERTIFICATE_UNTRUSTED', extra: { reason: 'untrusted' } });
    expect(saved()).toBe(false);
    const account = await accounts.signInWithPassword({ realmUrl: self.url, ...olivia, trust: { allowCleartext: false, allowUncheckedCertificate: true } });
    expect(account.trust).toEqual({ certificateAuthorities: [], certificateUnchecked: true, cleartext: false });
  });

  test('choosing the server\'s own certificate as the authority trusts exactly it, with no consent needed', async () => {
    const { accounts } = consoleIn();
    const account = await accounts.signInWithPassword({ realmUrl: self.url, ...olivia, trust: { caPem: selfSigned.caPem, allowCleartext: false, allowUncheckedCertificate: false } });
    expect(account.trust).toMatchObject({ certificateAuthorities: ['localhost'], certificateUnchecked: false });
  });
});

describe('a zuliprc', () => {
  const rc = (site: string, extra = '') => `[api]\nemail=olivia@sandbox.test\nkey=KEY\nsite=${site}\n${extra}`;

  async function withKey(contents: string, realmUrl: string): Promise<string> {
    const reply = await network.fetchFor(realmUrl, { caPem: company.caPem, unchecked: true })(`${realmUrl}/api/v1/fetch_api_key`, {
      method: 'POST',
      body: new URLSearchParams({ username: 'olivia@sandbox.test', password: 'sandbox' }),
    });
    const { api_key: key } = (await reply.json()) as { api_key: string };
    return contents.replace('KEY', key);
  }

  test('with insecure=true is refused without consent (it was silently dropped before), and works with it', async () => {
    const { accounts, sent, saved } = consoleIn();
    const contents = await withKey(rc(self.url, 'insecure=true\n'), self.url);
    const error = await refusal(accounts.importZuliprc({ contents, allowPlaintext: false }));
    expect(error).toMatchObject({ code: 'CERTIFICATE_UNTRUSTED', extra: { reason: 'insecure-zuliprc' } });
    expect(error.message).toContain("turns off the checks of");
    expect(sent).toEqual([]);
    expect(saved()).toBe(false);
    const account = await accounts.importZuliprc({ contents, allowPlaintext: false, trust: { allowCleartext: false, allowUncheckedCertificate: true } });
    expect(account.trust.certificateUnchecked).toBe(true);
  });

  test("with cert_bundle trusts the file it names", async () => {
    const { accounts } = consoleIn();
    const contents = await withKey(rc(signed.url, `cert_bundle=${company.caFile}\n`), signed.url);
    const account = await accounts.importZuliprc({ contents, allowPlaintext: false });
    expect(account.trust.certificateAuthorities).toEqual(['Realm Console Test CA company']);
  });

  test('a cert_bundle that cannot be read, or is relative, is named in words', async () => {
    const { accounts, sent } = consoleIn();
    const missing = await refusal(accounts.importZuliprc({ contents: rc(signed.url, `cert_bundle=${certDir}/nope.pem\n`), allowPlaintext: false }));
    expect(missing).toMatchObject({ code: 'INVALID_CA_FILE', message: expect.stringContaining('cannot be read (there is no such file)') });
    const relative = await refusal(accounts.importZuliprc({ contents: rc(signed.url, 'cert_bundle=ca.pem\n'), allowPlaintext: false }));
    expect(relative.message).toContain('a path relative to a folder the console does not know');
    expect(sent).toEqual([]);
  });
});

describe('cleartext', () => {
  test('http:// to a name that is not this computer is refused before the password is sent', async () => {
    const { accounts, sent, saved } = consoleIn();
    for (const realmUrl of ['http://sandbox.test', 'http://10.1.2.3:9991']) {
      const error = await refusal(accounts.signInWithPassword({ realmUrl, ...olivia }));
      expect(error).toMatchObject({ code: 'CLEARTEXT_REFUSED', extra: { field: 'realmUrl' } });
    }
    expect(sent).toEqual([]);
    expect(saved()).toBe(false);
  });
});
