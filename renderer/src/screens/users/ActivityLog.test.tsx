import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { ActivityEntry } from '../../../../shared/ipc';
import { removeFakeBridge } from '../../testing/fake-bridge';
import { openUsersScreen, tableLoaded } from './testing/users-harness';

afterEach(() => {
  cleanup();
  removeFakeBridge();
  vi.restoreAllMocks();
});

const entries: ActivityEntry[] = [
  { at: Date.UTC(2025, 4, 2, 10), actor: 'Olivia Owner', action: 'Changed role', target: 'Mark Member (mark@sandbox.test)', details: 'Member → Administrator', result: 'ok', error: null },
  {
    at: Date.UTC(2025, 4, 1, 9),
    actor: 'Olivia Owner',
    action: 'Changed role',
    target: 'Olivia Owner (olivia@sandbox.test)',
    details: 'Owner → Member',
    result: 'failed',
    error: 'Olivia Owner could not be made a member: The owner permission cannot be removed from the only organization owner.',
  },
];

describe('the activity log', () => {
  test('lists who did what to whom, when, and the result, newest first', async () => {
    openUsersScreen({ activity: entries });
    await tableLoaded();
    fireEvent.click(screen.getByRole('tab', { name: 'Activity log' }));
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('Member → Administrator');
    expect(rows[0]?.textContent).toContain('Done');
    expect(rows[1]?.textContent).toContain('Failed');
    expect(rows[1]?.textContent).toContain('cannot be removed from the only organization owner');
  });

  test('Export CSV saves the whole log through a download', async () => {
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:activity';
    });
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    const realm = openUsersScreen({
      activity: entries,
      answers: { 'activity.exportCsv': () => ({ filename: 'sandbox-realm-activity.csv', csv: 'When,Who\r\n2025-05-02,Olivia Owner\r\n' }) },
    });
    await tableLoaded();
    fireEvent.click(screen.getByRole('tab', { name: 'Activity log' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:activity', download: 'sandbox-realm-activity.csv' }]));
    expect(await created[0]?.text()).toBe('\uFEFFWhen,Who\r\n2025-05-02,Olivia Owner\r\n');
    expect(realm.callsTo('activity.exportCsv')).toEqual([{ account: 'acc-olivia' }]);
    expect(await screen.findByText('Saved the activity log as sandbox-realm-activity.csv.')).toBeTruthy();
  });

  test('an empty log says what will appear in it', async () => {
    openUsersScreen();
    await tableLoaded();
    fireEvent.click(screen.getByRole('tab', { name: 'Activity log' }));
    expect(await screen.findByText(/Nothing yet\. Role changes, renames, deactivations, bulk changes and changes to channels and default settings/)).toBeTruthy();
  });
});
