// A fault-injecting proxy for tests, between the console and a server on this machine: requests pass
// through unchanged until a test injects a fault, per request (faults.ts: latency, a throttled reply, a
// reset before the server sees it or mid-response, a black hole, a gateway's 502/503/504 or 429 with
// Retry-After, an edited reply; matched by method, path, or "the long-poll only") or per connection (a
// cut network, held replies, a connection fault). It keeps a log of every request and what it did,
// so a test can count what reached the server.
//
// Two layers: a TCP front (tcp-front.ts) for the connection faults, then an HTTP layer that reads each
// request whole, decides its fault, and forwards it with its own keep-alive connections. Used by the
// core's tests (Vitest, against a sandbox process) and the end-to-end fixtures (sandbox.proxy) alike.
import http from 'node:http';
import { matches, type FaultRule, type RequestFault, type RequestMatch } from './faults';
import { startTcpFront, type TcpFront } from './tcp-front';

export interface ProxiedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The request's body as text (form parameters, JSON). */
  body: string;
  /** The fault it got, if any. */
  fault: RequestFault['kind'] | null;
  /** True once it was sent on to the server (which then acts on it). */
  forwarded: boolean;
  /** The status the client was answered with; null if it never was (reset, black hole, gone). */
  status: number | null;
}

export interface FaultHandle {
  /** How many requests (or connections) got the fault so far. */
  readonly hits: number;
  remove(): void;
}

export interface FaultProxy extends Pick<TcpFront, 'cut' | 'holdReplies' | 'restore'> {
  /** The address clients use instead of the server's. */
  readonly url: string;
  /** Adds a rule; the first rule with uses left that matches a request decides its fault. */
  inject(rule: FaultRule): FaultHandle;
  /** Removes every request rule (connection faults too). */
  clearFaults(): void;
  faultConnections: TcpFront['faultConnections'];
  /** Every request so far, oldest first. */
  readonly log: readonly ProxiedRequest[];
  requests(match?: RequestMatch): ProxiedRequest[];
  /** Resolves with the next request that matches, once it has arrived whole. */
  nextRequest(match?: RequestMatch): Promise<ProxiedRequest>;
  /** Requests and connections that got a fault so far. */
  readonly faultsInjected: number;
  close(): Promise<void>;
}

/** Hop-by-hop headers and what the proxy recomputes, never passed on. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'content-length', 'te', 'trailer']);

interface Reply {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
}

export interface FaultProxyOptions {
  /** Where it listens: 127.0.0.1 unless a test needs an address on the network (a LAN server). */
  listenHost?: string;
  /**
   * The server speaks TLS: the proxy cannot read its requests, so it passes bytes straight through
   * and only the connection faults apply (`inject` throws).
   */
  tls?: boolean;
}

