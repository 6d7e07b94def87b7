// A screen's tabs, as the WAI-ARIA tabs pattern has them (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/):
// one tab in the Tab order (the selected one), the arrow keys move between tabs (wrapping around), Home
// and End go to the first and the last, and moving selects (the panels are cheap to show). Tabs and
// their panel are tied by ids made from one prefix: `users-tab-activity` labels `users-panel-activity`.
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import './tabs.css';

export interface Tab<Id extends string> {
  id: Id;
  label: string;
  /** Shown after the label, and read with it ("Pending invitations 3"). */
  badge?: ReactNode;
}

export interface TabsProps<Id extends string> {
  /** Starts the ids of the tabs and their panel. */
  prefix: string;
  /** The tab list's accessible name: the screen's title. */
  label: string;
  tabs: readonly Tab<Id>[];
  selected: Id;
  /** `via`: a click may mean more than a key (clicking the open tab again goes back to its start). */
  onSelect(id: Id, via: 'click' | 'key'): void;
}

const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
const panelId = (prefix: string, id: string) => `${prefix}-panel-${id}`;

export function Tabs<Id extends string>({ prefix, label, tabs, selected, onSelect }: TabsProps<Id>) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const target = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    const tab = target === undefined ? undefined : tabs[target];
    if (target === undefined || !tab) return;
    event.preventDefault();
    onSelect(tab.id, 'key');
    buttons.current[target]?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label={label}>
      {tabs.map((tab, index) => (
        <button
          key={tab.id}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          id={tabId(prefix, tab.id)}
          type="button"
          role="tab"
          className="tab"
          aria-selected={tab.id === selected}
          aria-controls={panelId(prefix, tab.id)}
          tabIndex={tab.id === selected ? 0 : -1}
          onClick={() => onSelect(tab.id, 'click')}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {tab.label}
          {tab.badge !== undefined && tab.badge !== null && <span className="tag" data-tone="accent">
              {tab.badge}
            </span>}
        </button>
      ))}
    </div>
  );
}

/** The selected tab's panel, labelled by its tab. */
export function TabPanel({ prefix, selected, className, children }: { prefix: string; selected: string; className?: string; children: ReactNode }) {
  return (
    <div className={className} role="tabpanel" id={panelId(prefix, selected)} aria-labelledby={tabId(prefix, selected)}>
      {children}
    </div>
  );
}
