// Channels for the realms the console is signed in to. API keys travel from the renderer to main
// when the user types one in, never the other way: no output here carries a key.
import { z } from 'zod';
import { Role } from '../api/common';
import { AccountId } from './push';

/** How an account's API key is kept on disk. */
export const SecretProtection = z.enum(['encrypted', 'plaintext']);

export const Account = z.object({
  id: AccountId,
  /** The realm's base URL, e.g. https://chat.example.com. */
  realmUrl: z.string(),
  realmName: z.string(),
  email: z.string(),
  userId: z.int(),
  fullName: z.string(),
  role: Role,
  protection: SecretProtection,
});
export type Account = z.infer<typeof Account>;

/** A realm URL as typed: http(s) only, no credentials or fragments. The core normalizes it. */
const RealmUrl = z.string().trim().min(1, 'Enter the address of your organization, e.g. https://chat.example.com');

/**
 * Where the operating system offers no encryption (Linux without a keyring), a key is saved in plain
 * text only if the user agreed; without that the sign-in fails with SECRET_STORAGE_UNAVAILABLE.
 */
const allowPlaintext = z.boolean().default(false);

export const accountChannels = {
  'accounts.list': { input: z.object({}).strict(), output: z.array(Account) },
  'accounts.signInWithPassword': {
    input: z.object({ realmUrl: RealmUrl, email: z.string().trim().min(1), password: z.string().min(1), allowPlaintext }).strict(),
    output: Account,
  },
  'accounts.signInWithApiKey': {
    input: z.object({ realmUrl: RealmUrl, email: z.string().trim().min(1), apiKey: z.string().trim().min(1), allowPlaintext }).strict(),
    output: Account,
  },
  /** The text of a zuliprc file: `[api]` with `email`, `key` and `site`. */
  'accounts.importZuliprc': {
    input: z.object({ contents: z.string().max(64 * 1024), allowPlaintext }).strict(),
    output: Account,
  },
  'accounts.signOut': { input: z.object({ account: AccountId }).strict(), output: z.null() },
} as const;
