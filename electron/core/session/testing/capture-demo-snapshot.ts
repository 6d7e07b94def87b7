// Writes demo-olivia.json: `npx tsx electron/core/session/testing/capture-demo-snapshot.ts`.
// A fresh sandbox with the demo seed, registered as Olivia exactly as a session registers.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fetchApiKey, getInvites, register } from '../../../../shared/api';
import { ApiClient } from '../../client/api-client';
import { startSandbox } from '../../testing/sandbox';
import { fetchReportIds, registerParams } from '../realm-fetch';
import { realmStateFromRegister } from '../realm-state';

const sandbox = await startSandbox({ seed: 'demo' });
try {
  const email = 'olivia@sandbox.test';
  const { value: key } = await new ApiClient({ realmUrl: sandbox.url }).call(fetchApiKey, { username: email, password: 'sandbox' });
  const client = new ApiClient({ realmUrl: sandbox.url, credentials: { email, apiKey: key.api_key } });
  // The raw reply (before zod fills in upstream names), as the wire carries it.
  const form = Object.entries(registerParams('moderation')).map(([name, value]): [string, string] => [name, typeof value === 'string' ? value : JSON.stringify(value)]);
  const response = await fetch(`${sandbox.url}/api/v1/register`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${email}:${key.api_key}`).toString('base64')}` },
    body: new URLSearchParams(form),
  });
  const raw: unknown = await response.json();
  const { value: parsed } = await client.call(register, registerParams('moderation'));
  const reportIds = await fetchReportIds(client, realmStateFromRegister(parsed));
  const { value: invites } = await client.call(getInvites, {});
  const note = 'POST /register, GET /invites and the report message IDs of the sandbox demo seed, as olivia@sandbox.test. Written by capture-demo-snapshot.ts.';
  const out = { note, register: raw, invites: invites.invites, reportIds: [...(reportIds ?? [])] };
  writeFileSync(path.join(import.meta.dirname, 'demo-olivia.json'), `${JSON.stringify(out, null, 1)}\n`);
} finally {
  await sandbox.close();
}
