// Fills a new data directory with one of the seeds, and says how long it took; an existing organization
// is never touched.
import type { SeedName } from '../config';
import { seedDemo } from './demo';
import { seedEmpty } from './empty';
import { seedHuge } from './huge';
import { seedLarge } from './large';
import type { SeedContext } from './seed-context';
import { generatedCounts, isGeneratedSeed, seedUsersProblem, type GeneratedCounts } from './sizes';

const SEEDS: Record<SeedName, (ctx: SeedContext, users?: number) => void> = {
  empty: seedEmpty,
  demo: seedDemo,
  large: seedLarge,
  huge: seedHuge,
};

/** The page cache while seeding, in KiB (512 MiB: the huge seed's database and indexes fit). */
const SEED_CACHE_KIB = 512 * 1024;

export interface SeedOptions {
  /** The generated seeds' size (--users N): that many people, the rest in the seed's proportions. */
  users?: number;
}

/** What a seeding did, and how long it took. */
export interface SeedReport {
  seed: SeedName;
  /** What the generated seeds added to the demo organization; null for the others. */
  added: GeneratedCounts | null;
  ms: number;
}

/** Seeds the database if it holds no organization yet; null when it held one. */
export function seedIfEmpty(ctx: SeedContext, seed: SeedName, options: SeedOptions = {}): SeedReport | null {
  if (options.users !== undefined) {
    const problem = seedUsersProblem(seed, options.users);
    if (problem) throw new Error(problem);
  }
  const hasRealm = ctx.db.prepare('SELECT count(*) FROM realm').pluck().get() as number;
  if (hasRealm) return null;
  const started = performance.now();
  // Hundreds of thousands of rows are written faster when the pages being filled stay in memory: a
  // larger page cache for the seeding only (SQLite's default is 2 MB).
  const cacheSize = ctx.db.pragma('cache_size', { simple: true }) as number;
  ctx.db.pragma(`cache_size = ${String(-SEED_CACHE_KIB)}`);
  try {
    ctx.db.transaction(() => SEEDS[seed](ctx, options.users))();
  } finally {
    ctx.db.pragma(`cache_size = ${String(cacheSize)}`);
  }
  return { seed, added: isGeneratedSeed(seed) ? generatedCounts(seed, options.users) : null, ms: performance.now() - started };
}
