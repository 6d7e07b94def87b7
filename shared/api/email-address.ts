// Which email addresses the API accepts: upstream checks invitees and new accounts with Django's
// EmailValidator (zerver/lib/email_validation.py validate_email_is_valid), and so do the sandbox
// server and the console's own check before a campaign, through this one function.
/** Longer addresses are invalid without a closer look: 64 characters before the @ and 255 after (RFC 3696). */
export const MAX_EMAIL_LENGTH = 320;

// Django's EmailValidator. The quoted local part names control characters on purpose, as RFC 5322 does.
const USER_PART =
  // eslint-disable-next-line no-control-regex
  /^(?:[-!#$%&'*+/=?^_`{}|~0-9A-Z]+(?:\.[-!#$%&'*+/=?^_`{}|~0-9A-Z]+)*|"(?:[\x01-\x08\x0b\x0c\x0e-\x1f!#-[\]-\x7f]|\\[\x01-\x09\x0b\x0c\x0e-\x7f])*")$/i;
const DOMAIN_PART = /^(?:[A-Z0-9](?:[A-Z0-9-]{0,61}[A-Z0-9])?\.)+[A-Z0-9-]{2,63}$/i;
// Without a punycode encoder (the renderer has none), an internationalized domain is judged by the
// same label rules over letters and digits of any script; the server has the last word either way.
const UNICODE_DOMAIN_PART = /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}\p{M}-]{0,61}[\p{L}\p{N}\p{M}])?\.)+[\p{L}\p{N}\p{M}-]{2,63}$/u;
const LITERAL_DOMAIN = /^\[([A-F0-9:.]+)\]$/i;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/i;

/**
 * Whether the address is syntactically valid, as upstream (Django's EmailValidator) judges it. Django
 * retries an internationalized domain in its punycode form: pass `toAscii` (Node's `domainToASCII`,
 * which answers '' for a domain it cannot encode) to do exactly that.
 */
export function isValidEmailSyntax(email: string, toAscii?: (domain: string) => string): boolean {
  if (email.length === 0 || email.length > MAX_EMAIL_LENGTH) return false;
  const at = email.lastIndexOf('@');
  if (at <= 0) return false;
  const user = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (!USER_PART.test(user)) return false;
  if (domain === 'localhost') return true;
  if (DOMAIN_PART.test(domain)) return !domain.endsWith('-');
  if (!isAscii(domain)) {
    if (!toAscii) return UNICODE_DOMAIN_PART.test(domain) && !domain.endsWith('-');
    const ascii = toAscii(domain);
    return ascii !== '' && DOMAIN_PART.test(ascii) && !ascii.endsWith('-');
  }
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
