// Counts by status that double as a filter: "All (500) · Invited (480) · Invalid address (3)".
// Radio buttons underneath, so arrow keys move between them and a screen reader says which is on.
import { useId } from 'react';
import { formatCount } from './words';

export interface Chip<K extends string> {
  key: K;
  label: string;
  count: number;
  tone?: string;
}

export function FilterChips<K extends string>({ legend, chips, value, onChange, total }: { legend: string; chips: Chip<K>[]; value: K | 'all'; onChange(value: K | 'all'): void; total: number }) {
  const name = useId();
  const shown = chips.filter((chip) => chip.count > 0 || chip.key === value);
  return (
    <fieldset className="chips">
      <legend className="visually-hidden">{legend}</legend>
      <label className="chip">
        <input type="radio" name={name} checked={value === 'all'} onChange={() => onChange('all')} />
        <span>
          All <span className="chip-count">{formatCount(total)}</span>
        </span>
      </label>
      {shown.map((chip) => (
        <label key={chip.key} className="chip" data-tone={chip.tone}>
          <input type="radio" name={name} checked={value === chip.key} onChange={() => onChange(chip.key)} />
          <span>
            {chip.label} <span className="chip-count">{formatCount(chip.count)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
