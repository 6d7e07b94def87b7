// spec 9's invitee list, read the way upstream reads `invitee_emails` (zerver/views/invite.py
// get_invitee_emails_set): entries split on commas and newlines, `Name <email>` reduced to the email,
// whitespace stripped, empty entries skipped. Beyond upstream, a comma inside a double-quoted name
// does not split (`"Doe, Jane" <jane@example.com>` is how spreadsheets and mail clients write names):
// the console sends the server bare addresses, one per line, so this cannot change what upstream sees.
// Pure and allocation-light: 10,000 addresses parse, dedupe and check in a few milliseconds.
import type { Invitee } from '../ipc/invitations';

/** The Invitee schema's limits (shared/ipc/invitations.ts). */
export const MAX_EMAIL_LENGTH = 320;
export const MAX_NAME_LENGTH = 200;

/** The pasted text's entries, in order, duplicates included (dedupeInvitees removes them). */
export function parseAddressList(text: string): Invitee[] {
  const invitees: Invitee[] = [];
  for (const entry of splitEntries(text)) {
    const invitee = parseEntry(entry);
    if (invitee) invitees.push(invitee);
  }
  return invitees;
}

/** Commas and newlines separate entries, except inside a double-quoted name. */
function splitEntries(text: string): string[] {
  // Most lists have no quotes at all: the plain split is upstream's own, and fastest.
  if (!text.includes('"')) return text.split(/[,\n]/);
  const entries: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') quoted = !quoted;
    else if ((char === ',' && !quoted) || char === '\n') {
      // A newline always ends an entry: an unbalanced quote must not swallow the rest of the list.
      entries.push(text.slice(start, i));
      start = i + 1;
      quoted = false;
    }
  }
  entries.push(text.slice(start));
  return entries;
}

/** One entry: `email`, or `Name <email>` (upstream takes what is between the angle brackets). */
export function parseEntry(entry: string): Invitee | null {
  const open = entry.lastIndexOf('<');
  const close = entry.lastIndexOf('>');
  if (open !== -1 && close > open) {
    const email = entry.slice(open + 1, close).trim();
    if (email === '') return null;
    const name = unquote(entry.slice(0, open).trim());
    return { email, name: name === '' ? null : name.slice(0, MAX_NAME_LENGTH) };
  }
  const email = entry.trim();
  return email === '' ? null : { email, name: null };
}

function unquote(name: string): string {
  return name.length >= 2 && name.startsWith('"') && name.endsWith('"') ? name.slice(1, -1).trim() : name;
}

/** Addresses are compared without regard to case, as the server looks accounts up. */
export const addressKey = (email: string): string => email.trim().toLowerCase();

export interface Duplicate {
  invitee: Invitee;
  /** Where the invitee sits in the input. */
  index: number;
  /** Where the first entry with the same address sits in the input. */
  firstIndex: number;
}

/** Each address once, the first spelling kept; the later entries are reported as duplicates. */
export function dedupeInvitees(invitees: readonly Invitee[]): { unique: Invitee[]; duplicates: Duplicate[] } {
  const first = new Map<string, number>();
  const unique: Invitee[] = [];
  const duplicates: Duplicate[] = [];
  invitees.forEach((invitee, index) => {
    const key = addressKey(invitee.email);
    const firstIndex = first.get(key);
    if (firstIndex === undefined) {
      first.set(key, index);
      unique.push(invitee);
    } else {
      duplicates.push({ invitee, index, firstIndex });
    }
  });
  return { unique, duplicates };
}

// Django's EmailValidator, which upstream's validate_email_is_valid uses (the sandbox server checks
// with the same rules in server/actions/invite-addresses.ts). The quoted local part names control
// characters on purpose, as RFC 5322 does.
const USER_PART =
  // eslint-disable-next-line no-control-regex
  /^(?:[-!#$%&'*+/=?^_`{}|~0-9A-Z]+(?:\.[-!#$%&'*+/=?^_`{}|~0-9A-Z]+)*|"(?:[\x01-\x08\x0b\x0c\x0e-\x1f!#-[\]-\x7f]|\\[\x01-\x09\x0b\x0c\x0e-\x7f])*")$/i;
const DOMAIN_PART = /^(?:[A-Z0-9](?:[A-Z0-9-]{0,61}[A-Z0-9])?\.)+[A-Z0-9-]{2,63}$/i;
// Django retries an internationalized domain in its punycode form. Shared code has no punycode
// encoder (no Node, no DOM), so such a domain is judged by the same label rules over letters and
// digits of any script; the server has the last word either way.
const UNICODE_DOMAIN_PART = /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}\p{M}-]{0,61}[\p{L}\p{N}\p{M}])?\.)+[\p{L}\p{N}\p{M}-]{2,63}$/u;
const LITERAL_DOMAIN = /^\[([A-F0-9:.]+)\]$/i;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/i;

/** Whether the address is syntactically valid, as upstream (Django's EmailValidator) judges it. */
export function isValidEmailSyntax(email: string): boolean {
  if (email.length === 0 || email.length > MAX_EMAIL_LENGTH) return false;
  const at = email.lastIndexOf('@');
  if (at <= 0) return false;
  const user = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (!USER_PART.test(user)) return false;
  if (domain === 'localhost') return true;
  if (DOMAIN_PART.test(domain)) return !domain.endsWith('-');
  if (!isAscii(domain)) return UNICODE_DOMAIN_PART.test(domain) && !domain.endsWith('-');
  const literal = LITERAL_DOMAIN.exec(domain);
  return literal?.[1] !== undefined && isIpAddress(literal[1]);
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 127) return false;
  return true;
}

function isIpAddress(text: string): boolean {
  if (IPV4.test(text)) return true;
  if (!text.includes(':')) return false;
  const [head = '', tail, ...rest] = text.split('::');
  if (rest.length > 0) return false;
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const all = [...groups(head), ...(tail === undefined ? [] : groups(tail))];
  const last = all[all.length - 1];
  const embeddedV4 = last !== undefined && IPV4.test(last);
  const hex = embeddedV4 ? all.slice(0, -1) : all;
  if (!hex.every((group) => HEX_GROUP.test(group))) return false;
  const width = hex.length + (embeddedV4 ? 2 : 0);
  return tail === undefined ? width === 8 : width < 8;
}
