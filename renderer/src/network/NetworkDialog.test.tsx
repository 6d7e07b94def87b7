// Network settings from the status line: the current mode, a manual proxy's fields, the core's
// refusal next to the field it names, PAC in browser mode said to be the app's only, and saving.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { AppInfo, NetworkSettings, NetworkStatus } from '../../../shared/ipc';
import { StatusLine } from '../app/StatusLine';
import { Toasts } from '../app/Toasts';
import { useToasts } from '../stores/toasts';
import { installFakeBridge, removeFakeBridge, renderWithQueries, type Answers } from '../testing/fake-bridge';

const info: AppInfo = { name: 'Realm Console', version: '0.1.0', platform: 'linux', runtime: { kind: 'node', node: '20.19.0', electron: null, chrome: null } };
const status = (settings: Partial<NetworkSettings> = {}, extra: Partial<NetworkStatus> = {}): NetworkStatus => ({
  settings: { mode: 'system', proxyUrl: '', bypass: '', pacUrl: '', ...settings },
  stack: 'node',
  pacSupported: false,
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
    await waitFor(() => expect(bridge.callsTo('network.set')).toEqual([{ mode: 'manual', proxyUrl: 'http://127.0.0.1:3128', bypass: '*.internal.example\n<-loopback>', pacUrl: '' }]));
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

  test('a PAC file in browser mode is said to work in the app only, and the refusal lands on its field', async () => {
    const msg = 'A proxy auto-configuration (PAC) file can be used in the Realm Console app only.';
    openNetwork({ 'network.set': () => ({ error: { code: 'INVALID_INPUT', msg, field: 'pacUrl' } }) });
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'A proxy auto-configuration (PAC) file' }));
    expect(dialog.textContent).toContain('Browser mode cannot read PAC files');
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
