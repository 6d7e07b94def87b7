// The Default settings screen: the settings every new member of the selected organization starts
// with (edited, reviewed and saved as one request), a comparison across every signed-in realm, and the
// activity log of changes made from this console.
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { Account } from '../../../../shared/ipc';
import { NoAccount } from '../../components/NoAccount';
import { QueryGate } from '../../components/QueryGate';
import { useDefaults } from '../../queries/defaults';
import { useLeaveGuard } from '../../stores/ui';
import { ActivityLog } from '../../components/ActivityLog';
import { CompareView } from './CompareView';
import { DefaultsEditor } from './DefaultsEditor';
import { unsavedSentence, useDefaultsUi, type DefaultsTab } from './defaults-ui';
import './defaults.css';

const TABS: { id: DefaultsTab; label: string }[] = [
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
  // Leaving with unsaved edits asks first; once the user agrees, the edits are dropped with the screen.
  const unsaved = useDefaultsUi((state) => (account && state.account === account.id ? unsavedSentence(state, account.realmName) : null));
  useLeaveGuard(unsaved);
  useEffect(() => () => useDefaultsUi.getState().discard(), []);

  return (
    <section className="defaults-screen" aria-labelledby="screen-title">
      <div className="defaults-title">
        <h1 id="screen-title">Default settings</h1>
        {account && <Tabs />}
      </div>
      {!account ? <NoAccount /> : stateAccount === account.id ? <TabPanel account={account} /> : null}
    </section>
  );
}

function Tabs() {
  const tab = useDefaultsUi((state) => state.tab);
  const setTab = useDefaultsUi((state) => state.setTab);
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
    <div className="tabs" role="tablist" aria-label="Default settings">
      {TABS.map((entry, index) => (
        <button
          key={entry.id}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          id={`defaults-tab-${entry.id}`}
          type="button"
          role="tab"
          className="tab"
          aria-selected={tab === entry.id}
          aria-controls={`defaults-panel-${entry.id}`}
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
  const tab = useDefaultsUi((state) => state.tab);
  const defaults = useDefaults(account.id);
  return (
    <div className="defaults-panel" role="tabpanel" id={`defaults-panel-${tab}`} aria-labelledby={`defaults-tab-${tab}`}>
      {tab === 'settings' && (
        <QueryGate query={defaults} loading={`Loading the default settings of ${account.realmName}`} failure={`Could not load the default settings of ${account.realmName}`}>
          {(view) => <DefaultsEditor view={view} />}
        </QueryGate>
      )}
      {tab === 'compare' && <CompareView account={account} />}
      {tab === 'activity' && <ActivityLog account={account.id} realmName={account.realmName} />}
    </div>
  );
}
