import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Account } from '../../../shared/ipc';
import { useToasts } from '../stores/toasts';
import { UI_STORAGE_KEY, useUi } from '../stores/ui';
import { installFakeBridge, removeFakeBridge, renderWithQueries } from '../testing/fake-bridge';
import { adam, olivia, overview } from '../testing/demo-samples';
import { App } from './App';

function signedInTwice() {
  let accounts: Account[] = [olivia, adam];
  const bridge = installFakeBridge({
    'accounts.list': () => accounts,
    'accounts.signOut': ({ account }) => {
      accounts = accounts.filter((a) => a.id !== account);
      return null;
    },
    'session.status': () => ({ state: 'live', detail: null, retryAt: null, lastLiveAt: null }),
    'realm.overview': ({ account }) => ({ ...overview, realmName: account === adam.id ? adam.realmName : olivia.realmName }),
  });
  renderWithQueries(<App />);
  return bridge;
}

const toggle = () => screen.getByRole('button', { name: /^Organization:/ });

beforeEach(() => {
  localStorage.clear();
  useUi.setState({ selectedAccount: null, connectOpen: false, screen: 'overview' });
});

afterEach(() => {
  cleanup();
  removeFakeBridge();
  useToasts.setState({ toasts: [] });
});

describe('realm switcher', () => {
  test('shows the organization, the user and the role, and switches to another one', async () => {
    signedInTwice();
    await screen.findByText('Sandbox Realm', { selector: '.overview-realm strong' });
    expect(toggle().textContent).toContain('Olivia Owner · Owner');
    fireEvent.click(toggle());
    const panel = screen.getByRole('group', { name: 'Organizations' });
    fireEvent.click(within(panel).getByRole('button', { name: /^Second Realm/ }));
    expect(await screen.findByText('Second Realm', { selector: '.overview-realm strong' })).toBeTruthy();
    expect(toggle().textContent).toContain('Adam Admin · Administrator');
    // The choice survives a restart; nothing else about the account is stored.
    expect(JSON.parse(localStorage.getItem(UI_STORAGE_KEY) ?? '{}').state.selectedAccount).toBe(adam.id);
  });

  test('Escape closes the list and gives focus back to the switcher', async () => {
    signedInTwice();
    await screen.findByText('Sandbox Realm', { selector: '.overview-realm strong' });
    fireEvent.click(toggle());
    const panel = screen.getByRole('group', { name: 'Organizations' });
    fireEvent.keyDown(panel, { key: 'Escape' });
    expect(screen.queryByRole('group', { name: 'Organizations' })).toBeNull();
    expect(document.activeElement).toBe(toggle());
  });

  test('signing out asks first, and cancelling keeps the account', async () => {
    const bridge = signedInTwice();
    await screen.findByText('Sandbox Realm', { selector: '.overview-realm strong' });
    fireEvent.click(toggle());
    fireEvent.click(screen.getByRole('button', { name: 'Sign out of Second Realm (adam@sandbox.test)…' }));
    const question = await screen.findByRole('dialog', { name: 'Sign out of Second Realm?' });
    expect(question.textContent).toContain('forget the API key of adam@sandbox.test');
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(bridge.callsTo('accounts.signOut')).toEqual([]);
  });

  test('signing out of the organization in use over one unsaved edit says it is discarded, in the singular', async () => {
    signedInTwice();
    await screen.findByText('Sandbox Realm', { selector: '.overview-realm strong' });
    useUi.getState().setLeaveGuard(() => ({ sentence: 'You have an unsaved change to the default settings of Sandbox Realm.', count: 1 }));
    fireEvent.click(toggle());
    fireEvent.click(screen.getByRole('button', { name: /^Sign out of Sandbox Realm/ }));
    const question = await screen.findByRole('dialog', { name: 'Sign out of Sandbox Realm?' });
    expect(question.textContent).toContain('You have an unsaved change to the default settings of Sandbox Realm. Signing out discards it.');
    useUi.getState().setLeaveGuard(null);
  });

  test('confirming signs out and says so', async () => {
    const bridge = signedInTwice();
    await screen.findByText('Sandbox Realm', { selector: '.overview-realm strong' });
    fireEvent.click(toggle());
    fireEvent.click(screen.getByRole('button', { name: 'Sign out of Second Realm (adam@sandbox.test)…' }));
    const question = await screen.findByRole('dialog', { name: 'Sign out of Second Realm?' });
    fireEvent.click(within(question).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(bridge.callsTo('accounts.signOut')).toEqual([{ account: adam.id }]));
    expect(await screen.findByText(/Signed out of Second Realm/)).toBeTruthy();
    fireEvent.click(toggle());
    expect(screen.queryByRole('button', { name: /^Second Realm/ })).toBeNull();
  });

  test('signing out of the last organization leads to the Connect screen', async () => {
    let accounts: Account[] = [olivia];
    installFakeBridge({
      'accounts.list': () => accounts,
      'accounts.signOut': () => ((accounts = []), null),
      'session.status': () => ({ state: 'live', detail: null, retryAt: null, lastLiveAt: null }),
      'realm.overview': () => overview,
    });
    renderWithQueries(<App />);
    await screen.findByText('Sandbox Realm', { selector: '.overview-realm strong' });
    fireEvent.click(toggle());
    fireEvent.click(screen.getByRole('button', { name: /^Sign out of Sandbox Realm/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Connect to your organization' })).toBeTruthy();
  });

  test('two organizations of the same name on different servers show their server, so every entry reads differently', async () => {
    const elsewhere: Account = { ...olivia, id: 'acc-elsewhere', realmUrl: 'https://chat.example.com' };
    installFakeBridge({
      'accounts.list': () => [olivia, elsewhere, adam],
      'session.status': () => ({ state: 'live', detail: null, retryAt: null, lastLiveAt: null }),
      'realm.overview': () => overview,
    });
    renderWithQueries(<App />);
    await screen.findByText('Sandbox Realm', { selector: '.overview-realm strong' });
    expect(toggle().textContent).toContain('127.0.0.1:9991');
    fireEvent.click(toggle());
    const panel = screen.getByRole('group', { name: 'Organizations' });
    // The lines of an entry are separate spans, named as one line with commas (no stray space before them).
    expect(toggle().getAttribute('aria-label')).toBe('Organization: Sandbox Realm, 127.0.0.1:9991, Olivia Owner · Owner');
    const here = within(panel).getByRole('button', { name: 'Sandbox Realm, 127.0.0.1:9991, Olivia Owner · Owner, olivia@sandbox.test' });
    const there = within(panel).getByRole('button', { name: 'Sandbox Realm, chat.example.com, Olivia Owner · Owner, olivia@sandbox.test' });
    expect(here.getAttribute('aria-current')).toBe('true');
    // A name no other organization has needs no server.
    expect(within(panel).getByRole('button', { name: 'Second Realm, Adam Admin · Administrator, adam@sandbox.test' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Sign out of Sandbox Realm at chat.example.com (olivia@sandbox.test)…' })).toBeTruthy();
    fireEvent.click(there);
    await waitFor(() => expect(toggle().textContent).toContain('chat.example.com'));
    expect(useUi.getState().selectedAccount).toBe(elsewhere.id);
  });

  test('"Add an organization…" opens the Connect screen, and Back returns', async () => {
    signedInTwice();
    await screen.findByText('Sandbox Realm', { selector: '.overview-realm strong' });
    fireEvent.click(toggle());
    fireEvent.click(screen.getByRole('button', { name: 'Add an organization…' }));
    expect(await screen.findByRole('heading', { name: 'Add an organization' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '← Back to Sandbox Realm' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeTruthy();
  });
});

test('an organization reached by consent unencrypted, or with its certificate unchecked, is marked so in the toggle and the list', async () => {
  const lan: Account = { ...olivia, realmUrl: 'http://10.1.2.3:9991', trust: { certificateAuthorities: [], certificateUnchecked: false, cleartext: true } };
  const selfSigned: Account = { ...adam, trust: { certificateAuthorities: [], certificateUnchecked: true, cleartext: false } };
  installFakeBridge({
    'accounts.list': () => [lan, selfSigned],
    'session.status': () => ({ state: 'live', detail: null, retryAt: null, lastLiveAt: null }),
    'realm.overview': () => overview,
  });
  renderWithQueries(<App />);
  await waitFor(() => expect(toggle().textContent).toContain('Unencrypted connection'));
  expect(toggle().textContent).not.toContain('Certificate not checked');
  fireEvent.click(toggle());
  const panel = screen.getByRole('group', { name: 'Organizations' });
  expect(within(panel).getByRole('button', { name: /^Sandbox Realm.*Unencrypted connection/ })).toBeTruthy();
  expect(within(panel).getByRole('button', { name: /^Second Realm.*Certificate not checked/ })).toBeTruthy();
});
