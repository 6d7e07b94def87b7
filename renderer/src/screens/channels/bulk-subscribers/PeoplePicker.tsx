// Choosing the people of a bulk subscriber job: by search, by addresses pasted or imported from a CSV
// (the addresses parser and CSV import the invitations screen uses too), by role, or by user group. The choice
// is lifted to the dialog as user IDs plus the addresses no account answers to.
import { useEffect, useId, useMemo, useState } from 'react';
import type { Role } from '../../../../../shared/api/common';
import type { User } from '../../../../../shared/api/users';
import { SYSTEM_GROUP_WORDS, type GroupIndex } from '../../../../../shared/domain/channel-groups';
import { ROLE_NAMES } from '../../../../../shared/domain/role-rules';
import type { UserGroup } from '../../../../../shared/api/groups';
import { CsvImport } from '../../../components/csv-import/CsvImport';
import { describeList, listFromCsv, listFromText } from '../../../components/csv-import/address-list';
import type { CsvChoice } from '../../../components/csv-import/csv-columns';
import type { CsvTable } from '../../../components/csv-import/csv-file';
import { matchAddresses, searchPeople, usersOfGroup, usersOfRole, type Matched } from './people-choice';

export type Source = 'search' | 'addresses' | 'role' | 'group';
const SOURCES: { id: Source; label: string }[] = [
  { id: 'search', label: 'Search' },
  { id: 'addresses', label: 'Addresses or a CSV file' },
  { id: 'role', label: 'A role' },
  { id: 'group', label: 'A user group' },
];
const ROLES: Role[] = [100, 200, 300, 400, 600];
const SEARCH_LIMIT = 50;
const count = new Intl.NumberFormat();

export interface PeoplePickerProps {
  users: readonly User[];
  groups: readonly UserGroup[];
  index: GroupIndex;
  /** Called with every new choice: give a stable function (a state setter). */
  onChange(matched: Matched): void;
}

export function PeoplePicker({ users, groups, index, onChange }: PeoplePickerProps) {
  const id = useId();
  const [source, setSource] = useState<Source>('search');
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [text, setText] = useState('');
  const [csv, setCsv] = useState<{ table: CsvTable; choice: CsvChoice } | null>(null);
  const [role, setRole] = useState<Role | null>(null);
  const [group, setGroup] = useState<number | null>(null);

  const list = useMemo(() => (csv ? listFromCsv(csv.table, csv.choice) : listFromText(text)), [csv, text]);
  const matched = useMemo<Matched>(() => {
    switch (source) {
      case 'search':
        return { userIds: [...picked], unknown: [] };
      case 'addresses':
        return matchAddresses(list.unique, users);
      case 'role':
        return { userIds: role === null ? [] : usersOfRole(users, role), unknown: [] };
      case 'group':
        return { userIds: group === null ? [] : usersOfGroup(group, index, users), unknown: [] };
    }
  }, [source, picked, list, users, role, group, index]);
  useEffect(() => onChange(matched), [matched, onChange]);
  const found = useMemo(() => searchPeople(users, query, SEARCH_LIMIT), [users, query]);
  const toggle = (userId: number) => {
    const next = new Set(picked);
    if (next.has(userId)) next.delete(userId);
    else next.add(userId);
    setPicked(next);
  };
  const shownGroups = useMemo(
    () => groups.filter((each) => !each.deactivated && (!each.is_system_group || SYSTEM_GROUP_WORDS[each.name] !== undefined) && each.name !== 'role:nobody' && each.name !== 'role:internet'),
    [groups],
  );

  return (
    <div className="bulk-people">
      <fieldset className="move-choices">
        <legend>Choose the people by</legend>
        {SOURCES.map((each) => (
          <label key={each.id} className="radio-line">
            <input type="radio" name={`${id}-source`} checked={source === each.id} onChange={() => setSource(each.id)} />
            {each.label}
          </label>
        ))}
      </fieldset>
      {source === 'search' && (
        <div className="field">
          <label htmlFor={`${id}-query`}>Search people</label>
          <input id={`${id}-query`} type="search" value={query} onChange={(event) => setQuery(event.target.value)} placeholder="A name or an address" />
          {query.trim() !== '' && found.length === 0 && <p className="muted">Nobody’s name or address matches “{query}”.</p>}
          <ul className="bulk-found" aria-label="People found">
            {found.map((user) => (
              <li key={user.user_id}>
                <label className="radio-line">
                  <input type="checkbox" checked={picked.has(user.user_id)} onChange={() => toggle(user.user_id)} />
                  {user.full_name} <span className="muted">{user.delivery_email ?? user.email}{user.is_active ? '' : ' · deactivated'}</span>
                </label>
              </li>
            ))}
          </ul>
        </div>
      )}
      {source === 'addresses' && (
        <>
          <div className="field">
            <label htmlFor={`${id}-addresses`}>Addresses</label>
            <textarea
              id={`${id}-addresses`}
              rows={4}
              value={text}
              disabled={csv !== null}
              onChange={(event) => setText(event.target.value)}
              placeholder="One per line, or separated by commas: ann@example.com, Bo Li <bo@example.com>"
            />
          </div>
          <CsvImport csv={csv} onCsv={setCsv} />
          {csv && (
            <button type="button" className="button button-small" onClick={() => setCsv(null)}>
              Use pasted addresses instead
            </button>
          )}
          {list.unique.length > 0 && <p className="muted">{describeList(list)}</p>}
        </>
      )}
      {source === 'role' && (
        <div className="field">
          <label htmlFor={`${id}-role`}>Role</label>
          <select id={`${id}-role`} value={role ?? ''} onChange={(event) => setRole(event.target.value === '' ? null : (Number(event.target.value) as Role))}>
            <option value="">Choose a role</option>
            {ROLES.map((each) => (
              <option key={each} value={each}>
                {ROLE_NAMES[each]} ({count.format(usersOfRole(users, each).length)})
              </option>
            ))}
          </select>
        </div>
      )}
      {source === 'group' && (
        <div className="field">
          <label htmlFor={`${id}-group`}>User group</label>
          <select id={`${id}-group`} value={group ?? ''} onChange={(event) => setGroup(event.target.value === '' ? null : Number(event.target.value))}>
            <option value="">Choose a group</option>
            {shownGroups.map((each) => (
              <option key={each.id} value={each.id}>
                {each.is_system_group ? SYSTEM_GROUP_WORDS[each.name] : each.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <p role="status">
        {count.format(matched.userIds.length)} {matched.userIds.length === 1 ? 'person' : 'people'} chosen
        {matched.unknown.length > 0 && `; ${count.format(matched.unknown.length)} ${matched.unknown.length === 1 ? 'address matches' : 'addresses match'} nobody in this organization`}.
      </p>
      {matched.unknown.length > 0 && (
        <div className="bulk-unknown">
          <p>Not found (no account has these addresses; they are left out):</p>
          <ul aria-label="Addresses not found">
            {matched.unknown.slice(0, 50).map((address) => (
              <li key={address}>{address}</li>
            ))}
          </ul>
          {matched.unknown.length > 50 && <p className="muted">and {count.format(matched.unknown.length - 50)} more.</p>}
        </div>
      )}
    </div>
  );
}
