// spec 14 POST /mobile_push/register: refused by a server without a push notification service, and on
// a server started with one (--push-configured), validated and stored.
import { beforeAll, describe, expect, test } from 'vitest';
import { registerPushDevice } from '../../shared/api';
import { withDb } from '../testing/database-file';
import type { ApiClient } from '../testing/harness';
import { error } from '../testing/replies';
import { demoServerForFile, testServerForFile } from '../testing/server-per-file';

const registration = {
  token_kind: 'fcm',
  push_account_id: 4_026_531_841,
  push_public_key: 'cHVibGljIGtleQ==',
  bouncer_public_key: 'Ym91bmNlciBrZXk=',
  encrypted_push_registration: 'ZW5jcnlwdGVkIHJlZ2lzdHJhdGlvbg==',
};

describe('on a server without a push notification service', () => {
  const { clients } = demoServerForFile();

  test('registering is refused with PUSH_SERVICE_NOT_CONFIGURED', async () => {
    const response = await clients.mark.post('/mobile_push/register', registration);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(error('Server is not configured to use push notification service.', 'PUSH_SERVICE_NOT_CONFIGURED'));
  });
});

describe('on a server with a push notification service', () => {
  const server = testServerForFile({ seed: 'demo', config: { pushConfigured: true } });
  let mark: ApiClient;
  let markId = 0;
  beforeAll(async () => {
    mark = await server.as('mark@sandbox.test');
    markId = withDb(server, (db) => db.prepare("SELECT id FROM users WHERE email = 'mark@sandbox.test'").pluck().get() as number);
  });

  const storedDevices = () =>
    withDb(server, (db) => db.prepare('SELECT token_kind, push_account_id, push_public_key, bouncer_public_key, encrypted_push_registration FROM push_devices WHERE user_id = ? ORDER BY push_account_id').all(markId));

  test('a valid registration answers an empty success and is stored', async () => {
    const response = await mark.post('/mobile_push/register', registration);
    expect(response.body).toEqual({ result: 'success', msg: '' });
    registerPushDevice.reply.parse(response.body);
    expect(storedDevices()).toContainEqual(registration);
  });

  test('registering the same push_account_id again replaces the registration', async () => {
    const again = { ...registration, push_account_id: 77, token_kind: 'apns' };
    await mark.post('/mobile_push/register', again);
    await mark.post('/mobile_push/register', { ...again, push_public_key: 'bmV3IGtleQ==' });
    expect(storedDevices().filter((device) => (device as { push_account_id: number }).push_account_id === 77)).toEqual([{ ...again, push_public_key: 'bmV3IGtleQ==' }]);
  });

  test('a token kind other than fcm or apns is refused', async () => {
    const response = await mark.post('/mobile_push/register', { ...registration, token_kind: 'gcm' });
    expect(response.body).toEqual(error('Invalid token_kind'));
  });

  test('a push_account_id that is not an integer is refused', async () => {
    const response = await mark.post('/mobile_push/register', { ...registration, push_account_id: 1.5 });
    expect(response.body).toEqual(error('push_account_id is not an integer'));
  });

  test('a public key that is not standard base64 is refused', async () => {
    const response = await mark.post('/mobile_push/register', { ...registration, push_public_key: 'cHVibGljIGtleQ' });
    expect(response.body).toEqual(error('Invalid push_public_key'));
  });

  test('URL-safe base64 is not standard base64', async () => {
    const response = await mark.post('/mobile_push/register', { ...registration, encrypted_push_registration: 'ab-_' });
    expect(response.body).toEqual(error('Invalid encrypted_push_registration'));
  });

  test('a bouncer public key that is not base64 is refused', async () => {
    const response = await mark.post('/mobile_push/register', { ...registration, bouncer_public_key: 'not base64!' });
    expect(response.body).toEqual(error('Invalid bouncer_public_key'));
  });

  test('every parameter is required', async () => {
    const { bouncer_public_key: _, ...withoutKey } = registration;
    const response = await mark.post('/mobile_push/register', withoutKey);
    expect(response.body).toEqual(error("Missing 'bouncer_public_key' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'bouncer_public_key' }));
  });

  test('a bot cannot register a push device', async () => {
    const botKey = withDb(server, (db) => db.prepare("SELECT api_key FROM users WHERE email = 'echo-bot@sandbox.test'").pluck().get() as string);
    const response = await server.withCredentials('echo-bot@sandbox.test', botKey).post('/mobile_push/register', registration);
    expect(response.body).toEqual(error('This endpoint does not accept bot requests.'));
  });
});
