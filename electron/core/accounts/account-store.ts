// The accounts file, <dataDir>/accounts.json: every signed-in account and its sealed API key.
// Writes are atomic (shared/node/atomic-json.ts), so a crash leaves the old file or the new one,
// never half of either. A file that cannot be read is moved aside, not lost, and the console starts
// with no accounts rather than not at all.
import path from 'node:path';
import { z } from 'zod';
import { Account } from '../../../shared/ipc';
import { writeJsonAtomic } from '../../../shared/node/atomic-json';
import { errorMessage } from '../../../shared/node/error-message';
import { readJsonFile } from '../../../shared/node/read-json-file';
import { ConsoleError } from '../errors';

export const StoredAccount = Account.extend({
  /** The API key as SecretStore.seal left it: encrypted, or `plain:` when the user agreed. */
  secret: z.string().min(1),
  /** The extra certificate authorities trusted for this realm, PEM (public certificates, no secret). */
  caPem: z.string().optional(),
});
export type StoredAccount = z.infer<typeof StoredAccount>;

const AccountsFile = z.object({ version: z.literal(1), accounts: z.array(StoredAccount) });

export const ACCOUNTS_FILE = 'accounts.json';

export class AccountStore {
  readonly file: string;

  constructor(
    readonly dataDir: string,
    private readonly log: (message: string) => void = (message) => console.warn(message),
  ) {
    this.file = path.join(dataDir, ACCOUNTS_FILE);
  }

  /** The saved accounts; none when there is no file yet, or when it had to be moved aside. */
  load(): StoredAccount[] {
    const saved = readJsonFile(this.file, {
      name: 'accounts file',
      schema: AccountsFile,
      asideTag: 'corrupt',
      consequence: 'The console starts with no accounts; sign in again.',
      log: this.log,
    });
    return saved?.accounts ?? [];
  }

  save(accounts: readonly StoredAccount[]): void {
    try {
      writeJsonAtomic(this.file, { version: 1, accounts }, { space: 2 });
    } catch (error) {
      throw new ConsoleError('ACCOUNTS_NOT_SAVED', `The accounts file ${this.file} could not be saved (${errorMessage(error)}). Check that the console may write to ${this.dataDir}.`);
    }
  }
}
