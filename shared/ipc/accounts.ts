// Channels for the realms the console is signed in to. API keys travel from the renderer to main
// when the user types one in, never the other way: no output here carries a key.
import { z } from 'zod';
import { Role } from '../api/common';
import { AccountId } from './push';

/** How an account's API key is kept on disk. */
export const SecretProtection = z.enum(['encrypted', 'plaintext']);

/**
 * How the console trusts an organization's connection beyond the system's defaults. The two consents
 * are shown as a permanent warning on the organization (the realm switcher).
 */
export const RealmTrust = z.object({
  /** The names of the extra certificate authorities trusted for this organization; empty: none. */
  certificateAuthorities: z.array(z.string()),
  /** The user agreed not to check the server's certificate (a self-signed one, or a zuliprc's insecure=true). */
  certificateUnchecked: z.boolean(),
  /** The user agreed to unencrypted http:// to a server that is not on this computer. */
  cleartext: z.boolean(),
});
export type RealmTrust = z.infer<typeof RealmTrust>;

export const NO_EXTRA_TRUST: RealmTrust = { certificateAuthorities: [], certificateUnchecked: false, cleartext: false };

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
  /** Accounts saved before these settings existed trust nothing extra. */
  trust: RealmTrust.default(NO_EXTRA_TRUST),
});
export type Account = z.infer<typeof Account>;

/** A realm URL as typed: http(s) only, no credentials or fragments. The core normalizes it. */
const RealmUrl = z.string().trim().min(1, 'Enter the address of your organization, e.g. https://chat.example.com');

/**
 * Where the operating system offers no encryption (Linux without a keyring), a key is saved in plain
 * text only if the user agreed; without that the sign-in fails with SECRET_STORAGE_UNAVAILABLE.
 */
const allowPlaintext = z.boolean().default(false);

/**
 * What the user chose for this sign-in, beyond the defaults: a certificate authority's PEM text (the
 * file chosen on the Connect screen; the core checks it), and the two explicit consents. Without a
 * consent, an untrusted certificate fails with CERTIFICATE_UNTRUSTED and a remote http:// address
 * with CLEARTEXT_REFUSED, before any password or key is sent.
 */
export const TrustChoice = z
  .object({
    caPem: z.string().max(256 * 1024).optional(),
    /** The file's name, for the errors' words. */
    caFileName: z.string().max(255).optional(),
    allowUncheckedCertificate: z.boolean().default(false),
    allowCleartext: z.boolean().default(false),
  })
  .strict();
export type TrustChoice = z.infer<typeof TrustChoice>;
const trust = TrustChoice.default({ allowUncheckedCertificate: false, allowCleartext: false });

export const accountChannels = {
  'accounts.list': { input: z.object({}).strict(), output: z.array(Account) },
  'accounts.signInWithPassword': {
    input: z.object({ realmUrl: RealmUrl, email: z.string().trim().min(1), password: z.string().min(1), allowPlaintext, trust }).strict(),
    output: Account,
  },
  'accounts.signInWithApiKey': {
    input: z.object({ realmUrl: RealmUrl, email: z.string().trim().min(1), apiKey: z.string().trim().min(1), allowPlaintext, trust }).strict(),
    output: Account,
  },
  /** The text of a zuliprc file: `[api]` with `email`, `key` and `site` (and `insecure`, `cert_bundle`). */
  'accounts.importZuliprc': {
    input: z.object({ contents: z.string().max(64 * 1024), allowPlaintext, trust }).strict(),
    output: Account,
  },
  'accounts.signOut': { input: z.object({ account: AccountId }).strict(), output: z.null() },
} as const;