export async function startFaultProxy(targetPort: number, options: FaultProxyOptions = {}): Promise<FaultProxy> {
  const listenHost = options.listenHost ?? '127.0.0.1';
  const rules: { rule: FaultRule; left: number; hits: number }[] = [];
  const log: ProxiedRequest[] = [];
  const waiters: { match: RequestMatch | undefined; resolve: (request: ProxiedRequest) => void }[] = [];
  const stalled = new Set<http.ServerResponse>();
  let injected = 0;
  const agent = new http.Agent({ keepAlive: true });

  const forward = (request: http.IncomingMessage, body: Buffer, signal: AbortSignal): Promise<Reply> =>
    new Promise((resolve, reject) => {
      const headers: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(request.headers)) if (!HOP_HEADERS.has(name) && value !== undefined) headers[name] = value;
      headers['content-length'] = body.length;
      const outgoing = http.request({ host: '127.0.0.1', port: targetPort, method: request.method, path: request.url, headers, agent, signal }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const replyHeaders: http.OutgoingHttpHeaders = {};
          for (const [name, value] of Object.entries(incoming.headers)) if (!HOP_HEADERS.has(name) && value !== undefined) replyHeaders[name] = value;
          resolve({ status: incoming.statusCode ?? 502, headers: replyHeaders, body: Buffer.concat(chunks) });
        });
      });
      outgoing.on('error', reject);
      outgoing.end(body);
    });

  const handle = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const body = await readBody(request);
    const address = new URL(request.url ?? '/', 'http://proxy');
    const entry: ProxiedRequest = { method: request.method ?? 'GET', path: address.pathname, query: address.searchParams, body: body.toString('utf8'), fault: null, forwarded: false, status: null };
    log.push(entry);
    const slot = rules.find((candidate) => candidate.left > 0 && matches(candidate.rule.match, entry));
    if (slot) {
      slot.left--;
      slot.hits++;
      injected++;
      entry.fault = slot.rule.fault.kind;
    }
    for (const waiter of waiters.filter((candidate) => matches(candidate.match, entry))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(entry);
    }
    const fault = slot?.rule.fault ?? null;
    // A client that gives up on a read (a long-poll's timeout) ends the server's side of it too; a
    // mutation, once forwarded, runs to its end on the server as it would on a real network.
    const upstreamGone = new AbortController();
    response.on('close', () => {
      if (!response.writableFinished && entry.method === 'GET') upstreamGone.abort();
    });
    const send = async () => {
      entry.forwarded = true;
      return forward(request, body, upstreamGone.signal);
    };

    if (fault?.kind === 'reset' && fault.when === 'on-arrival') return request.socket.resetAndDestroy();
    if (fault?.kind === 'blackhole') {
      stalled.add(response);
      response.on('close', () => stalled.delete(response));
      if (fault.forward) await send().catch(() => undefined);
      return;
    }
    if (fault?.kind === 'status') {
      if (fault.forward) await send().catch(() => undefined);
      entry.status = fault.status;
      return answer(response, gatewayPage(fault.status, fault.retryAfterSeconds));
    }
    if (fault?.kind === 'latency') await sleep(fault.ms);
    let reply: Reply;
    try {
      reply = await send();
    } catch {
      // The server is down (or the client left): as a transparent proxy, the client's connection goes too.
      return request.socket.resetAndDestroy();
    }
    if (response.destroyed) return;
    entry.status = reply.status;
    if (fault?.kind === 'reset') return resetMidway(response, reply);
    if (fault?.kind === 'edit-json') return answer(response, editJson(reply, fault.edit));
    if (fault?.kind === 'throttle') return answerSlowly(response, reply, fault.bytesPerSecond);
    answer(response, reply);
  };

  const server = http.createServer({ requestTimeout: 0, keepAliveTimeout: 5_000 }, (request, response) => {
    handle(request, response).catch(() => request.socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const behind = options.tls ? targetPort : (server.address() as { port: number }).port;
  const front = await startTcpFront(behind, () => injected++, listenHost);

  return {
    url: `http://${listenHost}:${front.port}`,
    cut: () => front.cut(),
    holdReplies: () => front.holdReplies(),
    restore: () => front.restore(),
    faultConnections: (fault, times) => front.faultConnections(fault, times),
    inject(rule) {
      if (options.tls) throw new Error('The fault proxy cannot read requests over TLS: use its connection faults');
      const slot = { rule, left: rule.times ?? Infinity, hits: 0 };
      rules.push(slot);
      return {
        get hits() {
          return slot.hits;
        },
        remove() {
          slot.left = 0;
        },
      };
    },
    clearFaults() {
      for (const slot of rules) slot.left = 0;
    },
    log,
    requests: (match) => log.filter((entry) => matches(match, entry)),
    nextRequest: (match) => new Promise((resolve) => waiters.push({ match, resolve })),
    get faultsInjected() {
      return injected;
    },
    async close() {
      for (const response of stalled) response.destroy();
      await front.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}

function readBody(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function answer(response: http.ServerResponse, reply: Reply): void {
  response.writeHead(reply.status, { ...reply.headers, 'content-length': reply.body.length });
  response.end(reply.body);
}

/** The headers and half the body, then a reset: the server acted, the client cannot read how. */
function resetMidway(response: http.ServerResponse, reply: Reply): void {
  response.writeHead(reply.status, { ...reply.headers, 'content-length': reply.body.length });
  response.write(reply.body.subarray(0, Math.floor(reply.body.length / 2)), () => response.socket?.resetAndDestroy());
}

async function answerSlowly(response: http.ServerResponse, reply: Reply, bytesPerSecond: number): Promise<void> {
  response.writeHead(reply.status, { ...reply.headers, 'content-length': reply.body.length });
  const slice = Math.max(1, Math.floor(bytesPerSecond / 20));
  for (let offset = 0; offset < reply.body.length && !response.destroyed; offset += slice) {
    response.write(reply.body.subarray(offset, offset + slice));
    await sleep(50);
  }
  response.end();
}

function editJson(reply: Reply, edit: (body: Record<string, unknown>) => Record<string, unknown>): Reply {
  let json: unknown;
  try {
    json = JSON.parse(reply.body.toString('utf8'));
  } catch {
    return reply;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return reply;
  return { ...reply, body: Buffer.from(JSON.stringify(edit(json as Record<string, unknown>))) };
}

/** What nginx answers on its own: an HTML page, never the API's JSON. */
function gatewayPage(status: number, retryAfterSeconds: number | undefined): Reply {
  const title = `${status} ${http.STATUS_CODES[status] ?? 'Error'}`;
  const body = Buffer.from(`<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`);
  const headers: http.OutgoingHttpHeaders = { 'content-type': 'text/html' };
  if (retryAfterSeconds !== undefined) headers['retry-after'] = String(retryAfterSeconds);
  return { status, headers, body };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
