// The two servers e2e/bench/event-fanout.ts compares, each in its own process (forked with an IPC
// channel, so the client's event loop never shares theirs):
//   sandbox DIR USERS: the sandbox server (startServer, as `npm run server` runs it) on `--seed huge
//     --users USERS`, with heartbeats and queue collection pushed beyond the run;
//   bare: a plain node:http server that holds every GET /events and, on POST /send, answers all of
//     them with one JSON body serialized once: the least any server must do for the same fan-out.
// Over IPC each answers `memory` (after a full garbage collection: run with --expose-gc) and `settled`
// (once it has received that many long-polls and handled everything that arrived), so the bench sends
// its message only when every long-poll is waiting.
import { subscribe } from 'node:diagnostics_channel';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { startServer } from '../../server/start';

export type FanoutRequest = { type: 'memory' } | { type: 'settled'; polls: number };
export type FanoutReply = { type: 'listening'; url: string } | { type: 'memory'; rss: number; heapUsed: number } | { type: 'settled' };

const send = (reply: FanoutReply) => process.send?.(reply);

/** Long-polls received so far, counted where node:http reports each request. */
let polls = 0;
subscribe('http.server.request.start', (message) => {
  const { request } = message as { request: IncomingMessage };
  if (request.method === 'GET' && request.url?.startsWith('/api/v1/events')) polls += 1;
});

/** Resolves once the event loop has run through what is already queued (two turns of it). */
const drained = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));

async function settled(expected: number): Promise<void> {
  while (polls < expected) await new Promise((resolve) => setTimeout(resolve, 5));
  await drained();
}

process.on('message', (request: FanoutRequest) => {
  if (request.type === 'memory') {
    globalThis.gc?.();
    const { rss, heapUsed } = process.memoryUsage();
    send({ type: 'memory', rss, heapUsed });
  } else {
    void settled(request.polls).then(() => send({ type: 'settled' }));
  }
});
// The bench going away (or failing) ends this process too.
process.on('disconnect', () => process.exit(0));

async function startSandbox(dataDir: string, users: number): Promise<string> {
  const server = await startServer({
    port: 0,
    dataDir,
    seed: 'huge',
    seedUsers: users,
    config: { heartbeatMs: 3_600_000, queueIdleMs: 3_600_000 },
  });
  return server.url;
}

const SENT = '{"result":"success","msg":""}';

function startBare(): Promise<string> {
  let waiting: ServerResponse[] = [];
  const server = createServer((request, response) => {
    if (request.method === 'GET') {
      waiting.push(response);
      return;
    }
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const reply = JSON.stringify(JSON.parse(body));
      const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(reply) };
      const answered = waiting;
      waiting = [];
      for (const held of answered) held.writeHead(200, headers).end(reply);
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': SENT.length }).end(SENT);
    });
  });
  server.keepAliveTimeout = 3_600_000;
  server.headersTimeout = 0;
  server.requestTimeout = 0;
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    resolve(`http://127.0.0.1:${String(typeof address === 'object' && address ? address.port : 0)}`);
  }));
}

const [mode, dataDir, users] = process.argv.slice(2);
const url = mode === 'sandbox' ? await startSandbox(String(dataDir), Number(users)) : await startBare();
send({ type: 'listening', url });
