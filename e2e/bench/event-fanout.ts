// The sandbox's event fan-out (`npx tsx e2e/bench/event-fanout.ts`, or `npm run bench`): 1,000 and then
// 10,000 registered event queues, each with a long-poll waiting (real HTTP GET /events, one connection
// each), and one channel message that every one of them receives. It prints, per size, the delivery
// time from sending the message to each long-poll's whole reply (p50, p99, the last), and the server's
// memory per registered queue (RSS and JS heap after a full collection, with the polls waiting).
//
// Beside it, in the same run, a bare node:http server doing the same fan-out (every poll held, all
// answered with one JSON body serialized once: the floor), and the ratio. Each server runs in its own
// process (e2e/bench/fanout-servers.ts), as `npm run server` runs the sandbox, so the client's event loop
// is not theirs; the client reads the replies on plain sockets with the least parsing (raw-http.ts), so
// the figures are the servers' rather than a client's parser. The sandbox is `--seed huge --users 11000`: 10,000 different people hold the queues,
// all subscribed to general. It prints figures and never fails on them (docs/style.md).
import Database from 'better-sqlite3';
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fmt, median, percentile, printTable, repo } from './bench-page';
import type { FanoutReply, FanoutRequest } from './fanout-servers';
import { RawConnection, type Exchange } from './raw-http';

const SIZES = [1_000, 10_000];
/**
 * Rounds per size, after one that is not counted: a server that has been up for a while has compiled
 * its delivery path, and the first message after start measures the JIT compiler instead.
 */
const WARMUP_ROUNDS = 1;
const ROUNDS = 5;
const GOALS: Record<number, number> = { 1_000: 100, 10_000: 250 };
const RATIO_GOAL = 3;
const REGISTER_CONCURRENCY = 16;

const POLL_BATCH = 250;

/**
 * Opens `count` long-polls a batch at a time, each batch received by the server (which has had `before`
 * polls so far) before the next is sent, so 10,000 connections at once do not overflow the listen
 * backlog; resolves, once the server holds them all, to their replies.
 */
async function openPolls(server: ServerProcess, before: number, count: number, open: (index: number) => Promise<Exchange>): Promise<Promise<Exchange>[]> {
  const replies: Promise<Exchange>[] = [];
  for (let start = 0; start < count; start += POLL_BATCH) {
    for (let index = start; index < Math.min(start + POLL_BATCH, count); index++) replies.push(open(index));
    await server.ask({ type: 'settled', polls: before + replies.length }, 'settled');
  }
  return replies;
}

/** A forked server and its IPC questions. */
class ServerProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {}

  static async start(args: string[]): Promise<ServerProcess> {
    const child = fork(path.join(repo, 'e2e/bench/fanout-servers.ts'), args, { cwd: repo, execArgv: ['--import', 'tsx', '--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const url = await new Promise<string>((resolve, reject) => {
      child.once('message', (reply: FanoutReply) => (reply.type === 'listening' ? resolve(reply.url) : reject(new Error(`unexpected ${reply.type}`))));
      child.once('exit', (code) => reject(new Error(`the ${String(args[0])} server exited (${String(code)}) before listening`)));
    });
    return new ServerProcess(child, url);
  }

  ask<T extends FanoutReply['type']>(question: FanoutRequest, answer: T): Promise<Extract<FanoutReply, { type: T }>> {
    return new Promise((resolve) => {
      const listener = (reply: FanoutReply) => {
        if (reply.type !== answer) return;
        this.child.off('message', listener);
        resolve(reply as Extract<FanoutReply, { type: T }>);
      };
      this.child.on('message', listener);
      this.child.send(question);
    });
  }

  async memory(): Promise<{ rss: number; heapUsed: number }> {
    return this.ask({ type: 'memory' }, 'memory');
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null) return resolve();
      this.child.once('exit', () => resolve());
      // It exits when the channel closes (fanout-servers.ts), as a process that ends normally.
      this.child.disconnect();
    });
  }
}

const basic = (email: string, key: string) => ({ authorization: `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}` });
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (params: Record<string, string>) => new URLSearchParams(params).toString();

interface Queue {
  headers: Record<string, string>;
  id: string;
  lastEventId: number;
}

interface Figures {
  times: number[];
  perQueue: { rss: number; heapUsed: number };
  /** One long-poll's reply body: what the bare server sends to every poll. */
  sample: string;
}

async function registerQueues(url: string, people: { email: string; api_key: string }[], queues: Queue[], size: number): Promise<void> {
  let next = queues.length;
  const worker = async (connection: RawConnection) => {
    while (next < size) {
      const person = people[next++];
      if (!person) throw new Error('not enough people for the queues');
      const headers = basic(person.email, person.api_key);
      const reply = await connection.request('POST', '/api/v1/register', { ...headers, ...FORM }, form({ event_types: '["message"]', fetch_event_types: '[]' }));
      if (reply.status !== 200) throw new Error(`POST /register answered ${String(reply.status)}: ${reply.text().slice(0, 200)}`);
      const body = JSON.parse(reply.text()) as { queue_id: string; last_event_id: number };
      queues.push({ headers, id: body.queue_id, lastEventId: body.last_event_id });
    }
    connection.close();
  };
  await Promise.all((await RawConnection.openMany(url, REGISTER_CONCURRENCY)).map(worker));
}

