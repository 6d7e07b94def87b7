// The frame every screen lives in: sidebar, the open screen, and a status line.
import { useEffect } from 'react';
import { SCREENS } from '../screens/catalogue';
import { NotBuiltYet } from '../screens/NotBuiltYet';
import { useUi } from '../stores/ui';
import { Sidebar } from './Sidebar';
import { StatusLine } from './StatusLine';

export function AppShell() {
  const screenId = useUi((state) => state.screen);
  const theme = useUi((state) => state.theme);
  const screen = SCREENS.find((candidate) => candidate.id === screenId) ?? SCREENS[0];

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  return (
    <div className="shell">
      <Sidebar />
      <main className="screen" aria-labelledby="screen-title">
        <NotBuiltYet screen={screen} />
      </main>
      <StatusLine />
    </div>
  );
}
