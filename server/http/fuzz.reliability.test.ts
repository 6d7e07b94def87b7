// The sandbox under malformed requests, over real HTTP, for every endpoint of shared/api
// (server/testing/fuzz-requests.ts makes them): every reply is a well-formed JSON envelope (an error
// one parses with shared/api's error schema), never a 5xx, never a hang past 2 seconds, and afterwards
// the database still passes SQLite's integrity check. Two thousand requests in `npm test`, twenty for
// each of RELIABILITY_RUNS when it is set. What it found is kept as examples in fuzz-findings.test.ts.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { parseErrorBody } from '../../shared/api';
import { reliabilityRuns, tally } from '../../shared/node/testing/reliability-tally';
import { withDb } from '../testing/database-file';
import { fuzzRequest, type FuzzCredentials, type FuzzRequest } from '../testing/fuzz-requests';
import { testServerForFile } from '../testing/server-per-file';

// A short heartbeat, so that even a well-formed long-poll the fuzzer makes is answered within 2 s.
const server = testServerForFile({ seed: 'demo', config: { heartbeatMs: 500 } });
const HANG_MS = 2_000;

/** What the server answered, or why the request is a failure. */
async function send(request: FuzzRequest): Promise<{ status: number; text: string }> {
  const response = await fetch(new URL(request.path, server.url), {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: AbortSignal.timeout(HANG_MS),
  }).catch((error: unknown) => {
    throw new Error(`no reply within ${HANG_MS} ms (or the connection failed): ${String(error)}`);
  });
  return { status: response.status, text: await response.text() };
}

/** The reply's problem in words, or null when it is a well-formed envelope. */
export function envelopeProblem(status: number, text: string): string | null {
  if (status >= 500) return `HTTP ${status}: ${text.slice(0, 200)}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `HTTP ${status} with a body that is not JSON: ${text.slice(0, 200)}`;
  }
  const result = (body as { result?: unknown } | null)?.result;
  if (status >= 400 || result !== 'success') {
    const parsed = parseErrorBody(body);
    if (!parsed.success) return `HTTP ${status} with a malformed error envelope: ${text.slice(0, 200)}`;
    if (status < 400) return `HTTP ${status} for an error reply: ${text.slice(0, 200)}`;
  }
  return null;
}

test('every malformed request gets a JSON envelope, never a 5xx or a hang, and the database stays whole', async () => {
  const credentials: FuzzCredentials = {
    owner: { email: 'olivia@sandbox.test', apiKey: (await server.as('olivia@sandbox.test')).apiKey ?? '' },
    member: { email: 'mark@sandbox.test', apiKey: (await server.as('mark@sandbox.test')).apiKey ?? '' },
  };
  let sent = 0;
  const runs = reliabilityRuns(2_000, 20);
  await fc.assert(
    fc.asyncProperty(fuzzRequest(credentials), async (request) => {
      sent++;
      const { status, text } = await send(request);
      // HEAD and OPTIONS replies carry no envelope; they must still not fail.
      const problem = request.method === 'OPTIONS' ? (status >= 500 ? `HTTP ${status}` : null) : envelopeProblem(status, text);
      if (problem) throw new Error(`${request.label}: ${problem}`);
    }),
    { numRuns: runs, endOnFailure: false },
  );
  tally('server fuzz', { fuzzRequests: sent });
  const integrity = withDb(server, (db) => db.pragma('integrity_check', { simple: true }));
  expect(integrity).toBe('ok');
}, 600_000);
