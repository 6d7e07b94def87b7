// Authentication: HTTP Basic email:api_key, and upstream's 401 and 429 bodies.
import { describe, expect, test } from 'vitest';
import { fetchApiKey, ServerSettings } from '../../shared/api';
import { SERVICE_FEATURE_LEVEL } from '../config';
import { withDb } from '../testing/database-file';
import { testServerForFile } from '../testing/server-per-file';

// No demo people signed in up front: their requests would count against this low rate limit.
const server = testServerForFile({ seed: 'demo', config: { rateLimitPerMinute: 5 } });

describe('authentication', () => {
  test('a request without credentials is UNAUTHORIZED with a WWW-Authenticate header', async () => {
    const response = await server.anonymous().get('/users/me');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ result: 'error', code: 'UNAUTHORIZED', msg: 'Not logged in: API authentication or user session required' });
    expect(response.headers.get('www-authenticate')).toBe('Basic realm="zulip"');
  });

  test('a wrong API key is INVALID_API_KEY', async () => {
    const response = await server.withCredentials('mark@sandbox.test', 'x'.repeat(32)).get('/users/me');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ result: 'error', code: 'INVALID_API_KEY', msg: 'Invalid API key' });
  });

  test("another user's address with a valid key is INVALID_API_KEY", async () => {
    const mark = await server.as('mark@sandbox.test');
    const response = await server.withCredentials('mona@sandbox.test', mark.apiKey ?? '').get('/users/me');
    expect(response.body).toMatchObject({ code: 'INVALID_API_KEY' });
  });

  test('a wrong password is AUTHENTICATION_FAILED', async () => {
    const response = await server.anonymous().post('/fetch_api_key', { username: 'mark@sandbox.test', password: 'wrong' });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ result: 'error', code: 'AUTHENTICATION_FAILED', msg: 'Your username or password is incorrect' });
  });

  test('a deactivated user is USER_DEACTIVATED, with a key or a password', async () => {
    const key = withDb(server, (db) => db.prepare("SELECT api_key FROM users WHERE delivery_email = 'derek@sandbox.test'").pluck().get() as string);
    const withKey = await server.withCredentials('derek@sandbox.test', key).get('/users/me');
    expect(withKey.status).toBe(401);
    expect(withKey.body).toEqual({ result: 'error', code: 'USER_DEACTIVATED', msg: 'Account is deactivated' });
    const withPassword = await server.anonymous().post('/fetch_api_key', { username: 'derek@sandbox.test', password: 'sandbox' });
    expect(withPassword.body).toMatchObject({ code: 'USER_DEACTIVATED' });
  });

  test('a deactivated organization is REALM_DEACTIVATED, checked before the user', async () => {
    const gina = await server.as('gina@sandbox.test');
    withDb(server, (db) => db.prepare('UPDATE realm SET deactivated = 1').run());
    try {
      const response = await gina.get('/users/me');
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ result: 'error', code: 'REALM_DEACTIVATED', msg: 'This organization has been deactivated' });
    } finally {
      withDb(server, (db) => db.prepare('UPDATE realm SET deactivated = 0').run());
    }
  });

  test('past the rate limit, requests get RATE_LIMIT_HIT with Retry-After until the minute is over', async () => {
    const olivia = await server.as('olivia@sandbox.test');
    for (let i = 0; i < 5; i++) expect((await olivia.get('/users/me')).status).toBe(200);
    const limited = await olivia.get('/users/me');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ result: 'error', code: 'RATE_LIMIT_HIT', msg: 'API usage exceeded rate limit' });
    expect(limited.body['retry-after']).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    server.clock.advance(61_000);
    expect((await olivia.get('/users/me')).status).toBe(200);
  });

  test('requests may be multipart, as upstream clients send them', async () => {
    const form = new FormData();
    form.set('username', 'adam@sandbox.test');
    form.set('password', 'sandbox');
    const response = await server.anonymous().postMultipart('/fetch_api_key', form);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ result: 'success', email: 'adam@sandbox.test' });
  });
});

describe('GET /server_settings', () => {
  test('answers without credentials with the realm name and feature level', async () => {
    const response = await server.anonymous().get('/server_settings');
    expect(ServerSettings.parse(response.body)).toMatchObject({ realm_name: 'Sandbox Org', zulip_feature_level: SERVICE_FEATURE_LEVEL, email_auth_enabled: true });
  });
});

describe('POST /fetch_api_key (spec 6)', () => {
  test('the reply parses with the spec schema and names the account', async () => {
    const response = await server.anonymous().post('/fetch_api_key', { username: 'mona@sandbox.test', password: 'sandbox' });
    expect(response.status).toBe(200);
    const reply = fetchApiKey.reply.parse(response.body);
    const mona = withDb(server, (db) => db.prepare("SELECT id, api_key FROM users WHERE delivery_email = 'mona@sandbox.test'").get() as { id: number; api_key: string });
    expect(reply).toMatchObject({ result: 'success', msg: '', api_key: mona.api_key, email: 'mona@sandbox.test', user_id: mona.id });
    expect((await server.withCredentials(reply.email, reply.api_key).get('/users/me')).status).toBe(200);
  });

  test.each(['username', 'password'])('a missing %s is REQUEST_VARIABLE_MISSING naming it', async (missing) => {
    const params: Record<string, string> = { username: 'mona@sandbox.test', password: 'sandbox' };
    delete params[missing];
    const response = await server.anonymous().post('/fetch_api_key', params);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ result: 'error', code: 'REQUEST_VARIABLE_MISSING', msg: `Missing '${missing}' argument`, var_name: missing });
  });
});
