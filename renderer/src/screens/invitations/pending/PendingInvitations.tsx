// The organization's pending invitations (upstream GET /invites), live: the core turns the server's
// invites_changed into a realm.changed push for 'invitations', which rereads this list. Each can be
// resent or revoked, after a confirmation that names the address.
import { useMemo, useState } from 'react';
import type { Invite } from '../../../../../shared/api/invites';
import { ROLE_NAMES } from '../../../../../shared/domain/role-rules';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { QueryGate } from '../../../components/QueryGate';
import { errorWords } from '../../../errors/words';
import { usePendingAction, usePendingInvites } from '../../../queries/invitations';
import { useRealmUsers } from '../../../queries/realm';
import { toast } from '../../../stores/toasts';
import { AddressTable, type Column } from '../AddressTable';
import { formatWhen, plural } from '../words';

type Action = { action: 'revoke' | 'resend'; invite: Invite };

export function PendingInvitations({ account }: { account: string }) {
  // Both reads start at once: who invited whom is filled in from the users as soon as they are there.
  const users = useRealmUsers(account);
  const names = useMemo(() => new Map((users.data ?? []).map((user) => [user.user_id, user.full_name])), [users.data]);
  return (
    <QueryGate query={usePendingInvites(account)} loading="Loading the pending invitations" failure="Could not load the pending invitations">
      {(invites) => <PendingList account={account} invites={invites} names={names} />}
    </QueryGate>
  );
}

function PendingList({ account, invites, names }: { account: string; invites: Invite[]; names: ReadonlyMap<number, string> }) {
  const mutation = usePendingAction(account);
  const [filter, setFilter] = useState('');
  const [asking, setAsking] = useState<Action | null>(null);

  const rows = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const list = [...invites].sort((a, b) => b.invited - a.invited);
    return needle ? list.filter((invite) => (invite.email ?? 'reusable link').toLowerCase().includes(needle)) : list;
  }, [invites, filter]);

  const run = ({ action, invite }: Action) => {
    setAsking(null);
    const who = invite.email ?? 'the reusable link';
    mutation.mutate(
      { action, inviteId: invite.id },
      {
        onSuccess: () => toast({ kind: 'success', title: action === 'revoke' ? `The invitation to ${who} was revoked.` : `The invitation to ${who} was sent again.` }),
        onError: (error) => {
          const words = errorWords(error);
          toast({ kind: 'error', title: `Could not ${action} the invitation to ${who}: ${words.message}`, ...(words.action ? { action: words.action } : {}) });
        },
      },
    );
  };

  const columns: Column<Invite>[] = [
    { header: 'Email', cell: (invite) => invite.email ?? <span className="muted">Reusable link</span>, className: 'inv-cell-address' },
    { header: 'Role', cell: (invite) => ROLE_NAMES[invite.invited_as] },
    { header: 'Invited by', cell: (invite) => names.get(invite.invited_by_user_id) ?? `User ${invite.invited_by_user_id}` },
    { header: 'Invited', cell: (invite) => formatWhen(invite.invited, 's') },
    { header: 'Expires', cell: (invite) => (invite.expiry_date === null ? 'Never' : formatWhen(invite.expiry_date, 's')) },
    {
      header: 'Actions',
      className: 'inv-cell-actions',
      cell: (invite) => (
        <>
          {!invite.is_multiuse && (
            <button type="button" className="button button-small" disabled={mutation.isPending} onClick={() => setAsking({ action: 'resend', invite })} aria-label={`Resend the invitation to ${invite.email ?? ''}`}>
              Resend
            </button>
          )}
          <button
            type="button"
            className="button button-small"
            disabled={mutation.isPending}
            onClick={() => setAsking({ action: 'revoke', invite })}
            aria-label={`Revoke the invitation to ${invite.email ?? 'the reusable link'}`}
          >
            Revoke
          </button>
        </>
      ),
    },
  ];

  const total = invites.length;
  return (
    <div className="inv-pending">
      <div className="inv-pending-head">
        <p className="muted">{total === 0 ? 'No invitation is waiting to be accepted.' : `${plural(total, 'invitation is', 'invitations are')} waiting to be accepted.`}</p>
        {total > 0 && <input type="search" className="inv-list-filter" aria-label="Find an invitation by address" placeholder="Find an address" value={filter} onChange={(event) => setFilter(event.target.value)} />}
      </div>
      {total > 0 && <AddressTable caption="Pending invitations, newest first" rows={rows} columns={columns} rowKey={(invite) => String(invite.id)} empty={`No pending invitation matches “${filter}”.`} />}
      <ConfirmDialog
        open={asking !== null}
        title={asking?.action === 'revoke' ? 'Revoke this invitation?' : 'Send this invitation again?'}
        confirmLabel={asking?.action === 'revoke' ? 'Revoke' : 'Resend'}
        danger={asking?.action === 'revoke'}
        onConfirm={() => asking && run(asking)}
        onCancel={() => setAsking(null)}
      >
        {asking?.action === 'revoke' ? (
          <p>{asking.invite.email ?? 'The reusable link'} will no longer be able to join with this invitation. You can invite them again later.</p>
        ) : (
          <p>{asking?.invite.email} gets the invitation email again. It counts against the organization’s daily invitation limit.</p>
        )}
      </ConfirmDialog>
    </div>
  );
}
