// Search, filters with counts, and sort orders over a realm's channels, in memory. Like the users
// table's index (screens/users/user-index.ts, with lists/text-keys.ts), the costly parts are done once per channel object (a
// lowercase haystack, cached per object, so a live patch re-indexes only the channel it replaced) and
// once per sort order; a keystroke is one pass of substring tests.
import type { ChannelEntry } from '../../../../shared/ipc';
import { isPrivate, privacyOf, type ChannelPrivacy } from '../../../../shared/domain/channel-privacy';
import { effectiveRetention } from '../../../../shared/domain/channel-retention';
import { searchWords, sortKey } from '../../lists/text-keys';

export type PrivacyFilter = 'all' | 'public' | 'web_public' | 'private';
export type StatusFilter = 'active' | 'archived' | 'all';
export type DefaultFilter = 'all' | 'default' | 'other';
/** 'all', 'none' (in no folder), or a folder's ID. */
export type FolderFilter = 'all' | 'none' | number;

export interface ChannelFilters {
  query: string;
  privacy: PrivacyFilter;
  status: StatusFilter;
  folder: FolderFilter;
  isDefault: DefaultFilter;
}

export const NO_CHANNEL_FILTERS: ChannelFilters = { query: '', privacy: 'all', status: 'active', folder: 'all', isDefault: 'all' };

export const PRIVACY_FILTERS: readonly PrivacyFilter[] = ['all', 'public', 'web_public', 'private'];
export const STATUS_FILTERS: readonly StatusFilter[] = ['active', 'archived', 'all'];
export const DEFAULT_FILTERS: readonly DefaultFilter[] = ['all', 'default', 'other'];

export const FILTER_WORDS = {
  privacy: { all: 'All', public: 'Public', web_public: 'Web-public', private: 'Private' } satisfies Record<PrivacyFilter, string>,
  status: { active: 'Active', archived: 'Archived', all: 'All' } satisfies Record<StatusFilter, string>,
  isDefault: { all: 'All', default: 'Default', other: 'Not default' } satisfies Record<DefaultFilter, string>,
};

export interface ChannelCounts {
  privacy: Record<PrivacyFilter, number>;
  status: Record<StatusFilter, number>;
  isDefault: Record<DefaultFilter, number>;
  /** By folder ID, with 'none' and 'all'. */
  folder: Map<FolderFilter, number>;
}

export type SortKey = 'name' | 'privacy' | 'subscribers' | 'folder' | 'default' | 'retention' | 'topics' | 'traffic' | 'created';

export interface SortOrder {
  key: SortKey;
  descending: boolean;
}

interface Indexed {
  nameKey: string;
  /** Name and description, lowercased, separated so a word cannot match across them. */
  haystack: string;
  privacy: ChannelPrivacy;
}

const indexed = new WeakMap<ChannelEntry['channel'], Indexed>();

function indexOf(entry: ChannelEntry): Indexed {
  let found = indexed.get(entry.channel);
  if (!found) {
    const { name, description } = entry.channel;
    found = { nameKey: sortKey(name), haystack: `${name}\u0000${description}`.toLowerCase(), privacy: privacyOf(entry.channel) };
    indexed.set(entry.channel, found);
  }
  return found;
}

function privacyFacet(privacy: ChannelPrivacy): Exclude<PrivacyFilter, 'all'> {
  if (privacy === 'web_public') return 'web_public';
  return isPrivate(privacy) ? 'private' : 'public';
}

const PRIVACY_RANK: Record<ChannelPrivacy, number> = { web_public: 0, public: 1, public_protected: 2, private_shared: 3, private_protected: 4 };

export interface SortContext {
  folderName(id: number | null): string;
  realmRetention: number | null;
}

function compareWith(order: SortOrder, context: SortContext): (a: ChannelEntry, b: ChannelEntry) => number {
  const byName = (a: ChannelEntry, b: ChannelEntry) => {
    const [x, y] = [indexOf(a).nameKey, indexOf(b).nameKey];
    return x < y ? -1 : x > y ? 1 : a.channel.stream_id - b.channel.stream_id;
  };
  // Forever sorts after every number of days.
  const retention = (entry: ChannelEntry) => {
    const days = effectiveRetention(entry.channel.message_retention_days, context.realmRetention);
    return days === null || days < 0 ? Number.MAX_SAFE_INTEGER : days;
  };
  const keys: Record<SortKey, (entry: ChannelEntry) => number | string> = {
    name: () => 0,
    privacy: (entry) => PRIVACY_RANK[indexOf(entry).privacy],
    subscribers: (entry) => entry.subscriberCount,
    folder: (entry) => (entry.channel.folder_id == null ? '\uffff' : sortKey(context.folderName(entry.channel.folder_id))),
    default: (entry) => (entry.isDefault ? 0 : 1),
    retention,
    topics: (entry) => entry.channel.topics_policy ?? 'inherit',
    traffic: (entry) => entry.channel.stream_weekly_traffic ?? -1,
    created: (entry) => entry.channel.date_created,
  };
  const key = keys[order.key];
  return (a, b) => {
    const [x, y] = [key(a), key(b)];
    return (x < y ? -1 : x > y ? 1 : 0) || byName(a, b);
  };
}

