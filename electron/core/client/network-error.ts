// Says why a request never got a reply, in words a user can act on. fetch reports every failure as
// "fetch failed" and keeps the reason (a Node or TLS error code) in `cause`.
import { ConsoleError } from '../errors';

const REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'the connection was reset',
  ENOTFOUND: 'no server has that name',
  EAI_AGAIN: 'its name could not be looked up',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  EPIPE: 'the connection closed',
  UND_ERR_SOCKET: 'the connection closed before the reply was complete',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  CERT_HAS_EXPIRED: 'its certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its certificate is self-signed and not trusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'its certificate is signed by an authority this computer does not trust',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its certificate could not be verified',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'its certificate could not be verified',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its certificate is for a different name',
  ERR_SSL_WRONG_VERSION_NUMBER: 'it does not speak HTTPS on that port (try http://)',
};

export function networkError(error: unknown, realmUrl: string, endpoint: string): ConsoleError {
  const code = causeCode(error);
  const reason = (code && REASONS[code]) ?? (code ? `error ${code}` : messageOf(error));
  return new ConsoleError('NETWORK_ERROR', `Could not reach ${realmUrl}: ${reason}. Check the address and your network.`, {
    endpoint,
    ...(code ? { cause: code } : {}),
  });
}

export function timeoutError(realmUrl: string, endpoint: string, timeoutMs: number): ConsoleError {
  return new ConsoleError('NETWORK_ERROR', `${realmUrl} did not answer within ${duration(timeoutMs)}.`, {
    endpoint,
    timeout: true,
    timeoutMs,
  });
}

function duration(ms: number): string {
  const seconds = Math.round(ms / 100) / 10;
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

/** The first error code in the chain of causes (an AggregateError when every address was refused). */
function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (typeof current !== 'object') return undefined;
    const { code, errors, cause } = current as { code?: unknown; errors?: unknown; cause?: unknown };
    if (typeof code === 'string') return code;
    if (Array.isArray(errors) && errors.length) current = errors[0];
    else current = cause;
  }
  return undefined;
}

function messageOf(error: unknown): string {
  const cause = (error as { cause?: unknown } | null)?.cause;
  const source = cause instanceof Error ? cause : error;
  return source instanceof Error ? source.message : String(source);
}
