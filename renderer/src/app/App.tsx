// The root: react-query, the one push subscription, the theme, and which page to show: the Connect
// screen when the console is signed in nowhere (or "Add an organization…" was chosen), else the shell.
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { installFocusKeeper } from '../components/focus-return';
import { useAccounts } from '../queries/accounts';
import { createQueryClient } from '../queries/client';
import { usePushes } from '../queries/pushes';
import { ConnectScreen } from '../screens/connect/ConnectScreen';
import { useUi } from '../stores/ui';
import { AppShell } from './AppShell';
import { Toasts } from './Toasts';

export function App() {
  const [queryClient] = useState(createQueryClient);
  // Once for the page: a control removed or disabled while focused hands the focus on (docs/style.md).
  useEffect(installFocusKeeper, []);
  return (
    <QueryClientProvider client={queryClient}>
      <Root />
      <Toasts />
    </QueryClientProvider>
  );
}

function Root() {
  usePushes();
  const theme = useUi((state) => state.theme);
  const connectOpen = useUi((state) => state.connectOpen);
  const accounts = useAccounts();

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  if (accounts.isPending) {
    return (
      <p className="loading-page" aria-busy="true">
        Loading your organizations…
      </p>
    );
  }
  // Without a core (accounts failed to load), the shell still opens and says why it is empty.
  const signedInNowhere = accounts.isSuccess && accounts.data.length === 0;
  if (signedInNowhere || connectOpen) return <ConnectScreen />;
  return <AppShell />;
}
