// The campaigns sent to this organization, newest first (kept by the core, per realm), each with
// where it stands; one opens its progress and report.
import type { CampaignSummary } from '../../../../../shared/ipc';
import { errorWords } from '../../../errors/words';
import { useCampaigns } from '../../../queries/invitations';
import { plural } from '../../../../../shared/domain/plural';
import { formatWhenToTheSecond } from '../../../../../shared/domain/when';
import { formatCount, formatWhen, STATUS_LABELS, STATUS_TONES } from '../words';
import { addressCount } from './CampaignProgress';
import '../../../components/data-table.css';

export function CampaignHistory({ account, onOpen, onCompose }: { account: string; onOpen(id: string): void; onCompose(): void }) {
  const campaigns = useCampaigns(account);
  if (campaigns.isPending) return <p className="muted">Loading the campaigns…</p>;
  if (campaigns.isError) {
    const words = errorWords(campaigns.error);
    return (
      <div className="notice" role="alert">
        <p>Could not load the campaigns: {words.message}</p>
        {words.action && <p className="muted">{words.action}</p>}
        <button type="button" className="button" onClick={() => void campaigns.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (campaigns.data.length === 0) {
    return (
      <div className="empty-state inv-empty-state">
        <p>No campaign has been sent to this organization from this computer yet.</p>
        <button type="button" className="button button-primary" onClick={onCompose}>
          Start a campaign
        </button>
      </div>
    );
  }
  // Two campaigns started in the same minute are told apart by their seconds, on screen and in the
  // names of their Open buttons.
  const minutes = new Map<string, number>();
  for (const campaign of campaigns.data) minutes.set(formatWhen(campaign.createdAt), (minutes.get(formatWhen(campaign.createdAt)) ?? 0) + 1);
  const started = (at: number) => ((minutes.get(formatWhen(at)) ?? 0) > 1 ? formatWhenToTheSecond(at) : formatWhen(at));
  return (
    <div className="panel table-scroll">
      <table className="data-table campaign-table">
        <caption className="visually-hidden">Campaigns, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Started</th>
            <th scope="col">Status</th>
            <th scope="col" className="inv-numeric">
              Addresses
            </th>
            <th scope="col" className="inv-numeric">
              Invited
            </th>
            <th scope="col" className="inv-numeric">
              Left out
            </th>
            <th scope="col" className="inv-numeric">
              Not invited
            </th>
            {/* A paused or stopped campaign's numbers alone look finished: what it still has to send. */}
            <th scope="col" className="inv-numeric">
              To send
            </th>
            <th scope="col">
              <span className="visually-hidden">Open</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {campaigns.data.map((campaign) => (
            <tr key={campaign.id}>
              <td>{started(campaign.createdAt)}</td>
              <td>
                <span className="tag inv-status-badge" data-tone={STATUS_TONES[campaign.status]}>
                  {STATUS_LABELS[campaign.status]}
                </span>
                {campaign.status === 'running' && campaign.total > 0 && <span className="muted"> {progressPercent(campaign)}%</span>}
              </td>
              <td className="inv-numeric">{formatCount(addressCount(campaign))}</td>
              <td className="inv-numeric">{formatCount(campaign.counts.invited)}</td>
              <td className="inv-numeric">{formatCount(campaign.leftOut)}</td>
              <td className="inv-numeric">{formatCount(notInvited(campaign))}</td>
              <td className="inv-numeric">{formatCount(campaign.counts.pending)}</td>
              <td>
                <button
                  type="button"
                  className="button button-small"
                  onClick={() => onOpen(campaign.id)}
                  aria-label={`Open the campaign of ${started(campaign.createdAt)}, ${plural(addressCount(campaign), 'address', 'addresses')}`}
                >
                  Open
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function progressPercent(campaign: CampaignSummary): number {
  return Math.floor(((campaign.total - campaign.counts.pending) / campaign.total) * 100);
}


/** Answered, but not with an invitation. */
function notInvited(campaign: CampaignSummary): number {
  return campaign.total - campaign.counts.invited - campaign.counts.pending;
}
