// The Users & roles screen: the users of the selected organization (search, filters, selection,
// detail, bulk role changes) and, in a second tab, the activity log of changes made from this console.
import { useEffect } from 'react';
import type { Account } from '../../../../shared/ipc';
import { NoAccount } from '../../components/NoAccount';
import { ActivityLog } from '../../components/ActivityLog';
import { TabPanel, Tabs, type Tab } from '../../components/Tabs';
import { useUsersUi, type UsersTab } from './users-ui';
import { UsersWorkspace } from './UsersWorkspace';
import '../../lists/list-screen.css';
import './users.css';

const TABS: Tab<UsersTab>[] = [
  { id: 'users', label: 'Users' },
  { id: 'activity', label: 'Activity log' },
];

export function UsersScreen({ account }: { account: Account | null }) {
  const forAccount = useUsersUi((state) => state.forAccount);
  const stateAccount = useUsersUi((state) => state.account);
  useEffect(() => {
    if (account) forAccount(account.id);
  }, [account, forAccount]);

  return (
    <section className="users-screen" aria-labelledby="screen-title">
      <div className="title-with-tabs list-title">
        <h1 id="screen-title">Users &amp; roles</h1>
        {account && <UsersTabs />}
      </div>
      {!account ? <NoAccount /> : stateAccount === account.id ? <UsersPanel account={account} /> : null}
    </section>
  );
}

function UsersTabs() {
  const tab = useUsersUi((state) => state.tab);
  const setTab = useUsersUi((state) => state.setTab);
  return <Tabs prefix="users" label="Users & roles" tabs={TABS} selected={tab} onSelect={setTab} />;
}

function UsersPanel({ account }: { account: Account }) {
  const tab = useUsersUi((state) => state.tab);
  return (
    <TabPanel prefix="users" selected={tab} className="list-panel">
      {tab === 'users' ? <UsersWorkspace account={account} /> : <ActivityLog account={account.id} realmName={account.realmName} />}
    </TabPanel>
  );
}
