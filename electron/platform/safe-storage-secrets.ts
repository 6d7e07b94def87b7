// The app's SecretStore: Electron's safeStorage, which encrypts with a key the OS keeps (Keychain,
// DPAPI, libsecret or KWallet). Create it after the app is ready: before that, Linux reports no backend.
import { safeStorage } from 'electron';
import { sealPlain, unreadableSecret, unsealPlain, type SecretStore } from '../core/accounts/secret-store';
import { errorMessage } from '../../shared/node/error-message';

export class SafeStorageSecrets implements SecretStore {
  /**
   * On Linux without a keyring, safeStorage falls back to 'basic_text': a password hard-coded in
   * Chromium, which is no protection. We count that as no encryption, so the user is asked first.
   */
  readonly encryptionAvailable =
    safeStorage.isEncryptionAvailable() && !(process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text');

  // The synchronous calls are deprecated in favour of async ones; SecretStore is synchronous, and a
  // key is a few dozen bytes, so the wait is nothing.
  seal(secret: string): string {
    if (!this.encryptionAvailable) return sealPlain(secret);
    return 'safe:' + safeStorage.encryptString(secret).toString('base64');
  }

  unseal(sealed: string): string {
    const plain = unsealPlain(sealed);
    if (plain !== null) return plain;
    if (!sealed.startsWith('safe:')) throw unreadableSecret('it was not sealed by this system’s safe storage');
    try {
      return safeStorage.decryptString(Buffer.from(sealed.slice('safe:'.length), 'base64'));
    } catch (error) {
      // Another OS user, a reset keyring, or a file copied from another machine.
      throw unreadableSecret(`the system keyring could not decrypt it (${errorMessage(error)})`);
    }
  }
}
