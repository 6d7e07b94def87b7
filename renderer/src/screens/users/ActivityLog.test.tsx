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
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const rows = within(table).getAllByRole('row').slice(1);
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

  test('the filters and the search are sent to the core, and a search that matches nothing says so and clears', async () => {
    const realm = openUsersScreen({ activity: entries.map((entry) => ({ ...entry, kind: 'role' as const, actorId: 8 })) });
    await tableLoaded();
    fireEvent.click(screen.getByRole('tab', { name: 'Activity log' }));
    expect(await screen.findByText('2 changes.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Kind of change'), { target: { value: 'role' } });
    fireEvent.change(screen.getByLabelText('Who'), { target: { value: 'id:8' } });
    fireEvent.change(screen.getByLabelText('Search the activity log'), { target: { value: 'zebra' } });
    expect(await screen.findByText('No changes match these filters.')).toBeTruthy();
    expect(realm.callsTo('activity.query').at(-1)).toMatchObject({ account: 'acc-olivia', filters: { kinds: ['role'], actorId: 8, search: 'zebra' }, offset: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('2 changes.')).toBeTruthy();
    expect((screen.getByLabelText('Search the activity log') as HTMLInputElement).value).toBe('');
  });
});
