// The Connect screen's answers to a refused connection: an http:// address on the network, a server
// certificate this computer does not trust, a zuliprc that turns certificate checks off. Each is
// explained where it belongs, offers its consent (never ticked for the user), and sends it only then.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Account } from '../../../../shared/ipc';
import { App } from '../../app/App';
import { useToasts } from '../../stores/toasts';
import { useUi } from '../../stores/ui';
import { installFakeBridge, removeFakeBridge, renderWithQueries, type Answers } from '../../testing/fake-bridge';
import { olivia, overview } from '../../testing/demo-samples';

function openConnect(answers: Answers) {
  const accounts: Account[] = [];
  const bridge = installFakeBridge({
    'accounts.list': () => accounts,
    'session.status': () => ({ state: 'live', detail: null, retryAt: null, lastLiveAt: null }),
    'realm.overview': () => overview,
    ...answers,
  });
  renderWithQueries(<App />);
  return { bridge, accounts };
}

function description(input: HTMLElement): string {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function fillPasswordForm(url: string) {
  await screen.findByRole('heading', { name: 'Connect to your organization' });
  type('Server URL', url);
  type('Email', 'olivia@sandbox.test');
  type('Password', 'sandbox');
}

function chooseFile(label: string, file: File) {
  const input = screen.getByLabelText(label);
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

const submit = (name = 'Sign in') => fireEvent.click(screen.getByRole('button', { name }));

beforeEach(() => {
  localStorage.clear();
  useUi.setState({ selectedAccount: null, connectOpen: false, screen: 'overview' });
});
afterEach(() => {
  cleanup();
  removeFakeBridge();
  useToasts.setState({ toasts: [] });
});

describe('an http:// address on the network', () => {
  const refusal = {
    code: 'CLEARTEXT_REFUSED',
    msg: 'http://10.1.2.3 is not on this computer, and http:// would send your password and API key unencrypted across the network.',
    field: 'realmUrl',
    realmUrl: 'http://10.1.2.3',
    host: '10.1.2.3',
  };

  test('is refused under the address, and the consent is offered unticked, with its risk', async () => {
    const { bridge } = openConnect({ 'accounts.signInWithPassword': (input) => (input.trust?.allowCleartext ? olivia : { error: refusal }) });
    await fillPasswordForm('http://10.1.2.3');
    submit();
    await waitFor(() => expect(description(screen.getByLabelText('Server URL'))).toContain('would send your password and API key unencrypted'));
    const consent = screen.getByRole('checkbox', { name: 'I understand: allow unencrypted http:// to 10.1.2.3 for this organization' });
    expect(consent).toHaveProperty('checked', false);
    expect(description(consent)).toContain('the organization is marked “Unencrypted connection”');
    expect(bridge.callsTo('accounts.signInWithPassword')[0]).not.toHaveProperty('trust');
    fireEvent.click(consent);
    submit();
    await waitFor(() => expect(bridge.callsTo('accounts.signInWithPassword')).toHaveLength(2));
    expect(bridge.callsTo('accounts.signInWithPassword')[1]).toMatchObject({ trust: { allowCleartext: true, allowUncheckedCertificate: false } });
  });
  test('a consent given for one address is neither shown nor sent for another address typed since', async () => {
    const { bridge } = openConnect({ 'accounts.signInWithPassword': () => ({ error: refusal }) });
    await fillPasswordForm('http://10.1.2.3');
    submit();
    fireEvent.click(await screen.findByRole('checkbox', { name: /allow unencrypted http:\/\/ to 10\.1\.2\.3/ }));
    type('Server URL', 'http://10.9.9.9');
    expect(screen.queryByRole('checkbox', { name: /allow unencrypted/ })).toBeNull();
    submit();
    await waitFor(() => expect(bridge.callsTo('accounts.signInWithPassword')).toHaveLength(2));
    expect(bridge.callsTo('accounts.signInWithPassword')[1]).not.toHaveProperty('trust');
  });
});

describe("a certificate this computer does not trust", () => {
  const untrusted = {
    code: 'CERTIFICATE_UNTRUSTED',
    msg: 'The certificate of https://chat.example.com is not signed by an authority this computer trusts.',
    reason: 'untrusted',
    field: 'caFile',
    realmUrl: 'https://chat.example.com',
  };

  test('opens the certificate authority section with the words under the file, and offers the consent', async () => {
    openConnect({ 'accounts.signInWithPassword': () => ({ error: untrusted }) });
    await fillPasswordForm('https://chat.example.com');
    submit();
    const picker = await screen.findByLabelText('Certificate authority (PEM file)');
    await waitFor(() => expect(description(picker)).toContain('is not signed by an authority this computer trusts'));
    expect(picker.closest('details')?.open).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(picker));
    expect(screen.getByRole('checkbox', { name: 'I understand: do not check the certificate of chat.example.com for this organization' })).toHaveProperty('checked', false);
  });

  test("the chosen authority's file is sent as text with its name", async () => {
    const { bridge } = openConnect({ 'accounts.signInWithPassword': () => olivia });
    await fillPasswordForm('https://chat.example.com');
    fireEvent.click(screen.getByText('Certificate authority (optional)'));
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
    chooseFile('Certificate authority (PEM file)', new File([pem], 'company-ca.pem'));
    submit();
    await waitFor(() => expect(bridge.callsTo('accounts.signInWithPassword')).toHaveLength(1));
    expect(bridge.callsTo('accounts.signInWithPassword')[0]).toMatchObject({ trust: { caPem: pem, caFileName: 'company-ca.pem', allowCleartext: false, allowUncheckedCertificate: false } });
  });

  test('a file the core says is no certificate is named under the picker', async () => {
    const msg = 'server.key holds a private key, not a certificate. Choose the certificate authority\'s certificate instead.';
    openConnect({ 'accounts.signInWithPassword': () => ({ error: { code: 'INVALID_CA_FILE', msg, field: 'caFile' } }) });
    await fillPasswordForm('https://chat.example.com');
    fireEvent.click(screen.getByText('Certificate authority (optional)'));
    chooseFile('Certificate authority (PEM file)', new File(['-----BEGIN PRIVATE KEY-----'], 'server.key'));
    submit();
    await waitFor(() => expect(description(screen.getByLabelText('Certificate authority (PEM file)'))).toContain(msg));
  });

  test('a file too large to be a certificate authority is refused before anything is sent', async () => {
    const { bridge } = openConnect({ 'accounts.signInWithPassword': () => olivia });
    await fillPasswordForm('https://chat.example.com');
    fireEvent.click(screen.getByText('Certificate authority (optional)'));
    chooseFile('Certificate authority (PEM file)', new File(['x'.repeat(300 * 1024)], 'everything.pem'));
    submit();
    await waitFor(() => expect(description(screen.getByLabelText('Certificate authority (PEM file)'))).toContain('everything.pem is 300 KB'));
    expect(bridge.callsTo('accounts.signInWithPassword')).toEqual([]);
  });

  test('when another authority was chosen, the way on is the right file: no consent is offered', async () => {
    openConnect({ 'accounts.signInWithPassword': () => ({ error: { ...untrusted, reason: 'not-this-authority', msg: 'The certificate is not signed by the certificate authority in other.pem.' } }) });
    await fillPasswordForm('https://chat.example.com');
    submit();
    await waitFor(() => expect(description(screen.getByLabelText('Certificate authority (PEM file)'))).toContain('other.pem'));
    expect(screen.queryByRole('checkbox', { name: /do not check the certificate/ })).toBeNull();
  });
});

test("a zuliprc's insecure=true is refused, and its consent sent with the file once ticked", async () => {
  const refusal = { code: 'CERTIFICATE_UNTRUSTED', msg: "This zuliprc turns off the checks of https://chat.example.com's certificate (insecure=true).", reason: 'insecure-zuliprc', field: 'caFile', realmUrl: 'https://chat.example.com' };
  const { bridge } = openConnect({ 'accounts.importZuliprc': (input) => (input.trust?.allowUncheckedCertificate ? olivia : { error: refusal }) });
  await screen.findByRole('heading', { name: 'Connect to your organization' });
  fireEvent.click(screen.getByRole('radio', { name: 'Import zuliprc' }));
  const contents = '[api]\nemail=olivia@sandbox.test\nkey=abc\nsite=https://chat.example.com\ninsecure=true\n';
  chooseFile('zuliprc file', new File([contents], 'zuliprc'));
  submit('Import and sign in');
  await waitFor(() => expect(description(screen.getByLabelText('Certificate authority (PEM file)'))).toContain('insecure=true'));
  fireEvent.click(screen.getByRole('checkbox', { name: 'I understand: do not check the certificate of chat.example.com for this organization' }));
  submit('Import and sign in');
  await waitFor(() => expect(bridge.callsTo('accounts.importZuliprc')).toHaveLength(2));
  expect(bridge.callsTo('accounts.importZuliprc')[1]).toEqual({ contents, allowPlaintext: false, trust: { allowCleartext: false, allowUncheckedCertificate: true } });
});
