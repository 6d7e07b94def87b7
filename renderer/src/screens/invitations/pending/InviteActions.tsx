// Resending and revoking one pending invitation, wherever it is offered (the pending list, and the
// check of a new campaign for an address already invited): a confirmation that names the address,
// then the call, then a toast in the server's words. An invitation that stops being pending while
// its confirmation is open (revoked or accepted elsewhere) closes it and says so.
import { useEffect, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorWords } from '../../../errors/words';
import { usePendingAction } from '../../../queries/invitations';
import { toast } from '../../../stores/toasts';

export type InviteAction = 'revoke' | 'resend';

/** The invitation an action is about: its ID, and its address (null for a reusable link). */
export interface InviteTarget {
  id: number;
  email: string | null;
}

interface Asking {
  action: InviteAction;
  invite: InviteTarget;
}

/** `onDone`: after the server did it (the compose check records a resend for the campaign's report). */
export function useInviteActions(
  account: string,
  stillPending: (inviteId: number) => boolean,
  onDone?: (action: InviteAction, invite: InviteTarget) => void,
): { ask(action: InviteAction, invite: InviteTarget): void; busy: boolean; dialog: ReactNode } {
  const mutation = usePendingAction(account);
  const [asking, setAsking] = useState<Asking | null>(null);
  // Gone while asked about: the question closes (an invitation's ID never comes back).
  const gone = asking !== null && !stillPending(asking.invite.id);

  useEffect(() => {
    if (gone && asking) toast({ kind: 'info', title: `The invitation to ${who(asking.invite)} is no longer pending: it was revoked or accepted elsewhere. Nothing was changed.` });
  }, [gone, asking]);

  const run = ({ action, invite }: Asking) => {
    setAsking(null);
    mutation.mutate(
      { action, inviteId: invite.id },
      {
        onSuccess: () => {
          onDone?.(action, invite);
          toast({ kind: 'success', title: action === 'revoke' ? `The invitation to ${who(invite)} was revoked.` : `The invitation to ${who(invite)} was sent again.` });
        },
        onError: (error) => {
          const words = errorWords(error);
          toast({ kind: 'error', title: `Could not ${action} the invitation to ${who(invite)}: ${words.message}`, ...(words.action ? { action: words.action } : {}) });
        },
      },
    );
  };

  const dialog = (
    <ConfirmDialog
      open={asking !== null && !gone}
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
  );

  return { ask: (action, invite) => setAsking({ action, invite }), busy: mutation.isPending, dialog };
}

function who(invite: InviteTarget): string {
  return invite.email ?? 'the reusable link';
}
