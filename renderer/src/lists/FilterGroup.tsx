// One filter of a list: its options as radio chips (arrow keys move within the group), each with its
// live count; a count of 0 stays choosable, it just shows nothing. The users and channels filters.

import './list-screen.css';

const count = new Intl.NumberFormat();

export interface FilterGroupProps<T extends string | number> {
  legend: string;
  name: string;
  options: { value: T; label: string }[];
  value: T;
  counts: Record<T, number>;
  onChange(value: T): void;
}

export function FilterGroup<T extends string | number>({ legend, name, options, value, counts, onChange }: FilterGroupProps<T>) {
  return (
    <fieldset className="list-filter">
      <legend>{legend}</legend>
      <div className="chips">
        {options.map((option) => (
          <label key={option.value} className="chip">
            <input type="radio" name={`users-filter-${name}`} checked={option.value === value} onChange={() => onChange(option.value)} />
            <span>{option.label}</span>
            <span className="chip-count">{count.format(counts[option.value])}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
