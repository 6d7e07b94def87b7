// --seed large: the demo organization plus 20,000 users, 2,000 channels, 100 user groups and 200,000
// messages, for measuring the console on a realm of the size it is built for (seed/generated.ts).
import { seedDemo } from './demo';
import { seedGenerated } from './generated';
import type { SeedContext } from './seed-context';
import { generatedCounts } from './sizes';

export const LARGE_COUNTS = generatedCounts('large');

/** `users`: another size in the same proportions (--users N). */
export function seedLarge(ctx: SeedContext, users?: number): void {
  seedDemo(ctx);
  seedGenerated(ctx, 'large', generatedCounts('large', users));
}
