// The client against a real sandbox server over HTTP, as it talks to any realm.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  fetchApiKey,
  getOwnUser,
  getStreams,
  getUserGroups,
  getUsers,
  sendInvites,
  sendInvitesParams,
  updateChannel,
} from '../../../shared/api';
import { ConsoleError } from '../errors';
import { startSandbox, type Sandbox } from '../testing/sandbox';
import { ApiClient, type Credentials } from './api-client';

let sandbox: Sandbox;
let olivia: ApiClient;
let oliviaKey: Credentials;

async function fetchKey(realmUrl: string, email: string): Promise<Credentials> {
  const anonymous = new ApiClient({ realmUrl });
  const { value } = await anonymous.call(fetchApiKey, { username: email, password: 'sandbox' });
  return { email: value.email, apiKey: value.api_key };
}

async function channelId(client: ApiClient, name: string): Promise<number> {
  const { value } = await client.call(getStreams, {});
  const channel = value.streams.find((stream) => stream.name === name);
  if (!channel) throw new Error(`no channel ${name}`);
  return channel.stream_id;
}

beforeAll(async () => {
  sandbox = await startSandbox();
  oliviaKey = await fetchKey(sandbox.url, 'olivia@sandbox.test');
  olivia = new ApiClient({ realmUrl: sandbox.url, credentials: oliviaKey });
}, 30_000);

afterAll(async () => {
  await sandbox.close();
});

test('an API key from fetch_api_key signs GET /users/me in as its owner', async () => {
  const { value } = await olivia.call(getOwnUser, {});
  expect(value).toMatchObject({ email: 'olivia@sandbox.test', full_name: 'Olivia Owner', role: 100, is_owner: true });
});

test('a list parameter is sent as JSON: GET /users with user_ids returns just those members', async () => {
  const me = (await olivia.call(getOwnUser, {})).value;
  const { value } = await olivia.call(getUsers, { user_ids: [me.user_id] });
  expect(value.members.map((member) => member.email)).toEqual(['olivia@sandbox.test']);
});

test('a group setting is sent as a JSON {new, old} object and changes the channel', async () => {
  const engineering = await channelId(olivia, 'engineering');
  const before = (await olivia.call(getStreams, {})).value.streams.find((s) => s.stream_id === engineering);
  const groups = (await olivia.call(getUserGroups, {})).value.user_groups;
  const admins = groups.find((group) => group.name === 'role:administrators');
  const me = (await olivia.call(getOwnUser, {})).value;
  const anonymous = { direct_members: [me.user_id], direct_subgroups: [admins!.id] };

  await olivia.call(updateChannel, {
    stream_id: engineering,
    can_remove_subscribers_group: { new: anonymous, old: before!.can_remove_subscribers_group },
  });

  const after = (await olivia.call(getStreams, {})).value.streams.find((s) => s.stream_id === engineering);
  expect(after!.can_remove_subscribers_group).toEqual(anonymous);
});

test('INVITATION_FAILED keeps its code, message and per-address errors', async () => {
  const general = await channelId(olivia, 'general');
  const sending = olivia.call(sendInvites, {
    invitee_emails: 'mark@sandbox.test, first.invitee@example.com',
    stream_ids: [general],
  });
  await expect(sending).rejects.toBeInstanceOf(ConsoleError);
  await expect(sending).rejects.toMatchObject({
    code: 'INVITATION_FAILED',
    message: expect.stringMatching(/\S/) as unknown,
    extra: {
      errors: [['mark@sandbox.test', 'Already has an account.', false]],
      sent_invitations: true,
      daily_limit_reached: false,
      license_limit_reached: false,
      httpStatus: 400,
      endpoint: 'POST /invites',
    },
  });
});

test('parameters the server does not support come back in ignored', async () => {
  const params = { client_gravatar: false, colour_scheme: 'dark' };
  const { ignored } = await olivia.call(getUsers, params);
  expect(ignored).toEqual(['colour_scheme']);
});

test('a success reply without ignored parameters gives an empty ignored list', async () => {
  expect((await olivia.call(getOwnUser, {})).ignored).toEqual([]);
});

test("a parameter the server requires and the client's schema lacks gives REQUEST_VARIABLE_MISSING with var_name", async () => {
  // a client whose schema is older than the server: it does not know stream_ids is required
  const olderSendInvites = { ...sendInvites, params: sendInvitesParams.omit({ stream_ids: true }) };
  await expect(olivia.call(olderSendInvites, { invitee_emails: 'second.invitee@example.com' })).rejects.toMatchObject({
    code: 'REQUEST_VARIABLE_MISSING',
    extra: { var_name: 'stream_ids', httpStatus: 400 },
  });
});

test('parameters that break the endpoint schema are refused with INVALID_INPUT naming the field', async () => {
  const call = olivia.call(updateChannel, { stream_id: -1 });
  await expect(call).rejects.toMatchObject({
    code: 'INVALID_INPUT',
    message: expect.stringContaining('stream_id') as unknown,
    extra: { endpoint: 'PATCH /streams/{stream_id}' },
  });
});

