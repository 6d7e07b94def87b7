// The frame every screen lives in: sidebar (realm switcher, live status, screens), the open screen
// from the routing table (screens/catalogue.ts) under the banner that says when its data is not live,
// and a status line.
import { useSelectedAccount } from '../queries/accounts';
import { screenById } from '../screens/catalogue';
import { useUi } from '../stores/ui';
import { LeaveConfirm } from './LeaveConfirm';
import { NotLiveBanner } from './NotLiveBanner';
import { Sidebar } from './Sidebar';
import { StatusLine } from './StatusLine';

export function AppShell() {
  const screen = screenById(useUi((state) => state.screen));
  const account = useSelectedAccount();
  const Screen = screen.component;

  return (
    <div className="shell">
      <Sidebar />
      <main className="screen" aria-labelledby="screen-title">
        {/* Keyed by the organization so that switching starts both afresh; the prefixes keep the two
            siblings' keys apart. */}
        {account && <NotLiveBanner key={`banner-${account.id}`} account={account} />}
        <Screen key={`screen-${account?.id ?? 'none'}`} account={account} />
      </main>
      <StatusLine />
      <LeaveConfirm />
    </div>
  );
}
