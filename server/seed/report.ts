// The line `npm run server` prints after seeding a new data directory: what it holds and how long it took.
import type { SeedReport } from './index';

const count = (n: number) => n.toLocaleString('en');

export function describeSeeding({ seed, added, ms }: SeedReport): string {
  const what = added
    ? ` (the demo organization plus ${count(added.users)} users, ${count(added.channels)} channels, ${count(added.groups)} user groups and ${count(added.messages)} messages)`
    : '';
  return `seeded ${seed}${what} in ${(ms / 1000).toFixed(1)} s`;
}
