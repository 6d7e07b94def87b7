// The network stack under Node (browser mode, tests, tools): undici's fetch with a dispatcher per
// route, a ProxyAgent for a proxy (the manual one, signed in to with HTTP Basic when it has a user
// name; HTTPS_PROXY / HTTP_PROXY minus NO_PROXY in the system mode; or what a PAC file answers) or an
// Agent to connect directly, each with the realm's TLS trust. A PAC file's answer is a list: when a
// proxy on it cannot be connected to, the next is tried, as Chromium does; a request that reached a
// proxy is never sent again.
import { rootCertificates } from 'node:tls';
import { Agent, FormData as UndiciFormData, ProxyAgent, fetch as undiciFetch, type Dispatcher } from 'undici';
import type { NetworkSettings } from '../../../shared/ipc';
import { viaProxy } from '../client/network-error';
import { ConsoleError } from '../errors';
import { DEFAULT_NETWORK_SETTINGS } from './network-settings';
import type { ConnectionTrust, NetworkStack, ProxyCredentials } from './network-stack';
import type { PacRoute } from './pac-answer';
import { PacEngine, PAC_LIMITS, pacFieldError, type PacLimits } from './pac-engine';
import { proxyEnvironment, proxyLabel, ProxyRouting, type ProxyEnvironment } from './proxy-routing';

/** One way to send a request: through a proxy (with its sign-in, if any) or directly. */
interface Route {
  proxy: string | null;
  credentials: ProxyCredentials | null;
}

export class NodeNetwork implements NetworkStack {
  readonly kind = 'node';
  private routing: ProxyRouting;
  private credentials: ProxyCredentials | null = null;
  private pac: PacEngine | null = null;
  /** One dispatcher per proxy and trust, so connections are reused across requests. */
  private dispatchers = new Map<string, Dispatcher>();

  constructor(
    private readonly env: ProxyEnvironment = process.env,
    private readonly pacLimits: PacLimits = PAC_LIMITS,
  ) {
    this.routing = new ProxyRouting(DEFAULT_NETWORK_SETTINGS, env);
  }

  fetchFor(_realmUrl: string, trust: ConnectionTrust): typeof globalThis.fetch {
    return async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const routes = await this.routesFor(url);
      for (const [index, route] of routes.entries()) {
        try {
          const body = undiciBody(init?.body);
          const response = await undiciFetch(url, { ...(init as object), body, dispatcher: this.dispatcher(route, trust) } as Parameters<typeof undiciFetch>[1]);
          return response as unknown as Response;
        } catch (error) {
          const last = index === routes.length - 1;
          if (!last && route.proxy && proxyUnreachable(error) && !init?.signal?.aborted) continue;
          throw route.proxy ? viaProxy(error, proxyLabel(route.proxy), route.credentials !== null) : error;
        }
      }
      throw new ConsoleError('INTERNAL', 'No route was tried for the request.');
    };
  }

  async apply(settings: NetworkSettings, credentials: ProxyCredentials | null = null): Promise<void> {
    // A PAC file is read again on every change of settings; one that cannot be used is refused here.
    const pac = settings.mode === 'pac' ? await PacEngine.load(settings.pacUrl, this.pacLimits).catch((error: unknown) => Promise.reject(pacFieldError(error))) : null;
    this.pac?.close();
    this.pac = pac;
    this.routing = new ProxyRouting(settings, this.env);
    this.credentials = settings.mode === 'manual' ? credentials : null;
    const old = [...this.dispatchers.values()];
    this.dispatchers = new Map();
    // Requests under way (a long-poll) finish on the old route; every later one takes the new.
    for (const dispatcher of old) void dispatcher.close().catch(() => undefined);
  }

  environment() {
    return proxyEnvironment(this.env);
  }

  async close(): Promise<void> {
    this.pac?.close();
    this.pac = null;
    const all = [...this.dispatchers.values()];
    this.dispatchers.clear();
    await Promise.all(all.map((dispatcher) => dispatcher.destroy().catch(() => undefined)));
  }

  private async routesFor(url: URL): Promise<Route[]> {
    if (!this.pac) return [{ proxy: this.routing.proxyFor(url), credentials: this.credentials }];
    // The PAC file decides for every address, this computer's own too (Chromium sends those direct).
    const routes = await this.pac.routesFor(url);
    return routes.map((route: PacRoute) => ({ proxy: route.kind === 'proxy' ? route.url : null, credentials: null }));
  }

  private dispatcher(route: Route, trust: ConnectionTrust): Dispatcher {
    const { proxy, credentials } = route;
    const signIn = credentials ? `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}` : null;
    const key = `${proxy ?? 'direct'}\n${signIn ?? ''}\n${trust.unchecked ? 'unchecked' : 'checked'}\n${trust.caPem ?? ''}`;
    let dispatcher = this.dispatchers.get(key);
    if (!dispatcher) {
      const tls = tlsOptions(trust);
      dispatcher = proxy
        ? new ProxyAgent({ uri: proxy, ...(signIn ? { token: signIn } : {}), ...(tls ? { requestTls: tls } : {}) })
        : new Agent(tls ? { connect: tls } : {});
      this.dispatchers.set(key, dispatcher);
    }
    return dispatcher;
  }
}

/** Failures to connect to the proxy itself, before anything was sent through it: the next route may be tried. */
function proxyUnreachable(error: unknown): boolean {
  const codes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);
  let link: unknown = error;
  for (let depth = 0; depth < 5 && link && typeof link === 'object'; depth++) {
    const { code, cause, errors } = link as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string' && codes.has(code)) return true;
    link = Array.isArray(errors) && errors.length ? errors[0] : cause;
  }
  return false;
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
