// "Resend all": the addresses of a new campaign that already have a pending invitation get it again,
// one request each (upstream has no bulk resend), with progress, after a confirmation that says what
// it costs against the daily limit. A refusal stops it and says how far it got, in the server's words.
// Those resent are told to `onResent`, so the campaign's report lists them as resent.
import { useState } from 'react';
import type { CheckedAddress } from '../../../../../shared/ipc';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorWords } from '../../../errors/words';
import { useResendMany } from '../../../queries/invitations';
import { toast } from '../../../stores/toasts';
import { formatCount } from '../words';
import { plural } from '../../../../../shared/domain/plural';

export function ResendAll({ account, invited, onResent }: { account: string; invited: readonly CheckedAddress[]; onResent(inviteIds: number[]): void }) {
  const [asking, setAsking] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const resend = useResendMany(account, (done, total) => setProgress({ done, total }));
  const targets = invited.flatMap((address) => (address.invite ? [{ id: address.invite.id, email: address.email }] : []));

  const run = () => {
    setAsking(false);
    resend.mutate(targets, {
      onSuccess: ({ resent, failed }) => {
        // One after another, in order: the first `resent` went out.
        onResent(targets.slice(0, resent).map((target) => target.id));
        if (!failed) {
          toast({ kind: 'success', title: `${plural(resent, 'invitation was', 'invitations were')} sent again.` });
          return;
        }
        const words = errorWords(failed.error);
        toast({
          kind: 'error',
          title: `${plural(resent, 'invitation was', 'invitations were')} sent again; the server refused to resend the one to ${failed.email}: ${words.message}`,
          action: words.action ?? 'The rest were not resent. Resend them later, one by one or all at once.',
        });
      },
      onSettled: () => setProgress(null),
    });
  };

  return (
    <div className="inv-resend-all">
      <button type="button" className="button" disabled={resend.isPending || targets.length === 0} aria-busy={resend.isPending || undefined} onClick={() => setAsking(true)}>
        {resend.isPending && progress ? `Resending ${formatCount(Math.min(progress.done + 1, progress.total))} of ${formatCount(progress.total)}…` : `Resend all ${formatCount(targets.length)} pending invitations…`}
      </button>
      <ConfirmDialog open={asking} title={`Resend ${plural(targets.length, 'invitation', 'invitations')}?`} confirmLabel="Resend all" onConfirm={run} onCancel={() => setAsking(false)}>
        <p>
          Each of these {formatCount(targets.length)} people gets their invitation email again. That counts {formatCount(targets.length)} against the organization’s daily
          invitation limit.
        </p>
      </ConfirmDialog>
    </div>
  );
}
