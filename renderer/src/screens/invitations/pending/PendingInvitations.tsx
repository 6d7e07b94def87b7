// The organization's pending invitations (upstream GET /invites), live: the core turns the server's
// invites_changed into a realm.changed push for 'invitations', which rereads this list, so a revoke
// or an acceptance elsewhere shows at once. Each can be resent or revoked, after a confirmation that
// names the address. The list takes the page's height, and the count above it is of the rows shown.
import { useId, useMemo, useState } from 'react';
import type { Invite } from '../../../../../shared/api/invites';
import type { Account } from '../../../../../shared/ipc';
import { ROLE_NAMES } from '../../../../../shared/domain/role-rules';
import { QueryGate } from '../../../components/QueryGate';
import { usePendingInvites } from '../../../queries/invitations';
import { useRealmUsers } from '../../../queries/realm';
import { actorOf } from '../../../user-changes/role-options';
import { AddressTable, type Column } from '../AddressTable';
import { formatCount, formatWhen } from '../words';
import { plural } from '../../../../../shared/domain/plural';
import { useInviteActions } from './InviteActions';

export function PendingInvitations({ account }: { account: Account }) {
  // Both reads start at once: who invited whom is filled in from the users as soon as they are there.
  const users = useRealmUsers(account.id);
  const names = useMemo(() => new Map((users.data ?? []).map((user) => [user.user_id, user.full_name])), [users.data]);
  // The server lists a moderator's own invitations only (upstream GET /invites): the count says so.
  const ownOnly = actorOf(account, users.data ?? []).role > 200;
  return (
    <QueryGate query={usePendingInvites(account.id)} loading="Loading the pending invitations" failure="Could not load the pending invitations">
      {(invites) => <PendingList account={account.id} invites={invites} names={names} ownOnly={ownOnly} />}
    </QueryGate>
  );
}

interface PendingListProps {
  account: string;
  invites: Invite[];
  names: ReadonlyMap<number, string>;
  /** Only the signed-in user's own invitations are listed. */
  ownOnly: boolean;
}

function PendingList({ account, invites, names, ownOnly }: PendingListProps) {
  const [filter, setFilter] = useState('');
  const id = useId();
  const actions = useInviteActions(account, (id) => invites.some((invite) => invite.id === id));

  const rows = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const list = [...invites].sort((a, b) => b.invited - a.invited);
    return needle ? list.filter((invite) => (invite.email ?? 'reusable link').toLowerCase().includes(needle)) : list;
  }, [invites, filter]);

  const columns: Column<Invite>[] = [
    {
      header: 'Email',
      // Whole on one line (the dates wrap instead); one too long for the column is cut with an
      // ellipsis, and its title and text (what a screen reader says, what the filter finds) are whole.
      cell: (invite) =>
        invite.email === undefined ? (
          <span className="muted">Reusable link</span>
        ) : (
          <span className="inv-address-whole" title={invite.email}>
            {invite.email}
          </span>
        ),
      className: 'inv-cell-address',
    },
    { header: 'Role', cell: (invite) => ROLE_NAMES[invite.invited_as] },
    { header: 'Invited by', cell: (invite) => names.get(invite.invited_by_user_id) ?? `User ${invite.invited_by_user_id}` },
    { header: 'Invited', cell: (invite) => formatWhen(invite.invited, 's') },
    { header: 'Expires', cell: (invite) => (invite.expiry_date === null ? 'Never' : formatWhen(invite.expiry_date, 's')) },
    {
      header: 'Actions',
      className: 'inv-cell-actions',
      cell: (invite) => {
        const target = { id: invite.id, email: invite.email ?? null };
        return (
          <>
            {!invite.is_multiuse && (
              <button type="button" className="button button-small" disabled={actions.busy} onClick={() => actions.ask('resend', target)} aria-label={`Resend the invitation to ${invite.email ?? ''}`}>
                Resend
              </button>
            )}
            <button
              type="button"
              className="button button-small"
              disabled={actions.busy}
              onClick={() => actions.ask('revoke', target)}
              aria-label={`Revoke the invitation to ${invite.email ?? 'the reusable link'}`}
            >
              Revoke
            </button>
          </>
        );
      },
    },
  ];

  const total = invites.length;
  // The count is of what is listed: with a filter, how many of them it shows.
  const sent = ownOnly ? ' you sent' : '';
  const summary =
    total === 0
      ? `No invitation${sent} is waiting to be accepted.`
      : rows.length === total
        ? `${plural(total, `invitation${sent} is`, `invitations${sent} are`)} waiting to be accepted.`
        : `${formatCount(total)} pending, ${formatCount(rows.length)} shown.`;
  return (
    <div className="inv-pending">
      <div className="inv-pending-head">
        <p className="muted" role="status">
          {summary}
          {ownOnly && ' Only owners and administrators see everyone’s.'}
        </p>
        {total > 0 && (
          // A visible label, as every search box has, so the name a screen reader says is the one shown.
          <div className="search-box inv-list-filter">
            <label htmlFor={`${id}-filter`}>Find an invitation by address</label>
            <input id={`${id}-filter`} type="search" placeholder="Part of an address" value={filter} onChange={(event) => setFilter(event.target.value)} />
          </div>
        )}
      </div>
      {total > 0 && <AddressTable caption="Pending invitations, newest first" rows={rows} columns={columns} rowKey={(invite) => String(invite.id)} empty={`No pending invitation matches “${filter}”.`} />}
      {actions.dialog}
    </div>
  );
}
