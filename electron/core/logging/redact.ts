// What never reaches a log file or the diagnostics: credentials. Fields named like one are replaced
// whole, and text is scrubbed of the shapes a credential takes in a message (an Authorization value,
// `api_key=…` or `"password": "…"`), plus exact secrets the caller names (browser mode's token).
export const REDACTED = '[redacted]';

/** Field names whose values are credentials, whatever they hold. */
const SECRET_FIELD = /^(authorization|proxy-authorization|cookie|set-cookie|api_?key|apikey|(proxy_?)?password|passwd|token|secret|credentials?)$/i;

const TEXT_PATTERNS: [RegExp, string][] = [
  // An Authorization or Proxy-Authorization value.
  [/\b(Basic|Bearer|Digest|Negotiate|NTLM)\s+[A-Za-z0-9+/=._~-]{6,}/g, `$1 ${REDACTED}`],
  // Query strings and form bodies: api_key=…, password=…, token=… (and `key=` after ? or &).
  [/\b(api_key|apikey|password|passwd|token|secret)=[^&\s"']+/gi, `$1=${REDACTED}`],
  [/([?&]key)=[^&\s"']+/gi, `$1=${REDACTED}`],
  // JSON: "api_key": "…"
  [/"(api_key|apikey|password|proxyPassword|passwd|token|secret|authorization)"\s*:\s*"(?:[^"\\]|\\.)*"/gi, `"$1":"${REDACTED}"`],
  // Credentials inside an address: https://user:secret@host
  [/(\b[a-z][a-z0-9+.-]*:\/\/[^/\s:@]+):[^/\s@]+@/gi, `$1:${REDACTED}@`],
];

export class Redactor {
  private readonly secrets = new Set<string>();

  /** An exact string (a token, a key) that must never be written, wherever it appears. */
  addSecret(secret: string): void {
    // Short strings would blank out ordinary words.
    if (secret.length >= 8) this.secrets.add(secret);
  }

  text(value: string): string {
    let text = value;
    for (const secret of this.secrets) if (text.includes(secret)) text = text.split(secret).join(REDACTED);
    for (const [pattern, replacement] of TEXT_PATTERNS) text = text.replace(pattern, replacement);
    return text;
  }

  /** A copy of `value` safe to write: secret fields replaced, strings scrubbed, errors described. */
  fields(value: unknown, depth = 0): unknown {
    if (typeof value === 'string') return this.text(value);
    if (value === null || typeof value !== 'object') return value;
    if (depth > 6) return '[nested too deep]';
    if (value instanceof Error) return this.error(value, depth);
    if (Array.isArray(value)) return value.slice(0, 50).map((item) => this.fields(item, depth + 1));
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      copy[key] = SECRET_FIELD.test(key) ? REDACTED : this.fields(item, depth + 1);
    }
    return copy;
  }

  private error(error: Error, depth: number): Record<string, unknown> {
    const { code, cause } = error as { code?: unknown; cause?: unknown };
    return {
      name: error.name,
      message: this.text(error.message),
      ...(typeof code === 'string' ? { code } : {}),
      ...(cause !== undefined ? { cause: this.fields(cause, depth + 1) } : {}),
    };
  }
}
