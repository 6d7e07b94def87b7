// The Invitations screen: a new campaign, the campaigns sent (their progress and reports), and the
// pending invitations, each in a tab.
import type { Account } from '../../../../shared/ipc';
import { NoAccount } from '../../components/NoAccount';
import { TabPanel, Tabs, type Tab } from '../../components/Tabs';
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
      <div className="title-with-tabs inv-title">
        <h1 id="screen-title">Invitations</h1>
        {account && <InvitationsTabs account={account} />}
      </div>
      {account ? <InvitationsPanel account={account} /> : <NoAccount />}
    </section>
  );
}

const TABS: Tab<InvitationsTab>[] = [
  { id: 'compose', label: 'New campaign' },
  { id: 'campaigns', label: 'Campaigns' },
  { id: 'pending', label: 'Pending invitations' },
];

function InvitationsTabs({ account }: { account: Account }) {
  const ui = useInvitationsUi(account.id);
  const pending = usePendingInvites(account.id);
  const campaigns = useCampaigns(account.id);
  const running = campaigns.data?.filter((campaign) => campaign.status === 'running').length ?? 0;
  const badge = (tab: InvitationsTab) => {
    if (tab === 'pending' && pending.data) return pending.data.length;
    if (tab === 'campaigns' && running > 0) return `${running} sending`;
    return null;
  };
  return (
    <Tabs
      prefix="invitations"
      label="Invitations"
      tabs={TABS.map((tab) => ({ ...tab, badge: badge(tab.id) }))}
      selected={ui.tab}
      // A click on Campaigns goes back to the list of campaigns, also from an open one.
      onSelect={(tab, via) => (tab === 'campaigns' && via === 'click' ? ui.openCampaign(null) : ui.openTab(tab))}
    />
  );
}

function InvitationsPanel({ account }: { account: Account }) {
  const ui = useInvitationsUi(account.id);
  return (
    <TabPanel prefix="invitations" selected={ui.tab} className="inv-tab-panel">
      {ui.tab === 'compose' && <ComposeView account={account} />}
      {ui.tab === 'campaigns' &&
        (ui.campaignId ? (
          <CampaignView key={ui.campaignId} account={account.id} campaignId={ui.campaignId} onBack={() => ui.openCampaign(null)} />
        ) : (
          <CampaignHistory account={account.id} onOpen={ui.openCampaign} onCompose={() => ui.openTab('compose')} />
        ))}
      {ui.tab === 'pending' && <PendingInvitations account={account} />}
    </TabPanel>
  );
}
