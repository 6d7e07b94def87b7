// What the server fuzz test (fuzz.reliability.test.ts) found, kept as examples: each failed before its
// fix, and each reply is the error envelope every other failure gets.
import { expect, test } from 'vitest';
import { parseErrorBody } from '../../shared/api';
import { demoServerForFile } from '../testing/server-per-file';

const { server, clients } = demoServerForFile();

test('a request line or headers over Node’s 16 KiB limit get the error envelope with 431', async () => {
  const response = await fetch(`${server.url}/api/v1/users?anchor=${'x'.repeat(20_000)}`);
  expect(response.status).toBe(431);
  expect(parseErrorBody(await response.json())).toMatchObject({ success: true, data: { result: 'error', code: 'BAD_REQUEST', msg: 'Request Header Fields Too Large' } });
});

test.each(['constructor', 'toString', 'hasOwnProperty', '__proto__'])('a parameter named %s is an unknown parameter, not a crash', async (name) => {
  const reply = await clients.olivia.post('/fetch_api_key', { username: 'olivia@sandbox.test', password: 'sandbox', [name]: '' });
  expect(reply.status).toBe(200);
  expect(reply.body).toMatchObject({ result: 'success', ignored_parameters_unsupported: [name] });
});
