// One campaign: what it was sent with, its live progress and its report.
import type { Campaign } from '../../../../../shared/ipc';
import { ROLE_NAMES } from '../../../../../shared/domain/role-rules';
import { errorWords } from '../../../errors/words';
import { useCampaign } from '../../../queries/invitations';
import { formatExpiry, formatWhen } from '../words';
import { CampaignProgress } from './CampaignProgress';
import { CampaignReport } from './CampaignReport';
import './campaign.css';

export function CampaignView({ account, campaignId, onBack }: { account: string; campaignId: string; onBack(): void }) {
  const campaign = useCampaign(account, campaignId);
  return (
    <div className="inv-campaign-view">
      <button type="button" className="link-button inv-back-link" onClick={onBack}>
        ← All campaigns
      </button>
      {campaign.isPending ? (
        <p className="muted" aria-busy="true">
          Loading the campaign…
        </p>
      ) : campaign.isError ? (
        <div className="notice" role="alert">
          <p>Could not load the campaign: {errorWords(campaign.error).message}</p>
          <button type="button" className="button" onClick={() => void campaign.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <>
          <CampaignHeading campaign={campaign.data} />
          <CampaignProgress account={account} campaign={campaign.data} />
          <CampaignReport account={account} campaign={campaign.data} />
        </>
      )}
    </div>
  );
}

function CampaignHeading({ campaign }: { campaign: Campaign }) {
  const { options } = campaign;
  return (
    <header className="inv-campaign-heading">
      <h2>Campaign of {formatWhen(campaign.createdAt)}</h2>
      <p className="muted">
        As {ROLE_NAMES[options.invite_as].toLowerCase()} · {formatExpiry(options.invite_expires_in_minutes).replace(/^(\d)/, 'valid for $1')} ·{' '}
        {options.include_realm_default_subscriptions ? 'default channels' : 'no default channels'}
        {options.stream_ids.length > 0 && ` + ${options.stream_ids.length} more`} · {campaign.batchSize} per request
        {campaign.finishedAt !== null && ` · ended ${formatWhen(campaign.finishedAt)}`}
      </p>
    </header>
  );
}
