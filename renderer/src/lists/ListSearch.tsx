// A list's search box: the users, channels and activity lists filter as the user types. Each keystroke
// leaves a performance mark (perf-marks.ts), so the bench can time the keystroke to the repaint.
import { mark } from './perf-marks';

export interface ListSearchProps {
  id: string;
  label: string;
  value: string;
  placeholder: string;
  /** The performance mark a keystroke leaves. */
  keyMark: string;
  onChange(value: string): void;
}

export function ListSearch({ id, label, value, placeholder, keyMark, onChange }: ListSearchProps) {
  return (
    <div className="search-box">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        onKeyDown={() => mark(keyMark)}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
