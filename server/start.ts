// Starts the sandbox server: opens (and if new, seeds) the data directory, builds the HTTP app and
// listens on 127.0.0.1, over HTTPS when given a certificate, logging requests to <data>/logs/.
import { readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import path from 'node:path';
import { createSecureContext } from 'node:tls';
import type { FastifyInstance } from 'fastify';
import { seconds, systemClock, type Clock } from './lib/clock';
import { DEFAULT_CONFIG, featureLevelProblem, type SeedName, type ServerConfig } from './config';
import type { ServerContext } from './context';
import { openDatabase } from './db/connection';
import { startScheduledDelivery } from './actions/scheduled-delivery';
import { EventBus } from './events/bus';
import { EventQueues } from './events/queues';
import { startOutgoingWebhooks } from './actions/outgoing-webhooks';
import { eventRoutes } from './http/events';
import { buildApp, type AppServerOptions } from './http/app';
import { ROUTE_MODULES } from './http/index';
import { randomIds, type IdSource } from './lib/ids';
import { seedIfEmpty, type SeedReport } from './seed/index';
import { openServerLog, type ServerLog } from './log-file';

export interface StartOptions {
  /** 0 picks a free port. */
  port?: number;
  dataDir: string;
  /** Used only when the data directory holds no organization yet. */
  seed?: SeedName;
  /** The large and huge seeds' size: this many people, the rest in proportion (`--users N`). */
  seedUsers?: number;
  clock?: Clock;
  ids?: IdSource;
  config?: Partial<ServerConfig>;
  /** PEM files: serve HTTPS with this certificate (and any chain after it in the file) and key. */
  tls?: { certFile: string; keyFile: string };
  /** Where the request log goes; `<dataDir>/logs` by default, null for none. */
  logDir?: string | null;
}

export interface RunningServer {
  url: string;
  /** What this start seeded into a new data directory, and in how long; null when it held a realm. */
  seeded: SeedReport | null;
  close(): Promise<void>;
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const config = { ...DEFAULT_CONFIG, ...options.config };
  const levelProblem = featureLevelProblem(config.featureLevel);
  if (levelProblem) throw new Error(`startServer: featureLevel ${levelProblem}`);
  // Before the database is opened (and locked): a wrong file is the command line's mistake.
  const https = options.tls ? readTlsFiles(options.tls) : undefined;
  const opened = openDatabase(options.dataDir);
  const clock = options.clock ?? systemClock;
  const ids = options.ids ?? randomIds;
  const ctx: ServerContext = {
    db: opened.db,
    clock,
    ids,
    config,
    events: new EventBus(),
    dataDir: options.dataDir,
    realmUrl: '',
  };
  let app: FastifyInstance | undefined;
  let log: ServerLog | undefined;
  const queues = new EventQueues(ctx);
  let seeded: SeedReport | null;
  try {
    seeded = seedIfEmpty({ db: opened.db, ids, now: seconds(clock) }, options.seed ?? 'demo', options.seedUsers === undefined ? {} : { users: options.seedUsers });
    const logDir = options.logDir === undefined ? path.join(options.dataDir, 'logs') : options.logDir;
    if (logDir !== null) log = await openServerLog(logDir);
    const server: AppServerOptions = { ...(https ? { https } : {}), ...(log ? { logger: log.logger } : {}) };
    app = await buildApp(ctx, [...ROUTE_MODULES, eventRoutes(queues)], server);
    await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  } catch (error) {
    queues.close();
    await app?.close();
    await log?.close();
    opened.close();
    throw error;
  }
  // Fastify's forceCloseConnections ends the HTTP connections; a TLS connection still in its handshake
  // is not one yet (a client that went away behind a proxy leaves one open for minutes), so closing
  // ends every socket itself.
  const sockets = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  ctx.realmUrl = `${https ? 'https' : 'http'}://127.0.0.1:${String(port)}`;
  // Scheduled messages are delivered by the server's clock (spec 5), once it serves requests.
  const stopScheduledDelivery = startScheduledDelivery(ctx);
  // spec 22: mentions of and direct messages to outgoing-webhook bots are POSTed to their receivers.
  const stopOutgoingWebhooks = startOutgoingWebhooks(ctx);
  let closed = false;
  const running = app;
  return {
    url: ctx.realmUrl,
    seeded,
    async close() {
      if (closed) return;
      closed = true;
      stopScheduledDelivery();
      stopOutgoingWebhooks();
      // Waiting long-polls are answered first, so closing does not wait a heartbeat period for them.
      queues.close();
      const stopped = running.close();
      for (const socket of sockets) socket.destroy();
      await stopped;
      await log?.close();
      opened.close();
    },
  };
}

/** The certificate and key as Fastify wants them; a file that cannot be read is named in the error. */
function readTlsFiles(tls: { certFile: string; keyFile: string }): { cert: Buffer; key: Buffer } {
  const read = (file: string, what: string) => {
    try {
      return readFileSync(file);
    } catch (error) {
      throw new Error(`The TLS ${what} ${file} cannot be read (${error instanceof Error ? error.message : String(error)}).`, { cause: error });
    }
  };
  const cert = read(tls.certFile, 'certificate');
  const key = read(tls.keyFile, 'key');
  if (!cert.includes('-----BEGIN CERTIFICATE-----')) throw new Error(`The TLS certificate ${tls.certFile} is not a PEM certificate (no BEGIN CERTIFICATE line).`);
  if (!/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(key.toString('latin1'))) throw new Error(`The TLS key ${tls.keyFile} is not a PEM private key.`);
  try {
    createSecureContext({ cert, key });
  } catch (error) {
    throw new Error(`The TLS certificate ${tls.certFile} and key ${tls.keyFile} cannot be used together (${error instanceof Error ? error.message : String(error)}): give the key the certificate was made for.`, { cause: error });
  }
  return { cert, key };
}
