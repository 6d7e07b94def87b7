import { describe, expect, test } from 'vitest';
import { filterChannels, filtersShowing, NO_CHANNEL_FILTERS, sortChannels, type ChannelFilters } from './channel-index';
import { channelEntry } from './testing/channel-samples';

const ENTRIES = [
  channelEntry(1, 'general', { description: 'Say hello' }, { isDefault: true, subscriberCount: 40 }),
  channelEntry(2, 'Design', { folder_id: 10, stream_weekly_traffic: 50 }, { subscriberCount: 12 }),
  channelEntry(3, 'leadership', { invite_only: true, history_public_to_subscribers: false }, { subscriberCount: 2 }),
  channelEntry(4, 'old-projects', { is_archived: true, folder_id: 10 }),
  channelEntry(5, 'web', { is_web_public: true, message_retention_days: 30 }),
  channelEntry(6, 'design-2', { folder_id: 11, message_retention_days: -1 }),
];
const context = { folderName: (id: number | null) => (id === 10 ? 'Teams' : id === 11 ? 'Social' : ''), realmRetention: 90 };
const names = (rows: { channel: { name: string } }[]) => rows.map((entry) => entry.channel.name);
const filter = (change: Partial<ChannelFilters>) => filterChannels(sortChannels(ENTRIES, { key: 'name', descending: false }, context), { ...NO_CHANNEL_FILTERS, ...change });

describe('the channel list’s filters', () => {
  test('active channels by default, sorted by name (case and numbers folded)', () => {
    expect(names(filter({}).rows)).toEqual(['Design', 'design-2', 'general', 'leadership', 'web']);
  });

  test('search covers names and descriptions, every word', () => {
    expect(names(filter({ query: 'hello' }).rows)).toEqual(['general']);
    expect(names(filter({ query: 'design 2' }).rows)).toEqual(['design-2']);
  });

  test('each option counts what it would show with the search and the other filters as they are', () => {
    const { counts } = filter({ query: 'design' });
    expect(counts.privacy).toEqual({ all: 2, public: 2, web_public: 0, private: 0 });
    expect(counts.status).toEqual({ active: 2, archived: 0, all: 2 });
    expect(counts.folder.get(10)).toBe(1);
    const all = filter({ status: 'all' }).counts;
    expect(all.status).toEqual({ active: 5, archived: 1, all: 6 });
    expect(all.privacy).toEqual({ all: 6, public: 4, web_public: 1, private: 1 });
    expect(all.isDefault).toEqual({ all: 6, default: 1, other: 5 });
  });

  test('privacy, archived, folder and default filter together', () => {
    expect(names(filter({ status: 'archived' }).rows)).toEqual(['old-projects']);
    expect(names(filter({ status: 'all', folder: 10 }).rows)).toEqual(['Design', 'old-projects']);
    expect(names(filter({ folder: 'none' }).rows)).toEqual(['general', 'leadership', 'web']);
    expect(names(filter({ privacy: 'private' }).rows)).toEqual(['leadership']);
    expect(names(filter({ isDefault: 'default' }).rows)).toEqual(['general']);
  });
});

describe('sort orders', () => {
  const sorted = (key: Parameters<typeof sortChannels>[1]['key'], descending = false) => names(sortChannels(ENTRIES, { key, descending }, context));
  test('by subscribers, traffic, folder name and retention (forever last)', () => {
    expect(sorted('subscribers', true).slice(0, 2)).toEqual(['general', 'Design']);
    expect(sorted('traffic', true)[0]).toBe('Design');
    expect(sorted('folder').slice(0, 3)).toEqual(['design-2', 'Design', 'old-projects']);
    expect(sorted('retention')).toEqual(['web', 'Design', 'general', 'leadership', 'old-projects', 'design-2']);
  });

  test('by privacy: web-public, public, private', () => {
    expect(sorted('privacy')[0]).toBe('web');
    expect(sorted('privacy').at(-1)).toBe('leadership');
  });
});

describe('filtersShowing', () => {
  const oldProjects = ENTRIES[3] as (typeof ENTRIES)[number];

  test('an archived channel hidden by “Active” is shown by Status “All”, the other filters kept', () => {
    const filters: ChannelFilters = { ...NO_CHANNEL_FILTERS, folder: 10 };
    const change = filtersShowing(oldProjects, filters);
    expect(change).toEqual({ status: 'all' });
    expect(names(filter({ ...filters, ...change }).rows)).toContain('old-projects');
  });

  test('every filter that hides it is relaxed, and a shown channel needs no change', () => {
    expect(filtersShowing(oldProjects, { query: 'hello', privacy: 'private', status: 'archived', folder: 11, isDefault: 'default' })).toEqual({
      query: '',
      privacy: 'all',
      folder: 'all',
      isDefault: 'all',
    });
    expect(filtersShowing(oldProjects, { ...NO_CHANNEL_FILTERS, status: 'archived' })).toEqual({});
  });
});
