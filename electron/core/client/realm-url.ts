// Turns what a user types into the connect screen's "server address" field into the realm's base URL
// (scheme, host, port and any path, without a trailing slash), or refuses it in words that say what to
// type instead. Every request goes to `${realmUrl}/api/v1${path}` (spec Versioning 1).
import { ConsoleError } from '../errors';

const EXAMPLE = 'https://chat.example.com';

/**
 * A typed address without a scheme gets https://, except a loopback address (localhost, 127.x.x.x,
 * ::1), which gets http://: servers on the user's own machine (the sandbox, upstream's development
 * server on localhost:9991) speak plain HTTP, and traffic to them never leaves the machine. An
 * https:// the user types is always kept.
 */
export function normalizeRealmUrl(input: string): string {
  const typed = input.trim();
  if (typed === '') refuse(`Type the address of your organization's server, like ${EXAMPLE}.`);
  if (/\s/.test(typed)) refuse(`"${typed}" is not a web address: it contains a space. Type an address like ${EXAMPLE}.`);

  // "https:/x" is a typo URL parsing forgives; "host:port" is not a scheme
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(typed) || /^https?:/i.test(typed);
  if (!hasScheme) {
    // "mailto:x" or "javascript:x": a scheme without //
    const bareScheme = /^([a-z][a-z0-9+-]*):(?!\d+(?:[/?#]|$))/i.exec(typed);
    if (bareScheme) refuseScheme(bareScheme[1] ?? '');
    if (/^[^/?#]*@/.test(typed)) {
      refuse(`"${typed}" looks like an email address. Type your server's address here, like ${EXAMPLE}; your email goes in its own field.`);
    }
  }

  let url: URL;
  try {
    url = new URL(hasScheme ? typed : `https://${typed}`);
  } catch {
    return refuse(`"${typed}" is not a web address. Type an address like ${EXAMPLE}.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') refuseScheme(url.protocol.slice(0, -1));
  if (url.username !== '' || url.password !== '') {
    refuse('Leave your email and password out of the address: type only the server, like ' + `${EXAMPLE}, and sign in below.`);
  }
  if (!isPlausibleHost(url.hostname)) refuse(`"${typed}" is not a web address. Type an address like ${EXAMPLE}.`);
  if (!hasScheme && isLoopback(url.hostname)) url.protocol = 'http:';

  // Users paste API addresses (even a whole endpoint's) and links into the web app: keep only the site.
  const path = url.pathname
    .replace(/\/+$/, '')
    .replace(/\/api(?:\/v1(?:\/.*)?)?$/i, '')
    .replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${path}`;
}

function refuse(msg: string): never {
  throw new ConsoleError('INVALID_INPUT', msg, { field: 'realmUrl' });
}

function refuseScheme(scheme: string): never {
  refuse(`"${scheme}:" addresses cannot be used. Type the server's https:// address, like ${EXAMPLE}.`);
}

/** A hostname WHATWG URL accepts may still be nonsense ("a..b", "-"); accept DNS names and IP literals. */
function isPlausibleHost(hostname: string): boolean {
  if (hostname.startsWith('[') && hostname.endsWith(']')) return true; // IPv6, already validated by URL
  const labels = hostname.replace(/\.$/, '').split('.');
  return labels.every((label) => /^[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?$/i.test(label));
}

function isLoopback(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    /^127(?:\.\d{1,3}){3}$/.test(hostname)
  );
}
