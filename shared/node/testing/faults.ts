// The faults the test proxy (fault-proxy.ts) injects between the console and a server, as data: what a
// network, a gateway or a dying server does to one request, or to one connection. Tests name them in
// their scenarios (the reliability matrix is operation × fault), so each has words for a test's title.

/** What happens to one HTTP request that matches a rule. */
export type RequestFault =
  /** The request waits this long before it is forwarded (a distant or congested server). */
  | { kind: 'latency'; ms: number }
  /** The reply's body trickles back at this rate (a slow link). */
  | { kind: 'throttle'; bytesPerSecond: number }
  /**
   * The connection is reset: 'on-arrival' before the request reaches the server (it never acts);
   * 'mid-response' after the server answered, with part of its reply sent (it acted, the client never
   * hears how).
   */
  | { kind: 'reset'; when: 'on-arrival' | 'mid-response' }
  /**
   * Accepted, then never answered: only the client's own timeout ends it. `forward`: the server still
   * gets the request and acts on it (its reply is lost), as behind a gateway that stalls.
   */
  | { kind: 'blackhole'; forward: boolean }
  /**
   * The gateway's own answer (an HTML page, as nginx sends), with `Retry-After` when given. `forward`:
   * the server got the request and acted before the gateway gave up on it (a 502 or 503 after a
   * timeout upstream); never for 429, which a rate-limiting gateway answers instead of forwarding.
   */
  | { kind: 'status'; status: 429 | 502 | 503 | 504; retryAfterSeconds?: number; forward: boolean }
  /** The server's JSON reply, changed on the way (an operator's setting the test cannot make otherwise). */
  | { kind: 'edit-json'; edit: (body: Record<string, unknown>) => Record<string, unknown> };

/** What happens to a whole TCP connection while a connection fault is set. */
export type ConnectionFault =
  /** Every chunk, both ways, waits this long. */
  | { kind: 'latency'; ms: number }
  /** Replies trickle back at this rate. */
  | { kind: 'throttle'; bytesPerSecond: number }
  /** Reset once this many bytes of replies have passed. */
  | { kind: 'reset'; afterBytes: number }
  /** Accepted and read, never forwarded nor answered. */
  | { kind: 'blackhole' };

/** Which requests a rule applies to; every given field must match. */
export interface RequestMatch {
  method?: string;
  /** The path (without the query): exactly this string, or matching this expression. */
  path?: string | RegExp;
  /** True: only blocking `GET /api/v1/events` long-polls; false: anything but those. */
  longPoll?: boolean;
}

export interface FaultRule {
  /** Every request when left out. */
  match?: RequestMatch;
  fault: RequestFault;
  /** How many matching requests get the fault; every one when left out. */
  times?: number;
}

export interface RequestLine {
  method: string;
  path: string;
  query: URLSearchParams;
}

export function isLongPoll(request: RequestLine): boolean {
  return request.method === 'GET' && request.path === '/api/v1/events' && request.query.get('dont_block') !== 'true';
}

export function matches(match: RequestMatch | undefined, request: RequestLine): boolean {
  if (!match) return true;
  if (match.method !== undefined && match.method.toUpperCase() !== request.method) return false;
  if (typeof match.path === 'string' && match.path !== request.path) return false;
  if (match.path instanceof RegExp && !match.path.test(request.path)) return false;
  if (match.longPoll !== undefined && match.longPoll !== isLongPoll(request)) return false;
  return true;
}

/** The fault in words, for a test's title: "502 after the server acted", "reset mid-response". */
export function describeFault(fault: RequestFault | ConnectionFault): string {
  switch (fault.kind) {
    case 'latency':
      return `${fault.ms} ms of latency`;
    case 'throttle':
      return `throttled to ${fault.bytesPerSecond} bytes/s`;
    case 'reset':
      if ('afterBytes' in fault) return `connection reset after ${fault.afterBytes} bytes`;
      return fault.when === 'on-arrival' ? 'reset before the server saw it' : 'reset mid-response';
    case 'blackhole':
      if (!('forward' in fault)) return 'black-holed connection';
      return fault.forward ? 'black hole after the server acted' : 'black hole before the server';
    case 'status': {
      const wait = fault.retryAfterSeconds !== undefined ? ` with Retry-After ${fault.retryAfterSeconds}` : '';
      return `${fault.status}${wait} ${fault.forward ? 'after the server acted' : 'from the gateway'}`;
    }
    case 'edit-json':
      return 'reply edited';
  }
}
