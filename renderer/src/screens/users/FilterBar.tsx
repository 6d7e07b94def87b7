// The Users screen's search box, its three filters (lists/FilterGroup.tsx: each option with its live
// count) and "not active for N days".
import { useState } from 'react';
import { FACET_WORDS, KIND_OPTIONS, ROLE_OPTIONS, STATUS_OPTIONS } from '../../../../shared/domain/user-counts';
import { FilterGroup } from '../../lists/FilterGroup';
import { ListSearch } from '../../lists/ListSearch';
import { MARKS } from './user-marks';
import type { FacetCounts, UserFilters } from './user-index';
import '../../lists/list-screen.css';

// The Overview shows the same counts under the same words (shared/domain/user-counts.ts).
const ROLE_CHOICES = ROLE_OPTIONS.map((value) => ({ value, label: FACET_WORDS.role[value] }));
const STATUS_CHOICES = STATUS_OPTIONS.map((value) => ({ value, label: FACET_WORDS.status[value] }));
const KIND_CHOICES = KIND_OPTIONS.map((value) => ({ value, label: FACET_WORDS.kind[value] }));

export interface FilterBarProps {
  filters: UserFilters;
  counts: FacetCounts;
  onChange(change: Partial<UserFilters>): void;
  /** How far back presence is known (days); null while it loads. */
  historyLimitDays: number | null;
}

/** The idle filter's note: how far back presence is known, and what became of a number beyond it. */
function idleHelp(historyLimitDays: number | null, beyond: number | null): string {
  if (historyLimitDays === null) return 'Loading presence…';
  if (beyond !== null) return `Presence is known for ${historyLimitDays} days only, so ${beyond} became ${historyLimitDays}; bots left out.`;
  return `Presence known for ${historyLimitDays} days; bots left out.`;
}

export function FilterBar({ filters, counts, onChange, historyLimitDays }: FilterBarProps) {
  // The number typed past what presence can tell, said beside the box so the change is not silent.
  const [beyond, setBeyond] = useState<number | null>(null);
  return (
    <div className="list-filters">
      <ListSearch
        id="users-search"
        label="Search by name or email"
        value={filters.query}
        placeholder="e.g. jordan, @example.com"
        keyMark={MARKS.searchKey}
        onChange={(query) => onChange({ query })}
      />
      <FilterGroup legend="Role" name="role" options={ROLE_CHOICES} value={filters.role} counts={counts.role} onChange={(role) => onChange({ role })} />
      <FilterGroup legend="Status" name="status" options={STATUS_CHOICES} value={filters.status} counts={counts.status} onChange={(status) => onChange({ status })} />
      <FilterGroup legend="Kind" name="kind" options={KIND_CHOICES} value={filters.kind} counts={counts.kind} onChange={(kind) => onChange({ kind })} />
      <div className="list-filter idle-filter">
        <label htmlFor="users-idle">Not active for (days)</label>
        <div className="idle-filter-row">
          <input
            id="users-idle"
            type="number"
            min={1}
            max={historyLimitDays ?? undefined}
            value={filters.idleDays ?? ''}
            placeholder="any"
            aria-describedby="users-idle-help"
            onChange={(event) => {
              const days = Number.parseInt(event.target.value, 10);
              const limit = historyLimitDays ?? days;
              setBeyond(days > limit ? days : null);
              onChange({ idleDays: Number.isNaN(days) || days < 1 ? null : Math.min(days, limit) });
            }}
          />
          <p id="users-idle-help" className="muted" aria-live="polite">
            {idleHelp(historyLimitDays, beyond !== null && filters.idleDays === historyLimitDays ? beyond : null)}
          </p>
        </div>
      </div>
    </div>
  );
}
