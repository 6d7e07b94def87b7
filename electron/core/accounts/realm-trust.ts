// What a sign-in trusts beyond the system's defaults, decided before any request: a certificate
// authority (chosen on the Connect screen, or a zuliprc's cert_bundle), and the two consents that are
// never assumed: http:// across a network (refused otherwise, so no password travels in clear) and a
// certificate left unchecked (a zuliprc's insecure=true is refused without it). The result is saved
// with the account, in the same atomic write as its key.
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import type { RealmTrust, TrustChoice } from '../../../shared/ipc';
import { cleartextRefused, isCleartext } from '../client/realm-url';
import { ConsoleError } from '../errors';
import { readCaBundle, type CaBundle } from '../network/ca-bundle';
import type { StoredAccount } from './account-store';
import type { Zuliprc } from './zuliprc';

export interface ResolvedTrust {
  /** The extra certificate authorities, PEM; null for none. */
  caPem: string | null;
  caNames: string[];
  /** Where they came from (the file's name), for the errors' words. */
  caSource: string | null;
  /** The user agreed not to check the certificate (https only). */
  unchecked: boolean;
  /** The user agreed to http:// across a network (and the address needs it). */
  cleartext: boolean;
}

export function resolveTrust(realmUrl: string, choice: TrustChoice | undefined, rc?: Zuliprc): ResolvedTrust {
  const cleartext = isCleartext(realmUrl);
  if (cleartext && !choice?.allowCleartext) throw cleartextRefused(realmUrl);
  const https = new URL(realmUrl).protocol === 'https:';
  const chosen = choice?.caPem !== undefined ? { text: choice.caPem, source: choice.caFileName || 'The chosen file' } : null;
  const named = !chosen && rc?.certBundle ? { text: readBundleFile(rc.certBundle), source: rc.certBundle } : null;
  const from = chosen ?? named;
  const bundle: CaBundle | null = from ? readCaBundle(from.text, from.source) : null;
  if (rc?.insecure && !choice?.allowUncheckedCertificate) throw insecureRefused(realmUrl);
  return {
    // A certificate authority means nothing to http://.
    caPem: https ? (bundle?.pem ?? null) : null,
    caNames: https ? (bundle?.names ?? []) : [],
    caSource: from?.source ?? null,
    unchecked: https && (choice?.allowUncheckedCertificate ?? false),
    cleartext,
  };
}

/** The fields a StoredAccount keeps of it. */
export function storedTrust(trust: ResolvedTrust): { trust: RealmTrust; caPem?: string } {
  return {
    trust: { certificateAuthorities: trust.caNames, certificateUnchecked: trust.unchecked, cleartext: trust.cleartext },
    ...(trust.caPem ? { caPem: trust.caPem } : {}),
  };
}

export function trustOfStored(account: StoredAccount): ResolvedTrust {
  return {
    caPem: account.caPem ?? null,
    caNames: account.trust.certificateAuthorities,
    caSource: null,
    unchecked: account.trust.certificateUnchecked,
    cleartext: account.trust.cleartext,
  };
}

/**
 * A sign-in that failed on the server's certificate, in words that say what to do; null for any other
 * failure. An untrusted certificate becomes CERTIFICATE_UNTRUSTED, which the Connect screen answers
 * with the certificate authority's file and the consent.
 */
export function explainCertificate(error: ConsoleError, realmUrl: string, trust: ResolvedTrust): ConsoleError | null {
  if (error.code !== 'NETWORK_ERROR') return null;
  const host = new URL(realmUrl).hostname;
  switch (error.extra.certificate) {
    case 'untrusted':
      if (trust.caPem) {
        return new ConsoleError(
          'CERTIFICATE_UNTRUSTED',
          `The certificate of ${realmUrl} is not signed by the certificate authority in ${trust.caSource ?? 'the chosen file'} (${trust.caNames.join(', ')}), nor by one this computer trusts. Check that you chose your organization's certificate authority: its IT department can say which one signs ${host}.`,
          { ...error.extra, reason: 'not-this-authority', field: 'caFile', realmUrl },
        );
      }
      return new ConsoleError(
        'CERTIFICATE_UNTRUSTED',
        `The certificate of ${realmUrl} is not signed by an authority this computer trusts. If your organization has its own certificate authority, choose its certificate (a PEM file from your IT department) and sign in again. Only if you know this server uses a self-signed certificate (a test server): allow it unchecked, for this organization only; anyone able to intercept the connection could then read your password and API key.`,
        { ...error.extra, reason: 'untrusted', field: 'caFile', realmUrl },
      );
    case 'name':
      return new ConsoleError('NETWORK_ERROR', `${error.message} Use the address the certificate is for, or ask the server's administrators for a certificate for ${host}.`, error.extra);
    case 'dates':
      return new ConsoleError('NETWORK_ERROR', `${error.message} Check this computer's date and time; if they are right, the server's administrators must renew its certificate.`, error.extra);
    default:
      return null;
  }
}

function insecureRefused(realmUrl: string): ConsoleError {
  return new ConsoleError(
    'CERTIFICATE_UNTRUSTED',
    `This zuliprc turns off the checks of ${realmUrl}'s certificate (insecure=true). Without them, anyone able to intercept the connection could read your API key and act as you. If the server has a valid certificate, remove the insecure line; if your organization has its own certificate authority, choose its certificate; or allow the certificate unchecked, for this organization only.`,
    { reason: 'insecure-zuliprc', field: 'caFile', realmUrl },
  );
}

/** A zuliprc's cert_bundle, as upstream's client reads it: `~` is the home folder; a relative path cannot be placed. */
function readBundleFile(named: string): string {
  const file = named.startsWith('~/') ? path.join(homedir(), named.slice(2)) : named;
  if (!path.isAbsolute(file)) {
    throw new ConsoleError(
      'INVALID_CA_FILE',
      `This zuliprc names its certificate authority as ${named}, a path relative to a folder the console does not know. Choose that file with "Certificate authority" instead.`,
      { field: 'caFile' },
    );
  }
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file' : error instanceof Error ? error.message : String(error);
    throw new ConsoleError('INVALID_CA_FILE', `This zuliprc names its certificate authority ${file}, which cannot be read (${reason}). Choose the file with "Certificate authority" instead.`, {
      field: 'caFile',
    });
  }
}
