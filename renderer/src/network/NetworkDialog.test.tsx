// Network settings from the status line: the current mode, a manual proxy's fields, the core's
// refusal next to the field it names, a proxy's sign-in (the saved password never shown), and saving.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { AppInfo, NetworkSettings, NetworkStatus } from '../../../shared/ipc';
import { StatusLine } from '../app/StatusLine';
import { Toasts } from '../app/Toasts';
import { useToasts } from '../stores/toasts';
import { installFakeBridge, removeFakeBridge, renderWithQueries, type Answers } from '../testing/fake-bridge';

const info: AppInfo = { name: 'Realm Console', version: '0.1.0', platform: 'linux', runtime: { kind: 'node', node: '20.19.0', electron: null, chrome: null } };
const status = (settings: Partial<NetworkSettings> = {}, extra: Partial<NetworkStatus> = {}): NetworkStatus => ({
  settings: { mode: 'system', proxyUrl: '', proxyUsername: '', bypass: '', pacUrl: '', ...settings },
  stack: 'node',
  proxyPasswordSaved: false,
  environment: { httpsProxy: 'http://corp-proxy:3128', httpProxy: null, noProxy: 'localhost' },
  problem: null,
  ...extra,
});

function openNetwork(answers: Answers) {
  const bridge = installFakeBridge({ 'app.info': () => info, 'network.get': () => status(), ...answers });
  renderWithQueries(
    <>
      <StatusLine />
      <Toasts />
    </>,
  );
  return bridge;
}

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Network…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Network settings' });
  await within(dialog).findByRole('group', { name: 'Connect to organizations through' });
  return dialog;
}

function description(input: HTMLElement): string {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  removeFakeBridge();
  useToasts.setState({ toasts: [] });
});

describe('network settings', () => {
  test('open on the mode in force; in browser mode the system mode says which variables it follows', async () => {
    openNetwork({});
    const dialog = await openDialog();
    expect(within(dialog).getByRole('radio', { name: "The system's proxy settings" })).toHaveProperty('checked', true);
    expect(dialog.textContent).toContain('Browser mode follows the HTTPS_PROXY, HTTP_PROXY and NO_PROXY environment variables');
    expect(dialog.textContent).toContain('Now: HTTPS_PROXY=http://corp-proxy:3128, NO_PROXY=localhost.');
  });

  test('a manual proxy is saved with its bypass list, and the dialog closes saying so', async () => {
    const bridge = openNetwork({ 'network.set': (settings) => status(settings) });
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'A proxy I give' }));
    fireEvent.change(within(dialog).getByLabelText('Proxy address'), { target: { value: 'http://127.0.0.1:3128' } });
    fireEvent.change(within(dialog).getByLabelText('Addresses that skip the proxy'), { target: { value: '*.internal.example\n<-loopback>' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bridge.callsTo('network.set')).toEqual([{ mode: 'manual', proxyUrl: 'http://127.0.0.1:3128', proxyUsername: '', proxyPassword: '', bypass: '*.internal.example\n<-loopback>', pacUrl: '' }]),
    );
    expect(await screen.findByText('Network settings saved: a proxy i give.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Network settings' })).toBeNull());
  });

  test("the core's refusal is shown under the field it names, and the dialog stays open", async () => {
    const msg = '"socks5://x:1" is a socks5 proxy; Realm Console uses HTTP and HTTPS proxies.';
    openNetwork({ 'network.set': () => ({ error: { code: 'INVALID_INPUT', msg, field: 'proxyUrl' } }) });
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'A proxy I give' }));
    fireEvent.change(within(dialog).getByLabelText('Proxy address'), { target: { value: 'socks5://x:1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(description(within(dialog).getByLabelText('Proxy address'))).toContain(msg));
    expect(screen.getByRole('dialog', { name: 'Network settings' })).toBeTruthy();
  });

  test('a proxy that asks for a sign-in: the password is sent once typed, and a saved one is never shown, only said to be kept', async () => {
    const bridge = openNetwork({
      'network.get': () => status({ mode: 'manual', proxyUrl: 'http://proxy:3128', proxyUsername: 'ada' }, { proxyPasswordSaved: true }),
      'network.set': ({ proxyPassword: _typed, ...settings }) => status(settings, { proxyPasswordSaved: true }),
    });
    const dialog = await openDialog();
    expect(within(dialog).getByLabelText('Proxy user name')).toHaveProperty('value', 'ada');
    const password = within(dialog).getByLabelText('Proxy password');
    expect(password).toHaveProperty('value', '');
    expect(password.getAttribute('type')).toBe('password');
    expect(description(password)).toContain('A password is saved, encrypted. Leave this empty to keep it');
    fireEvent.change(password, { target: { value: 'n3w-Secret' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bridge.callsTo('network.set')).toMatchObject([{ mode: 'manual', proxyUsername: 'ada', proxyPassword: 'n3w-Secret' }]));
  });

  test("a PAC file that cannot be used is refused under its field, in the core's words", async () => {
    const msg = 'The proxy auto-configuration (PAC) file http://wpad/wpad.dat cannot be used: it could not be read: no server has that name.';
    openNetwork({ 'network.set': () => ({ error: { code: 'INVALID_INPUT', msg, field: 'pacUrl' } }) });
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'A proxy auto-configuration (PAC) file' }));
    fireEvent.change(within(dialog).getByLabelText('PAC file address'), { target: { value: 'http://wpad/wpad.dat' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(description(within(dialog).getByLabelText('PAC file address'))).toContain(msg));
  });

  test('Cancel changes nothing; Escape closes too', async () => {
    const bridge = openNetwork({});
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'No proxy' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Network settings' })).toBeNull());
    // Escape: the browser fires "cancel" on the dialog.
    fireEvent(await openDialog(), new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Network settings' })).toBeNull());
    expect(bridge.callsTo('network.set')).toEqual([]);
  });
});
