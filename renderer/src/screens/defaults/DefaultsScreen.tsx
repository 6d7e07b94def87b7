// The Default settings screen: the settings every new member of the selected organization starts
// with (edited, reviewed and saved as one request), a comparison across every signed-in realm, and the
// activity log of changes made from this console.
import { useEffect } from 'react';
import type { Account } from '../../../../shared/ipc';
import { NoAccount } from '../../components/NoAccount';
import { QueryGate } from '../../components/QueryGate';
import type { DefaultsValues } from '../../../../shared/domain/defaults-edits';
import { useDefaults } from '../../queries/defaults';
import { useLeaveGuard } from '../../stores/ui';
import { ActivityLog } from '../../components/ActivityLog';
import { TabPanel, Tabs, type Tab } from '../../components/Tabs';
import { CompareView } from './CompareView';
import { DefaultsEditor } from './DefaultsEditor';
import { unsavedCount, unsavedSentence, useDefaultsUi, type DefaultsTab } from './defaults-ui';
import './defaults.css';

const TABS: Tab<DefaultsTab>[] = [
  { id: 'settings', label: 'Settings' },
  { id: 'compare', label: 'Compare realms' },
  { id: 'activity', label: 'Activity log' },
];

export function DefaultsScreen({ account }: { account: Account | null }) {
  const forAccount = useDefaultsUi((state) => state.forAccount);
  const stateAccount = useDefaultsUi((state) => state.account);
  useEffect(() => {
    if (account) forAccount(account.id);
  }, [account, forAccount]);
  useEffect(() => () => useDefaultsUi.getState().discard(), []);

  return (
    <section className="defaults-screen" aria-labelledby="screen-title">
      <div className="title-with-tabs">
        <h1 id="screen-title">Default settings</h1>
        {account && <DefaultsTabs />}
      </div>
      {!account ? <NoAccount /> : stateAccount === account.id ? <DefaultsPanel account={account} /> : null}
    </section>
  );
}

function DefaultsTabs() {
  const tab = useDefaultsUi((state) => state.tab);
  const setTab = useDefaultsUi((state) => state.setTab);
  return <Tabs prefix="defaults" label="Default settings" tabs={TABS} selected={tab} onSelect={setTab} />;
}

function DefaultsPanel({ account }: { account: Account }) {
  const tab = useDefaultsUi((state) => state.tab);
  const defaults = useDefaults(account.id);
  // Leaving with unsaved edits asks first (from any tab); once the user agrees, the edits are dropped
  // with the screen. Edits the server has come to match are no change.
  const server = defaults.data?.values as DefaultsValues | undefined;
  const unsaved = useDefaultsUi((state) => unsavedSentence(state, account.realmName, server));
  const unsavedEdits = useDefaultsUi((state) => unsavedCount(state, server));
  useLeaveGuard(unsaved, unsavedEdits);
  return (
    <TabPanel prefix="defaults" selected={tab} className="defaults-panel">
      {tab === 'settings' && (
        <QueryGate query={defaults} loading={`Loading the default settings of ${account.realmName}`} failure={`Could not load the default settings of ${account.realmName}`}>
          {(view) => <DefaultsEditor view={view} />}
        </QueryGate>
      )}
      {tab === 'compare' && <CompareView account={account} />}
      {tab === 'activity' && (
        <ActivityLog
          account={account.id}
          realmName={account.realmName}
          kind="defaults"
          intro={`Every change made from this console to ${account.realmName}, kept on this computer, newest first. Shown first: the default settings (“Kind of change” shows the others).`}
        />
      )}
    </TabPanel>
  );
}
