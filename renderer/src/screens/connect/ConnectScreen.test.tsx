import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Account, IpcError } from '../../../../shared/ipc';
import { App } from '../../app/App';
import { useToasts } from '../../stores/toasts';
import { useUi } from '../../stores/ui';
import { installFakeBridge, removeFakeBridge, renderWithQueries, type Answers } from '../../testing/fake-bridge';
import { olivia, overview } from '../../testing/demo-samples';

/** The console with no account yet, whose sign-in answers as the test says. */
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

const failWith = (error: IpcError) => () => ({ error });

/** The words a screen reader reads with an input: its error and hint. */
function description(input: HTMLElement): string {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function fillPasswordForm({ url = 'https://chat.example.com', email = 'mark@sandbox.test', password = 'sandbox' } = {}) {
  await screen.findByRole('heading', { name: 'Connect to your organization' });
  type('Server URL', url);
  type('Email', email);
  type('Password', password);
}

function submit(name: RegExp | string = 'Sign in') {
  fireEvent.click(screen.getByRole('button', { name }));
}

beforeEach(() => {
  localStorage.clear();
  useUi.setState({ selectedAccount: null, connectOpen: false, screen: 'overview' });
});

afterEach(() => {
  cleanup();
  removeFakeBridge();
  useToasts.setState({ toasts: [] });
});

describe('connect screen', () => {
  test('with no signed-in organization the console opens on the Connect screen', async () => {
    openConnect({});
    expect(await screen.findByRole('heading', { name: 'Connect to your organization' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Email and password' })).toHaveProperty('checked', true);
  });

  test('an empty form is refused next to each input, in words, and nothing is sent', async () => {
    const { bridge } = openConnect({});
    await screen.findByRole('heading', { name: 'Connect to your organization' });
    submit();
    await waitFor(() => expect(description(screen.getByLabelText('Server URL'))).toContain('Enter the address of your organization'));
    expect(description(screen.getByLabelText('Email'))).toContain('Enter the email address you sign in with.');
    expect(description(screen.getByLabelText('Password'))).toContain('Enter your password.');
    expect(screen.getByLabelText('Server URL').getAttribute('aria-invalid')).toBe('true');
    expect(bridge.callsTo('accounts.signInWithPassword')).toEqual([]);
  });

  test('the address is sent trimmed, with the password and without plain-text consent', async () => {
    const { bridge } = openConnect({ 'accounts.signInWithPassword': failWith({ code: 'AUTHENTICATION_FAILED', msg: 'x' }) });
    await fillPasswordForm({ url: '  https://chat.example.com  ', email: ' mark@sandbox.test ' });
    submit();
    await waitFor(() => expect(bridge.callsTo('accounts.signInWithPassword')).toHaveLength(1));
    expect(bridge.callsTo('accounts.signInWithPassword')[0]).toEqual({
      realmUrl: 'https://chat.example.com',
      email: 'mark@sandbox.test',
      password: 'sandbox',
      allowPlaintext: false,
    });
  });

  test('a wrong password is shown under the password, in the core’s words that say what to do', async () => {
    const msg = 'The email or password is not right for https://chat.example.com. Check them, or sign in with an API key.';
    openConnect({ 'accounts.signInWithPassword': failWith({ code: 'AUTHENTICATION_FAILED', msg }) });
    await fillPasswordForm();
    submit();
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(description(password)).toContain(msg));
    expect(document.activeElement).toBe(password);
  });

  test('an unreachable server is shown under the server URL, in the core’s words', async () => {
    const msg = 'Could not reach https://chat.example.com: connection refused. Check the address and your network.';
    openConnect({ 'accounts.signInWithPassword': failWith({ code: 'NETWORK_ERROR', msg }) });
    await fillPasswordForm();
    submit();
    await waitFor(() => expect(description(screen.getByLabelText('Server URL'))).toContain(msg));
    expect(description(screen.getByLabelText('Password'))).not.toContain('Error');
  });

  test('an account that is not an administrator is refused in the core’s words, under the email', async () => {
    const msg =
      'Mark Member is a member of Sandbox Realm. Realm Console needs an owner, administrator or moderator account: sign in with one, or ask an owner to change your role.';
    openConnect({ 'accounts.signInWithPassword': failWith({ code: 'NOT_AN_ADMINISTRATOR', msg, role: 400 }) });
    await fillPasswordForm();
    submit();
    await waitFor(() => expect(description(screen.getByLabelText('Email'))).toContain(msg));
  });

  test('an address the core cannot use is shown under the server URL in the core’s words', async () => {
    const msg = 'ftp://chat.example.com is not a web address: enter one that starts with https://.';
    openConnect({ 'accounts.signInWithPassword': failWith({ code: 'INVALID_INPUT', msg }) });
    await fillPasswordForm({ url: 'ftp://chat.example.com' });
    submit();
    await waitFor(() => expect(description(screen.getByLabelText('Server URL'))).toContain(msg));
  });

  test('an input the core refuses by field name is shown under that field', async () => {
    openConnect({
      'accounts.signInWithPassword': failWith({
        code: 'INVALID_INPUT',
        msg: 'The request to accounts.signInWithPassword was malformed: email: Too long',
        issues: [{ path: ['email'], message: 'Too long' }],
      }),
    });
    await fillPasswordForm();
    submit();
    await waitFor(() => expect(description(screen.getByLabelText('Email'))).toContain('Too long'));
  });

  test('a wrong API key is shown under the API key', async () => {
    const msg = 'That API key is not valid for adam@sandbox.test at https://chat.example.com. Check that you copied all of it and that it belongs to this email, or sign in with your password.';
    const { bridge } = openConnect({ 'accounts.signInWithApiKey': failWith({ code: 'INVALID_API_KEY', msg }) });
    await screen.findByRole('heading', { name: 'Connect to your organization' });
    fireEvent.click(screen.getByRole('radio', { name: 'Email and API key' }));
    type('Server URL', 'https://chat.example.com');
    type('Email', 'adam@sandbox.test');
    type('API key', 'abcdef');
    submit();
    const key = screen.getByLabelText('API key');
    await waitFor(() => expect(description(key)).toContain(msg));
    expect(bridge.callsTo('accounts.signInWithApiKey')[0]).toMatchObject({ email: 'adam@sandbox.test', apiKey: 'abcdef', allowPlaintext: false });
  });

  test('an error that belongs to no input is shown above the button with what to do', async () => {
    openConnect({ 'accounts.signInWithPassword': failWith({ code: 'RATE_LIMIT_HIT', msg: 'API usage exceeded rate limit', 'retry-after': 30 }) });
    await fillPasswordForm();
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('API usage exceeded rate limit');
    expect(alert.textContent).toContain('Wait a minute, then try again.');
  });

  test('while signing in the button says so and cannot be pressed twice', async () => {
    let answer: (reply: { error: IpcError }) => void = () => undefined;
    const { bridge } = openConnect({ 'accounts.signInWithPassword': () => new Promise((resolve) => (answer = resolve)) });
    await fillPasswordForm();
    submit();
    const button = await screen.findByRole('button', { name: 'Signing in…' });
    expect(button).toHaveProperty('disabled', true);
    fireEvent.click(button);
    await act(async () => answer({ error: { code: 'AUTHENTICATION_FAILED', msg: 'Your username or password is incorrect' } }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toHaveProperty('disabled', false);
    expect(bridge.callsTo('accounts.signInWithPassword')).toHaveLength(1);
  });

  test('signing in opens the organization’s overview, and the password is kept nowhere', async () => {
    const { accounts } = openConnect({
      'accounts.signInWithPassword': () => {
        accounts.push(olivia);
        return olivia;
      },
    });
    await fillPasswordForm({ password: 'a-secret-password' });
    submit();
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeTruthy();
    expect(await screen.findByText('Signed in to Sandbox Realm as Olivia Owner.')).toBeTruthy();
    const stored = Object.keys(localStorage).map((key) => localStorage.getItem(key)).join('\n');
    expect(stored).toContain('acc-olivia');
    expect(stored).not.toContain('a-secret-password');
  });
});

test('the address and email typed stay when switching between password and API key', async () => {
  openConnect({});
  await fillPasswordForm();
  fireEvent.click(screen.getByRole('radio', { name: 'Email and API key' }));
  expect(screen.getByLabelText('Server URL')).toHaveProperty('value', 'https://chat.example.com');
  expect(screen.getByLabelText('Email')).toHaveProperty('value', 'mark@sandbox.test');
  expect(screen.getByLabelText('API key')).toHaveProperty('value', '');
});

describe('saving a key where the computer cannot encrypt it', () => {
  const refusal = { code: 'SECRET_STORAGE_UNAVAILABLE', msg: 'This computer has no keyring, so the API key cannot be saved encrypted.' };

  function openWithoutKeyring() {
    return openConnect({
      'accounts.signInWithPassword': (input) => (input.allowPlaintext ? { ...olivia, protection: 'plaintext' } : { error: refusal }),
    });
  }

  test('asks first, explaining the risk, and retries with consent only when the user agrees', async () => {
    const { bridge } = openWithoutKeyring();
    await fillPasswordForm();
    submit();
    const question = await screen.findByRole('dialog', { name: 'Save the API key unencrypted?' });
    expect(question.textContent).toContain(refusal.msg);
    expect(question.textContent).toContain('anyone who can read your files');
    expect(bridge.callsTo('accounts.signInWithPassword')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Save unencrypted and sign in' }));
    await waitFor(() => expect(bridge.callsTo('accounts.signInWithPassword')).toHaveLength(2));
    expect(bridge.callsTo('accounts.signInWithPassword')[1]).toMatchObject({ allowPlaintext: true, password: 'sandbox' });
  });

  test('declining sends nothing more and says the key was not saved', async () => {
    const { bridge } = openWithoutKeyring();
    await fillPasswordForm();
    submit();
    await screen.findByRole('dialog', { name: 'Save the API key unencrypted?' });
    fireEvent.click(screen.getByRole('button', { name: 'Don’t sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Not signed in: the API key was not saved.');
    expect(bridge.callsTo('accounts.signInWithPassword')).toHaveLength(1);
  });
});

describe('importing a zuliprc file', () => {
  function choose(file: File) {
    const input = screen.getByLabelText('zuliprc file');
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    fireEvent.change(input);
  }

  async function openZuliprc(answers: Answers = {}) {
    const opened = openConnect(answers);
    await screen.findByRole('heading', { name: 'Connect to your organization' });
    fireEvent.click(screen.getByRole('radio', { name: 'Import zuliprc' }));
    return opened;
  }

  test('sends the text of the chosen file', async () => {
    const contents = '[api]\nemail=adam@sandbox.test\nkey=abcdef\nsite=https://chat.example.com\n';
    const msg = 'Could not reach https://chat.example.com: connection refused. Check the address and your network.';
    const { bridge } = await openZuliprc({ 'accounts.importZuliprc': failWith({ code: 'NETWORK_ERROR', msg }) });
    choose(new File([contents], 'zuliprc', { type: '' }));
    submit('Import and sign in');
    await waitFor(() => expect(bridge.callsTo('accounts.importZuliprc')).toEqual([{ contents, allowPlaintext: false }]));
    // The address came from the file, so the file's field carries the problem and says where the address is.
    await waitFor(() => expect(description(screen.getByLabelText('zuliprc file'))).toContain(msg));
    expect(description(screen.getByLabelText('zuliprc file'))).toContain('The address comes from the site line of the file.');
  });

  test('a file over 64 KB is refused before anything is sent', async () => {
    const { bridge } = await openZuliprc();
    choose(new File(['x'.repeat(70 * 1024)], 'big.log'));
    submit('Import and sign in');
    await waitFor(() => expect(description(screen.getByLabelText('zuliprc file'))).toContain('big.log is 70 KB'));
    expect(bridge.callsTo('accounts.importZuliprc')).toEqual([]);
  });

  test('a file that is not text is refused before anything is sent', async () => {
    const { bridge } = await openZuliprc();
    choose(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00])], 'photo.png'));
    submit('Import and sign in');
    await waitFor(() => expect(description(screen.getByLabelText('zuliprc file'))).toContain('photo.png is not a text file'));
    expect(bridge.callsTo('accounts.importZuliprc')).toEqual([]);
  });

  test('without a file, the form asks for one', async () => {
    await openZuliprc();
    submit('Import and sign in');
    await waitFor(() => expect(description(screen.getByLabelText('zuliprc file'))).toContain('Choose the zuliprc file to import.'));
  });
});
