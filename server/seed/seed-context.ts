// What every seed works with. Its own module, so that seed/index.ts (which picks a seed) and the seeds
// import it without importing each other.
import type { Db } from '../db/connection';
import type { IdSource } from '../lib/ids';

export interface SeedContext {
  db: Db;
  ids: IdSource;
  /** UTC seconds: the moment the organization is created. */
  now: number;
}
