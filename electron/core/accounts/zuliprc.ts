// Reads a zuliprc file, the INI file upstream's "Download zuliprc" button gives and its clients read
// (Python's configparser): an [api] section with email, key and site, and optionally the TLS keys
// upstream's client reads: insecure (true or false) and cert_bundle (a CA file's path). A client
// certificate (client_cert) is refused in words rather than silently dropped.
import { ConsoleError } from '../errors';

export interface Zuliprc {
  email: string;
  apiKey: string;
  /** The realm's address as written in the file; the caller normalizes it. */
  site: string;
  /** insecure=true: do not check the server's certificate (the user must agree first). */
  insecure: boolean;
  /** cert_bundle: the path of a CA file to trust, `~` expanded by the caller. */
  certBundle: string | null;
}

const REQUIRED = [
  ['email', 'email'],
  ['key', 'apiKey'],
  ['site', 'site'],
] as const;

export function parseZuliprc(contents: string): Zuliprc {
  // A NUL or the replacement character means a binary file was read as text.
  if (contents.includes('\u0000') || contents.includes('\uFFFD')) throw invalid('This file is not a zuliprc: it is not text. Choose the zuliprc file your organization gave you.');
  if (contents.trim() === '') throw invalid('This zuliprc file is empty.');

  const api = apiSection(contents);
  if (!api) throw invalid('This zuliprc has no [api] section. A zuliprc starts with a line [api], followed by email=, key= and site= lines.');

  const missing = REQUIRED.filter(([name]) => !api.has(name)).map(([name]) => `${name}=`);
  if (missing.length > 0) throw invalid(`This zuliprc has no ${listInWords(missing)} ${missing.length === 1 ? 'line' : 'lines'} in its [api] section.`);
  const empty = REQUIRED.filter(([name]) => api.get(name) === '').map(([name]) => `${name}=`);
  if (empty.length > 0) throw invalid(`In this zuliprc, the ${listInWords(empty)} ${empty.length === 1 ? 'line' : 'lines'} of the [api] section ${empty.length === 1 ? 'is' : 'are'} empty.`);

  if (api.get('client_cert') || api.get('client_cert_key')) {
    throw invalid('This zuliprc signs in with a client certificate (client_cert), which Realm Console cannot use yet. Sign in with your email and API key or password instead.');
  }
  return { email: api.get('email') ?? '', apiKey: api.get('key') ?? '', site: api.get('site') ?? '', insecure: readInsecure(api.get('insecure')), certBundle: api.get('cert_bundle') || null };
}

/** As upstream's client reads it: true or false in any case, and nothing else. */
function readInsecure(value: string | undefined): boolean {
  if (value === undefined || value === '') return false;
  const lower = value.toLowerCase();
  if (lower === 'true' || lower === 'false') return lower === 'true';
  throw invalid(`This zuliprc says insecure=${value}; it must be true or false. Remove the line to have the server's certificate checked.`);
}

/** The [api] section's keys (lower-cased, as configparser does) and values, or null without one. */
function apiSection(contents: string): Map<string, string> | null {
  let section: string | null = null;
  let api: Map<string, string> | null = null;
  for (const raw of contents.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(.*)\]$/.exec(line);
    if (header) {
      section = (header[1] ?? '').trim();
      if (section === 'api') api ??= new Map();
      continue;
    }
    if (section !== 'api' || !api) continue;
    // configparser accepts both `key = value` and `key: value`; the first delimiter wins.
    const match = /^([^=:]+)[=:](.*)$/.exec(line);
    if (!match) continue;
    api.set((match[1] ?? '').trim().toLowerCase(), (match[2] ?? '').trim());
  }
  return api;
}

function listInWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items.at(-1) ?? ''}`;
}

function invalid(msg: string): ConsoleError {
  return new ConsoleError('INVALID_INPUT', msg);
}
