// Says why a request never got a reply, in words a user can act on. Node's fetch reports every failure
// as "fetch failed" and keeps the reason (a Node or TLS error code) in `cause`; Electron's net.fetch
// says `net::ERR_…` in its message. A request sent through a proxy carries which one (`viaProxy`,
// set by the network stack), so the words can blame the proxy rather than the realm.
import { ConsoleError } from '../errors';

/** What is wrong with a server's certificate, when that is why the request failed. */
export type CertificateProblem = 'untrusted' | 'name' | 'dates' | 'invalid';

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
  ERR_SSL_WRONG_VERSION_NUMBER: 'it does not speak HTTPS on that port (try http://)',
  // Electron's network stack (net.fetch): Chromium's error names.
  ERR_CONNECTION_REFUSED: 'connection refused',
  ERR_CONNECTION_RESET: 'the connection was reset',
  ERR_CONNECTION_CLOSED: 'the connection closed',
  ERR_CONNECTION_TIMED_OUT: 'the connection timed out',
  ERR_TIMED_OUT: 'the connection timed out',
  ERR_NAME_NOT_RESOLVED: 'no server has that name',
  ERR_INTERNET_DISCONNECTED: 'this computer is not connected to a network',
  ERR_ADDRESS_UNREACHABLE: 'the host is unreachable',
  ERR_NETWORK_CHANGED: 'the network changed during the request',
  ERR_SSL_PROTOCOL_ERROR: 'it does not speak HTTPS on that port (try http://)',
};

const CERTIFICATE_CODES: Record<string, CertificateProblem> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'untrusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'untrusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'untrusted',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'untrusted',
  UNABLE_TO_GET_ISSUER_CERT: 'untrusted',
  CERT_UNTRUSTED: 'untrusted',
  CERT_SIGNATURE_FAILURE: 'invalid',
  ERR_TLS_CERT_ALTNAME_INVALID: 'name',
  CERT_HAS_EXPIRED: 'dates',
  CERT_NOT_YET_VALID: 'dates',
  ERR_CERT_AUTHORITY_INVALID: 'untrusted',
  ERR_CERT_COMMON_NAME_INVALID: 'name',
  ERR_CERT_DATE_INVALID: 'dates',
  ERR_CERT_INVALID: 'invalid',
  ERR_CERT_WEAK_SIGNATURE_ALGORITHM: 'invalid',
  ERR_CERT_REVOKED: 'invalid',
};

const CERTIFICATE_WORDS: Record<CertificateProblem, string> = {
  untrusted: 'its certificate is not signed by an authority this computer trusts',
  name: 'its certificate is for a different name',
  dates: 'its certificate has expired or is not valid yet',
  invalid: 'its certificate is not valid',
};

/** Failures that mean the proxy itself could not be used (Chromium's names, and undici's tunnel refusal). */
const PROXY_REASONS: Record<string, string> = {
  ECONNREFUSED: 'the proxy refused the connection (is it running, on that port?)',
  ENOTFOUND: 'no proxy has that name',
  EAI_AGAIN: "the proxy's name could not be looked up",
  ETIMEDOUT: 'the proxy did not answer',
  ECONNRESET: 'the proxy closed the connection',
  ERR_PROXY_CONNECTION_FAILED: 'the proxy could not be reached (is it running, on that port?)',
  ERR_TUNNEL_CONNECTION_FAILED: 'the proxy refused to connect to the server',
  ERR_PROXY_AUTH_UNSUPPORTED: 'the proxy asks for a kind of sign-in Realm Console cannot give (it sends a user name and password)',
  ERR_PROXY_CERTIFICATE_INVALID: "the proxy's own certificate is not valid",
  ERR_PAC_SCRIPT_FAILED: 'the proxy auto-configuration (PAC) script failed',
  ERR_MANDATORY_PROXY_CONFIGURATION_FAILED: 'the proxy auto-configuration (PAC) file could not be read',
};

export function networkError(error: unknown, realmUrl: string, endpoint: string): ConsoleError {
  const code = causeCode(error);
  const proxy = proxyOf(error);
  const certificate = code ? CERTIFICATE_CODES[code] : undefined;
  const extra = { endpoint, ...(code ? { cause: code } : {}), ...(certificate ? { certificate } : {}), ...(proxy ? { proxy } : {}) };
  const proxyAuth = proxy ? proxySignIn(error) : null;
  if (proxy && proxyAuth) {
    const words =
      proxyAuth === 'refused'
        ? `The proxy at ${proxy} refused the user name and password (407 Proxy Authentication Required), so ${realmUrl} could not be reached. Check them under "A proxy I give" in Network settings (the status line's "Network…"), or ask your network's administrators.`
        : `The proxy at ${proxy} asks for a user name and password (407 Proxy Authentication Required) before it connects to ${realmUrl}. Type them under "A proxy I give" in Network settings (the status line's "Network…").`;
    return new ConsoleError('NETWORK_ERROR', words, { ...extra, proxyAuth });
  }
  if (proxy && !certificate) {
    const reason = proxyReason(error, code);
    return new ConsoleError(
      'NETWORK_ERROR',
      `Could not reach ${realmUrl} through the proxy ${proxy}: ${reason}. Check the proxy in Network settings (the status line's "Network…"), or ask your network's administrators.`,
      extra,
    );
  }
  if (certificate) {
    const names = certificate === 'name' ? certificateNames(error) : null;
    const detail = names ? `${CERTIFICATE_WORDS.name} (${names})` : CERTIFICATE_WORDS[certificate];
    return new ConsoleError('NETWORK_ERROR', `Could not reach ${realmUrl} safely: ${detail}.`, extra);
  }
  if (isBadPort(error)) {
    return new ConsoleError(
      'NETWORK_ERROR',
      `Could not reach ${realmUrl}: its port is one reserved for other services than the web (mail, SSH, …), which no browser or app may use. Check the port in the address (the number after the colon); a server's usual address has none, or 443 for https://.`,
      { ...extra, cause: 'BAD_PORT' },
    );
  }
  const reason = (code && REASONS[code]) ?? (code ? `error ${code}` : messageOf(error));
  return new ConsoleError('NETWORK_ERROR', `Could not reach ${realmUrl}: ${reason}. Check the address and your network.`, extra);
}

