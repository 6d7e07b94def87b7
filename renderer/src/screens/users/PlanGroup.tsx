// A group of a bulk change's review (who loses rights, who is deactivated, who cannot change and why):
// its title and count, and a line per user. The bulk role and status dialogs share it.
import { useId, type ReactNode } from 'react';
import type { User } from '../../../../shared/api/users';
import { ROLE_NAMES } from '../../../../shared/domain/role-rules';

/** Names listed per group; the rest are counted (a selection can be the whole realm). */
const LISTED = 50;
const count = new Intl.NumberFormat();
export const plural = (n: number, one: string, many: string) => `${count.format(n)} ${n === 1 ? one : many}`;

/** A group of the plan: its title and count, and a line per user (the first LISTED of them). */
export function PlanGroup<T extends { user: User }>({ title, items, tone, line }: { title: string; items: readonly T[]; tone: string; line(item: NoInfer<T>): ReactNode }) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <section className={`plan-group plan-${tone}`} aria-labelledby={headingId}>
      <h3 id={headingId}>
        {title} <span className="tag plan-count">{count.format(items.length)}</span>
      </h3>
      <ul>
        {items.slice(0, LISTED).map((item) => (
          <li key={item.user.user_id}>{line(item)}</li>
        ))}
        {items.length > LISTED && <li className="muted">and {count.format(items.length - LISTED)} more</li>}
      </ul>
    </section>
  );
}

/** A user who stays as they are: their name and role, and why when they cannot change. */
export function userLine({ user, reason }: { user: User; reason?: string }) {
  return (
    <>
      <span className="plan-name">{user.full_name}</span> <span className="muted">{ROLE_NAMES[user.role]}</span>
      {reason && <p className="role-reason">{reason}</p>}
    </>
  );
}
