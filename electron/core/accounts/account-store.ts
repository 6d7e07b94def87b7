// The accounts file, <dataDir>/accounts.json: every signed-in account and its sealed API key.
// Writes are atomic (shared/node/atomic-json.ts), so a crash leaves the old file or the new one,
// never half of either. A file that cannot be read is moved aside, not lost, and the console starts
// with no accounts rather than not at all.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { Account } from '../../../shared/ipc';
import { writeJsonAtomic } from '../../../shared/node/atomic-json';
import { moveAside } from '../../../shared/node/move-aside';
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
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      return this.setAside(`it cannot be read (${describe(error)})`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      return this.setAside(`it is not JSON (${describe(error)})`);
    }
    const parsed = AccountsFile.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return this.setAside(`it is not an accounts file this console understands (${issue ? `${issue.path.join('.') || 'the file'}: ${issue.message}` : 'unknown shape'})`);
    }
    return parsed.data.accounts;
  }

  save(accounts: readonly StoredAccount[]): void {
    try {
      writeJsonAtomic(this.file, { version: 1, accounts }, { space: 2 });
    } catch (error) {
      throw new ConsoleError('ACCOUNTS_NOT_SAVED', `The accounts file ${this.file} could not be saved (${describe(error)}). Check that the console may write to ${this.dataDir}.`);
    }
  }

  private setAside(reason: string): [] {
    try {
      const aside = moveAside(this.file, 'corrupt');
      this.log(`The accounts file ${this.file} was moved to ${aside} because ${reason}. The console starts with no accounts; sign in again.`);
    } catch (error) {
      this.log(`The accounts file ${this.file} is ignored because ${reason}, and it could not be moved aside (${describe(error)}). The console starts with no accounts.`);
    }
    return [];
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
