// Inside Electron, Chromium checks server certificates against the system's store; a realm's own
// certificate authority (or the user's consent to not checking) is added by the session's
// certificate verify procedure, which asks this. It accepts only what Chromium refused for its
// authority alone, and only when the chain leads to one of the realm's authorities, every certificate
// on the way is in date, and the server's certificate is for the host asked for.
import { X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import type { ConnectionTrust } from './network-stack';

/** Electron's Certificate, as far as this reads it: PEM data and the issuer's certificate. */
export interface PresentedCertificate {
  data: string;
  issuerCert?: PresentedCertificate | null;
}

/** What setCertificateVerifyProc gives, as far as this reads it. */
export interface VerifyRequest {
  hostname: string;
  certificate: PresentedCertificate;
  /** Chromium's own verdict, e.g. 'net::OK' or 'net::ERR_CERT_AUTHORITY_INVALID'. */
  verificationResult: string;
}

/** setCertificateVerifyProc's codes: accept, reject, or Chromium's own verdict. */
export const ACCEPT = 0;
export const REJECT = -2;
export const USE_CHROMIUM = -3;

export function certificateVerdict(request: VerifyRequest, trust: ConnectionTrust, now: Date = new Date()): number {
  if (request.verificationResult === 'net::OK') return USE_CHROMIUM;
  if (trust.unchecked) return ACCEPT;
  if (!trust.caPem || request.verificationResult !== 'net::ERR_CERT_AUTHORITY_INVALID') return USE_CHROMIUM;
  try {
    return chainsToAuthority(request, trust.caPem, now) ? ACCEPT : USE_CHROMIUM;
  } catch {
    // A certificate Node cannot read is not one to accept.
    return REJECT;
  }
}

function chainsToAuthority(request: VerifyRequest, caPem: string, now: Date): boolean {
  const authorities = (caPem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []).map((pem) => new X509Certificate(pem));
  const presented: X509Certificate[] = [];
  for (let link: PresentedCertificate | null | undefined = request.certificate; link && presented.length < 10; link = link.issuerCert) presented.push(new X509Certificate(link.data));
  const leaf = presented[0];
  if (!leaf || !forHost(leaf, request.hostname)) return false;
  let current = leaf;
  const seen = new Set<string>();
  for (let step = 0; step < 10; step++) {
    if (!inDate(current, now) || seen.has(current.fingerprint256)) return false;
    seen.add(current.fingerprint256);
    const authority = authorities.find((ca) => ca.fingerprint256 === current.fingerprint256 || issued(current, ca));
    if (authority) return inDate(authority, now);
    const next = presented.find((candidate) => candidate !== current && issued(current, candidate));
    if (!next) return false;
    current = next;
  }
  return false;
}

function issued(child: X509Certificate, parent: X509Certificate): boolean {
  return child.checkIssued(parent) && child.verify(parent.publicKey);
}

function inDate(certificate: X509Certificate, now: Date): boolean {
  return Date.parse(certificate.validFrom) <= now.getTime() && now.getTime() <= Date.parse(certificate.validTo);
}

function forHost(certificate: X509Certificate, hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return isIP(host) ? certificate.checkIP(host) !== undefined : certificate.checkHost(host) !== undefined;
}
