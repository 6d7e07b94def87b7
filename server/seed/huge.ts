// --seed huge: the demo organization plus 100,000 users, 5,000 channels, 500 user groups and 1,000,000
// messages: the largest realms upstream's administrators report, for measuring the console at scale
// (seed/generated.ts).
import { seedDemo } from './demo';
import { seedGenerated } from './generated';
import type { SeedContext } from './seed-context';
import { generatedCounts } from './sizes';

export const HUGE_COUNTS = generatedCounts('huge');

/** `users`: another size in the same proportions (--users N). */
export function seedHuge(ctx: SeedContext, users?: number): void {
  seedDemo(ctx);
  seedGenerated(ctx, 'huge', generatedCounts('huge', users));
}
