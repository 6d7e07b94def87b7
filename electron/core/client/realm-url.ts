// Turns what a user types into the connect screen's "server address" field into the realm's base URL
// (scheme, host, port and any path, without a trailing slash), or refuses it in words that say what to
// type instead. Every request goes to `${realmUrl}/api/v1${path}` (spec Versioning 1).
import { ConsoleError } from '../errors';

const EXAMPLE = 'https://chat.example.com';

/**
 * A typed address without a scheme gets https://, except a loopback address (isLoopbackHost), which
 * gets http://: servers on the user's own machine (the sandbox, upstream's development
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
  if (!hasScheme && isLoopbackHost(url.hostname)) url.protocol = 'http:';

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

/**
 * Loopback, for this console: `localhost`, 127.0.0.0/8 and ::1 (also as an IPv4-mapped address),
 * the names and addresses that never leave this computer. Not `*.localhost`: Node asks the system
 * resolver for those, and it may send them to DNS like any other name.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(host) || /^\[::ffff:(?:127(?:\.\d{1,3}){3}|7f[0-9a-f]{2}:[0-9a-f]{1,4})\]$/.test(host);
}

/**
 * Whether requests to this realm would travel unencrypted over a network: http:// to anything but
 * loopback. The password and the API key would be readable by anyone on the way, so such a realm is
 * used only with the user's explicit consent for it.
 */
export function isCleartext(realmUrl: string): boolean {
  const url = new URL(realmUrl);
  return url.protocol === 'http:' && !isLoopbackHost(url.hostname);
}

/** The refusal of a cleartext realm without consent, before any request is made. */
export function cleartextRefused(realmUrl: string): ConsoleError {
  const { host, hostname } = new URL(realmUrl);
  const secure = `https://${host}`;
  return new ConsoleError(
    'CLEARTEXT_REFUSED',
    `${realmUrl} is not on this computer, and http:// would send your password and API key unencrypted across the network, where anyone on the way could read them. Use the server's https:// address (${secure}). Only for a test server on your own network: allow unencrypted connections to ${hostname}, for this organization only.`,
    { field: 'realmUrl', realmUrl, host: hostname },
  );
}
