// The Invitations screen: a new campaign, the campaigns sent (their progress and reports), and the
// pending invitations. Tabs follow the ARIA tabs pattern: arrow keys move between them.
import { useRef, type KeyboardEvent } from 'react';
import type { Account } from '../../../../shared/ipc';
import { NoAccount } from '../../components/NoAccount';
import { useCampaigns, usePendingInvites } from '../../queries/invitations';
import { CampaignHistory } from './campaign/CampaignHistory';
import { CampaignView } from './campaign/CampaignView';
import { ComposeView } from './compose/ComposeView';
import { useInvitationsUi, type InvitationsTab } from './invitations-ui';
import { PendingInvitations } from './pending/PendingInvitations';
import './invitations.css';

export function InvitationsScreen({ account }: { account: Account | null }) {
  return (
    <section className="invitations" aria-labelledby="screen-title">
      <h1 id="screen-title">Invitations</h1>
      {account ? <InvitationsOf account={account} /> : <NoAccount />}
    </section>
  );
}

const TABS: { id: InvitationsTab; label: string }[] = [
  { id: 'compose', label: 'New campaign' },
  { id: 'campaigns', label: 'Campaigns' },
  { id: 'pending', label: 'Pending invitations' },
];

function InvitationsOf({ account }: { account: Account }) {
  const ui = useInvitationsUi(account.id);
  const pending = usePendingInvites(account.id);
  const campaigns = useCampaigns(account.id);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const running = campaigns.data?.filter((campaign) => campaign.status === 'running').length ?? 0;

  const badge = (tab: InvitationsTab) => {
    if (tab === 'pending' && pending.data) return pending.data.length;
    if (tab === 'campaigns' && running > 0) return `${running} sending`;
    return null;
  };

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = TABS.length - 1;
    const target = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const tab = TABS[target];
    if (!tab) return;
    ui.openTab(tab.id);
    tabs.current[target]?.focus();
  };

  return (
    <>
      <div className="inv-tabs" role="tablist" aria-label="Invitations">
        {TABS.map((tab, index) => {
          const count = badge(tab.id);
          return (
            <button
              key={tab.id}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`invitations-tab-${tab.id}`}
              aria-selected={ui.tab === tab.id}
              aria-controls={`invitations-panel-${tab.id}`}
              tabIndex={ui.tab === tab.id ? 0 : -1}
              className="inv-tab"
              onClick={() => (tab.id === 'campaigns' ? ui.openCampaign(null) : ui.openTab(tab.id))}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.label}
              {count !== null && <span className="inv-tab-badge">{count}</span>}
            </button>
          );
        })}
      </div>
      <div className="inv-tab-panel" role="tabpanel" id={`invitations-panel-${ui.tab}`} aria-labelledby={`invitations-tab-${ui.tab}`}>
        {ui.tab === 'compose' && <ComposeView account={account} />}
        {ui.tab === 'campaigns' &&
          (ui.campaignId ? (
            <CampaignView key={ui.campaignId} account={account.id} campaignId={ui.campaignId} onBack={() => ui.openCampaign(null)} />
          ) : (
            <CampaignHistory account={account.id} onOpen={ui.openCampaign} onCompose={() => ui.openTab('compose')} />
          ))}
        {ui.tab === 'pending' && <PendingInvitations account={account.id} />}
      </div>
    </>
  );
}
