// A certificate authority an organization trusts beyond the system's: a PEM file with one or more
// certificates (its root, and any intermediates), chosen on the Connect screen or named by a
// zuliprc's cert_bundle. Anything else (a private key, a DER file, a text file) is refused in words
// that say what to choose instead.
import { X509Certificate } from 'node:crypto';
import { ConsoleError } from '../errors';

export interface CaBundle {
  /** The certificates alone, PEM, in the file's order. */
  readonly pem: string;
  /** Each certificate's common name (or whole subject), for the diagnostics and the badge. */
  readonly names: string[];
}

/** Several MB would be a whole trust store; an organization's CA is a few KB. */
export const MAX_CA_BUNDLE_BYTES = 256 * 1024;

const BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** Reads `text` (the file's contents) as a CA bundle; `source` names the file in the errors. */
export function readCaBundle(text: string, source: string, now: Date = new Date()): CaBundle {
  if (text.length > MAX_CA_BUNDLE_BYTES) throw invalid(`${source} is larger than 256 KB: a certificate authority's file is a few KB. Choose your organization's CA certificate (a .pem or .crt file).`);
  const blocks = text.match(BLOCK) ?? [];
  if (blocks.length === 0) throw invalid(notACertificate(text, source));
  const names: string[] = [];
  for (const block of blocks) {
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(block);
    } catch (error) {
      throw invalid(`${source} has a certificate that cannot be read (${error instanceof Error ? error.message : String(error)}). Download your organization's CA certificate again.`);
    }
    const name = commonName(certificate.subject);
    if (Date.parse(certificate.validTo) < now.getTime()) {
      throw invalid(`The certificate "${name}" in ${source} expired on ${new Date(certificate.validTo).toISOString().slice(0, 10)}. Ask your organization's IT department for the current one.`);
    }
    names.push(name);
  }
  return { pem: `${blocks.join('\n')}\n`, names };
}

function notACertificate(text: string, source: string): string {
  if (/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(text)) {
    return `${source} holds a private key, not a certificate. Choose the certificate authority's certificate instead (a file with BEGIN CERTIFICATE in it), and keep the key secret: it is never needed here.`;
  }
  // DER starts with a SEQUENCE tag; a text file would be printable.
  if (text.charCodeAt(0) === 0x30 || text.includes('\uFFFD') || text.includes('\u0000')) {
    return `${source} is not a PEM file: it may be a binary (DER) certificate. Convert it with "openssl x509 -inform der -in ${source} -out ca.pem" and choose ca.pem, or ask for the PEM version.`;
  }
  return `${source} is not a certificate: a certificate authority's file is text with a BEGIN CERTIFICATE line. Choose your organization's CA certificate (a .pem or .crt file).`;
}

function commonName(subject: string): string {
  return /^CN=(.+)$/m.exec(subject)?.[1]?.trim() ?? subject.split('\n').join(', ');
}

function invalid(msg: string): ConsoleError {
  return new ConsoleError('INVALID_CA_FILE', msg, { field: 'caFile' });
}
