import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { removeFakeBridge } from '../../testing/fake-bridge';
import { adam } from '../../testing/sample-data';
import { demoPeople, openUsersScreen, PROFILE_FIELDS, row, tableLoaded } from './test-realm';

afterEach(() => {
  cleanup();
  removeFakeBridge();
});

async function openUser(name: string) {
  await tableLoaded();
  fireEvent.click(row(name));
  return screen.findByRole('complementary', { name: new RegExp(`^${name}`) });
}

const roleOption = (panel: HTMLElement, name: string) => within(panel).getByRole('radio', { name: new RegExp(`^${name}`) });
const reasonOf = (panel: HTMLElement, name: string) => {
  const input = roleOption(panel, name) as HTMLInputElement;
  const id = input.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : null;
};

describe('the user detail panel', () => {
  test('shows role, name, real email, date joined, kind, status and profile fields', async () => {
    openUsersScreen({
      people: [
        { ...demoPeople()[3]!, email: 'user4@sandbox.example', delivery_email: 'mark@private.example', profile_data: { '2': { value: 'Engineering' }, '1': { value: 'he/him' }, '9': { value: 'Berlin' } } },
        demoPeople()[0]!,
      ],
    });
    const panel = await openUser('Mark Member');
    const fact = (label: string) => within(panel).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Role')).toBe('Member');
    expect(fact('Status')).toBe('Active');
    expect(fact('Email')).toBe('mark@private.example');
    expect(fact('Login email')).toBe('user4@sandbox.example');
    expect(fact('Kind')).toBe('Human');
    expect(fact('Joined')).toMatch(/2024/);
    // Named and in the organization's order; a value of a field the console does not know, by its ID.
    const profile = within(panel).getByRole('region', { name: 'Profile' });
    await within(profile).findByText('Pronouns', { selector: 'dt' });
    expect([...profile.querySelectorAll('dt')].map((label) => label.textContent)).toEqual(['Pronouns', 'Team', 'Field 9']);
    expect(fact('Team')).toBe('Engineering');
    expect(fact('Field 9')).toBe('Berlin');
  });

  test('a renamed profile field shows its new name live', async () => {
    const fields = [...PROFILE_FIELDS];
    const realm = openUsersScreen({
      people: [{ ...demoPeople()[3]!, profile_data: { '2': { value: 'Engineering' } } }, demoPeople()[0]!],
      answers: { 'realm.profileFields': () => fields },
    });
    const panel = await openUser('Mark Member');
    expect(await within(panel).findByText('Team', { selector: 'dt' })).toBeTruthy();
    fields[1] = { ...fields[1]!, name: 'Department' };
    realm.push({ kind: 'realm.changed', account: 'acc-olivia', changes: [{ collection: 'profileFields', ids: [] }] });
    expect(await within(panel).findByText('Department', { selector: 'dt' })).toBeTruthy();
  });
});

