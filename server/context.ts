// What every route and action works with: the database, time, ids, options and the event bus.
import type { Clock } from './lib/clock';
import type { ServerConfig } from './config';
import type { Db } from './db/connection';
import type { EventBus } from './events/bus';
import type { IdSource } from './lib/ids';

export interface ServerContext {
  readonly db: Db;
  readonly clock: Clock;
  readonly ids: IdSource;
  readonly config: ServerConfig;
  readonly events: EventBus;
  /** The data directory (uploaded files live in its uploads/ folder). */
  readonly dataDir: string;
  /** The server's base URL (known once it listens), e.g. http://127.0.0.1:9991. */
  realmUrl: string;
}
