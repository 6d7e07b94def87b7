// Where API keys are sealed before they touch the disk. The app seals with Electron's safeStorage
// (electron/platform/safe-storage-secrets.ts), browser mode and tests with a key file
// (file-secret-store.ts). Where neither can encrypt, a key is kept in plain text only with the user's
// consent, in a form that says so, so that no one mistakes it for an encrypted one.
import { ConsoleError } from '../errors';

export interface SecretStore {
  /** True when sealed secrets are encrypted with a key the OS (or the store) keeps; false: sealing stores plain text, allowed only with the user's consent. */
  readonly encryptionAvailable: boolean;
  /** A JSON-safe string that only `unseal` turns back into the secret (or plain text, see above). */
  seal(secret: string): string;
  /** Throws ConsoleError('SECRET_UNREADABLE') for a sealed form this store cannot open. */
  unseal(sealed: string): string;
}

const PLAIN = 'plain:';

/** The plain-text form: base64, so any secret is JSON-safe, but readable by anyone who reads the file. */
export function sealPlain(secret: string): string {
  return PLAIN + Buffer.from(secret, 'utf8').toString('base64');
}

export function isSealedPlain(sealed: string): boolean {
  return sealed.startsWith(PLAIN);
}

/** The secret of a plain-text form, or null when `sealed` is not one. */
export function unsealPlain(sealed: string): string | null {
  return isSealedPlain(sealed) ? Buffer.from(sealed.slice(PLAIN.length), 'base64').toString('utf8') : null;
}

/**
 * What the accounts file holds instead of a key kept in memory only: nothing of the key at all. Only
 * an account whose key the console can fetch again by itself (the local sandbox, whose password is
 * published) is kept this way, where the system cannot encrypt and no one agreed to plain text.
 */
export const KEY_NOT_SAVED = 'not-saved';

export function isKeyNotSaved(sealed: string): boolean {
  return sealed === KEY_NOT_SAVED;
}

/**
 * The store for a system without any encryption the console trusts, and for tests of that case. It
 * never pretends: `encryptionAvailable` is false, so the account service asks for consent first.
 */
export class PlaintextSecretStore implements SecretStore {
  readonly encryptionAvailable = false;

  seal(secret: string): string {
    return sealPlain(secret);
  }

  unseal(sealed: string): string {
    const secret = unsealPlain(sealed);
    if (secret === null) throw unreadableSecret('it is encrypted, and this store keeps keys in plain text only');
    return secret;
  }
}

/** The error for a sealed secret that cannot be opened: signing in again saves a fresh one. */
export function unreadableSecret(why: string): ConsoleError {
  return new ConsoleError('SECRET_UNREADABLE', `The saved API key cannot be read: ${why}. Sign in to this account again.`);
}