describe('changing a role', () => {
  test('every role is listed; one the rules refuse is disabled with the reason, before anything is sent', async () => {
    const realm = openUsersScreen({ account: adam });
    const olivia = await openUser('Olivia Owner');
    for (const name of ['Administrator', 'Moderator', 'Member', 'Guest']) {
      expect((roleOption(olivia, name) as HTMLInputElement).disabled).toBe(true);
      expect(reasonOf(olivia, name)).toBe(
        'Olivia Owner is an owner: only organization owners can remove the owner role. Sign in as an owner, or ask one to make this change.',
      );
    }
    fireEvent.click(screen.getByRole('button', { name: 'Close user details' }));
    const gina = await openUser('Gina Guest');
    expect((roleOption(gina, 'Owner') as HTMLInputElement).disabled).toBe(true);
    expect(reasonOf(gina, 'Owner')).toMatch(/^Only organization owners can grant the owner role/);
    expect(reasonOf(gina, 'Administrator')).toBe('Gina Guest is a guest: a guest cannot be made an administrator directly. Make them a member first.');
    expect((roleOption(gina, 'Member') as HTMLInputElement).disabled).toBe(false);
    expect(realm.callsTo('users.changeRole')).toEqual([]);
  });

  test('the only owner cannot lose the role, even to an owner', async () => {
    openUsersScreen();
    const olivia = await openUser('Olivia Owner');
    expect(reasonOf(olivia, 'Member')).toBe('Olivia Owner is the only owner of this organization and cannot lose the owner role. Make someone else an owner first.');
  });

  test('a change is sent, and the table and panel show the new role', async () => {
    const realm = openUsersScreen();
    const mark = await openUser('Mark Member');
    fireEvent.click(roleOption(mark, 'Administrator'));
    fireEvent.click(within(mark).getByRole('button', { name: 'Make administrator' }));
    await waitFor(() => expect(within(row('Mark Member')).getByText('Administrator')).toBeTruthy());
    expect(realm.callsTo('users.changeRole')).toEqual([{ account: 'acc-olivia', userId: 4, role: 200 }]);
    expect(within(mark).getByText('Role', { selector: 'dt' }).nextElementSibling?.textContent).toBe('Administrator');
    expect(await screen.findByText('Mark Member is now an administrator.')).toBeTruthy();
  });

  test('a refusal by the server is shown in words, with what to do', async () => {
    openUsersScreen({
      answers: {
        'users.changeRole': () => ({
          error: { code: 'BAD_REQUEST', msg: 'Mark Member could not be made a moderator: Insufficient permission. Sign in as an administrator or owner, or ask one to make this change.' },
        }),
      },
    });
    const mark = await openUser('Mark Member');
    fireEvent.click(roleOption(mark, 'Moderator'));
    fireEvent.click(within(mark).getByRole('button', { name: 'Make moderator' }));
    const alert = await within(mark).findByRole('alert');
    expect(alert.textContent).toContain('Mark Member could not be made a moderator: Insufficient permission. Sign in as an administrator or owner');
  });

  test('a bare error from the core still says what failed and what to do', async () => {
    openUsersScreen({ answers: { 'users.changeRole': () => ({ error: { code: 'NETWORK_ERROR', msg: 'Could not reach http://127.0.0.1:9991: connection refused.' } }) } });
    const mark = await openUser('Mark Member');
    fireEvent.click(roleOption(mark, 'Guest'));
    fireEvent.click(within(mark).getByRole('button', { name: 'Make guest' }));
    const alert = await within(mark).findByRole('alert');
    expect(alert.textContent).toContain('Mark Member could not be made a guest: Could not reach http://127.0.0.1:9991: connection refused.');
    expect(alert.textContent).toContain('Check the connection status');
  });
});

describe('rename, deactivate and reactivate', () => {
  test('renaming sends the trimmed name', async () => {
    const realm = openUsersScreen();
    const mark = await openUser('Mark Member');
    fireEvent.change(within(mark).getByRole('textbox', { name: 'Full name' }), { target: { value: '  Mark M. Member ' } });
    fireEvent.click(within(mark).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(realm.callsTo('users.rename')).toEqual([{ account: 'acc-olivia', userId: 4, fullName: 'Mark M. Member' }]));
    expect(await screen.findByRole('heading', { level: 2, name: 'Mark M. Member' })).toBeTruthy();
  });

  test('deactivation asks first, then reactivation is offered', async () => {
    const realm = openUsersScreen();
    const mark = await openUser('Mark Member');
    fireEvent.click(within(mark).getByRole('button', { name: 'Deactivate Mark Member…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Mark Member?' });
    expect(realm.callsTo('users.deactivate')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(within(row('Mark Member')).getByText('Deactivated')).toBeTruthy());
    fireEvent.click(await within(mark).findByRole('button', { name: 'Reactivate Mark Member…' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Reactivate Mark Member?' })).getByRole('button', { name: 'Reactivate' }));
    await waitFor(() => expect(within(row('Mark Member')).getByText('Active')).toBeTruthy());
    expect(realm.callsTo('users.reactivate')).toEqual([{ account: 'acc-olivia', userId: 4 }]);
  });

  test('the only owner cannot be deactivated, and the panel says why up front', async () => {
    openUsersScreen();
    const olivia = await openUser('Olivia Owner');
    const button = within(olivia).getByRole('button', { name: 'Deactivate Olivia Owner…' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Olivia Owner is the only owner of this organization and cannot be deactivated. Make someone else an owner first.',
    );
  });

  test('an administrator cannot deactivate an owner', async () => {
    openUsersScreen({ account: adam });
    const olivia = await openUser('Olivia Owner');
    const button = within(olivia).getByRole('button', { name: 'Deactivate Olivia Owner…' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Olivia Owner is an owner: only organization owners can deactivate an owner.',
    );
  });
});
