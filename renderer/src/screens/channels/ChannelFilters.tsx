// The search box and the filters of the channel list, each option with its live count (the users
// screen's chips: arrow keys move within a group), and the folder as a list, for there may be many.
import type { ChannelFolder } from '../../../../shared/api/folders';
import { FilterGroup } from '../../lists/FilterGroup';
import { ListSearch } from '../../lists/ListSearch';
import { CHANNEL_MARKS } from './channel-marks';
import {
  DEFAULT_FILTERS,
  FILTER_WORDS,
  PRIVACY_FILTERS,
  STATUS_FILTERS,
  type ChannelCounts,
  type ChannelFilters as Filters,
  type FolderFilter,
} from './channel-index';
import '../../lists/list-screen.css';

const count = new Intl.NumberFormat();
const choices = <T extends string>(values: readonly T[], words: Record<T, string>) => values.map((value) => ({ value, label: words[value] }));

export interface ChannelFiltersProps {
  filters: Filters;
  counts: ChannelCounts;
  folders: readonly ChannelFolder[];
  onChange(change: Partial<Filters>): void;
}

export function ChannelFilters({ filters, counts, folders, onChange }: ChannelFiltersProps) {
  const folderCount = (value: FolderFilter) => count.format(counts.folder.get(value) ?? 0);
  return (
    <div className="list-filters channels-filters">
      <ListSearch
        id="channels-search"
        label="Search by name or description"
        value={filters.query}
        placeholder="e.g. design, launch"
        keyMark={CHANNEL_MARKS.searchKey}
        onChange={(query) => onChange({ query })}
      />
      <FilterGroup legend="Privacy" name="privacy" options={choices(PRIVACY_FILTERS, FILTER_WORDS.privacy)} value={filters.privacy} counts={counts.privacy} onChange={(privacy) => onChange({ privacy })} />
      <FilterGroup legend="Status" name="status" options={choices(STATUS_FILTERS, FILTER_WORDS.status)} value={filters.status} counts={counts.status} onChange={(status) => onChange({ status })} />
      <FilterGroup
        legend="Default for new members"
        name="default"
        options={choices(DEFAULT_FILTERS, FILTER_WORDS.isDefault)}
        value={filters.isDefault}
        counts={counts.isDefault}
        onChange={(isDefault) => onChange({ isDefault })}
      />
      <div className="search-box channels-folder-filter">
        <label htmlFor="channels-folder">Folder</label>
        <select
          id="channels-folder"
          value={String(filters.folder)}
          onChange={(event) => {
            const value = event.target.value;
            onChange({ folder: value === 'all' || value === 'none' ? value : Number(value) });
          }}
        >
          <option value="all">All folders ({folderCount('all')})</option>
          <option value="none">In no folder ({folderCount('none')})</option>
          {folders.map((folder) => (
            <option key={folder.id} value={folder.id}>
              {folder.name}
              {folder.is_archived ? ' (archived)' : ''} ({folderCount(folder.id)})
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
