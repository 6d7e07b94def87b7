import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { FileSecretStore } from './file-secret-store';
import { PlaintextSecretStore, sealPlain } from './secret-store';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'secrets-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
}

const KEY = 'abcdefghijklmnopqrstuvwxyz012345';

describe('FileSecretStore', () => {
  test('a sealed secret opens again, also in a new store on the same folder', () => {
    const dir = tempDir();
    const sealed = new FileSecretStore(dir).seal(KEY);
    expect(sealed).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(sealed).not.toContain(KEY);
    expect(new FileSecretStore(dir).unseal(sealed)).toBe(KEY);
  });

  test('the key is 32 random bytes in secret.key, readable by its owner only', () => {
    const dir = path.join(tempDir(), 'not-yet');
    const store = new FileSecretStore(dir);
    store.seal(KEY);
    expect(readFileSync(store.keyFile)).toHaveLength(32);
    if (process.platform !== 'win32') expect(statSync(store.keyFile).mode & 0o777).toBe(0o600);
  });

  test('sealing the same secret twice gives different texts (a fresh nonce each time)', () => {
    const store = new FileSecretStore(tempDir());
    expect(store.seal(KEY)).not.toBe(store.seal(KEY));
  });

  test('a tampered ciphertext is refused as SECRET_UNREADABLE, not a crash', () => {
    const store = new FileSecretStore(tempDir());
    const [version, iv, tag, ciphertext] = store.seal(KEY).split(':') as [string, string, string, string];
    const bytes = Buffer.from(ciphertext, 'base64');
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    expect(codeOf(() => store.unseal([version, iv, tag, bytes.toString('base64')].join(':')))).toBe('SECRET_UNREADABLE');
  });

  test("another store's ciphertext, garbage and a plain-text form are refused as SECRET_UNREADABLE", () => {
    const ours = new FileSecretStore(tempDir());
    const theirs = new FileSecretStore(tempDir()).seal(KEY);
    expect(codeOf(() => ours.unseal(theirs))).toBe('SECRET_UNREADABLE');
    for (const garbage of ['', 'v1:', 'v1:a:b:c', 'v2:AAAA:AAAA:AAAA', '\u0000\uFFFF', sealPlain(KEY)]) {
      expect(codeOf(() => ours.unseal(garbage))).toBe('SECRET_UNREADABLE');
    }
  });

  test('with its key file gone, a sealed secret is unreadable and no new key is made to hide it', () => {
    const store = new FileSecretStore(tempDir());
    const sealed = store.seal(KEY);
    rmSync(store.keyFile);
    const fresh = new FileSecretStore(path.dirname(store.keyFile));
    expect(() => fresh.unseal(sealed)).toThrow(/key file .* is missing/);
    expect(() => statSync(store.keyFile)).toThrow();
  });

  test('a key file of the wrong size is reported, not used', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'secret.key'), 'short');
    expect(codeOf(() => new FileSecretStore(dir).seal(KEY))).toBe('SECRET_STORAGE_FAILED');
  });
});

describe('PlaintextSecretStore', () => {
  test('says it cannot encrypt, and keeps a secret in a form marked plain', () => {
    const store = new PlaintextSecretStore();
    expect(store.encryptionAvailable).toBe(false);
    const sealed = store.seal(KEY);
    expect(sealed.startsWith('plain:')).toBe(true);
    expect(store.unseal(sealed)).toBe(KEY);
  });

  test('refuses an encrypted form it cannot open', () => {
    const encrypted = new FileSecretStore(tempDir()).seal(KEY);
    expect(codeOf(() => new PlaintextSecretStore().unseal(encrypted))).toBe('SECRET_UNREADABLE');
  });
});
