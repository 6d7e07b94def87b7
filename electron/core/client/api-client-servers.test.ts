// The client against small real HTTP servers that do what the sandbox never does: rate-limit on cue,
// break the spec, answer with a web page, never answer, redirect. Each test starts its own server.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { fetchApiKey, getOwnUser, getUsers, updateUser } from '../../../shared/api';
import { ApiClient } from './api-client';
import type { ConsoleError } from '../errors';
import { mayHaveBeenApplied } from '../request-fate';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

interface TestServer {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

const open: TestServer[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()));
});

/** A real HTTP server on 127.0.0.1 that records each request and answers with `answer`. */
async function serve(answer: (res: ServerResponse, index: number) => void): Promise<TestServer> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
      answer(res, received.length - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const testServer: TestServer = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  open.push(testServer);
  return testServer;
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const OWN_USER = {
  result: 'success',
  msg: '',
  user_id: 8,
  email: 'olivia@example.com',
  delivery_email: 'olivia@example.com',
  full_name: 'Olivia',
  avatar_url: 'https://example.com/a.png',
  avatar_version: 1,
  role: 100,
  is_admin: true,
  is_owner: true,
  is_guest: false,
  is_bot: false,
  is_active: true,
  timezone: 'UTC',
  date_joined: '2024-01-01T00:00:00Z',
  max_message_id: 1,
};
const credentials = { email: 'olivia@example.com', apiKey: 'k3y' };
const noWait = async () => {};

test('GET parameters go in the query string, strings as they are and the rest as JSON', async () => {
  const server = await serve((res) => json(res, 200, { result: 'success', msg: '', members: [] }));
  const client = new ApiClient({ realmUrl: server.url, credentials });
  await client.call(getUsers, { user_ids: [3, 4], client_gravatar: false, include_custom_profile_fields: undefined });
  const request = server.received[0]!;
  expect(request.method).toBe('GET');
  const query = new URL(request.url, server.url).searchParams;
  expect(request.url.startsWith('/api/v1/users?')).toBe(true);
  expect([...query]).toEqual([
    ['user_ids', '[3,4]'],
    ['client_gravatar', 'false'],
  ]);
  expect(request.body).toBe('');
});

test('PATCH parameters are a form body without the path parameter; null and objects are JSON', async () => {
  const server = await serve((res) => json(res, 200, { result: 'success', msg: '' }));
  const client = new ApiClient({ realmUrl: server.url, credentials });
  await client.call(updateUser, { user_id: 12, full_name: 'true', profile_data: [{ id: 1, value: null }] });
  const request = server.received[0]!;
  expect(request.method).toBe('PATCH');
  expect(request.url).toBe('/api/v1/users/12');
  expect(request.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
  expect([...new URLSearchParams(request.body)]).toEqual([
    ['full_name', 'true'],
    ['profile_data', '[{"id":1,"value":null}]'],
  ]);
});

test('requests carry Basic credentials and name the console as their user agent', async () => {
  const server = await serve((res) => json(res, 200, OWN_USER));
  await new ApiClient({ realmUrl: server.url, credentials }).call(getOwnUser, {});
  const { headers } = server.received[0]!;
  expect(headers.authorization).toBe(`Basic ${Buffer.from('olivia@example.com:k3y').toString('base64')}`);
  expect(headers['user-agent']).toBe('RealmConsole');
});

test('fetch_api_key never carries the credentials the client holds', async () => {
  const server = await serve((res) => json(res, 200, { result: 'success', msg: '', api_key: 'x', email: 'a@b.c' }));
  await new ApiClient({ realmUrl: server.url, credentials }).call(fetchApiKey, { username: 'a@b.c', password: 'pw' });
  expect(server.received[0]!.headers.authorization).toBeUndefined();
});

test('fields the schema does not name are kept in the value', async () => {
  const server = await serve((res) => json(res, 200, { ...OWN_USER, pronouns_shown: true }));
  const { value } = await new ApiClient({ realmUrl: server.url, credentials }).call(getOwnUser, {});
  expect(value).toHaveProperty('pronouns_shown', true);
});

test('two 429s are waited out for Retry-After, then the value comes back', async () => {
  const server = await serve((res, index) =>
    index < 2
      ? json(res, 429, { result: 'error', code: 'RATE_LIMIT_HIT', msg: 'API usage exceeded rate limit', 'retry-after': 2.5 }, { 'Retry-After': '3' })
      : json(res, 200, OWN_USER),
  );
  const waits: number[] = [];
  const client = new ApiClient({ realmUrl: server.url, credentials, sleep: async (ms) => void waits.push(ms) });
  const { value } = await client.call(getOwnUser, {});
  expect(value.email).toBe('olivia@example.com');
  expect(waits).toEqual([3000, 3000]);
  expect(server.received).toHaveLength(3);
});

test("a 429 without a Retry-After header waits for the body's retry-after", async () => {
  const server = await serve((res, index) =>
    index === 0
      ? json(res, 429, { result: 'error', code: 'RATE_LIMIT_HIT', msg: 'API usage exceeded rate limit', 'retry-after': 1.5 })
      : json(res, 200, OWN_USER),
  );
  const waits: number[] = [];
  await new ApiClient({ realmUrl: server.url, credentials, sleep: async (ms) => void waits.push(ms) }).call(getOwnUser, {});
  expect(waits).toEqual([1500]);
});

test('RATE_LIMIT_HIT comes through once maxRateLimitRetries are spent', async () => {
  const server = await serve((res) =>
    json(res, 429, { result: 'error', code: 'RATE_LIMIT_HIT', msg: 'API usage exceeded rate limit', 'retry-after': 4 }, { 'Retry-After': '4' }),
  );
  const client = new ApiClient({ realmUrl: server.url, credentials, maxRateLimitRetries: 1, sleep: noWait });
  await expect(client.call(getOwnUser, {})).rejects.toMatchObject({
    code: 'RATE_LIMIT_HIT',
    extra: { retryAfterSeconds: 4, 'retry-after': 4, httpStatus: 429, endpoint: 'GET /users/me' },
  });
  expect(server.received).toHaveLength(2);
});

test('a 429 asking for more than a minute is passed on at once rather than waited out', async () => {
  const server = await serve((res) => json(res, 429, { result: 'error', code: 'RATE_LIMIT_HIT', msg: 'Slow down', 'retry-after': 600 }));
  const waits: number[] = [];
  const client = new ApiClient({ realmUrl: server.url, credentials, sleep: async (ms) => void waits.push(ms) });
  await expect(client.call(getOwnUser, {})).rejects.toMatchObject({ code: 'RATE_LIMIT_HIT', extra: { retryAfterSeconds: 600 } });
  expect(waits).toEqual([]);
});

test('a reply that breaks the schema is INVALID_REPLY naming the field', async () => {
  const server = await serve((res) => json(res, 200, { result: 'success', msg: '', members: [{ user_id: 'x' }] }));
  const call = new ApiClient({ realmUrl: server.url, credentials }).call(getUsers, {});
  await expect(call).rejects.toMatchObject({
    code: 'INVALID_REPLY',
    message: expect.stringContaining(`${server.url} sent a reply to GET /users that the API does not allow: members.0.user_id:`) as unknown,
    extra: { endpoint: 'GET /users', issues: expect.arrayContaining([expect.objectContaining({ path: ['members', '0', 'user_id'] })]) as unknown },
  });
});

test('an error envelope that breaks its code\'s schema is INVALID_REPLY, not half-used', async () => {
  const server = await serve((res) => json(res, 400, { result: 'error', code: 'INVITATION_FAILED', msg: 'Some failed', errors: 'many' }));
  const call = new ApiClient({ realmUrl: server.url, credentials }).call(getOwnUser, {});
  await expect(call).rejects.toMatchObject({ code: 'INVALID_REPLY', extra: { httpStatus: 400 } });
});

test('an error code the client does not know keeps its code and extra fields', async () => {
  const server = await serve((res) => json(res, 400, { result: 'error', code: 'TOPIC_LOCKED', msg: 'Topic is locked', topic: 'x' }));
  const call = new ApiClient({ realmUrl: server.url, credentials }).call(getOwnUser, {});
  await expect(call).rejects.toMatchObject({ code: 'TOPIC_LOCKED', message: 'Topic is locked', extra: { topic: 'x', httpStatus: 400 } });
});

test('a web page instead of JSON says the address does not look like a team-chat server', async () => {
  const server = await serve((res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<!doctype html><title>Welcome</title>');
  });
  await expect(new ApiClient({ realmUrl: server.url, credentials }).call(getOwnUser, {})).rejects.toMatchObject({
    code: 'INVALID_REPLY',
    message: expect.stringContaining('does not look like a team-chat server') as unknown,
  });
});

test("a proxy's HTML 502 is a NETWORK_ERROR that says Bad Gateway", async () => {
  const server = await serve((res) => {
    res.writeHead(502, { 'Content-Type': 'text/html' });
    res.end('<html><body>502 Bad Gateway</body></html>');
  });
  await expect(new ApiClient({ realmUrl: server.url, credentials }).call(getOwnUser, {})).rejects.toMatchObject({
    code: 'NETWORK_ERROR',
    message: expect.stringContaining('502 Bad Gateway') as unknown,
    extra: { httpStatus: 502 },
  });
});

test('an HTML 404 is INVALID_REPLY that says Not Found', async () => {
  const server = await serve((res) => {
    res.writeHead(404, { 'Content-Type': 'text/html' });
    res.end('<h1>Not here</h1>');
  });
  await expect(new ApiClient({ realmUrl: server.url, credentials }).call(getOwnUser, {})).rejects.toMatchObject({
    code: 'INVALID_REPLY',
    message: expect.stringContaining('404 Not Found') as unknown,
    extra: { httpStatus: 404 },
  });
});

test('a server that never answers times out with timeout: true', async () => {
  const server = await serve(() => {});
  const client = new ApiClient({ realmUrl: server.url, credentials, timeoutMs: 150 });
  await expect(client.call(getOwnUser, {})).rejects.toMatchObject({
    code: 'NETWORK_ERROR',
    message: `${server.url} did not answer within 0.2 seconds.`,
    extra: { timeout: true },
  });
});

test("a call's own timeout also covers a reply that stalls after its headers", async () => {
  const server = await serve((res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.write('{"result":"success",');
  });
  const client = new ApiClient({ realmUrl: server.url, credentials });
  await expect(client.call(getOwnUser, {}, { timeoutMs: 150 })).rejects.toMatchObject({ code: 'NETWORK_ERROR', extra: { timeout: true } });
});

test("the caller's signal ends a waiting request with ABORTED", async () => {
  const server = await serve(() => {});
  const client = new ApiClient({ realmUrl: server.url, credentials });
  const controller = new AbortController();
  const call = client.call(getOwnUser, {}, { signal: controller.signal });
  setTimeout(() => controller.abort(), 50);
  await expect(call).rejects.toMatchObject({ code: 'ABORTED' });
});

test("the caller's signal ends the wait before a rate-limit retry", async () => {
  const server = await serve((res) => json(res, 429, { result: 'error', code: 'RATE_LIMIT_HIT', msg: 'Slow down', 'retry-after': 30 }));
  const controller = new AbortController();
  const client = new ApiClient({
    realmUrl: server.url,
    credentials,
    sleep: () => {
      controller.abort();
      return new Promise(() => {});
    },
  });
  await expect(client.call(getOwnUser, {}, { signal: controller.signal })).rejects.toMatchObject({ code: 'ABORTED' });
  expect(server.received).toHaveLength(1);
});

test('a refused connection is a NETWORK_ERROR that says so and what to check', async () => {
  const server = await serve(() => {});
  const { url } = server;
  await server.close();
  await expect(new ApiClient({ realmUrl: url, credentials }).call(getOwnUser, {})).rejects.toMatchObject({
    code: 'NETWORK_ERROR',
    message: `Could not reach ${url}: connection refused. Check the address and your network.`,
  });
});

test('a redirect is not followed: the error names the address to use', async () => {
  const server = await serve((res) => {
    res.writeHead(301, { Location: 'https://chat.example.com/api/v1/users/me' });
    res.end();
  });
  await expect(new ApiClient({ realmUrl: server.url, credentials }).call(getOwnUser, {})).rejects.toMatchObject({
    code: 'INVALID_REPLY',
    message: `${server.url} redirects to https://chat.example.com. Use https://chat.example.com as the server's address.`,
    extra: { suggestedRealmUrl: 'https://chat.example.com', httpStatus: 301 },
  });
});

test('a realm URL with /api/v1 on the end does not double it in requests', async () => {
  const server = await serve((res) => json(res, 200, OWN_USER));
  const client = new ApiClient({ realmUrl: `${server.url}/api/v1/`, credentials });
  await client.call(getOwnUser, {});
  expect(client.realmUrl).toBe(server.url);
  expect(server.received[0]!.url).toBe('/api/v1/users/me');
});

test('a server error page without the API envelope says the server failed, and counts as possibly done', async () => {
  const server = await serve((res) => {
    res.writeHead(500, { 'Content-Type': 'text/html' });
    res.end('<h1>Server Error (500)</h1>');
  });
  const failure = await new ApiClient({ realmUrl: server.url, credentials }).call(getOwnUser, {}).catch((error: unknown) => error as ConsoleError);
  expect(failure).toMatchObject({
    code: 'INVALID_REPLY',
    message: `${server.url} failed while answering GET /users/me (500 Internal Server Error): an error of the server's own. Try again; if it keeps failing, tell the server's administrators.`,
    extra: { httpStatus: 500 },
  });
  expect(mayHaveBeenApplied(failure as ConsoleError)).toBe(true);
});
