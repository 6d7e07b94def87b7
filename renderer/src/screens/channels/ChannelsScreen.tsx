// The Channels & folders screen, in tabs: the channels of the selected organization (search, filters,
// the editor with subscribers, creating one, moving many into a folder), the permission matrix (many
// channels' settings at once), the organization's channel folders, and the activity log of changes to
// channels made from this console, one channel's or all of them.
import { useEffect } from 'react';
import type { Account } from '../../../../shared/ipc';
import { NoAccount } from '../../components/NoAccount';
import { useUi } from '../../stores/ui';
import { TabPanel, Tabs, type Tab } from '../../components/Tabs';
import { ChannelActivity } from './ChannelActivity';
import { ChannelsWorkspace } from './ChannelsWorkspace';
import { FoldersPanel } from './folders/FoldersPanel';
import { useChannelsUi, type ChannelsTab } from './channels-ui';
import { MatrixTab } from './matrix/MatrixTab';
import '../../lists/list-screen.css';
import './channels.css';

const TABS: Tab<ChannelsTab>[] = [
  { id: 'channels', label: 'Channels' },
  { id: 'matrix', label: 'Permission matrix' },
  { id: 'folders', label: 'Folders' },
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
      <div className="title-with-tabs list-title">
        <h1 id="screen-title">Channels &amp; folders</h1>
        {account && <ChannelsTabs />}
      </div>
      {!account ? <NoAccount /> : stateAccount === account.id ? <ChannelsPanel account={account} /> : null}
    </section>
  );
}

function ChannelsTabs() {
  const tab = useChannelsUi((state) => state.tab);
  const setTab = useChannelsUi((state) => state.setTab);
  // Another tab replaces the open one, and with it an unsaved edit there: asked first.
  const leaveThen = useUi((state) => state.leaveThen);
  return <Tabs prefix="channels" label="Channels & folders" tabs={TABS} selected={tab} onSelect={(next) => next !== tab && leaveThen(() => setTab(next))} />;
}

function ChannelsPanel({ account }: { account: Account }) {
  const tab = useChannelsUi((state) => state.tab);
  return (
    <TabPanel prefix="channels" selected={tab} className="list-panel">
      {tab === 'channels' && <ChannelsWorkspace account={account} />}
      {tab === 'matrix' && <MatrixTab account={account} />}
      {tab === 'folders' && <FoldersPanel account={account} />}
      {tab === 'activity' && <ChannelActivity account={account} />}
    </TabPanel>
  );
}
