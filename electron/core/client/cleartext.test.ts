// http:// is for this computer only: a realm elsewhere over http:// is refused before any request,
// unless the user agreed for that realm.
import { describe, expect, test } from 'vitest';
import { fetchApiKey, getOwnUser } from '../../../shared/api';
import { ApiClient } from './api-client';
import { isCleartext, isLoopbackHost } from './realm-url';

describe('what counts as loopback', () => {
  test.each(['localhost', 'LOCALHOST', 'localhost.', '127.0.0.1', '127.1.2.3', '[::1]', '[::ffff:7f00:1]'])('%s is loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  test.each(['sandbox.test', 'app.localhost', 'localhost.example.com', '10.1.2.3', '192.168.1.20', '128.0.0.1', '[::2]', '[::ffff:a01:203]', '0.0.0.0'])('%s is not', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});

describe('cleartext', () => {
  test.each([
    ['http://10.1.2.3', true],
    ['http://sandbox.test:9991', true],
    ['http://app.localhost', true],
    ['http://127.0.0.1:9991', false],
    ['http://localhost:9991', false],
    ['http://[::1]:9991', false],
    ['https://10.1.2.3', false],
    ['https://chat.example.com', false],
  ])('%s: %s', (url, cleartext) => {
    expect(isCleartext(url)).toBe(cleartext);
  });

  test('a request to a realm elsewhere over http:// is refused before it is sent, saying why and what to do', async () => {
    const sent: string[] = [];
    const client = new ApiClient({
      realmUrl: 'http://sandbox.test',
      fetch: async (input) => {
        sent.push(String(input));
        return new Response('{}');
      },
    });
    const refusal = await client.call(fetchApiKey, { username: 'olivia@sandbox.test', password: 'sandbox' }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({
      code: 'CLEARTEXT_REFUSED',
      extra: { field: 'realmUrl', realmUrl: 'http://sandbox.test', host: 'sandbox.test' },
      message: expect.stringContaining('http:// would send your password and API key unencrypted'),
    });
    expect((refusal as Error).message).toContain('Use the server\'s https:// address (https://sandbox.test)');
    expect(sent).toEqual([]);
  });

  test('with the consent the request goes out', async () => {
    const sent: string[] = [];
    const client = new ApiClient({
      realmUrl: 'http://10.1.2.3:9991',
      allowCleartext: true,
      credentials: { email: 'olivia@sandbox.test', apiKey: 'k' },
      fetch: async (input) => {
        sent.push(String(input));
        return Response.json({ result: 'success', msg: '', user_id: 1, email: 'olivia@sandbox.test', full_name: 'O', role: 100 });
      },
    });
    await client.call(getOwnUser, {}).catch(() => undefined);
    expect(sent).toEqual(['http://10.1.2.3:9991/api/v1/users/me']);
  });
});
