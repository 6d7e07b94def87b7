// Whether a failed request may still have been carried out. A request that never left this computer
// (the connection was refused, the name did not resolve) did nothing; one that got no readable answer
// (the connection reset mid-reply, a timeout, a gateway's 502 or 503 after the server acted, a 500
// page from a server that crashed after writing) may have done everything. A change whose fate is unknown is looked up on the server before the console says
// it failed, so the user is never told "not done" about something that was done.
import type { ConsoleError } from './errors';

/** Failures that happen before a single byte reaches the server. */
const NEVER_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_SSL_WRONG_VERSION_NUMBER',
]);

/** True when the server may have acted on the request although the console got no usable answer. */
export function mayHaveBeenApplied(error: ConsoleError): boolean {
  // A success status with a body the console cannot read: the server did something. A server error
  // without the API's envelope (a crash past the API's own error handling) may have acted before it failed.
  if (error.code === 'INVALID_REPLY') {
    const status = error.extra.httpStatus;
    return typeof status === 'number' && ((status >= 200 && status < 300) || status >= 500);
  }
  if (error.code !== 'NETWORK_ERROR') return false;
  const cause = error.extra.cause;
  return !(typeof cause === 'string' && NEVER_SENT.has(cause));
}

/** What the server shows after such a failure: it did the change, it did not, or nobody can tell yet. */
export type CheckedFate = 'applied' | 'not-applied' | 'unknown';
