// About & diagnostics from the status line: versions, network, each organization's connection, the
// last problems; copying the report, opening the logs folder (or saying where it is), and the update
// check in its own words.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { AppInfo, Diagnostics } from '../../../shared/ipc';
import { StatusLine } from '../app/StatusLine';
import { installFakeBridge, removeFakeBridge, renderWithQueries, type Answers } from '../testing/fake-bridge';
import { olivia } from '../testing/demo-samples';

const info: AppInfo = { name: 'Realm Console', version: '0.1.0', platform: 'linux', runtime: { kind: 'electron', node: '22.20.0', electron: '45.4.1', chrome: '146.0.0.0' } };

function diagnostics(extra: Partial<Diagnostics> = {}): Diagnostics {
  return {
    app: info,
    logsFolder: '/home/olivia/.config/Realm Console/logs',
    canOpenFolders: true,
    network: { settings: { mode: 'manual', proxyUrl: 'http://proxy:3128', proxyUsername: '', bypass: '', pacUrl: '' }, stack: 'electron', proxyPasswordSaved: false, environment: null, problem: null },
    networkInWords: 'manual proxy http://proxy:3128',
    realms: [
      { account: 'a1', realmName: 'Sandbox Org', realmUrl: 'https://chat.example.com', featureLevel: 421, state: 'live', detail: null, trust: { certificateAuthorities: ['Example Corp Root CA'], certificateUnchecked: false, cleartext: false } },
      { account: 'a2', realmName: 'Test Lab', realmUrl: 'http://10.1.2.3:9991', featureLevel: null, state: 'reconnecting', detail: 'Lost the connection to http://10.1.2.3:9991.', trust: { certificateAuthorities: [], certificateUnchecked: false, cleartext: true } },
    ],
    problems: [
      { time: '2026-03-01T10:00:00.000Z', level: 'warn', text: 'queue state: reconnecting: Lost the connection to http://10.1.2.3:9991.' },
      { time: '2026-03-01T10:00:05.000Z', level: 'error', text: 'internal error: boom' },
    ],
    ...extra,
  };
}

function openAbout(answers: Answers = {}) {
  const bridge = installFakeBridge({ 'app.info': () => info, 'diagnostics.get': () => diagnostics(), ...answers });
  renderWithQueries(<StatusLine />);
  return bridge;
}

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'About & diagnostics…' }));
  const dialog = await screen.findByRole('dialog', { name: 'About & diagnostics' });
  await within(dialog).findByRole('heading', { name: 'Realm Console 0.1.0' });
  return dialog;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  removeFakeBridge();
});

describe('about & diagnostics', () => {
  test('two accounts on organizations of one name are two rows, each with its email; dates are written as the app writes them', async () => {
    const sameName = diagnostics().realms.map((realm) => ({ ...realm, realmName: 'Sandbox Org' }));
    openAbout({
      'diagnostics.get': () => diagnostics({ realms: sameName }),
      'accounts.list': () => [
        { ...olivia, id: 'a1', email: 'olivia@sandbox.test' },
        { ...olivia, id: 'a2', email: 'mona@sandbox.test' },
      ],
    });
    const dialog = await openDialog();
    const rows = within(within(dialog).getByRole('table')).getAllByRole('row').slice(1);
    expect(within(dialog).getByRole('columnheader', { name: 'Signed in as' })).toBeTruthy();
    await waitFor(() => expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['olivia@sandbox.test', 'mona@sandbox.test']));
    const times = within(within(dialog).getByRole('region', { name: 'Recent problems' })).getAllByRole('listitem').map((item) => item.querySelector('time')?.textContent);
    const appFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
    expect(times).toEqual([appFormat.format(new Date('2026-03-01T10:00:05.000Z')), appFormat.format(new Date('2026-03-01T10:00:00.000Z'))]);
  });

  test('shows the versions, the network, and each organization with its address, feature level, queue state and warnings', async () => {
    openAbout();
    const dialog = await openDialog();
    expect(dialog.textContent).toContain('Electron 45.4.1, Chromium 146.0.0.0, Node 22.20.0, on linux');
    expect(dialog.textContent).toContain('manual proxy http://proxy:3128');
    const rows = within(within(dialog).getByRole('table')).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('Sandbox Org');
    expect(rows[1]?.textContent).toContain('421');
    expect(rows[1]?.textContent).toContain('Live');
    expect(rows[1]?.textContent).toContain('Trusts its own certificate authority: Example Corp Root CA');
    expect(rows[2]?.textContent).toContain('Not known yet');
    expect(rows[2]?.textContent).toContain('Reconnecting');
    expect(rows[2]?.textContent).toContain('Unencrypted http:// (you agreed)');
    const problems = within(within(dialog).getByRole('region', { name: 'Recent problems' })).getAllByRole('listitem');
    // Newest first.
    expect(problems.map((problem) => problem.textContent)).toEqual([expect.stringContaining('internal error: boom'), expect.stringContaining('queue state: reconnecting')]);
  });

  test('follows a session that changes state while it is open', async () => {
    let live = false;
    const bridge = openAbout({ 'diagnostics.get': () => diagnostics(live ? { realms: diagnostics().realms.map((realm) => ({ ...realm, state: 'live', detail: null })) } : {}) });
    const dialog = await openDialog();
    live = true;
    act(() => bridge.push({ kind: 'session.state', account: 'a2', state: 'live', detail: null, retryAt: null, lastLiveAt: null }));
    await waitFor(() => expect(within(dialog).getAllByRole('row')[2]?.textContent).toContain('Live'));
  });

  test('copies the report the core redacted', async () => {
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: async (text: string) => void copied.push(text) }, configurable: true });
    openAbout({ 'diagnostics.report': () => ({ text: 'Realm Console 0.1.0 diagnostics' }) });
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy diagnostics' }));
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe('Copied the diagnostics. They hold no API key, password or email address.'));
    expect(copied).toEqual(['Realm Console 0.1.0 diagnostics']);
  });

  test('where the clipboard is refused, shows the report to copy by hand', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: async () => Promise.reject(new Error('denied')) }, configurable: true });
    openAbout({ 'diagnostics.report': () => ({ text: 'the report' }) });
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy diagnostics' }));
    expect(await within(dialog).findByLabelText('Diagnostics to copy')).toHaveProperty('value', 'the report');
  });

  test('opens the logs folder in the app, and says so', async () => {
    const bridge = openAbout({ 'diagnostics.openLogsFolder': () => ({ opened: true, folder: '/home/olivia/.config/Realm Console/logs', detail: null }) });
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open logs folder' }));
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe('Opened /home/olivia/.config/Realm Console/logs.'));
    expect(bridge.callsTo('diagnostics.openLogsFolder')).toHaveLength(1);
  });

  test('in browser mode, shows where the logs are instead of a button that cannot open them', async () => {
    openAbout({ 'diagnostics.get': () => diagnostics({ canOpenFolders: false }) });
    const dialog = await openDialog();
    expect(within(dialog).queryByRole('button', { name: 'Open logs folder' })).toBeNull();
    expect(dialog.textContent).toContain('/home/olivia/.config/Realm Console/logs');
    expect(dialog.textContent).toContain('Browser mode cannot open folders: open this one in your file manager.');
  });

  test('says plainly when no update channel is configured', async () => {
    openAbout({ 'updates.check': () => ({ status: 'not-configured', message: 'No update channel is configured in this package.', version: null }) });
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check for updates' }));
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe('No update channel is configured in this package.'));
  });
});
