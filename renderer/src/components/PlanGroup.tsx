// A group of a change's review (who loses rights, who is deactivated, who cannot change and why): its
// title and count, and a line per item. The bulk role and status dialogs and the undo's review share it.
import { useId, type ReactNode } from 'react';
import './plan-group.css';

/** Lines listed per group; the rest are counted (a selection or a job can be the whole realm). */
const LISTED = 50;
const count = new Intl.NumberFormat();

export interface PlanGroupProps<T> {
  title: string;
  items: readonly T[];
  /** The group's colour in plan-group.css: refused, demotion, or any other. */
  tone: string;
  keyOf(item: NoInfer<T>): string | number;
  line(item: NoInfer<T>): ReactNode;
}

/** A group of the plan: its title and count, and a line per item (the first LISTED of them). */
export function PlanGroup<T>({ title, items, tone, keyOf, line }: PlanGroupProps<T>) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <section className={`plan-group plan-${tone}`} aria-labelledby={headingId}>
      <h3 id={headingId}>
        {title} <span className="tag plan-count">{count.format(items.length)}</span>
      </h3>
      <ul>
        {items.slice(0, LISTED).map((item) => (
          <li key={keyOf(item)}>{line(item)}</li>
        ))}
        {items.length > LISTED && <li className="muted">and {count.format(items.length - LISTED)} more</li>}
      </ul>
    </section>
  );
}
