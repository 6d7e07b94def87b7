// What a sign-in form adds for the organization's connection: a certificate authority's file (read in
// the page, checked by the core), and the two consents the core asks for after a refusal. Nothing is
// sent for them until the user chose something, so a plain sign-in stays plain.
import { z } from 'zod';
import type { TrustChoice } from '../../../../shared/ipc';

/** The contract's limit on `caPem` (shared/ipc/accounts.ts); an organization's CA is a few KB. */
export const CA_FILE_MAX_BYTES = 256 * 1024;

export interface TrustValues {
  caFile?: FileList | null;
  allowCleartext?: boolean;
  allowUncheckedCertificate?: boolean;
}

/** The form fields, for the forms' zod schemas (which drop fields they do not name). */
export const trustFields = {
  caFile: z.custom<FileList | null>().optional(),
  allowCleartext: z.boolean().optional(),
  allowUncheckedCertificate: z.boolean().optional(),
};

/** The fields' starting values: no file, no consent. */
export const NO_TRUST = { caFile: null, allowCleartext: false, allowUncheckedCertificate: false } satisfies TrustValues;

export class CaFileProblem extends Error {}

/** The trust to send, or undefined when the user chose nothing. */
export async function trustChoiceOf(values: TrustValues): Promise<TrustChoice | undefined> {
  const file = values.caFile?.[0];
  const allowCleartext = values.allowCleartext === true;
  const allowUncheckedCertificate = values.allowUncheckedCertificate === true;
  if (!file && !allowCleartext && !allowUncheckedCertificate) return undefined;
  return { ...(file ? { caPem: await readCaFile(file), caFileName: file.name } : {}), allowCleartext, allowUncheckedCertificate };
}

async function readCaFile(file: File): Promise<string> {
  if (file.size > CA_FILE_MAX_BYTES) {
    throw new CaFileProblem(`${file.name} is ${Math.ceil(file.size / 1024)} KB: a certificate authority's file is a few KB. Choose your organization's CA certificate (a .pem or .crt file).`);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    throw new CaFileProblem(`${file.name} is not a text (PEM) file: it may be a binary certificate. Ask for the PEM version, which starts with -----BEGIN CERTIFICATE-----.`);
  }
}

/**
 * The host a typed address names ("10.1.2.3:9991", "http://x.example"), for matching a consent to the
 * address it was given for; null when it cannot be read (the core says why on submit).
 */
export function typedHost(typed: unknown): string | null {
  if (typeof typed !== 'string' || typed.trim() === '') return null;
  const text = typed.trim();
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`).host;
  } catch {
    return null;
  }
}

/**
 * A consent counts only for the address it was offered for: one given for 10.1.2.3 must not carry over
 * to another address typed since. Forms without an address (a zuliprc) keep it as given.
 */
export function consentsForAddress<V extends TrustValues & { realmUrl?: unknown }>(values: V, offers: { cleartextHost: string | null; certificateHost: string | null }): V {
  if (!('realmUrl' in values)) return values;
  const host = typedHost(values.realmUrl);
  return {
    ...values,
    allowCleartext: values.allowCleartext === true && host !== null && host === offers.cleartextHost,
    allowUncheckedCertificate: values.allowUncheckedCertificate === true && host !== null && host === offers.certificateHost,
  };
}
