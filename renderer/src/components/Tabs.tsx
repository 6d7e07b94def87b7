// ARIA tabs: one tab stop; arrows, Home and End move between tabs and select them. Each tab controls
// the panel `${idPrefix}-panel-${id}`, which the screen renders with role="tabpanel".
import { useRef, type KeyboardEvent } from 'react';
import './tabs.css';

export interface TabsProps<T extends string> {
  /** The tab list's name ("Users & roles"). */
  label: string;
  /** Prefix of the tabs' and panels' IDs ("users" gives users-tab-activity, users-panel-activity). */
  idPrefix: string;
  tabs: readonly { id: T; label: string }[];
  selected: T;
  onSelect(id: T): void;
}

export function Tabs<T extends string>({ label, idPrefix, tabs, selected, onSelect }: TabsProps<T>) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = (next + tabs.length) % tabs.length;
    const entry = tabs[target];
    if (!entry) return;
    onSelect(entry.id);
    buttons.current[target]?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label={label}>
      {tabs.map((entry, index) => (
        <button
          key={entry.id}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          id={`${idPrefix}-tab-${entry.id}`}
          type="button"
          role="tab"
          className="tab"
          aria-selected={selected === entry.id}
          aria-controls={`${idPrefix}-panel-${entry.id}`}
          tabIndex={selected === entry.id ? 0 : -1}
          onClick={() => onSelect(entry.id)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {entry.label}
        </button>
      ))}
    </div>
  );
}
