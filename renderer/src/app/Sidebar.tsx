// The realm switcher with the selected account's live status, then screen navigation. Arrow keys
// move between entries, Home and End jump to the ends.
import { useRef, type KeyboardEvent } from 'react';
import { useSelectedAccount } from '../queries/accounts';
import { SCREENS } from '../screens/catalogue';
import { useUi } from '../stores/ui';
import { LiveStatus } from './LiveStatus';
import { RealmSwitcher } from './RealmSwitcher';
import { ThemeSwitch } from './ThemeSwitch';

export function Sidebar() {
  const account = useSelectedAccount();
  const current = useUi((state) => state.screen);
  const openScreen = useUi((state) => state.openScreen);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = SCREENS.length - 1;
    const target = { ArrowDown: index === last ? 0 : index + 1, ArrowUp: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    buttons.current[target]?.focus();
  };

  return (
    <aside className="sidebar">
      <div className="brand">Realm Console</div>
      <RealmSwitcher />
      {account && <LiveStatus key={account.id} account={account.id} />}
      <nav aria-label="Screens">
        <ul>
          {SCREENS.map((screen, index) => (
            <li key={screen.id}>
              <button
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                type="button"
                className="nav-item"
                aria-current={screen.id === current ? 'page' : undefined}
                onClick={() => openScreen(screen.id)}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                {screen.title}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <ThemeSwitch />
    </aside>
  );
}