/** The channels in a sort order, ready to filter: filtering keeps this order, so it never sorts again. */
export function sortChannels(entries: readonly ChannelEntry[], order: SortOrder, context: SortContext): ChannelEntry[] {
  const sorted = [...entries].sort(compareWith(order, context));
  if (order.descending) sorted.reverse();
  return sorted;
}

function emptyCounts(): ChannelCounts {
  return {
    privacy: { all: 0, public: 0, web_public: 0, private: 0 },
    status: { active: 0, archived: 0, all: 0 },
    isDefault: { all: 0, default: 0, other: 0 },
    folder: new Map([['all', 0], ['none', 0]]),
  };
}

/**
 * The channels matching the search and filters, and each option's count: how many channels that option
 * would show with the search and the other filters as they are.
 */
export function filterChannels(sorted: readonly ChannelEntry[], filters: ChannelFilters): { rows: ChannelEntry[]; counts: ChannelCounts } {
  const words = searchWords(filters.query);
  const counts = emptyCounts();
  const rows: ChannelEntry[] = [];
  for (const entry of sorted) {
    if (!matchesAll(indexOf(entry).haystack, words)) continue;
    const facets = facetsOf(entry);
    const passes = passing(facets, filters);
    const others = (except: keyof typeof passes) => (Object.keys(passes) as (keyof typeof passes)[]).every((name) => name === except || passes[name]);
    if (others('privacy')) {
      counts.privacy.all += 1;
      counts.privacy[facets.privacy] += 1;
    }
    if (others('status')) {
      counts.status.all += 1;
      counts.status[facets.status] += 1;
    }
    if (others('isDefault')) {
      counts.isDefault.all += 1;
      counts.isDefault[facets.isDefault] += 1;
    }
    if (others('folder')) {
      counts.folder.set('all', (counts.folder.get('all') ?? 0) + 1);
      counts.folder.set(facets.folder, (counts.folder.get(facets.folder) ?? 0) + 1);
    }
    if (passes.privacy && passes.status && passes.isDefault && passes.folder) rows.push(entry);
  }
  return { rows, counts };
}

function facetsOf(entry: ChannelEntry) {
  return {
    privacy: privacyFacet(indexOf(entry).privacy),
    status: entry.channel.is_archived ? ('archived' as const) : ('active' as const),
    isDefault: entry.isDefault ? ('default' as const) : ('other' as const),
    folder: entry.channel.folder_id ?? ('none' as const),
  };
}

function passing(facets: ReturnType<typeof facetsOf>, filters: ChannelFilters) {
  return {
    privacy: filters.privacy === 'all' || filters.privacy === facets.privacy,
    status: filters.status === 'all' || filters.status === facets.status,
    isDefault: filters.isDefault === 'all' || filters.isDefault === facets.isDefault,
    folder: filters.folder === 'all' || filters.folder === facets.folder,
  };
}

/**
 * The least change to the search and filters that shows this channel: each one that hides it goes back
 * to showing every channel, the others stay as the user set them.
 */
export function filtersShowing(entry: ChannelEntry, filters: ChannelFilters): Partial<ChannelFilters> {
  const passes = passing(facetsOf(entry), filters);
  return {
    ...(matchesAll(indexOf(entry).haystack, searchWords(filters.query)) ? {} : { query: '' }),
    ...(passes.privacy ? {} : { privacy: 'all' as const }),
    ...(passes.status ? {} : { status: 'all' as const }),
    ...(passes.isDefault ? {} : { isDefault: 'all' as const }),
    ...(passes.folder ? {} : { folder: 'all' as const }),
  };
}

function matchesAll(haystack: string, words: readonly string[]): boolean {
  for (let i = 0; i < words.length; i++) if (!haystack.includes(words[i] as string)) return false;
  return true;
}
