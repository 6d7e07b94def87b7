// The network stack under Node (browser mode, tests, tools): undici's fetch with a dispatcher per
// route, a ProxyAgent for a proxy (the manual one, or HTTPS_PROXY / HTTP_PROXY minus NO_PROXY in the
// system mode) or an Agent to connect directly, each with the realm's TLS trust. A PAC file needs a
// PAC engine, which Node does not have: it is refused here (Electron evaluates PAC itself).
import { rootCertificates } from 'node:tls';
import { Agent, FormData as UndiciFormData, ProxyAgent, fetch as undiciFetch, type Dispatcher } from 'undici';
import type { NetworkSettings } from '../../../shared/ipc';
import { viaProxy } from '../client/network-error';
import { ConsoleError } from '../errors';
import { DEFAULT_NETWORK_SETTINGS } from './network-settings';
import type { ConnectionTrust, NetworkStack } from './network-stack';
import { proxyEnvironment, proxyLabel, ProxyRouting, type ProxyEnvironment } from './proxy-routing';

export class NodeNetwork implements NetworkStack {
  readonly kind = 'node';
  readonly supportsPac = false;
  private routing: ProxyRouting;
  /** One dispatcher per proxy and trust, so connections are reused across requests. */
  private dispatchers = new Map<string, Dispatcher>();

  constructor(private readonly env: ProxyEnvironment = process.env) {
    this.routing = new ProxyRouting(DEFAULT_NETWORK_SETTINGS, env);
  }

  fetchFor(_realmUrl: string, trust: ConnectionTrust): typeof globalThis.fetch {
    return async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const proxy = this.routing.proxyFor(url);
      const dispatcher = this.dispatcher(proxy, trust);
      try {
        const response = await undiciFetch(url, { ...(init as object), body: undiciBody(init?.body), dispatcher } as Parameters<typeof undiciFetch>[1]);
        return response as unknown as Response;
      } catch (error) {
        throw proxy ? viaProxy(error, proxyLabel(proxy)) : error;
      }
    };
  }

  async apply(settings: NetworkSettings): Promise<void> {
    if (settings.mode === 'pac') throw pacUnsupported();
    this.routing = new ProxyRouting(settings, this.env);
    const old = [...this.dispatchers.values()];
    this.dispatchers = new Map();
    // Requests under way (a long-poll) finish on the old route; every later one takes the new.
    for (const dispatcher of old) void dispatcher.close().catch(() => undefined);
  }

  environment() {
    return proxyEnvironment(this.env);
  }

  async close(): Promise<void> {
    const all = [...this.dispatchers.values()];
    this.dispatchers.clear();
    await Promise.all(all.map((dispatcher) => dispatcher.destroy().catch(() => undefined)));
  }

  private dispatcher(proxy: string | null, trust: ConnectionTrust): Dispatcher {
    const key = `${proxy ?? 'direct'}\n${trust.unchecked ? 'unchecked' : 'checked'}\n${trust.caPem ?? ''}`;
    let dispatcher = this.dispatchers.get(key);
    if (!dispatcher) {
      const tls = tlsOptions(trust);
      dispatcher = proxy ? new ProxyAgent({ uri: proxy, ...(tls ? { requestTls: tls } : {}) }) : new Agent(tls ? { connect: tls } : {});
      this.dispatchers.set(key, dispatcher);
    }
    return dispatcher;
  }
}

/** The realm's certificate check: the system's authorities plus its own, or none at all by consent. */
function tlsOptions(trust: ConnectionTrust): { ca?: string[]; rejectUnauthorized?: boolean } | null {
  if (trust.unchecked) return { rejectUnauthorized: false };
  // `ca` replaces Node's list, so the usual authorities are given too (a realm may move to a public one).
  if (trust.caPem) return { ca: [...rootCertificates, trust.caPem] };
  return null;
}

/** undici's fetch reads only its own FormData class; the client builds the global one. */
function undiciBody(body: RequestInit['body'] | undefined): unknown {
  if (!(body instanceof globalThis.FormData) || (body as unknown) instanceof UndiciFormData) return body;
  const form = new UndiciFormData();
  for (const [name, value] of body.entries()) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, value.name);
  }
  return form;
}

function pacUnsupported(): ConsoleError {
  return new ConsoleError(
    'INVALID_INPUT',
    'A proxy auto-configuration (PAC) file can be used in the Realm Console app only, which reads it with its own network stack: browser mode has no PAC engine. Here, choose “A proxy I give” with the proxy the PAC file names, or set HTTPS_PROXY before npm start and choose the system’s proxy settings.',
    { field: 'pacUrl' },
  );
}
