// The fault proxy does to requests what each fault says, and tells the server's side apart: which
// requests reached it, and what the client got. The target is a small node:http server that counts
// what it receives and can hold a long-poll open.
import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startFaultProxy, type FaultProxy } from './fault-proxy';

let target: http.Server;
let targetPort = 0;
const received: string[] = [];
let proxy: FaultProxy;

beforeAll(async () => {
  target = http.createServer((request, response) => {
    received.push(`${request.method} ${request.url}`);
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/api/v1/events' && url.searchParams.get('dont_block') !== 'true') {
      // A long-poll: answered after a while, as a heartbeat would be.
      setTimeout(() => response.end(JSON.stringify({ result: 'success', events: [{ type: 'heartbeat', id: 0 }] })), 300).unref();
      return;
    }
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ result: 'success', msg: '', path: url.pathname, filler: 'x'.repeat(2000) }));
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetPort = (target.address() as { port: number }).port;
});

afterAll(async () => {
  target.closeAllConnections();
  await new Promise((resolve) => target.close(resolve));
});

afterEach(async () => {
  await proxy?.close();
  received.length = 0;
});

async function fresh(): Promise<FaultProxy> {
  proxy = await startFaultProxy(targetPort);
  return proxy;
}

const get = (path: string, init: RequestInit = {}) => fetch(`${proxy.url}${path}`, { signal: AbortSignal.timeout(5_000), ...init });

test('without a fault, requests and replies pass unchanged and are logged', async () => {
  await fresh();
  const reply = await get('/api/v1/users?x=1', { method: 'POST', body: new URLSearchParams({ role: '300' }) });
  expect(reply.status).toBe(200);
  expect(await reply.json()).toMatchObject({ result: 'success', path: '/api/v1/users' });
  expect(proxy.log).toEqual([expect.objectContaining({ method: 'POST', path: '/api/v1/users', body: 'role=300', fault: null, forwarded: true, status: 200 })]);
  expect(proxy.faultsInjected).toBe(0);
});