/**
 * A request refused before it was sent because its port is on the fetch standard's list of blocked
 * ports (https://fetch.spec.whatwg.org/#bad-port): undici says "bad port" in the cause of "fetch
 * failed", Chromium net::ERR_UNSAFE_PORT.
 */
export function isBadPort(error: unknown): boolean {
  return [...chain(error)].some((link) => {
    const message = String((link as { message?: unknown }).message ?? '');
    return message === 'bad port' || message.includes('net::ERR_UNSAFE_PORT');
  });
}

export function timeoutError(realmUrl: string, endpoint: string, timeoutMs: number): ConsoleError {
  return new ConsoleError('NETWORK_ERROR', `${realmUrl} did not answer within ${duration(timeoutMs)}.`, {
    endpoint,
    timeout: true,
    timeoutMs,
  });
}

/**
 * Marks a failed request as sent through `proxy` (its address, or words for the system's), and
 * whether a user name and password were sent to it.
 */
export function viaProxy<E>(error: E, proxy: string, signedIn = false): E {
  if (typeof error === 'object' && error !== null) {
    Object.defineProperty(error, 'viaProxy', { value: proxy, enumerable: false, configurable: true });
    Object.defineProperty(error, 'proxySignedIn', { value: signedIn, enumerable: false, configurable: true });
  }
  return error;
}

/** A 407 from the proxy: it wants a sign-in, or refused the one given. */
function proxySignIn(error: unknown): 'required' | 'refused' | null {
  // undici: "Proxy response (407) !== 200 when HTTP Tunneling"; Chromium: net::ERR_PROXY_AUTH_REQUESTED.
  const messages = messagesOf(error);
  if (!/Proxy response \(407\)|ERR_PROXY_AUTH_REQUESTED/.test(messages)) return null;
  return (error as { proxySignedIn?: unknown }).proxySignedIn === true ? 'refused' : 'required';
}

function proxyOf(error: unknown): string | null {
  const marked = (error as { viaProxy?: unknown } | null)?.viaProxy;
  return typeof marked === 'string' ? marked : null;
}

function proxyReason(error: unknown, code: string | undefined): string {
  // undici: "Proxy response (502) !== 200 when HTTP Tunneling"
  const tunnel = /Proxy response \((\d{3})\)/.exec(messagesOf(error));
  if (tunnel) return `the proxy answered ${tunnel[1]} when asked to connect to the server (it could not reach it, or does not allow it)`;
  return (code && (PROXY_REASONS[code] ?? REASONS[code])) ?? (code ? `error ${code}` : messageOf(error));
}

function duration(ms: number): string {
  const seconds = Math.round(ms / 100) / 10;
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

/** The error chain: the error, then its causes (the first of an AggregateError's when every address was refused). */
function* chain(error: unknown): Generator<object> {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    yield current;
    const { errors, cause } = current as { errors?: unknown; cause?: unknown };
    current = Array.isArray(errors) && errors.length ? errors[0] : cause;
  }
}

/** The first error code in the chain: a Node code, or Chromium's `net::ERR_…` from a message. */
function causeCode(error: unknown): string | undefined {
  for (const link of chain(error)) {
    const { code, message } = link as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && code !== 'UND_ERR_ABORTED') return code;
    const chromium = typeof message === 'string' ? /net::(ERR_[A-Z_]+)/.exec(message) : null;
    if (chromium?.[1]) return chromium[1];
  }
  return undefined;
}

/** What the certificate is for, from Node's TLS error: "DNS:localhost, IP Address:127.0.0.1" and the host asked for. */
function certificateNames(error: unknown): string | null {
  for (const link of chain(error)) {
    const { cert, host } = link as { cert?: { subjectaltname?: unknown }; host?: unknown };
    const names = typeof cert?.subjectaltname === 'string' ? cert.subjectaltname.replace(/\b(DNS|IP Address):/g, '').split(/,\s*/).join(', ') : null;
    if (names) return typeof host === 'string' ? `it is for ${names}, not ${host}` : `it is for ${names}`;
  }
  return null;
}

function messagesOf(error: unknown): string {
  return [...chain(error)].map((link) => String((link as { message?: unknown }).message ?? '')).join(' | ');
}

function messageOf(error: unknown): string {
  const cause = (error as { cause?: unknown } | null)?.cause;
  const source = cause instanceof Error ? cause : error;
  return source instanceof Error ? source.message : String(source);
}
