import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { removeFakeBridge } from '../../testing/fake-bridge';
import { user } from '../../testing/demo-samples';
import { openUsersScreen, row, shownNames, tableLoaded } from './testing/users-harness';
import { useUsersUi } from './users-ui';

afterEach(() => {
  cleanup();
  removeFakeBridge();
});

/** A filter option's radio, e.g. option('Members'): its label holds the name and the count. */
const option = (name: string) => screen.getByRole('radio', { name: new RegExp(`^${name}\\s*[\\d,]+$`) });
const optionCount = (name: string) => option(name).closest('label')?.querySelector('.chip-count')?.textContent;
const search = () => screen.getByRole('searchbox', { name: 'Search by name or email' });

describe('the users table', () => {
  test('lists everyone by name, with role, status and kind', async () => {
    openUsersScreen();
    await tableLoaded();
    expect(shownNames().slice(0, 4)).toEqual(['Adam Admin', 'Anna Archer', 'Ben Baker', 'Cara Cole']);
    expect(within(row('Derek Departed')).getByText('Deactivated')).toBeTruthy();
    expect(within(row('Echo Bot')).getByText('Bot')).toBeTruthy();
    expect(within(row('Gina Guest')).getByText('Guest')).toBeTruthy();
    expect(screen.getByText('12 users')).toBeTruthy();
  });

  test('a search narrows the table at once, and every filter count follows it', async () => {
    openUsersScreen();
    await tableLoaded();
    expect(optionCount('Members')).toBe('8');
    fireEvent.change(search(), { target: { value: 'M' } });
    await waitFor(() => expect(shownNames()).toEqual(['Adam Admin', 'Mark Member', 'Mona Moderator']));
    expect(optionCount('Members')).toBe('1');
    expect(optionCount('Moderators')).toBe('1');
    expect(optionCount('All roles')).toBe('3');
    expect(screen.getByText('3 of 12 users shown')).toBeTruthy();

    fireEvent.change(search(), { target: { value: 'nobody at all' } });
    expect(await screen.findByText('No users match the search and filters.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() => expect(shownNames()).toHaveLength(12));
  });

  test('filters for role, status and kind, each with its count', async () => {
    openUsersScreen();
    await tableLoaded();
    expect(optionCount('Deactivated')).toBe('1');
    expect(optionCount('Bots')).toBe('1');
    fireEvent.click(option('Bots'));
    await waitFor(() => expect(shownNames()).toEqual(['Echo Bot']));
    // Bots picked: the role counts are of bots now.
    expect(optionCount('Members')).toBe('1');
    expect(optionCount('Owners')).toBe('0');
    fireEvent.click(option('Humans and bots'));
    fireEvent.click(option('Deactivated'));
    await waitFor(() => expect(shownNames()).toEqual(['Derek Departed']));
  });

  test('sorting by role puts owners first; clicking again reverses', async () => {
    openUsersScreen();
    await tableLoaded();
    fireEvent.click(screen.getByRole('button', { name: /^Role/ }));
    await waitFor(() => expect(shownNames()[0]).toBe('Olivia Owner'));
    expect(screen.getByRole('columnheader', { name: /Role/ }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: /^Role/ }));
    await waitFor(() => expect(shownNames()[0]).toBe('Gina Guest'));
  });

  test('additions, role changes, renames and deactivations pushed by the core show without a reload', async () => {
    const realm = openUsersScreen();
    await tableLoaded();
    realm.change(4, { full_name: 'Mark M. Member', role: 200, is_admin: true });
    await waitFor(() => expect(within(row('Mark M. Member')).getByText('Administrator')).toBeTruthy());
    realm.change(9, { is_active: false });
    await waitFor(() => expect(within(row('Ben Baker')).getByText('Deactivated')).toBeTruthy());
    realm.users.set(50, user(50, 'Aaron Newcomer'));
    realm.push({ kind: 'realm.changed', account: 'acc-olivia', changes: [{ collection: 'users', ids: [50] }] });
    await waitFor(() => expect(shownNames()[0]).toBe('Aaron Newcomer'));
    expect(realm.callsTo('realm.users.list')).toHaveLength(1);
  });
});

describe('selection', () => {
  test('click selects one, Shift-click adds the range, Ctrl-click toggles one', async () => {
    openUsersScreen();
    await tableLoaded();
    fireEvent.click(row('Anna Archer'));
    fireEvent.click(row('Dan Dorsey'), { shiftKey: true });
    expect(screen.getByText('4 selected')).toBeTruthy();
    expect(row('Ben Baker').getAttribute('aria-selected')).toBe('true');
    expect(row('Adam Admin').getAttribute('aria-selected')).toBe('false');
    fireEvent.click(row('Ben Baker'), { ctrlKey: true });
    expect(screen.getByText('3 selected')).toBeTruthy();
    expect(row('Ben Baker').getAttribute('aria-selected')).toBe('false');
    fireEvent.click(row('Olivia Owner'), { metaKey: true });
    expect(screen.getByText('4 selected')).toBeTruthy();
  });

  test('"Select all shown" takes what the search shows, and the selection survives a new search', async () => {
    openUsersScreen();
    await tableLoaded();
    fireEvent.change(search(), { target: { value: 'm' } });
    await waitFor(() => expect(screen.getByRole('button', { name: /^Select all \d+ shown$/ })).toBeTruthy());
    const shown = shownNames().length;
    fireEvent.click(screen.getByRole('button', { name: `Select all ${shown} shown` }));
    expect(screen.getByText(`${shown} selected`)).toBeTruthy();
    fireEvent.change(search(), { target: { value: 'mark' } });
    await waitFor(() => expect(screen.getByText(`(${shown - 1} not shown by the search and filters)`)).toBeTruthy());
  });

  test('by keyboard: arrows move, Shift+arrow extends, Space toggles, Enter opens the user', async () => {
    openUsersScreen();
    await tableLoaded();
    const grid = screen.getByRole('grid', { name: 'Users' });
    fireEvent.focus(grid);
    expect(useUsersUi.getState().focused).toBe(2); // Adam Admin, the first row
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: ' ' });
    fireEvent.keyDown(grid, { key: 'ArrowDown', shiftKey: true });
    fireEvent.keyDown(grid, { key: 'ArrowDown', shiftKey: true });
    expect(screen.getByText('3 selected')).toBeTruthy();
    expect(grid.getAttribute('aria-activedescendant')).toBe('users-row-10');
    fireEvent.keyDown(grid, { key: 'Enter' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Cara Cole' })).toBeTruthy();
    // A selection of several, built by hand, stays as it is.
    expect(screen.getByText('3 selected')).toBeTruthy();
    fireEvent.keyDown(grid, { key: 'Escape' });
    expect(screen.queryByText(/selected$/)).toBeNull();
    fireEvent.keyDown(grid, { key: 'a', ctrlKey: true });
    expect(screen.getByText('12 selected')).toBeTruthy();
  });

  test('Enter after a click moves the selection of one to the user it opens, as a click does: the panel and the bulk buttons name the same person', async () => {
    openUsersScreen();
    await tableLoaded();
    fireEvent.click(row('Anna Archer'));
    expect(screen.getByRole('button', { name: 'Deactivate 1…' })).toBeTruthy();
    const grid = screen.getByRole('grid', { name: 'Users' });
    // The clicked row is the focused one: the arrows go on from it.
    expect(useUsersUi.getState().focused).toBe(8);
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: 'Enter' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Ben Baker' })).toBeTruthy();
    expect(row('Ben Baker').getAttribute('aria-selected')).toBe('true');
    expect(row('Anna Archer').getAttribute('aria-selected')).toBe('false');
    expect(screen.getByText('1 selected')).toBeTruthy();
  });
});
