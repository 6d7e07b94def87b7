// Fills a new data directory with one of the seeds; an existing organization is never touched.
import type { SeedName } from '../config';
import { seedDemo } from './demo';
import { seedEmpty } from './empty';
import { seedLarge } from './large';
import type { SeedContext } from './seed-context';

const SEEDS: Record<SeedName, (ctx: SeedContext) => void> = {
  empty: seedEmpty,
  demo: seedDemo,
  large: seedLarge,
};

/** Seeds the database if it holds no organization yet; returns whether it did. */
export function seedIfEmpty(ctx: SeedContext, seed: SeedName): boolean {
  const hasRealm = ctx.db.prepare('SELECT count(*) FROM realm').pluck().get() as number;
  if (hasRealm) return false;
  ctx.db.transaction(() => SEEDS[seed](ctx))();
  return true;
}
