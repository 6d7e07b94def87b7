import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { NO_EXTRA_TRUST } from '../../../shared/ipc';
import { AccountStore, type StoredAccount } from './account-store';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'accounts-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const olivia: StoredAccount = {
  id: 'a1b2c3d4e5f60718',
  realmUrl: 'https://chat.example.com',
  realmName: 'Example',
  email: 'olivia@example.com',
  userId: 8,
  fullName: 'Olivia Owner',
  role: 100,
  protection: 'encrypted',
  trust: NO_EXTRA_TRUST,
  secret: 'v1:AAAA:BBBB:CCCC',
};

function storeIn(dir: string) {
  const logged: string[] = [];
  return { store: new AccountStore(dir, (message) => logged.push(message)), logged };
}

describe('the accounts file', () => {
  test('with no file yet there are no accounts, and nothing is logged', () => {
    const { store, logged } = storeIn(tempDir());
    expect(store.load()).toEqual([]);
    expect(logged).toEqual([]);
  });

  test('what is saved is loaded, as { version: 1, accounts }, readable by its owner only', () => {
    const dir = tempDir();
    const { store } = storeIn(dir);
    store.save([olivia]);
    expect(JSON.parse(readFileSync(store.file, 'utf8'))).toEqual({ version: 1, accounts: [olivia] });
    expect(storeIn(dir).store.load()).toEqual([olivia]);
    if (process.platform !== 'win32') expect(statSync(store.file).mode & 0o777).toBe(0o600);
  });

  test('a save replaces the file whole and leaves no temporary file behind', () => {
    const dir = tempDir();
    const { store } = storeIn(dir);
    store.save([olivia]);
    store.save([]);
    expect(readdirSync(dir)).toEqual(['accounts.json']);
    expect(store.load()).toEqual([]);
  });

  test('a half-written file is moved aside, logged once, and the console starts with no accounts', () => {
    const dir = tempDir();
    const { store, logged } = storeIn(dir);
    writeFileSync(store.file, '{"version": 1, "accounts": [{"id": "a1b2');
    expect(store.load()).toEqual([]);
    const aside = readdirSync(dir).filter((name) => name.startsWith('accounts.json.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(path.join(dir, aside[0] ?? ''), 'utf8')).toContain('a1b2');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/moved to .*corrupt-.* because it is not JSON/);
    // The next start finds no file: nothing more to report.
    expect(store.load()).toEqual([]);
    expect(logged).toHaveLength(1);
  });

  test('a file of another shape is moved aside too, naming what is wrong', () => {
    const dir = tempDir();
    const { store, logged } = storeIn(dir);
    writeFileSync(store.file, JSON.stringify({ version: 1, accounts: [{ ...olivia, role: 'owner' }] }));
    expect(store.load()).toEqual([]);
    expect(logged[0]).toContain('accounts.0.role');
    expect(readdirSync(dir).some((name) => name.startsWith('accounts.json.corrupt-'))).toBe(true);
  });

  test('an account saved before trust settings existed loads as trusting nothing extra', () => {
    const dir = tempDir();
    const { store } = storeIn(dir);
    const { trust: _trust, ...older } = olivia;
    writeFileSync(store.file, JSON.stringify({ version: 1, accounts: [older] }));
    expect(store.load()).toEqual([olivia]);
  });

  test("an account's certificate authority and consents are saved with it", () => {
    const dir = tempDir();
    const { store } = storeIn(dir);
    const trusting: StoredAccount = { ...olivia, trust: { certificateAuthorities: ['Example CA'], certificateUnchecked: false, cleartext: false }, caPem: '-----BEGIN CERTIFICATE-----\nAA==\n-----END CERTIFICATE-----\n' };
    store.save([trusting]);
    expect(storeIn(dir).store.load()).toEqual([trusting]);
  });
});
