// Who effectively holds a permission, in words: the people the setting resolves to (every active member
// of its groups, through subgroups), how many of them can use it and why not all
// (shared/domain/channel-audience.ts), how many more may at the organization level, and the list of
// names, opened on demand and searchable, for the count can be in the thousands.
import { useId, useMemo, useState } from 'react';
import type { User } from '../../../../../shared/api/users';
import { audienceWords } from '../../../../../shared/domain/channel-audience';
import { sortKey } from '../../../lists/text-keys';

const count = new Intl.NumberFormat();
const SHOWN = 100;

export interface HoldersListProps {
  /** Resolved from the channel's setting. */
  holders: ReadonlySet<number>;
  /** Those of them who can use it in this channel. */
  users: ReadonlySet<number>;
  /** Why not every holder can ("only subscribers can post in a private channel"); null when all can. */
  limit: string | null;
  /** Resolved from the organization-level holders who always may. */
  always: ReadonlySet<number>;
  people: ReadonlyMap<number, User>;
}

export function HoldersList({ holders, users, limit, always, people }: HoldersListProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const extra = useMemo(() => [...always].filter((userId) => !holders.has(userId)).length, [always, holders]);
  const names = useMemo(() => {
    if (!open) return [];
    const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
    return [...holders]
      .flatMap((userId) => people.get(userId) ?? [])
      .filter((user) => words.every((word) => `${user.full_name} ${user.delivery_email ?? user.email}`.toLowerCase().includes(word)))
      .map((user) => ({ user, key: sortKey(user.full_name) }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }, [open, filter, holders, people]);
  const people_ = holders.size === 1 ? 'person' : 'people';
  const said = audienceWords({ holders, users, limit });

  return (
    <div className="holders">
      <p>
        <strong>{said.holders}</strong> {said.rest}
        {extra > 0 ? `, and ${count.format(extra)} more at the organization level: ${count.format(holders.size + extra)} in all.` : '.'}{' '}
        {holders.size > 0 && (
          <button type="button" className="link-button" aria-expanded={open} aria-controls={`${id}-list`} onClick={() => setOpen(!open)}>
            {open ? 'Hide them' : `Show the ${count.format(holders.size)} ${people_}`}
          </button>
        )}
      </p>
      {open && (
        <div id={`${id}-list`} className="holders-list">
          {holders.size > 10 && (
            <>
              <label htmlFor={`${id}-filter`} className="visually-hidden">
                Find a holder
              </label>
              <input id={`${id}-filter`} type="search" placeholder="Find someone" value={filter} onChange={(event) => setFilter(event.target.value)} />
            </>
          )}
          <ul aria-label="Holders">
            {names.slice(0, SHOWN).map(({ user }) => (
              <li key={user.user_id}>
                {user.full_name} <span className="muted">{user.delivery_email ?? user.email}</span>
              </li>
            ))}
          </ul>
          {names.length > SHOWN && <p className="muted">And {count.format(names.length - SHOWN)} more: narrow the list with the box above.</p>}
        </div>
      )}
    </div>
  );
}
