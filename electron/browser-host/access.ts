// Who may use the browser host: whoever opened the one-time link `npm start` printed. The link's token
// is exchanged once for a session cookie, so it is useless afterwards (in the shell's history, in a
// screenshot); the cookie is HttpOnly, so the page's own scripts cannot read it either.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const SECRET_BYTES = 32;

export class HostAccess {
  /** The one-time token for the printed link. */
  readonly token = randomBytes(SECRET_BYTES).toString('base64url');
  /**
   * Cookies are scoped by host, not port: every loopback server shares one jar. A port in the name
   * keeps two hosts (two `npm start`s) from overwriting each other's session.
   */
  readonly cookieName: string;
  private tokenUsed = false;
  private readonly sessions = new Set<string>();

  constructor(port: number) {
    this.cookieName = `realm_console_${port}`;
  }

  /**
   * Exchanges the one-time token for a new session and returns its Set-Cookie header, or null when
   * the token is wrong or was used already.
   */
  redeem(token: string): string | null {
    if (this.tokenUsed || !sameSecret(token, this.token)) return null;
    this.tokenUsed = true;
    const session = randomBytes(SECRET_BYTES).toString('base64url');
    this.sessions.add(session);
    // No Max-Age: a session cookie, gone when the browser closes; no Secure: the host speaks plain
    // HTTP on the loopback interface, which never leaves the machine.
    return `${this.cookieName}=${session}; HttpOnly; SameSite=Strict; Path=/`;
  }

  /** True when the request carries the cookie of a session this host started. */
  hasSession(request: IncomingMessage): boolean {
    const session = readCookie(request.headers.cookie, this.cookieName);
    return session !== null && this.sessions.has(session);
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  // timingSafeEqual needs equal lengths; a length mismatch is no secret (the token's length is fixed).
  return a.length === b.length && timingSafeEqual(a, b);
}

export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return null;
}
