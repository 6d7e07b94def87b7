// How many people, channels, groups and messages the generated seeds (large, huge) add, and how
// `--users N` scales them: N people, and the seed's own proportions for the rest.
export interface GeneratedCounts {
  users: number;
  channels: number;
  groups: number;
  messages: number;
}

export type GeneratedSeed = 'large' | 'huge';

/**
 * Per seed: its default size and its proportions. A huge realm has fewer channels per person (one per
 * twenty rather than ten): organizations grow in people faster than in channels.
 */
const SHAPES: Record<GeneratedSeed, { users: number; usersPerChannel: number; usersPerGroup: number; messagesPerUser: number }> = {
  large: { users: 20_000, usersPerChannel: 10, usersPerGroup: 200, messagesPerUser: 10 },
  huge: { users: 100_000, usersPerChannel: 20, usersPerGroup: 200, messagesPerUser: 10 },
};

export const MIN_SEED_USERS = 100;
export const MAX_SEED_USERS = 1_000_000;

/** What `seed` adds with `users` people (its default size without). */
export function generatedCounts(seed: GeneratedSeed, users?: number): GeneratedCounts {
  const shape = SHAPES[seed];
  const people = users ?? shape.users;
  return {
    users: people,
    channels: Math.round(people / shape.usersPerChannel),
    groups: Math.round(people / shape.usersPerGroup),
    messages: people * shape.messagesPerUser,
  };
}

export const isGeneratedSeed = (seed: string): seed is GeneratedSeed => seed in SHAPES;

/** Why `users` cannot size `seed` ("… must …"), or null when it can. */
export function seedUsersProblem(seed: string, users: number): string | null {
  if (!isGeneratedSeed(seed)) return `--users sizes the generated seeds (large, huge); the ${seed} seed has its own fixed people.`;
  if (!Number.isInteger(users) || users < MIN_SEED_USERS || users > MAX_SEED_USERS) {
    return `--users must be a whole number from ${MIN_SEED_USERS.toLocaleString('en')} to ${MAX_SEED_USERS.toLocaleString('en')}, not ${String(users)}.`;
  }
  return null;
}
