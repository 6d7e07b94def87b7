// What a PAC file's FindProxyForURL answered, as the routes to try in order: "PROXY host:port;
// HTTPS host:port; DIRECT" (Chromium's and upstream Netscape's syntax). SOCKS proxies are refused in
// words: undici, the Node network stack, speaks HTTP proxies only. Anything else is not an answer.
export type PacRoute = { kind: 'direct' } | { kind: 'proxy'; url: string };

export type PacAnswer = { ok: true; routes: PacRoute[] } | { ok: false; problem: string };

/** At most this many routes are tried: a PAC file answering more is most likely wrong. */
const MAX_ROUTES = 10;

export function parsePacAnswer(answer: unknown): PacAnswer {
  if (typeof answer !== 'string') return { ok: false, problem: `it answered ${describe(answer)} instead of text like "PROXY proxy.example.com:3128; DIRECT"` };
  const entries = answer.split(';').map((entry) => entry.trim()).filter(Boolean);
  // An empty answer means DIRECT, as in Chromium.
  if (entries.length === 0) return { ok: true, routes: [{ kind: 'direct' }] };
  const routes: PacRoute[] = [];
  const socks: string[] = [];
  for (const entry of entries.slice(0, MAX_ROUTES)) {
    const [keyword = '', address, ...rest] = entry.split(/\s+/);
    const kind = keyword.toUpperCase();
    if (kind === 'DIRECT' && address === undefined) {
      routes.push({ kind: 'direct' });
      continue;
    }
    if ((kind === 'PROXY' || kind === 'HTTP' || kind === 'HTTPS') && address && rest.length === 0 && isHostPort(address)) {
      routes.push({ kind: 'proxy', url: `${kind === 'HTTPS' ? 'https' : 'http'}://${address}` });
      continue;
    }
    if (kind.startsWith('SOCKS') && address) {
      socks.push(entry);
      continue;
    }
    return { ok: false, problem: `it answered "${clip(answer)}", and "${clip(entry)}" is not PROXY host:port, HTTPS host:port or DIRECT` };
  }
  if (routes.length === 0) {
    return { ok: false, problem: `it named only SOCKS proxies (${socks.join('; ')}), which Realm Console cannot use outside the app: it speaks to HTTP and HTTPS proxies` };
  }
  return { ok: true, routes };
}

function isHostPort(address: string): boolean {
  try {
    const url = new URL(`http://${address}`);
    return url.hostname !== '' && url.host.toLowerCase() === address.toLowerCase().replace(/:80$/, '') && !url.username;
  } catch {
    return false;
  }
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  return `a ${typeof value} (${clip(String(value))})`;
}

function clip(text: string): string {
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}
