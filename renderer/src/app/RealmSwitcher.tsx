// The top of the sidebar: which organization the console shows, and the others it is signed in to.
// Opens a panel listing each account (switch to it, or sign out of it) and "Add an organization…".
// Arrow keys move between organizations, Escape closes, Tab reaches every button. Organizations that
// share a name on different servers show their server's address, so no two entries read the same. An
// organization reached unencrypted, or whose certificate is not checked (both only by the user's
// consent), carries a warning badge wherever it is named here, for as long as it is signed in.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Account } from '../../../shared/ipc';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Icon } from '../components/Icon';
import { useAccounts, useSelectedAccount, useSignOut } from '../queries/accounts';
import { useUi, type LeaveGuard } from '../stores/ui';
import { ROLE_NAMES } from '../../../shared/domain/role-rules';
import './realm-switcher.css';

export function RealmSwitcher() {
  const accounts = useAccounts().data ?? [];
  const current = useSelectedAccount();
  const selectAccount = useUi((state) => state.selectAccount);
  const openConnect = useUi((state) => state.openConnect);
  const leaveGuard = useUi((state) => state.leaveGuard);
  const signOut = useSignOut();
  const needsServer = accountsNeedingServer(accounts);
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState<Account | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) toggle.current?.focus();
  };

  // Opening moves focus to the organization shown now, as a menu would.
  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLElement>('[aria-current="true"], [data-item]')?.focus();
  }, [open]);

  // A click anywhere else closes the panel.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const onPanelKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
      return;
    }
    const items = [...(panel.current?.querySelectorAll<HTMLElement>('[data-item]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const last = items.length - 1;
    const target = { ArrowDown: index >= last ? 0 : index + 1, ArrowUp: index <= 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    items[target]?.focus();
  };

  return (
    <div
      className="realm-switcher"
      ref={root}
      onBlur={(event) => {
        // Tabbing out of the switcher closes it; moving between its own buttons does not.
        if (open && !root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="realm-switcher-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Organization: ${current ? accountWords(current, { withServer: needsServer.has(current.id) }) : 'No organization'}`}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {current ? <AccountLabel account={current} withServer={needsServer.has(current.id)} /> : <span className="realm-name">No organization</span>}
        <Icon name="chevron" className="realm-switcher-chevron" />
      </button>

      {open && (
        <div id={panelId} ref={panel} className="realm-panel" role="group" aria-label="Organizations" onKeyDown={onPanelKeyDown}>
          {accounts.length > 0 && (
            <ul className="realm-list">
              {accounts.map((account) => (
                <li key={account.id} className="realm-option">
                  <button
                    type="button"
                    data-item
                    className="realm-option-switch"
                    aria-current={account.id === current?.id ? 'true' : undefined}
                    aria-label={accountWords(account, { withEmail: true, withServer: needsServer.has(account.id) })}
                    onClick={() => {
                      close(true);
                      if (account.id !== current?.id) selectAccount(account.id);
                    }}
                  >
                    <AccountLabel account={account} withEmail withServer={needsServer.has(account.id)} />
                    {account.id === current?.id && <Icon name="live" className="realm-option-check" />}
                  </button>
                  <button
                    type="button"
                    className="realm-option-signout"
                    aria-label={`Sign out of ${realmLabel(account, needsServer)} (${account.email})…`}
                    onClick={() => {
                      setOpen(false);
                      setLeaving(account);
                    }}
                  >
                    Sign out
                  </button>
                </li>
              ))}
            </ul>
          )}
          <button
            type="button"
            data-item
            className="realm-add"
            onClick={() => {
              setOpen(false);
              openConnect();
            }}
          >
            <Icon name="plus" />
            Add an organization…
          </button>
        </div>
      )}

      <ConfirmDialog
        open={leaving !== null}
        title={leaving ? `Sign out of ${realmLabel(leaving, needsServer)}?` : ''}
        confirmLabel="Sign out"
        danger
        onCancel={() => setLeaving(null)}
        onConfirm={() => {
          if (leaving) signOut.mutate(leaving);
          setLeaving(null);
        }}
        onClosed={() => toggle.current?.focus()}
      >
        {leaving && (
          <p>
            Realm Console will forget the API key of {leaving.email} for {leaving.realmUrl} and stop following the organization’s
            changes. Your account on the server is not affected, and you can sign in again at any time.
          </p>
        )}
        {leaving && leaving.id === current?.id && <UnsavedEdits guard={leaveGuard} />}
      </ConfirmDialog>
    </div>
  );
}

/** What a screen of the organization being signed out of holds unsaved, if anything. */
function UnsavedEdits({ guard }: { guard: LeaveGuard | null }) {
  const unsaved = guard?.() ?? null;
  return (
    unsaved && (
      <p className="account-warning">
        {unsaved.sentence} Signing out discards {unsaved.count === 1 ? 'it' : 'them'}.
      </p>
    )
  );
}

/** The accounts whose organization's name another account's organization, on another server, has too. */
function accountsNeedingServer(accounts: readonly Account[]): Set<string> {
  const key = (account: Account) => account.realmName.trim().toLowerCase();
  const needing = new Set<string>();
  for (const account of accounts) {
    if (accounts.some((other) => key(other) === key(account) && other.realmUrl !== account.realmUrl)) needing.add(account.id);
  }
  return needing;
}

/** The server's address as people read it: the host, with its port when it has one. */
export function serverLabel(realmUrl: string): string {
  try {
    return new URL(realmUrl).host;
  } catch {
    return realmUrl;
  }
}

function realmLabel(account: Account, needsServer: ReadonlySet<string>): string {
  return needsServer.has(account.id) ? `${account.realmName} at ${serverLabel(account.realmUrl)}` : account.realmName;
}

/** One line of an account's label: its text, and for a warning about the connection, why. */
interface LabelLine {
  kind: 'realm' | 'server' | 'user' | 'trust' | 'email' | 'warning';
  text: string;
  why?: string;
}

/**
 * The label's lines in the order they are shown: the one source of what the label shows and of its
 * accessible name (`accountWords`).
 */
function accountLines(account: Account, { withEmail = false, withServer = false }: { withEmail?: boolean; withServer?: boolean }): LabelLine[] {
  const lines: LabelLine[] = [{ kind: 'realm', text: account.realmName }];
  if (withServer) lines.push({ kind: 'server', text: serverLabel(account.realmUrl) });
  lines.push({ kind: 'user', text: `${account.fullName} · ${ROLE_NAMES[account.role]}` });
  if (account.trust.cleartext) {
    lines.push({ kind: 'trust', text: 'Unencrypted connection', why: 'You allowed unencrypted http:// to this server: the API key crosses the network readable by anyone on the way.' });
  }
  if (account.trust.certificateUnchecked) {
    lines.push({ kind: 'trust', text: 'Certificate not checked', why: "You allowed this server's certificate unchecked: a connection intercepted on the way would not be noticed." });
  }
  if (withEmail) lines.push({ kind: 'email', text: account.email });
  if (withEmail && account.protection === 'plaintext') lines.push({ kind: 'warning', text: 'API key saved unencrypted' });
  return lines;
}

/**
 * The label's lines as one name, for the button's accessible name: its lines are flex items, which a
 * screen reader would read run together or with stray spaces before each comma.
 */
function accountWords(account: Account, options: { withEmail?: boolean; withServer?: boolean }): string {
  return accountLines(account, options)
    .map((line) => line.text)
    .join(', ');
}

const LINE_CLASS: Record<Exclude<LabelLine['kind'], 'trust'>, string> = {
  realm: 'realm-name',
  server: 'account-server',
  user: 'account-user',
  email: 'account-email',
  warning: 'account-warning',
};

function AccountLabel({ account, withEmail, withServer }: { account: Account; withEmail?: boolean; withServer?: boolean }) {
  const lines = accountLines(account, { withEmail, withServer });
  const trust = lines.filter((line) => line.kind === 'trust');
  // The warnings about the connection sit together, after the user's line (permanent while signed in).
  const plain = (line: LabelLine) =>
    line.kind === 'trust' ? null : (
      <span key={line.kind} className={LINE_CLASS[line.kind]}>
        {line.text}
      </span>
    );
  const afterUser = lines.findIndex((line) => line.kind === 'user') + 1;
  return (
    <span className="account-label">
      {lines.slice(0, afterUser).map(plain)}
      {trust.length > 0 && (
        <span className="trust-badges">
          {trust.map((line) => (
            <span key={line.text} className="trust-badge" title={line.why}>
              <Icon name="offline" />
              {line.text}
            </span>
          ))}
        </span>
      )}
      {lines.slice(afterUser).map(plain)}
    </span>
  );
}