/** The sandbox: register up to each size, hold a poll on every queue, send one message, time each reply. */
async function sandboxFanout(): Promise<Map<number, Figures>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-fanout-'));
  const server = await ServerProcess.start(['sandbox', dataDir, String(Math.max(...SIZES) + 1_000)]);
  try {
    const db = new Database(path.join(dataDir, 'sandbox.sqlite'), { readonly: true });
    const people = db.prepare("SELECT email, api_key FROM users WHERE is_active = 1 AND email LIKE '%@huge.sandbox.test' ORDER BY id").all() as { email: string; api_key: string }[];
    const olivia = db.prepare("SELECT email, api_key FROM users WHERE email = 'olivia@sandbox.test'").get() as { email: string; api_key: string };
    db.close();
    const queues: Queue[] = [];
    const results = new Map<number, Figures>();
    let polls = 0;
    const before = await server.memory();
    for (const size of SIZES) {
      await registerQueues(server.url, people, queues, size);
      // Fresh connections for the polls, one per queue as every long-polling client keeps its own:
      // none left idle long enough (while the next size registers) for the server to be closing it.
      const connections = await RawConnection.openMany(server.url, size);
      const sender = await RawConnection.open(server.url);
      const figures: Figures = { times: [], perQueue: { rss: 0, heapUsed: 0 }, sample: '' };
      for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
        const replies = await openPolls(server, polls, queues.length, (index) => {
          const queue = queues[index] as Queue;
          return (connections[index] as RawConnection).request('GET', `/api/v1/events?${form({ queue_id: queue.id, last_event_id: String(queue.lastEventId) })}`, queue.headers);
        });
        polls += queues.length;
        if (round === 0) {
          const waiting = await server.memory();
          figures.perQueue = { rss: (waiting.rss - before.rss) / size, heapUsed: (waiting.heapUsed - before.heapUsed) / size };
        }
        const sentAt = performance.now();
        const sent = await sender.request('POST', '/api/v1/messages', { ...basic(olivia.email, olivia.api_key), ...FORM }, form({ type: 'stream', to: 'general', topic: 'fan-out', content: `Fan-out to ${String(size)} queues, round ${String(round + 1)}.` }));
        if (sent.status !== 200) throw new Error(`POST /messages answered ${String(sent.status)}: ${sent.text()}`);
        const answered = await Promise.all(replies);
        answered.forEach((reply, index) => {
          const text = reply.text();
          const events = (JSON.parse(text) as { events?: { id: number; type: string }[] }).events ?? [];
          const message = events.find((event) => event.type === 'message');
          if (reply.status !== 200 || !message) throw new Error(`a long-poll got no message event: ${String(reply.status)} ${text.slice(0, 200)}`);
          (queues[index] as Queue).lastEventId = Math.max(...events.map((event) => event.id));
          if (round >= WARMUP_ROUNDS) figures.times.push(reply.endedAt - sentAt);
        });
        figures.sample = (answered[0] as Exchange).text();
      }
      for (const connection of [...connections, sender]) connection.close();
      results.set(size, figures);
    }
    return results;
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The bare server: the same polls held and answered with the sandbox's own reply, serialized once. */
async function bareFanout(samples: Map<number, Figures>): Promise<Map<number, Figures>> {
  const server = await ServerProcess.start(['bare']);
  const results = new Map<number, Figures>();
  let polls = 0;
  try {
    for (const size of SIZES) {
      const connections = await RawConnection.openMany(server.url, size);
      const sender = await RawConnection.open(server.url);
      const figures: Figures = { times: [], perQueue: { rss: 0, heapUsed: 0 }, sample: '' };
      const body = samples.get(size)?.sample ?? '{}';
      for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
        const before = round === 0 ? await server.memory() : null;
        const replies = await openPolls(server, polls, size, (index) => (connections[index] as RawConnection).request('GET', '/api/v1/events'));
        polls += size;
        if (before) {
          const waiting = await server.memory();
          figures.perQueue = { rss: (waiting.rss - before.rss) / size, heapUsed: (waiting.heapUsed - before.heapUsed) / size };
        }
        const sentAt = performance.now();
        await sender.request('POST', '/send', {}, body);
        for (const reply of await Promise.all(replies)) if (round >= WARMUP_ROUNDS) figures.times.push(reply.endedAt - sentAt);
      }
      for (const connection of [...connections, sender]) connection.close();
      results.set(size, figures);
    }
    return results;
  } finally {
    await server.stop();
  }
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

async function main() {
  const started = performance.now();
  const sandbox = await sandboxFanout();
  const bare = await bareFanout(sandbox);
  const rows = [['queues', 'server', 'p50', 'p99', 'last', 'RSS per queue', 'heap per queue', 'p99 goal']];
  for (const size of SIZES) {
    for (const [name, figures] of [['sandbox', sandbox.get(size)], ['bare node:http', bare.get(size)]] as const) {
      if (!figures) continue;
      const goal = name === 'sandbox' ? `< ${String(GOALS[size])} ms` : '';
      rows.push([size.toLocaleString('en'), name, fmt(median(figures.times)), fmt(percentile(figures.times, 99)), fmt(Math.max(...figures.times)), kib(figures.perQueue.rss), kib(figures.perQueue.heapUsed), goal]);
    }
    const ratio = percentile(sandbox.get(size)?.times ?? [], 99) / percentile(bare.get(size)?.times ?? [], 99);
    rows.push(['', 'ratio (p99)', '', `${ratio.toFixed(1)}×`, '', '', '', `≤ ${String(RATIO_GOAL)}×`]);
  }
  console.log(`One channel message to every queue, each with a long-poll waiting; ${String(ROUNDS)} rounds per size after ${String(WARMUP_ROUNDS)} not counted, send → each reply received (${((performance.now() - started) / 1000).toFixed(0)} s in all):`);
  printTable(rows);
}

await main();
