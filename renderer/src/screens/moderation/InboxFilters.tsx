// The inbox's filter bar: type, status, date (presets or a from–to range) and the list/grouped view.
import { REPORT_TYPES, ReportType } from '../../../../shared/api/reports';
import type { DatePreset, InboxFilters as Filters, StatusFilter, TypeFilter } from './inbox-filters';
import { useModerationUi, type InboxView } from './moderation-ui';

const DATE_PRESETS: { value: DatePreset; label: string }[] = [
  { value: 'all', label: 'Any time' },
  { value: '24h', label: 'Last 24 hours' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: 'custom', label: 'From – to…' },
];

export function InboxFilters() {
  const filters = useModerationUi((state) => state.filters);
  const setFilters = useModerationUi((state) => state.setFilters);
  const view = useModerationUi((state) => state.view);
  const setView = useModerationUi((state) => state.setView);

  return (
    <div className="inbox-filters" role="group" aria-label="Filter the reports">
      <label className="filter">
        <span>Type</span>
        <select value={filters.type} onChange={(event) => setFilters({ type: event.target.value as TypeFilter })}>
          <option value="all">All types</option>
          {ReportType.options.map((type) => (
            <option key={type} value={type}>
              {REPORT_TYPES[type]}
            </option>
          ))}
          <option value="unparsed">Not in the report template</option>
        </select>
      </label>
      <label className="filter">
        <span>Status</span>
        <select value={filters.status} onChange={(event) => setFilters({ status: event.target.value as StatusFilter })}>
          <option value="all">New and reviewed</option>
          <option value="new">New</option>
          <option value="reviewed">Reviewed</option>
        </select>
      </label>
      <label className="filter">
        <span>Date</span>
        <select value={filters.date} onChange={(event) => setFilters({ date: event.target.value as DatePreset })}>
          {DATE_PRESETS.map((preset) => (
            <option key={preset.value} value={preset.value}>
              {preset.label}
            </option>
          ))}
        </select>
      </label>
      {filters.date === 'custom' && <DateRange filters={filters} onChange={setFilters} />}
      <div className="view-switch" role="group" aria-label="View">
        <ViewButton current={view} value="list" label="All reports" onChange={setView} />
        <ViewButton current={view} value="grouped" label="By reported user" onChange={setView} />
      </div>
    </div>
  );
}

function DateRange({ filters, onChange }: { filters: Filters; onChange(change: Partial<Filters>): void }) {
  return (
    <>
      <label className="filter">
        <span>From</span>
        <input type="date" value={filters.from} max={filters.to || undefined} onChange={(event) => onChange({ from: event.target.value })} />
      </label>
      <label className="filter">
        <span>To</span>
        <input type="date" value={filters.to} min={filters.from || undefined} onChange={(event) => onChange({ to: event.target.value })} />
      </label>
    </>
  );
}

function ViewButton({ current, value, label, onChange }: { current: InboxView; value: InboxView; label: string; onChange(view: InboxView): void }) {
  return (
    <button type="button" aria-pressed={current === value} className="view-option" onClick={() => onChange(value)}>
      {label}
    </button>
  );
}
