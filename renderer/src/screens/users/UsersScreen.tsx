// The Users & roles screen: the users of the selected organization (search, filters, selection,
// detail, bulk role changes) and, in a second tab, the activity log of changes made from this console.
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { Account } from '../../../../shared/ipc';
import { NoAccount } from '../../components/NoAccount';
import { ActivityLog } from '../../components/ActivityLog';
import { useUsersUi, type UsersTab } from './users-ui';
import { UsersWorkspace } from './UsersWorkspace';
import './users.css';

const TABS: { id: UsersTab; label: string }[] = [
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
      <div className="users-title">
        <h1 id="screen-title">Users &amp; roles</h1>
        {account && <Tabs />}
      </div>
      {!account ? <NoAccount /> : stateAccount === account.id ? <TabPanel account={account} /> : null}
    </section>
  );
}

function Tabs() {
  const tab = useUsersUi((state) => state.tab);
  const setTab = useUsersUi((state) => state.setTab);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = (next + TABS.length) % TABS.length;
    const entry = TABS[target];
    if (!entry) return;
    setTab(entry.id);
    buttons.current[target]?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label="Users & roles">
      {TABS.map((entry, index) => (
        <button
          key={entry.id}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          id={`users-tab-${entry.id}`}
          type="button"
          role="tab"
          className="tab"
          aria-selected={tab === entry.id}
          aria-controls={`users-panel-${entry.id}`}
          tabIndex={tab === entry.id ? 0 : -1}
          onClick={() => setTab(entry.id)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {entry.label}
        </button>
      ))}
    </div>
  );
}

function TabPanel({ account }: { account: Account }) {
  const tab = useUsersUi((state) => state.tab);
  return (
    <div className="users-panel" role="tabpanel" id={`users-panel-${tab}`} aria-labelledby={`users-tab-${tab}`}>
      {tab === 'users' ? <UsersWorkspace account={account} /> : <ActivityLog account={account.id} realmName={account.realmName} />}
    </div>
  );
}
