// Which proxy, if any, a request goes through under Node (browser mode): the settings' manual proxy
// and bypass list, or in the system mode the proxy environment variables as undici's
// EnvHttpProxyAgent reads them (https_proxy or HTTPS_PROXY, falling back to the HTTP one; http_proxy
// or HTTP_PROXY; no_proxy or NO_PROXY). This computer's own addresses never use a proxy, as in
// Chromium, unless the manual bypass list says `<-loopback>`.
import type { NetworkSettings } from '../../../shared/ipc';
import { isLoopbackHost } from '../client/realm-url';
import { bypasses, parseBypassList, type BypassList } from './bypass-rules';

export type ProxyEnvironment = Readonly<Record<string, string | undefined>>;

export class ProxyRouting {
  private readonly bypass: BypassList | null;

  constructor(
    private readonly settings: NetworkSettings,
    private readonly env: ProxyEnvironment,
  ) {
    this.bypass = settings.mode === 'manual' ? parseBypassList(settings.bypass) : null;
  }

  proxyFor(url: URL): string | null {
    switch (this.settings.mode) {
      case 'none':
      case 'pac':
        return null;
      case 'manual':
        return this.bypass && bypasses(this.bypass, url) ? null : this.settings.proxyUrl;
      case 'system':
        return isLoopbackHost(url.hostname) ? null : environmentProxy(url, this.env);
    }
  }
}

/** The proxy environment variables, for the diagnostics: credentials in an address are left out. */
export function proxyEnvironment(env: ProxyEnvironment): { httpsProxy: string | null; httpProxy: string | null; noProxy: string | null } {
  return { httpsProxy: withoutCredentials(httpsProxyOf(env)), httpProxy: withoutCredentials(httpProxyOf(env)), noProxy: noProxyOf(env) ?? null };
}

function environmentProxy(url: URL, env: ProxyEnvironment): string | null {
  const proxy = url.protocol === 'https:' ? httpsProxyOf(env) : httpProxyOf(env);
  if (!proxy) return null;
  return excludedByNoProxy(url, noProxyOf(env) ?? '') ? null : proxy;
}

const httpProxyOf = (env: ProxyEnvironment) => nonEmpty(env.http_proxy) ?? nonEmpty(env.HTTP_PROXY);
const httpsProxyOf = (env: ProxyEnvironment) => nonEmpty(env.https_proxy) ?? nonEmpty(env.HTTPS_PROXY) ?? httpProxyOf(env);
const noProxyOf = (env: ProxyEnvironment) => nonEmpty(env.no_proxy) ?? nonEmpty(env.NO_PROXY);

function nonEmpty(value: string | undefined): string | undefined {
  return value && value.trim() !== '' ? value.trim() : undefined;
}

/** NO_PROXY as undici reads it: `*` for all; each entry a host (its subdomains too) with an optional port. */
function excludedByNoProxy(url: URL, noProxy: string): boolean {
  if (noProxy === '*') return true;
  const host = url.hostname.toLowerCase();
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  return noProxy
    .split(/[,\s]+/)
    .filter(Boolean)
    .some((entry) => {
      const parsed = /^(.+):(\d+)$/.exec(entry);
      const name = (parsed ? (parsed[1] ?? '') : entry).replace(/^\*?\./, '').toLowerCase();
      if (parsed && Number(parsed[2]) !== port) return false;
      return host === name || host.endsWith(`.${name}`);
    });
}

function withoutCredentials(address: string | undefined): string | null {
  return address ? proxyLabel(address) : null;
}

/** A proxy's address as words may show it: an environment variable's credentials are left out. */
export function proxyLabel(address: string): string {
  try {
    const url = new URL(address);
    if (!url.username && !url.password) return address;
    return `${url.protocol}//${url.host} (with a user name and password)`;
  } catch {
    return address;
  }
}
