// The app's SecretStore over Electron's safeStorage. The real safeStorage answers only inside a running
// Electron app (after 'ready') with an OS keyring behind it, and neither exists under Node, so the
// 'electron' module is replaced by a stand-in keyring: what is tested is how the store uses it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { AccountService } from '../core/accounts/accounts';
import { ConsoleError } from '../core/errors';
import { SafeStorageSecrets } from './safe-storage-secrets';

/** A keyring that scrambles with a byte mask, and can be told it belongs to someone else. */
const keyring = vi.hoisted(() => {
  const MASK = 0x5a;
  const state = { available: true, backend: 'gnome_libsecret', foreign: false, encryptions: 0 };
  const scramble = (bytes: Buffer) => Buffer.from(bytes.map((byte) => byte ^ MASK));
  return {
    state,
    safeStorage: {
      isEncryptionAvailable: () => state.available,
      getSelectedStorageBackend: () => state.backend,
      encryptString: (text: string) => {
        state.encryptions += 1;
        return Buffer.concat([Buffer.from('v10'), scramble(Buffer.from(text, 'utf8'))]);
      },
      decryptString: (bytes: Buffer) => {
        if (state.foreign || bytes.subarray(0, 3).toString() !== 'v10') throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
        return scramble(bytes.subarray(3)).toString('utf8');
      },
    },
  };
});
vi.mock('electron', () => ({ safeStorage: keyring.safeStorage }));

const KEY = 'k3YvAlu3-0f-Olivia-0wner';
const realPlatform = Object.getOwnPropertyDescriptor(process, 'platform') as PropertyDescriptor;
const dirs: string[] = [];

function onPlatform(platform: NodeJS.Platform): void {
  Object.defineProperty(process, 'platform', { ...realPlatform, value: platform });
}

beforeEach(() => {
  Object.assign(keyring.state, { available: true, backend: 'gnome_libsecret', foreign: false, encryptions: 0 });
  onPlatform('linux');
});
afterEach(() => {
  Object.defineProperty(process, 'platform', realPlatform);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

test('with a keyring, a key is sealed encrypted, unreadable as it lies, and opens again', () => {
  const store = new SafeStorageSecrets();
  expect(store.encryptionAvailable).toBe(true);
  const sealed = store.seal(KEY);
  expect(sealed).toMatch(/^safe:/);
  expect(sealed).not.toContain(KEY);
  expect(Buffer.from(sealed.slice('safe:'.length), 'base64').toString('utf8')).not.toContain(KEY);
  expect(new SafeStorageSecrets().unseal(sealed)).toBe(KEY);
});

test("on Linux, safeStorage's basic_text fallback counts as no encryption: signing in needs consent to plain text", async () => {
  // Chromium's basic_text "encrypts" with a password written in its source: anyone can undo it.
  keyring.state.backend = 'basic_text';
  const store = new SafeStorageSecrets();
  expect(store.encryptionAvailable).toBe(false);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'safe-storage-'));
  dirs.push(dataDir);
  const accounts = new AccountService({ dataDir, secrets: store });
  // Refused before any request is made, so no server is needed: the user is asked first.
  const refusal = await accounts.signInWithPassword({ realmUrl: 'http://127.0.0.1:9', email: 'olivia@sandbox.test', password: 'sandbox', allowPlaintext: false }).catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(ConsoleError);
  expect(refusal).toMatchObject({ code: 'SECRET_STORAGE_UNAVAILABLE' });
  expect(keyring.state.encryptions).toBe(0);
});

test('a key the keyring can no longer decrypt asks for a new sign-in rather than crashing', () => {
  const sealed = new SafeStorageSecrets().seal(KEY);
  // Another OS user, a reset keyring, or an accounts file copied from another machine.
  keyring.state.foreign = true;
  expect(() => new SafeStorageSecrets().unseal(sealed)).toThrow(
    expect.objectContaining({ code: 'SECRET_UNREADABLE', message: expect.stringContaining('Sign in to this account again') }),
  );
});
