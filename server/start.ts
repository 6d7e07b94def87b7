// Starts the sandbox server: opens (and if new, seeds) the data directory, builds the HTTP app and
// listens on 127.0.0.1.
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
import { buildApp } from './http/app';
import { ROUTE_MODULES } from './http/index';
import { randomIds, type IdSource } from './lib/ids';
import { seedIfEmpty } from './seed/index';

export interface StartOptions {
  /** 0 picks a free port. */
  port?: number;
  dataDir: string;
  /** Used only when the data directory holds no organization yet. */
  seed?: SeedName;
  clock?: Clock;
  ids?: IdSource;
  config?: Partial<ServerConfig>;
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const config = { ...DEFAULT_CONFIG, ...options.config };
  const levelProblem = featureLevelProblem(config.featureLevel);
  if (levelProblem) throw new Error(`startServer: featureLevel ${levelProblem}`);
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
  const queues = new EventQueues(ctx);
  try {
    seedIfEmpty({ db: opened.db, ids, now: seconds(clock) }, options.seed ?? 'demo');
    app = await buildApp(ctx, [...ROUTE_MODULES, eventRoutes(queues)]);
    await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  } catch (error) {
    queues.close();
    await app?.close();
    opened.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  ctx.realmUrl = `http://127.0.0.1:${String(port)}`;
  // Scheduled messages are delivered by the server's clock (spec 5), once it serves requests.
  const stopScheduledDelivery = startScheduledDelivery(ctx);
  // spec 22: mentions of and direct messages to outgoing-webhook bots are POSTed to their receivers.
  const stopOutgoingWebhooks = startOutgoingWebhooks(ctx);
  let closed = false;
  const running = app;
  return {
    url: ctx.realmUrl,
    async close() {
      if (closed) return;
      closed = true;
      stopScheduledDelivery();
      stopOutgoingWebhooks();
      // Waiting long-polls are answered first, so closing does not wait a heartbeat period for them.
      queues.close();
      await running.close();
      opened.close();
    },
  };
}
