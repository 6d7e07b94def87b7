// The Connect screen: shown when the console is signed in nowhere, and from "Add an organization…".
// Three ways to sign in, chosen with a segmented control (radio buttons: arrow keys move between them).
import { useEffect, useState } from 'react';
import { ThemeSwitch } from '../../app/ThemeSwitch';
import { NetworkDialog } from '../../network/NetworkDialog';
import { useSelectedAccount } from '../../queries/accounts';
import { useUi } from '../../stores/ui';
import { ApiKeyForm } from './ApiKeyForm';
import { PasswordForm } from './PasswordForm';
import type { Draft } from './draft';
import type { SignInMethod } from './sign-in-problems';
import { ZuliprcForm } from './ZuliprcForm';
import './connect.css';

const METHODS: { id: SignInMethod; label: string }[] = [
  { id: 'password', label: 'Email and password' },
  { id: 'apiKey', label: 'Email and API key' },
  { id: 'zuliprc', label: 'Import zuliprc' },
];

export function ConnectScreen() {
  const [method, setMethod] = useState<SignInMethod>('password');
  // The address and email typed so far, so switching between methods does not lose them (never the password or key).
  const [draft, setDraft] = useState<Draft>({ realmUrl: '', email: '' });
  const keep = (field: keyof Draft, value: string) => setDraft((previous) => ({ ...previous, [field]: value }));
  const current = useSelectedAccount();
  const closeConnect = useUi((state) => state.closeConnect);
  // Opened from "Add an organization…" (rather than shown because the console is signed in nowhere).
  const canGoBack = useUi((state) => state.connectOpen);
  // Behind a proxy, the first sign-in needs the network settings first.
  const [networkOpen, setNetworkOpen] = useState(false);

  // Escape goes back to where "Add an organization…" was chosen.
  useEffect(() => {
    if (!canGoBack) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && !document.querySelector('dialog[open]')) closeConnect();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [canGoBack, closeConnect]);

  return (
    <main className="connect" aria-labelledby="connect-title">
      <div className="connect-card">
        {canGoBack && (
          <button type="button" className="link-button connect-back" onClick={closeConnect}>
            ← Back{current ? ` to ${current.realmName}` : ''}
          </button>
        )}
        <h1 id="connect-title">{current ? 'Add an organization' : 'Connect to your organization'}</h1>
        <p className="connect-intro">
          Sign in as an owner, administrator or moderator of an organization on a team-chat server: owners and administrators
          manage it, moderators review reported messages. Realm Console keeps the API key on this computer, encrypted, and never
          shows it again.
        </p>
        <fieldset className="sign-in-method">
          <legend>Sign in with</legend>
          <div className="segmented">
            {METHODS.map((choice) => (
              <label key={choice.id} className="segment">
                <input type="radio" name="sign-in-method" value={choice.id} checked={method === choice.id} onChange={() => setMethod(choice.id)} />
                <span>{choice.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {method === 'password' && <PasswordForm draft={draft} onDraft={keep} />}
        {method === 'apiKey' && <ApiKeyForm draft={draft} onDraft={keep} />}
        {method === 'zuliprc' && <ZuliprcForm />}
      </div>
      <div className="connect-theme">
        <ThemeSwitch />
        <button type="button" className="link-button" onClick={() => setNetworkOpen(true)}>
          Network settings…
        </button>
      </div>
      <NetworkDialog open={networkOpen} onClose={() => setNetworkOpen(false)} />
    </main>
  );
}
