// Starts the sandbox server: opens (and if new, seeds) the data directory, builds the HTTP app and
// listens on 127.0.0.1.
import type { FastifyInstance } from 'fastify';
import { seconds, systemClock, type Clock } from './clock';
import { DEFAULT_CONFIG, type SeedName, type ServerConfig } from './config';
import type { ServerContext } from './context';
import { openDatabase } from './db/connection';
import { EventBus } from './events/bus';
import { buildApp } from './http/app';
import { ROUTE_MODULES } from './http/index';
import { randomIds, type IdSource } from './ids';
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
  const opened = openDatabase(options.dataDir);
  const clock = options.clock ?? systemClock;
  const ids = options.ids ?? randomIds;
  const ctx: ServerContext = {
    db: opened.db,
    clock,
    ids,
    config: { ...DEFAULT_CONFIG, ...options.config },
    events: new EventBus(),
    realmUrl: '',
  };
  let app: FastifyInstance | undefined;
  try {
    seedIfEmpty({ db: opened.db, ids, now: seconds(clock) }, options.seed ?? 'demo');
    app = await buildApp(ctx, ROUTE_MODULES);
    await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  } catch (error) {
    await app?.close();
    opened.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  ctx.realmUrl = `http://127.0.0.1:${String(port)}`;
  let closed = false;
  const running = app;
  return {
    url: ctx.realmUrl,
    async close() {
      if (closed) return;
      closed = true;
      await running.close();
      opened.close();
    },
  };
}