test('a wrong API key is refused with INVALID_API_KEY and HTTP 401', async () => {
  const impostor = new ApiClient({ realmUrl: sandbox.url, credentials: { email: 'olivia@sandbox.test', apiKey: 'not-the-key' } });
  await expect(impostor.call(getOwnUser, {})).rejects.toMatchObject({
    code: 'INVALID_API_KEY',
    message: 'Invalid API key',
    extra: { httpStatus: 401, endpoint: 'GET /users/me' },
  });
});

test('a call without credentials to an endpoint that needs them is UNAUTHORIZED', async () => {
  const anonymous = new ApiClient({ realmUrl: sandbox.url });
  await expect(anonymous.call(getOwnUser, {})).rejects.toMatchObject({ code: 'UNAUTHORIZED', extra: { httpStatus: 401 } });
});

test('an upload sends the file as multipart and the server keeps its bytes', async () => {
  const bytes = new TextEncoder().encode('minutes of the meeting\n');
  const { value } = await olivia.upload({ name: 'minutes.txt', type: 'text/plain', bytes });
  expect(value.filename).toBe('minutes.txt');
  expect(value.url).toMatch(/^\/user_uploads\/.+\/minutes\.txt$/);

  const auth = Buffer.from(`${oliviaKey.email}:${oliviaKey.apiKey}`).toString('base64');
  const served = await fetch(new URL(value.url, sandbox.url), { headers: { Authorization: `Basic ${auth}` } });
  expect(await served.text()).toBe('minutes of the meeting\n');
});

describe('with a rate limit of 2 requests a minute', () => {
  let limited: Sandbox;
  beforeAll(async () => {
    limited = await startSandbox({ seed: 'empty', args: ['--rate-limit', '2'] });
  }, 30_000);
  afterAll(async () => {
    await limited.close();
  });

  test('each 429 is waited out for Retry-After, then RATE_LIMIT_HIT comes through with retryAfterSeconds', async () => {
    const waits: number[] = [];
    const client = new ApiClient({
      realmUrl: limited.url,
      credentials: await fetchKey(limited.url, 'olivia@sandbox.test'),
      maxRateLimitRetries: 2,
      sleep: async (ms) => void waits.push(ms),
    });
    await client.call(getOwnUser, {});
    await client.call(getOwnUser, {});

    const third = client.call(getOwnUser, {});
    await expect(third).rejects.toMatchObject({
      code: 'RATE_LIMIT_HIT',
      message: 'API usage exceeded rate limit',
      extra: { httpStatus: 429, retryAfterSeconds: expect.any(Number) as unknown, 'retry-after': expect.any(Number) as unknown },
    });
    expect(waits).toHaveLength(2);
    for (const ms of waits) expect(ms).toBeGreaterThan(50_000);
  });
});

test('each request is reported for the log: method, path without its query, status and time, never a credential', async () => {
  const heard: unknown[] = [];
  const client = new ApiClient({ realmUrl: sandbox.url, credentials: oliviaKey, onExchange: (exchange) => heard.push(exchange) });
  await client.call(getUsers, { user_ids: [1] });
  await new ApiClient({ realmUrl: sandbox.url, onExchange: (exchange) => heard.push(exchange) })
    .call(fetchApiKey, { username: 'olivia@sandbox.test', password: 'wrong' })
    .catch(() => undefined);
  expect(heard).toEqual([
    { realmUrl: sandbox.url, method: 'GET', path: '/api/v1/users', status: 200, ms: expect.any(Number) },
    { realmUrl: sandbox.url, method: 'POST', path: '/api/v1/fetch_api_key', status: 401, ms: expect.any(Number) },
  ]);
  expect(JSON.stringify(heard)).not.toContain(oliviaKey.apiKey);
});

test('an address whose port no browser or app may use (the fetch standard’s bad ports) says so and what to check, not "bad port"', async () => {
  const client = new ApiClient({ realmUrl: 'http://127.0.0.1:25' });
  const failure = await client.call(fetchApiKey, { username: 'a@b.c', password: 'x' }).then(
    () => null,
    (error: unknown) => error,
  );
  expect(failure).toMatchObject({ code: 'NETWORK_ERROR', extra: { cause: 'BAD_PORT' } });
  const message = (failure as Error).message;
  expect(message).toMatch(/^Could not reach http:\/\/127\.0\.0\.1:25: its port is one reserved for other services than the web .*Check the port in the address/);
  expect(message).not.toContain('bad port');
});

test('a request that got no reply is reported with the reason', async () => {
  const heard: unknown[] = [];
  const client = new ApiClient({ realmUrl: 'http://127.0.0.1:2', onExchange: (exchange) => heard.push(exchange) });
  await client.call(fetchApiKey, { username: 'a@b.c', password: 'x' }).catch(() => undefined);
  expect(heard).toEqual([
    {
      realmUrl: 'http://127.0.0.1:2',
      method: 'POST',
      path: '/api/v1/fetch_api_key',
      status: null,
      ms: expect.any(Number),
      failure: 'NETWORK_ERROR',
      reason: expect.stringMatching(/^Could not reach http:\/\/127\.0\.0\.1:2: .*Check the address and your network\.$/),
    },
  ]);
});
