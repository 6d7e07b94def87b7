// The manual proxy's bypass list, read as Chromium reads `proxyBypassRules` (so the same text means
// the same inside Electron and under Node): `example.com` (that host), `*.example.com` or
// `.example.com` (its subdomains), `*` (everything), a host with `:port`, an IP address or a range
// (`10.0.0.0/8`, `fd00::/8`), `<local>` (names without a dot), and `<-loopback>`, which sends this
// computer's own addresses through the proxy too: by default they never use it.
import { BlockList, isIP } from 'node:net';
import { ConsoleError } from '../errors';
import { isLoopbackHost } from '../client/realm-url';

export type BypassRule =
  | { kind: 'all' }
  | { kind: 'local' }
  | { kind: 'proxy-loopback' }
  | { kind: 'host'; pattern: RegExp; port: number | null }
  | { kind: 'range'; range: BlockList; port: number | null };

export interface BypassList {
  readonly rules: readonly BypassRule[];
  /** The entries as typed, tidied, for saving: one per line. */
  readonly text: string;
}

export function parseBypassList(text: string): BypassList {
  const entries = text.split(/[\s,;]+/).filter(Boolean);
  if (entries.length > 200) throw invalid(`The bypass list has ${entries.length} entries; keep it to 200 or fewer (a range like 10.0.0.0/8 covers many addresses).`);
  return { rules: entries.map(parseEntry), text: entries.join('\n') };
}

/** Whether a request to `url` goes around the proxy. */
export function bypasses(list: BypassList, url: URL): boolean {
  const host = bareHost(url.hostname);
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  if (isLoopbackHost(url.hostname) && !list.rules.some((rule) => rule.kind === 'proxy-loopback')) return true;
  return list.rules.some((rule) => {
    switch (rule.kind) {
      case 'all':
        return true;
      case 'local':
        return !host.includes('.') && !host.includes(':');
      case 'proxy-loopback':
        return false;
      case 'host':
        return (rule.port === null || rule.port === port) && rule.pattern.test(host);
      case 'range': {
        const family = isIP(host);
        return family !== 0 && (rule.port === null || rule.port === port) && rule.range.check(host, family === 6 ? 'ipv6' : 'ipv4');
      }
    }
  });
}

function parseEntry(entry: string): BypassRule {
  const lower = entry.toLowerCase();
  if (lower === '*') return { kind: 'all' };
  if (lower === '<local>') return { kind: 'local' };
  if (lower === '<-loopback>') return { kind: 'proxy-loopback' };
  // A scheme is allowed (Chromium's http://example.com) and ignored: requests to a realm are http(s).
  const withoutScheme = lower.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  const range = /^(\[?[0-9a-f:.]+\]?)\/(\d{1,3})$/.exec(withoutScheme);
  if (range) return rangeRule(entry, bareHost(range[1] ?? ''), Number(range[2]));
  const hostPort = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(withoutScheme);
  if (!hostPort) throw invalid(`"${entry}" in the bypass list is not a host name, address or range. Use entries like example.com, *.example.com, 10.0.0.0/8 or <local>.`);
  const host = bareHost(hostPort[1] ?? '');
  const port = hostPort[2] === undefined ? null : checkPort(entry, Number(hostPort[2]));
  const family = isIP(host);
  if (family !== 0) return rangeRule(entry, host, family === 6 ? 128 : 32, port);
  if (!/^(\*\.|\.)?[a-z0-9*_-]+(?:\.[a-z0-9*_-]+)*$/.test(host)) {
    throw invalid(`"${entry}" in the bypass list is not a host name, address or range. Use entries like example.com, *.example.com, 10.0.0.0/8 or <local>.`);
  }
  return { kind: 'host', pattern: hostPattern(host), port };
}

/** `*.example.com` and `.example.com`: the subdomains; any other `*` stands for any characters. */
function hostPattern(host: string): RegExp {
  const suffix = host.startsWith('.') ? `*${host}` : host;
  const source = suffix.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${source}$`);
}

function rangeRule(entry: string, address: string, prefix: number, port: number | null = null): BypassRule {
  const family = isIP(address);
  if (family === 0 || prefix > (family === 6 ? 128 : 32)) throw invalid(`"${entry}" in the bypass list is not an address range. Write a range like 10.0.0.0/8 or 192.168.1.0/24.`);
  const range = new BlockList();
  range.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
  return { kind: 'range', range, port };
}

function checkPort(entry: string, port: number): number {
  if (port < 1 || port > 65535) throw invalid(`"${entry}" in the bypass list has a port outside 1 to 65535.`);
  return port;
}

function bareHost(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
}

function invalid(msg: string): ConsoleError {
  return new ConsoleError('INVALID_INPUT', msg, { field: 'bypass' });
}
