// Seals secrets with AES-256-GCM under a random key kept in <dir>/secret.key (mode 0600). For browser
// mode and tests, where Electron's safeStorage is not there. It protects a copied accounts file, not a
// copied data directory: the key sits beside it, readable by the same user, as an SSH key does.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConsoleError } from '../errors';
import { unreadableSecret, type SecretStore } from './secret-store';

const KEY_BYTES = 32;
/** GCM's recommended nonce length; a fresh random one per seal. */
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';

export class FileSecretStore implements SecretStore {
  readonly encryptionAvailable = true;
  readonly keyFile: string;
  private key: Buffer | null = null;

  constructor(dir: string) {
    this.keyFile = path.join(dir, 'secret.key');
  }

  /** `v1:<iv>:<tag>:<ciphertext>`, each part base64. */
  seal(secret: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.loadKey(true), iv);
    const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64'))).join(':');
  }

  unseal(sealed: string): string {
    const parts = sealed.split(':');
    if (parts.length !== 4 || parts[0] !== VERSION) throw unreadableSecret('it was not sealed by this console’s key file');
    const [iv, tag, ciphertext] = parts.slice(1).map((part) => Buffer.from(part, 'base64')) as [Buffer, Buffer, Buffer];
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw unreadableSecret('it was not sealed by this console’s key file');
    const key = this.loadKey(false);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    } catch {
      // GCM's tag check failed: the text was changed, or sealed under another key.
      throw unreadableSecret(`it was changed, or sealed with a key other than ${this.keyFile}`);
    }
  }

  private loadKey(createIfMissing: boolean): Buffer {
    if (this.key) return this.key;
    let key: Buffer;
    try {
      key = readFileSync(this.keyFile);
    } catch (error) {
      if (!isMissing(error)) throw this.failure('cannot be read', error);
      // Without its key file no sealed secret can be opened; a new key would not help.
      if (!createIfMissing) throw unreadableSecret(`the key file ${this.keyFile} is missing`);
      key = this.createKey();
    }
    if (key.length !== KEY_BYTES) throw this.failure(`is not a ${KEY_BYTES}-byte key`);
    this.key = key;
    return key;
  }

  private createKey(): Buffer {
    const key = randomBytes(KEY_BYTES);
    try {
      mkdirSync(path.dirname(this.keyFile), { recursive: true, mode: 0o700 });
      // 'wx': never overwrite a key another process wrote meanwhile; that would orphan its secrets.
      writeFileSync(this.keyFile, key, { mode: 0o600, flag: 'wx' });
      return key;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(this.keyFile);
      throw this.failure('cannot be created', error);
    }
  }

  private failure(what: string, cause?: unknown): ConsoleError {
    const why = cause instanceof Error ? ` (${cause.message})` : '';
    return new ConsoleError('SECRET_STORAGE_FAILED', `The key file ${this.keyFile} ${what}${why}. Check that the console may read and write its data folder.`);
  }
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}
