// A campaign's progress, live from the core's job.progress pushes: a progress bar, counts by status,
// the time left, why it paused or stopped and what to do, and the controls that fit its state.
import { useState, type ReactNode } from 'react';
import { OUTCOME_WORDS, type CampaignSummary } from '../../../../../shared/ipc';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Icon } from '../../../components/Icon';
import { useCampaignAction, type CampaignAction } from '../../../queries/invitations';
import { formatCount, formatDuration, OUTCOME_ORDER, outcomeTone, RETRYABLE, STATUS_LABELS, STATUS_TONES } from '../words';
import { plural } from '../../../../../shared/domain/plural';

export function CampaignProgress({ account, campaign }: { account: string; campaign: CampaignSummary }) {
  const { counts, total } = campaign;
  const left = counts.pending;
  // A cancelled campaign's unsent addresses are "Not sent": no longer pending, but not answered either.
  const answered = total - left - counts.not_attempted;
  const percent = total === 0 ? 100 : Math.floor((answered / total) * 100);
  const active = campaign.status === 'running' || campaign.status === 'paused';

  return (
    <section className="panel inv-campaign-progress" aria-label="Progress">
      <div className="inv-progress-head">
        <span className="tag inv-status-badge" data-tone={STATUS_TONES[campaign.status]}>
          {STATUS_LABELS[campaign.status]}
        </span>
        <span>
          {formatCount(answered)} of {plural(total, 'address', 'addresses')} answered
        </span>
        {/* Not in the count above: the campaign did not send them, but the report lists each (left out ones with why). */}
        {campaign.resent > 0 && <span className="muted">{plural(campaign.resent, 'pending invitation was', 'pending invitations were')} resent when composing</span>}
        {campaign.leftOut > 0 && <span className="muted">{plural(campaign.leftOut, 'more was', 'more were')} left out when composing (see the report)</span>}
        {campaign.status === 'running' && left > 0 && (
          <span className="muted">{campaign.etaSeconds === null ? 'Working out the time left…' : `${formatDuration(campaign.etaSeconds)} left`}</span>
        )}
      </div>
      <div
        className="inv-progress-bar"
        role="progressbar"
        aria-label="Addresses answered"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={answered}
        aria-valuetext={`${percent}%: ${formatCount(answered)} of ${formatCount(total)}`}
        data-status={campaign.status}
      >
        <div className="inv-progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <dl className="inv-outcome-counts">
        {OUTCOME_ORDER.filter((outcome) => counts[outcome] > 0 || outcome === 'invited').map((outcome) => (
          <div key={outcome} className="inv-outcome-count" data-tone={outcomeTone(outcome)}>
            <dt>{OUTCOME_WORDS[outcome]}</dt>
            <dd>{formatCount(counts[outcome])}</dd>
          </div>
        ))}
      </dl>
      <Explanation campaign={campaign} />
      {active && <Controls account={account} campaign={campaign} />}
    </section>
  );
}

/**
 * Why the campaign is where it is, and what the user can do: pauses and stops always say both. The
 * core's detail says it for this campaign (the server's words, the counts, when it tries again); the
 * screen's own words stand in when there is none (a journal from an older console, say).
 */
function Explanation({ campaign }: { campaign: CampaignSummary }) {
  const left = campaign.counts.pending;
  const leftWords = plural(left, 'address is', 'addresses are');
  const words = (fallback: string) => <p>{campaign.detail ?? fallback}</p>;
  if (campaign.status === 'paused' && campaign.pauseReason === 'daily_limit') {
    return (
      <Note tone="warning" title={`Paused: the organization’s daily invitation limit was reached. ${leftWords} left.`}>
        {words(
          'The server counts the invitations sent in the last 24 hours. Choose Resume once enough of them are 24 hours old, or ask whoever runs the server to raise the limit; nothing is sent twice.',
        )}
      </Note>
    );
  }
  if (campaign.status === 'paused' && campaign.pauseReason === 'network') {
    return (
      <Note tone="warning" title={`The server cannot be reached: retrying. ${leftWords} left.`}>
        {words('The campaign tries again by itself, waiting longer each time. Nothing is lost, and no address is sent twice.')}
      </Note>
    );
  }
  if (campaign.status === 'paused') {
    const resumeWords = 'Resume to send the rest. The campaign stays paused across a restart of the console.';
    // The core's detail of a pause by the user only repeats the title's count; any other pause (the disk) says why.
    return (
      <Note tone="info" title={`Paused. ${leftWords} left.`}>
        {campaign.pauseReason === 'user' ? <p>{resumeWords}</p> : words(resumeWords)}
      </Note>
    );
  }
  if (campaign.status === 'stopped') {
    return (
      <Note tone="danger" title={`Stopped. ${leftWords} left.`}>
        {words(
          'The server refused to send more invitations. If the organization’s licences are used up, free some (revoke pending invitations nobody needs) or ask its owner to add more, then choose Retry failed.',
        )}
      </Note>
    );
  }
  if (campaign.status === 'running' && campaign.detail) return <p className="muted">{campaign.detail}</p>;
  if (campaign.status === 'cancelled') {
    const unsent = left + campaign.counts.not_attempted;
    return <p className="muted">Cancelled.{unsent > 0 ? ` ${plural(unsent, 'address was', 'addresses were')} never sent.` : ''}</p>;
  }
  return null;
}

function Note({ tone, title, children }: { tone: 'info' | 'warning' | 'danger'; title: string; children: ReactNode }) {
  return (
    <div className="notice inv-campaign-note" data-tone={tone} role="status">
      <p className="inv-campaign-note-title">
        <Icon name={tone === 'info' ? 'info' : 'error'} />
        <strong>{title}</strong>
      </p>
      {children}
    </div>
  );
}

function Controls({ account, campaign }: { account: string; campaign: CampaignSummary }) {
  const action = useCampaignAction(account);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const run = (name: CampaignAction) => action.mutate({ action: name, campaignId: campaign.id });
  const busy = action.isPending;
  return (
    <div className="inv-campaign-controls">
      {campaign.status === 'running' ? (
        <button type="button" className="button" disabled={busy} onClick={() => run('pause')}>
          Pause
        </button>
      ) : (
        <button type="button" className="button button-primary" disabled={busy} onClick={() => run('resume')}>
          Resume
        </button>
      )}
      <button type="button" className="button" disabled={busy} onClick={() => setConfirmCancel(true)}>
        Cancel campaign…
      </button>
      <ConfirmDialog
        open={confirmCancel}
        title="Cancel this campaign?"
        confirmLabel="Cancel campaign"
        cancelLabel={campaign.status === 'running' ? 'Keep sending' : 'Keep the campaign'}
        danger
        onConfirm={() => {
          setConfirmCancel(false);
          run('cancel');
        }}
        onCancel={() => setConfirmCancel(false)}
      >
        <p>
          {plural(campaign.counts.pending, 'address has', 'addresses have')} not been sent yet, and will not be. Invitations already sent stay valid (revoke them
          under Pending invitations if you need to).
        </p>
      </ConfirmDialog>
    </div>
  );
}

/** How many addresses "Retry failed" would send again. */
export function retryableCount(campaign: CampaignSummary): number {
  return RETRYABLE.reduce((sum, outcome) => sum + campaign.counts[outcome], 0);
}

/**
 * Every address of the campaign, as its report's "All" counts them: those sent, the pending
 * invitations resent while composing, and the lines compose left out (a new owner compares the two).
 */
export function addressCount(campaign: CampaignSummary): number {
  return campaign.total + campaign.resent + campaign.leftOut;
}
