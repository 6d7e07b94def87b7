// The Channels & folders screen: the channels of the selected organization (search, filters, the
// editor, creating one) and, in a second tab, the activity log of changes to channels made from this
// console, one channel's or all of them. Folders and subscribers join it as tabs of their own.
import { useEffect } from 'react';
import type { Account } from '../../../../shared/ipc';
import { NoAccount } from '../../components/NoAccount';
import { Tabs } from '../../components/Tabs';
import { ChannelActivity } from './ChannelActivity';
import { ChannelsWorkspace } from './ChannelsWorkspace';
import { useChannelsUi, type ChannelsTab } from './channels-ui';
import '../users/users.css';
import './channels.css';

const TABS: { id: ChannelsTab; label: string }[] = [
  { id: 'channels', label: 'Channels' },
  { id: 'activity', label: 'Activity log' },
];

export function ChannelsScreen({ account }: { account: Account | null }) {
  const forAccount = useChannelsUi((state) => state.forAccount);
  const stateAccount = useChannelsUi((state) => state.account);
  useEffect(() => {
    if (account) forAccount(account.id);
  }, [account, forAccount]);

  return (
    <section className="channels-screen" aria-labelledby="screen-title">
      <div className="users-title">
        <h1 id="screen-title">Channels &amp; folders</h1>
        {account && <ChannelsTabs />}
      </div>
      {!account ? <NoAccount /> : stateAccount === account.id ? <TabPanel account={account} /> : null}
    </section>
  );
}

function ChannelsTabs() {
  const tab = useChannelsUi((state) => state.tab);
  const setTab = useChannelsUi((state) => state.setTab);
  return <Tabs label="Channels & folders" idPrefix="channels" tabs={TABS} selected={tab} onSelect={setTab} />;
}

function TabPanel({ account }: { account: Account }) {
  const tab = useChannelsUi((state) => state.tab);
  return (
    <div className="users-panel" role="tabpanel" id={`channels-panel-${tab}`} aria-labelledby={`channels-tab-${tab}`}>
      {tab === 'channels' ? <ChannelsWorkspace account={account} /> : <ChannelActivity account={account} />}
    </div>
  );
}
