// The Users tab: loads the realm's users (kept live by pushes), and derives what the table, the
// filters, the detail panel and the bulk dialog show. The search box updates at once; the table
// follows through useDeferredValue, so typing never waits for a repaint of 20,000 rows.
import { useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import type { User } from '../../../../shared/api/users';
import { roleWithArticle } from '../../../../shared/domain/role-rules';
import type { Account } from '../../../../shared/ipc';
import { QueryGate } from '../../components/QueryGate';
import { useRealmUsers } from '../../queries/realm';
import { downloadText } from '../../components/download-text';
import type { BatchRef } from '../../queries/users';
import { useLastActive } from '../../queries/users-last-active';
import { notActiveFor, usersCsv } from '../../../../shared/domain/idle-accounts';
import { BatchPanel } from './BatchPanel';
import { BulkRoleDialog } from './BulkRoleDialog';
import { BulkStatusDialog } from './BulkStatusDialog';
import { FilterBar } from './FilterBar';
import { actorOf } from '../../user-changes/role-options';
import { mark } from '../../lists/perf-marks';
import { MARKS } from './user-marks';
import { EMPTY_SELECTION, hiddenCount, keepKnown, selectAll } from '../../lists/selection';
import { lastSeenOf, LastSeenContext } from './last-seen';
import { filterUsers, NO_FILTERS, sortUsers, warmSearch } from './user-index';
import { UserDetail } from './UserDetail';
import { useUsersUi } from './users-ui';
import { useUi } from '../../stores/ui';
import { UsersTable } from './UsersTable';
import { useUsersById } from './users-by-id';
import '../../lists/list-screen.css';

const count = new Intl.NumberFormat();

export function UsersWorkspace({ account }: { account: Account }) {
  const users = useRealmUsers(account.id);
  useEffect(() => mark(MARKS.mounted), []);

  return (
    <QueryGate query={users} loading={`Loading the users of ${account.realmName}`} failure={`Could not load the users of ${account.realmName}`}>
      {(list) => <Workspace account={account} users={list} />}
    </QueryGate>
  );
}

function Workspace({ account, users }: { account: Account; users: User[] }) {
  const ui = useUsersUi();
  const leaveThen = useUi((state) => state.leaveThen);
  /** Another user's details, or none: a change chosen in the open panel and not applied is asked about first. */
  const openUser = (id: number | null) => {
    if (id !== ui.opened) leaveThen(() => ui.open(id));
  };
  /** The bulk dialog open: a role change, a deactivation or a reactivation of the selection. */
  const [bulk, setBulk] = useState<'role' | 'deactivate' | 'reactivate' | null>(null);
  const bulkOpen = bulk !== null;

  const byId = useUsersById(users);
  const lastActive = useLastActive(account.id);
  // "Now" for the idle filter: when the screen opened (the filter counts in days, so that is fine).
  const [now] = useState(() => Date.now());
  const seenOf = useMemo(() => (lastActive.data ? lastSeenOf(lastActive.data, now) : null), [lastActive.data, now]);
  const filters = useDeferredValue(ui.filters);
  const allSorted = useMemo(() => sortUsers(users, ui.sort), [users, ui.sort]);
  useEffect(() => warmSearch(allSorted), [allSorted]);
  const sorted = useMemo(() => {
    const days = filters.idleDays;
    return days === null || !seenOf ? allSorted : allSorted.filter((entry) => notActiveFor(seenOf(entry.user), days, now));
  }, [allSorted, filters.idleDays, seenOf, now]);
  const { rows, counts } = useMemo(() => filterUsers(sorted, filters), [sorted, filters]);
  const actor = useMemo(() => actorOf(account, users), [account, users]);
  // A user removed from the realm drops out of the selection.
  const selection = useMemo(() => keepKnown(ui.selection, (id) => byId.has(id)), [ui.selection, byId]);
  const hiddenSelected = useMemo(() => hiddenCount(selection, rows.map((user) => user.user_id)), [rows, selection]);
  // Deactivate needs an active user in the selection, and Reactivate a deactivated one.
  const selectedStatus = useMemo(() => {
    let active = 0;
    let deactivated = 0;
    for (const id of selection.ids) {
      const user = byId.get(id);
      if (user?.is_active) active += 1;
      else if (user) deactivated += 1;
    }
    return { active, deactivated };
  }, [selection, byId]);
  // The whole selection, those the search and filters hide included (the bar counts them: "1 not shown").
  // Rights taken away while the screen is open (the role is the live state's): the bulk changes say so.
  const notAdministrator = actor.role > 200 ? `Only organization administrators and owners can change roles or deactivate users; you are ${roleWithArticle(actor.role)} in ${account.realmName} now.` : null;
  const selectedUsers = useMemo(
    () => (bulkOpen ? allSorted.flatMap((entry) => (selection.ids.has(entry.user.user_id) ? [entry.user] : [])) : []),
    [bulkOpen, allSorted, selection],
  );
  const started = (batch: BatchRef) => {
    ui.showBatch(batch);
    ui.setSelection(EMPTY_SELECTION);
  };
  const searching = filters.query.trim() !== '' || filters.role !== 'all' || filters.status !== 'all' || filters.kind !== 'all' || filters.idleDays !== null;
  const exportShown = () => {
    if (!seenOf) return;
    const csv = usersCsv(rows.map((user) => ({ user, seen: seenOf(user) })));
    const stamp = new Date(now).toISOString().slice(0, 10);
    downloadText(`${account.realmName.replace(/[^\w.-]+/g, '-')}-users-${stamp}.csv`, csv, 'text/csv;charset=utf-8');
  };

  return (
    <LastSeenContext.Provider value={seenOf}>
      <div className="list-workspace">
        <FilterBar filters={ui.filters} counts={counts} onChange={ui.setFilters} historyLimitDays={lastActive.data?.historyLimitDays ?? null} />
        <div className="selection-bar">
          <p className="shown-count" aria-live="polite">
            {searching ? `${count.format(rows.length)} of ${count.format(users.length)} users shown` : `${count.format(users.length)} users`}
          </p>
          {selection.ids.size > 0 ? (
            <p className="selected-count">
              <strong>{count.format(selection.ids.size)} selected</strong>
              {hiddenSelected > 0 && <span className="muted"> ({count.format(hiddenSelected)} not shown by the search and filters)</span>}
            </p>
          ) : (
            <p className="muted selection-hint">Click to select, Shift-click for a range, Ctrl- or ⌘-click to add one.</p>
          )}
          <div className="selection-actions">
            <button type="button" className="button button-small" disabled={rows.length === 0} onClick={() => ui.setSelection(selectAll(selection, rows.map((user) => user.user_id)))}>
              Select all {count.format(rows.length)} shown
            </button>
            <button type="button" className="button button-small" disabled={selection.ids.size === 0} onClick={() => ui.setSelection(EMPTY_SELECTION)}>
              Clear selection
            </button>
            <button type="button" className="button button-small" disabled={rows.length === 0 || !seenOf} onClick={exportShown}>
              Export {count.format(rows.length)} shown as CSV
            </button>
            <BulkButton label={selection.ids.size === 0 ? 'Change role…' : `Change role of ${count.format(selection.ids.size)}…`} selected={selection.ids.size} why={notAdministrator} primary onClick={() => setBulk('role')} />
            <BulkButton
              label={`Deactivate${selection.ids.size === 0 ? '' : ` ${count.format(selection.ids.size)}`}…`}
              selected={selection.ids.size}
              why={notAdministrator ?? (selectedStatus.active === 0 ? 'None of the selected users is active.' : null)}
              onClick={() => setBulk('deactivate')}
            />
            <BulkButton
              label={`Reactivate${selection.ids.size === 0 ? '' : ` ${count.format(selection.ids.size)}`}…`}
              selected={selection.ids.size}
              why={notAdministrator ?? (selectedStatus.deactivated === 0 ? 'None of the selected users is deactivated.' : null)}
              onClick={() => setBulk('reactivate')}
            />
          </div>
        </div>
        {ui.batch && <BatchPanel key={ui.batch.id} account={account.id} batch={ui.batch} users={byId} onShowBatch={ui.showBatch} />}
        <div className="list-main" data-detail={ui.opened !== null || undefined}>
          <UsersTable
            rows={rows}
            query={filters.query}
            sort={ui.sort}
            onSort={ui.setSort}
            selection={selection}
            onSelection={ui.setSelection}
            focused={ui.focused}
            onFocus={ui.focus}
            opened={ui.opened}
            onOpen={openUser}
            empty={
              <>
                <p>No users match the search and filters.</p>
                <button type="button" className="button button-small" onClick={() => ui.setFilters(NO_FILTERS)}>
                  Clear search and filters
                </button>
              </>
            }
          />
          {ui.opened !== null && <UserDetail key={ui.opened} account={account} actor={actor} user={byId.get(ui.opened)} people={users} onClose={() => openUser(null)} />}
        </div>
        {bulk === 'role' && (
          <BulkRoleDialog account={account} actor={actor} users={selectedUsers} people={users} onClose={() => setBulk(null)} onStarted={started} />
        )}
        {(bulk === 'deactivate' || bulk === 'reactivate') && (
          <BulkStatusDialog
            account={account}
            actor={actor}
            active={bulk === 'reactivate'}
            users={selectedUsers}
            people={users}
            onClose={() => setBulk(null)}
            onStarted={started}
          />
        )}
      </div>
    </LastSeenContext.Provider>
  );
}

/** "Deactivate 3…" or "Reactivate 3…": off while no selected user could change, saying why in its description. */
/** A button of the selection's bulk changes: off with no selection, and off with its reason (`why`) when it could do nothing. */
function BulkButton({ label, selected, why, primary = false, onClick }: { label: string; selected: number; why: string | null; primary?: boolean; onClick(): void }) {
  const id = useId();
  const reason = selected > 0 ? why : null;
  return (
    <>
      <button
        type="button"
        className={primary ? 'button button-small button-primary' : 'button button-small'}
        disabled={selected === 0 || reason !== null}
        aria-describedby={reason ? id : undefined}
        title={reason ?? undefined}
        onClick={onClick}
      >
        {label}
      </button>
      {reason && (
        <span id={id} className="visually-hidden">
          {reason}
        </span>
      )}
    </>
  );
}
