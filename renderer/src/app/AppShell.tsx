// The frame every screen lives in: sidebar (realm switcher, live status, screens), the open screen,
// and a status line.
import { useSelectedAccount } from '../queries/accounts';
import { SCREENS } from '../screens/catalogue';
import { DefaultsScreen } from '../screens/defaults/DefaultsScreen';
import { InvitationsScreen } from '../screens/invitations/InvitationsScreen';
import { ModerationScreen } from '../screens/moderation/ModerationScreen';
import { NotBuiltYet } from '../screens/NotBuiltYet';
import { OverviewScreen } from '../screens/overview/OverviewScreen';
import { UsersScreen } from '../screens/users/UsersScreen';
import { useUi } from '../stores/ui';
import { Sidebar } from './Sidebar';
import { StatusLine } from './StatusLine';

export function AppShell() {
  const screenId = useUi((state) => state.screen);
  const account = useSelectedAccount();
  const screen = SCREENS.find((candidate) => candidate.id === screenId) ?? SCREENS[0];

  return (
    <div className="shell">
      <Sidebar />
      <main className="screen" aria-labelledby="screen-title">
        {screen.id === 'overview' ? <OverviewScreen key={account?.id} account={account} /> : screen.id === 'moderation' ? (
          <ModerationScreen key={account?.id} account={account} />
        ) : screen.id === 'users' ? (
          <UsersScreen key={account?.id} account={account} />
        ) : screen.id === 'invitations' ? (
          <InvitationsScreen key={account?.id} account={account} />
        ) : screen.id === 'defaults' ? (
          <DefaultsScreen key={account?.id} account={account} />
        ) : (
          <NotBuiltYet screen={screen} />
        )}
      </main>
      <StatusLine />
    </div>
  );
}
