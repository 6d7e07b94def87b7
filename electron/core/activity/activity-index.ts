// The activity log's index in memory: the entries in file order, each with its lowercase search text,
// and what the filters can be set to. It grows as lines are appended (activity-log.ts reads only the
// new bytes), so a query never parses the file again: it is one pass over arrays, newest first, which
// takes milliseconds over 100,000 entries (`npm run bench` prints the figures).
import type { ActivityChoice, ActivityEntry, ActivityFilters, ActivityKind, ActivityPage } from '../../../shared/ipc';
import { withFilterFields } from './activity-fields';

const collator = new Intl.Collator(undefined, { sensitivity: 'base' });
/** The kinds of change whose target is the one user changed (users/user-changes.ts). */
const USER_TARGETS: ReadonlySet<ActivityKind> = new Set(['role', 'status', 'name']);

export class ActivityIndex {
  readonly entries: ActivityEntry[] = [];
  private readonly haystacks: string[] = [];
  /** Keyed by the actor's ID, or by their name where an entry has no ID; the latest words win. */
  private readonly actors = new Map<number | string, ActivityChoice>();
  private readonly users = new Map<number, string>();
  private readonly channels = new Map<number, string>();
  /** The filters' choices, sorted once after each append rather than at every query. */
  private choiceCache: ActivityPage['choices'] | null = null;

  append(fresh: readonly ActivityEntry[]): void {
    if (fresh.length > 0) this.choiceCache = null;
    for (const raw of fresh) {
      const entry = withFilterFields(raw);
      this.entries.push(entry);
      this.haystacks.push([entry.actor, entry.action, entry.target, entry.details, entry.error ?? ''].join('\n').toLowerCase());
      this.actors.set(entry.actorId ?? entry.actor, { id: entry.actorId ?? null, label: entry.actor });
      // The target's words name the user or channel only when the change was about that one alone,
      // and name a user only in a change to the user: a subscriber change's target is its channel.
      name(this.users, entry.userIds, entry.kind !== undefined && USER_TARGETS.has(entry.kind) ? entry.target : null, 'User');
      name(this.channels, entry.channelIds, entry.target, 'Channel');
    }
  }

  query(filters: ActivityFilters, offset: number, limit: number): ActivityPage {
    const matches = matcher(filters);
    const page: ActivityEntry[] = [];
    let total = 0;
    for (let i = this.entries.length - 1; i >= 0; i--) {
      const entry = this.entries[i] as ActivityEntry;
      if (!matches(entry, this.haystacks[i] as string)) continue;
      if (total >= offset && page.length < limit) page.push(entry);
      total += 1;
    }
    return { total, size: this.entries.length, entries: page, choices: this.choices() };
  }

  private choices(): ActivityPage['choices'] {
    if (this.choiceCache) return this.choiceCache;
    const byLabel = (a: ActivityChoice, b: ActivityChoice) => collator.compare(a.label, b.label);
    const listed = (map: Map<number, string>) => [...map].map(([id, label]) => ({ id, label })).sort(byLabel);
    this.choiceCache = { actors: [...this.actors.values()].sort(byLabel), users: listed(this.users), channels: listed(this.channels) };
    return this.choiceCache;
  }
}

/**
 * The page with its user choices named as the realm names them now (`nameOf`), for the people the log
 * could not name itself (those only added to or removed from channels) and for anyone renamed since.
 */
export function withPeopleNamed(page: ActivityPage, nameOf: (userId: number) => string | undefined): ActivityPage {
  const users = page.choices.users.map((choice) => (choice.id === null ? choice : { ...choice, label: nameOf(choice.id) ?? choice.label }));
  users.sort((a, b) => collator.compare(a.label, b.label));
  return { ...page, choices: { ...page.choices, users } };
}

function name(map: Map<number, string>, ids: readonly number[] | undefined, target: string | null, noun: string): void {
  if (!ids) return;
  if (ids.length === 1 && target !== null) map.set(ids[0] as number, target);
  else for (const id of ids) if (!map.has(id)) map.set(id, `${noun} ${String(id)}`);
}

/** One test per filter given, cheapest first; the search's words are lowercased once, not per entry. */
function matcher(filters: ActivityFilters): (entry: ActivityEntry, haystack: string) => boolean {
  const { actorId, actor, kinds, userId, channelId, from, to } = filters;
  const words = (filters.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const kindSet = kinds && kinds.length > 0 ? new Set(kinds) : null;
  return (entry, haystack) =>
    (from === undefined || entry.at >= from) &&
    (to === undefined || entry.at < to) &&
    (kindSet === null || (entry.kind !== undefined && kindSet.has(entry.kind))) &&
    (actorId === undefined || entry.actorId === actorId) &&
    (actor === undefined || (entry.actorId === undefined && entry.actor === actor)) &&
    (userId === undefined || (entry.userIds?.includes(userId) ?? false)) &&
    (channelId === undefined || (entry.channelIds?.includes(channelId) ?? false)) &&
    words.every((word) => haystack.includes(word));
}