describe('per request', () => {
  test('a gateway 502 from the gateway never reaches the server; after the server acted, it does', async () => {
    await fresh();
    proxy.inject({ match: { path: '/api/v1/a' }, fault: { kind: 'status', status: 502, forward: false }, times: 1 });
    proxy.inject({ match: { path: '/api/v1/b' }, fault: { kind: 'status', status: 502, forward: true }, times: 1 });
    const a = await get('/api/v1/a');
    expect(a.status).toBe(502);
    expect(await a.text()).toContain('502 Bad Gateway');
    expect((await get('/api/v1/b')).status).toBe(502);
    expect(received).toEqual(['GET /api/v1/b']);
    // Used up: the next ones pass.
    expect((await get('/api/v1/a')).status).toBe(200);
    expect(proxy.faultsInjected).toBe(2);
  });

  test('a 429 carries Retry-After', async () => {
    await fresh();
    proxy.inject({ fault: { kind: 'status', status: 429, retryAfterSeconds: 2, forward: false }, times: 1 });
    const reply = await get('/api/v1/x');
    expect(reply.status).toBe(429);
    expect(reply.headers.get('retry-after')).toBe('2');
    expect(received).toEqual([]);
  });

  test('a reset mid-response comes after the server acted; a reset on arrival before', async () => {
    await fresh();
    proxy.inject({ match: { path: '/api/v1/mid' }, fault: { kind: 'reset', when: 'mid-response' }, times: 1 });
    proxy.inject({ match: { path: '/api/v1/early' }, fault: { kind: 'reset', when: 'on-arrival' }, times: 1 });
    await expect(get('/api/v1/mid').then((reply) => reply.text())).rejects.toThrow();
    await expect(get('/api/v1/early')).rejects.toThrow();
    expect(received).toEqual(['GET /api/v1/mid']);
    expect(proxy.requests({ path: '/api/v1/mid' })[0]).toMatchObject({ forwarded: true, fault: 'reset' });
  });

  test('a black hole is never answered: only the client’s own timeout ends it', async () => {
    await fresh();
    proxy.inject({ fault: { kind: 'blackhole', forward: true }, times: 1 });
    await expect(fetch(`${proxy.url}/api/v1/z`, { signal: AbortSignal.timeout(500) })).rejects.toThrow(/aborted|timeout/i);
    expect(received).toEqual(['GET /api/v1/z']);
    expect(proxy.log[0]?.status).toBeNull();
  });

  test('latency delays the request; throttling trickles the reply; both arrive whole', async () => {
    await fresh();
    proxy.inject({ fault: { kind: 'latency', ms: 200 }, times: 1 });
    proxy.inject({ fault: { kind: 'throttle', bytesPerSecond: 8_000 }, times: 1 });
    const started = Date.now();
    expect(await (await get('/api/v1/slow')).json()).toMatchObject({ path: '/api/v1/slow' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    const body = await (await get('/api/v1/thin')).json();
    expect(body).toMatchObject({ path: '/api/v1/thin', filler: 'x'.repeat(2000) });
    expect(proxy.log.map((entry) => entry.fault)).toEqual(['latency', 'throttle']);
  });

  test('"the long-poll only" faults blocking GET /events and nothing else', async () => {
    await fresh();
    proxy.inject({ match: { longPoll: true }, fault: { kind: 'reset', when: 'on-arrival' } });
    expect((await get('/api/v1/events?queue_id=q&dont_block=true')).status).toBe(200);
    await expect(get('/api/v1/events?queue_id=q')).rejects.toThrow();
    expect((await get('/api/v1/register', { method: 'POST' })).status).toBe(200);
    expect(proxy.requests({ longPoll: true })).toHaveLength(1);
  });

  test('a JSON reply can be edited on its way', async () => {
    await fresh();
    proxy.inject({ fault: { kind: 'edit-json', edit: (body) => ({ ...body, path: 'edited' }) }, times: 1 });
    expect(await (await get('/api/v1/e')).json()).toMatchObject({ path: 'edited' });
  });

  test('nextRequest resolves with the next matching request', async () => {
    await fresh();
    const next = proxy.nextRequest({ method: 'PATCH' });
    await get('/api/v1/one');
    await get('/api/v1/two', { method: 'PATCH', body: 'a=1' });
    expect(await next).toMatchObject({ method: 'PATCH', path: '/api/v1/two', body: 'a=1' });
  });
});

describe('per connection', () => {
  test('a cut refuses connections until restored', async () => {
    await fresh();
    proxy.cut();
    await expect(get('/api/v1/x')).rejects.toThrow();
    proxy.restore();
    expect((await get('/api/v1/x')).status).toBe(200);
  });

  test('held replies reach the client only after restore; the server acted at once', async () => {
    await fresh();
    proxy.holdReplies();
    const pending = get('/api/v1/held');
    await expect.poll(() => received).toEqual(['GET /api/v1/held']);
    proxy.restore();
    expect((await pending).status).toBe(200);
  });

  test('a connection reset after some bytes cuts the reply; later connections pass', async () => {
    await fresh();
    const fault = proxy.faultConnections({ kind: 'reset', afterBytes: 100 }, 1);
    await expect(get('/api/v1/a', { headers: { connection: 'close' } }).then((reply) => reply.text())).rejects.toThrow();
    expect(fault.hits).toBe(1);
    expect((await get('/api/v1/b', { headers: { connection: 'close' } })).status).toBe(200);
  });

  test('a black-holed connection never reaches the server', async () => {
    await fresh();
    proxy.faultConnections({ kind: 'blackhole' }, 1);
    await expect(fetch(`${proxy.url}/api/v1/x`, { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    expect(received).toEqual([]);
  });

  test('connection latency and throttling still deliver the whole reply', async () => {
    await fresh();
    proxy.faultConnections({ kind: 'latency', ms: 50 }, 1);
    expect((await get('/api/v1/a', { headers: { connection: 'close' } })).status).toBe(200);
    proxy.faultConnections({ kind: 'throttle', bytesPerSecond: 20_000 }, 1);
    expect(await (await get('/api/v1/b', { headers: { connection: 'close' } })).json()).toMatchObject({ filler: 'x'.repeat(2000) });
    expect(proxy.faultsInjected).toBe(2);
  });
});
