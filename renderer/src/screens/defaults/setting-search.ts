// "Find a setting": the catalogue filtered by label, description or API name, group by group. Groups
// with no match stay in the list (empty), so the screen can say which found nothing.
import { catalogueByGroup, type CatalogueEntry, type SettingGroupInfo } from '../../../../shared/domain/user-settings-defaults';

export interface GroupMatches {
  group: SettingGroupInfo;
  entries: CatalogueEntry[];
  /** How many settings the group has, shown or not. */
  of: number;
}

export interface SearchResult {
  groups: GroupMatches[];
  matches: number;
  total: number;
}

const ALL: GroupMatches[] = catalogueByGroup().map(({ group, entries }) => ({ group, entries, of: entries.length }));
const TOTAL = ALL.reduce((sum, { entries }) => sum + entries.length, 0);
const haystacks = new Map(ALL.flatMap(({ entries }) => entries.map((entry) => [entry.name, [entry.label, entry.description ?? '', entry.name, entry.name.replace(/_/g, ' ')].join('\n').toLowerCase()])));

/** Every word of the query must appear (in any order), so "email digest" finds "Digest emails when away". */
export function searchSettings(query: string): SearchResult {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { groups: ALL, matches: TOTAL, total: TOTAL };
  const groups = ALL.map(({ group, entries, of }) => ({
    group,
    of,
    entries: entries.filter((entry) => {
      const haystack = haystacks.get(entry.name) ?? '';
      return words.every((word) => haystack.includes(word));
    }),
  }));
  return { groups, matches: groups.reduce((sum, { entries }) => sum + entries.length, 0), total: TOTAL };
}
