// The activity log's filters: search, who acted, kind of change, the user or channel it was about, and
// a date range. The choices of who, user and channel are those the log names (the core lists them).
import { memo } from 'react';
import type { ActivityChoice, ActivityPage } from '../../../shared/ipc';
import { ListSearch } from '../lists/ListSearch';
import { ACTIVITY_MARKS } from './activity-marks';
import { actorValue, KIND_WORDS, type FilterForm } from './activity-filters';

interface Props {
  form: FilterForm;
  choices: ActivityPage['choices'] | undefined;
  onChange(change: Partial<FilterForm>): void;
}

const KINDS = Object.entries(KIND_WORDS) as [FilterForm['kind'], string][];

export function ActivityFilterBar({ form, choices, onChange }: Props) {
  return (
    <div className="activity-filters">
      <ListSearch
        id="activity-search"
        label="Search the activity log"
        value={form.search}
        placeholder="e.g. a name, a channel, “Administrator”"
        keyMark={ACTIVITY_MARKS.searchKey}
        onChange={(search) => onChange({ search })}
      />
      <Choice id="activity-actor" label="Who" value={form.actor} onChange={(actor) => onChange({ actor })} any="Anyone">
        <ChoiceOptions list={choices?.actors} value={actorValue} />
      </Choice>
      <Choice id="activity-kind" label="Kind of change" value={form.kind} onChange={(kind) => onChange({ kind: kind as FilterForm['kind'] })} any="Any kind">
        {KINDS.map(([kind, words]) => (
          <option key={kind} value={kind}>
            {words}
          </option>
        ))}
      </Choice>
      <Choice id="activity-user" label="User" value={form.userId} onChange={(userId) => onChange({ userId })} any="Any user">
        <ChoiceOptions list={choices?.users} value={byId} />
      </Choice>
      <Choice id="activity-channel" label="Channel" value={form.channelId} onChange={(channelId) => onChange({ channelId })} any="Any channel">
        <ChoiceOptions list={choices?.channels} value={byId} />
      </Choice>
      <div className="activity-filter">
        <label htmlFor="activity-from">From</label>
        <input id="activity-from" type="date" value={form.from} max={form.to || undefined} onChange={(event) => onChange({ from: event.target.value })} />
      </div>
      <div className="activity-filter">
        <label htmlFor="activity-to">To</label>
        <input id="activity-to" type="date" value={form.to} min={form.from || undefined} onChange={(event) => onChange({ to: event.target.value })} />
      </div>
    </div>
  );
}

const byId = (choice: ActivityChoice) => String(choice.id);

/** A log can name thousands of users: their options are drawn again only when the list itself changes. */
const ChoiceOptions = memo(function ChoiceOptions({ list, value }: { list: ActivityChoice[] | undefined; value(choice: ActivityChoice): string }) {
  return list?.map((choice) => (
    <option key={value(choice)} value={value(choice)}>
      {choice.label}
    </option>
  ));
});

function Choice({ id, label, value, any, onChange, children }: { id: string; label: string; value: string; any: string; onChange(value: string): void; children: React.ReactNode }) {
  return (
    <div className="activity-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{any}</option>
        {children}
      </select>
    </div>
  );
}
