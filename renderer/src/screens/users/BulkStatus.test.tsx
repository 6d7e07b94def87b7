// The selection bar's Deactivate and Reactivate: each is offered only when a selected user could
// change, and says why not in its description; the dialog words an active user as already active.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { removeFakeBridge } from '../../testing/fake-bridge';
import { demoPeople, openUsersScreen, row, tableLoaded, withRole } from './testing/users-harness';
import { adam } from '../../testing/demo-samples';

afterEach(() => {
  cleanup();
  removeFakeBridge();
});

const description = (button: HTMLElement) =>
  (button.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();

test('with only active users selected, Reactivate is off and says none is deactivated; Deactivate is on', async () => {
  openUsersScreen();
  await tableLoaded();
  fireEvent.click(row('Mark Member'));
  const reactivate = screen.getByRole('button', { name: 'Reactivate 1…' }) as HTMLButtonElement;
  expect(reactivate.disabled).toBe(true);
  expect(description(reactivate)).toBe('None of the selected users is deactivated.');
  const deactivate = screen.getByRole('button', { name: 'Deactivate 1…' }) as HTMLButtonElement;
  expect(deactivate.disabled).toBe(false);
  expect(description(deactivate)).toBe('');
});

test('with only deactivated users selected, Deactivate is off and says none is active', async () => {
  openUsersScreen();
  await tableLoaded();
  fireEvent.click(row('Derek Departed'));
  const deactivate = screen.getByRole('button', { name: 'Deactivate 1…' }) as HTMLButtonElement;
  expect(deactivate.disabled).toBe(true);
  expect(description(deactivate)).toBe('None of the selected users is active.');
  expect((screen.getByRole('button', { name: 'Reactivate 1…' }) as HTMLButtonElement).disabled).toBe(false);
});

test('reactivating a mixed selection lists the active ones as "Already active", not "already reactivated"', async () => {
  openUsersScreen();
  await tableLoaded();
  fireEvent.click(row('Derek Departed'));
  fireEvent.click(row('Mark Member'), { ctrlKey: true });
  fireEvent.click(screen.getByRole('button', { name: 'Reactivate 2…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Reactivate 2 selected users' });
  const already = within(dialog).getByRole('region', { name: /^Already active: unchanged/ });
  expect(within(already).getByText('Mark Member')).toBeTruthy();
  expect(within(dialog).queryByText(/reactivated: unchanged/)).toBeNull();
});

test('deactivating the only administrator asks for the tick that says no administrator is left, and names the bots that go with them', async () => {
  const people = demoPeople().map((person) => (person.full_name === 'Echo Bot' ? { ...person, bot_owner_id: 2 } : person));
  const realm = openUsersScreen({ people });
  await tableLoaded();
  fireEvent.click(row('Adam Admin'));
  fireEvent.click(row('Mark Member'), { ctrlKey: true });
  fireEvent.click(screen.getByRole('button', { name: 'Deactivate 2…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Deactivate 2 selected users' });
  expect(within(dialog).getByText('2 users will be deactivated, and 1 bot with their owners.')).toBeTruthy();
  const bots = within(dialog).getByRole('region', { name: /^Their bots, deactivated with them/ });
  expect(within(bots).getByText('Echo Bot')).toBeTruthy();
  expect(within(bots).getByText('Owned by Adam Admin.')).toBeTruthy();
  const confirm = within(dialog).getByRole('button', { name: 'Deactivate 2 users' }) as HTMLButtonElement;
  expect(confirm.disabled).toBe(true);
  fireEvent.click(within(dialog).getByRole('checkbox', { name: /will have no administrators, only its owner/ }));
  expect(confirm.disabled).toBe(false);
  fireEvent.click(confirm);
  await waitFor(() => expect(realm.callsTo('users.bulkStatus.start')).toHaveLength(1));
});

test('made a moderator while the screen is open, the bulk changes are off and say why', async () => {
  const realm = openUsersScreen({ account: adam });
  await tableLoaded();
  fireEvent.click(row('Mark Member'));
  expect((screen.getByRole('button', { name: 'Deactivate 1…' }) as HTMLButtonElement).disabled).toBe(false);
  realm.change(2, withRole(realm.users.get(2)!, 300));
  const why = 'Only organization administrators and owners can change roles or deactivate users; you are a moderator in Second Realm now.';
  await waitFor(() => expect((screen.getByRole('button', { name: 'Change role of 1…' }) as HTMLButtonElement).disabled).toBe(true));
  for (const name of ['Change role of 1…', 'Deactivate 1…', 'Reactivate 1…']) expect(description(screen.getByRole('button', { name }))).toBe(why);
});

test('reactivating an owner of deactivated bots says the bots stay deactivated (the server reactivates the user alone), in bulk and in the panel', async () => {
  const people = demoPeople().map((person) => (person.full_name === 'Echo Bot' ? { ...person, bot_owner_id: 6, is_active: false } : person));
  openUsersScreen({ people });
  await tableLoaded();
  fireEvent.click(row('Derek Departed'));
  fireEvent.click(row('Mark Member'), { ctrlKey: true });
  fireEvent.click(screen.getByRole('button', { name: 'Reactivate 2…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Reactivate 2 selected users' });
  expect(within(dialog).getByText(/^1 user will be reactivated/).textContent).toBe('1 user will be reactivated; 1 bot of theirs stays deactivated.');
  const staying = within(dialog).getByRole('region', { name: /^Their bots, which stay deactivated/ });
  expect(staying.textContent).toContain('Echo Bot');
  expect(staying.textContent).toContain('Owned by Derek Departed.');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

  fireEvent.click(row('Derek Departed'));
  fireEvent.keyDown(row('Derek Departed'), { key: 'Enter' });
  const panel = await screen.findByRole('complementary', { name: 'Derek Departed' });
  fireEvent.click(within(panel).getByRole('button', { name: 'Reactivate Derek Departed…' }));
  const confirm = await screen.findByRole('dialog', { name: /^Reactivate Derek Departed/ });
  expect(confirm.textContent).toContain('The bot they own, Echo Bot, stays deactivated: reactivate it on its own if still needed.');
});
