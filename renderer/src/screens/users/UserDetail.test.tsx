import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import type { User } from '../../../../shared/api/users';
import { removeFakeBridge } from '../../testing/fake-bridge';
import { adam } from '../../testing/demo-samples';
import { demoPeople, openUsersScreen, PROFILE_FIELDS, row, tableLoaded, withRole } from './testing/users-harness';

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
  test('Escape closes it from a control, but not from a text box holding text (the typing is the box’s)', async () => {
    openUsersScreen();
    const mark = await openUser('Mark Member');
    const name = within(mark).getByRole('textbox', { name: 'Full name' });
    fireEvent.keyDown(name, { key: 'Escape' });
    expect(screen.getByRole('complementary', { name: /^Mark Member/ })).toBe(mark);
    fireEvent.keyDown(within(mark).getByRole('button', { name: 'Close user details' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('complementary', { name: /^Mark Member/ })).toBeNull());
  });

  test('a role chosen and a name typed, not applied, are asked about before another user or closing drops them', async () => {
    const realm = openUsersScreen();
    const mark = await openUser('Mark Member');
    fireEvent.click(roleOption(mark, 'Moderator'));
    fireEvent.change(within(mark).getByRole('textbox', { name: 'Full name' }), { target: { value: 'Mark M.' } });
    fireEvent.click(row('Gina Guest'));
    const ask = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(ask.textContent).toContain('Your changes to Mark Member’s name and role are not applied yet.');
    expect(ask.textContent).toContain('If you leave now, 2 unsaved changes are lost.');
    fireEvent.click(within(ask).getByRole('button', { name: 'Stay' }));
    expect(screen.getByRole('complementary', { name: /^Mark Member/ })).toBe(mark);
    expect((roleOption(mark, 'Moderator') as HTMLInputElement).checked).toBe(true);

    fireEvent.click(within(mark).getByRole('button', { name: 'Close user details' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Discard and leave' }));
    await waitFor(() => expect(screen.queryByRole('complementary', { name: /^Mark Member/ })).toBeNull());
    expect(realm.callsTo('users.changeRole')).toEqual([]);
    expect(realm.callsTo('users.rename')).toEqual([]);
  });

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

  test("a bot's panel names its owner (whose deactivation takes the bot with them); a human's has no owner", async () => {
    openUsersScreen({ people: demoPeople().map((person) => (person.full_name === 'Echo Bot' ? { ...person, bot_owner_id: 2 } : person)) });
    const bot = await openUser('Echo Bot');
    expect(within(bot).getByText('Owner', { selector: 'dt' }).nextElementSibling?.textContent).toBe('Adam Admin');
    const human = await openUser('Mark Member');
    expect(within(human).queryByText('Owner', { selector: 'dt' })).toBeNull();
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
    const rule = 'Olivia Owner is the only owner of this organization and cannot lose the owner role. Make someone else an owner first.';
    for (const name of ['Administrator', 'Moderator', 'Member', 'Guest']) expect(reasonOf(olivia, name)).toBe(rule);
    // Said once for the four roles it rules out, not under each.
    expect(within(olivia).getAllByText(rule)).toHaveLength(1);
  });

  test('nothing is chosen for the user: the current role stays selected, and the button says to choose', async () => {
    openUsersScreen();
    const mark = await openUser('Mark Member');
    expect((roleOption(mark, 'Member') as HTMLInputElement).checked).toBe(true);
    const button = within(mark).getByRole('button', { name: 'Choose a new role' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  test('a change is sent, and the table and panel show the new role', async () => {
    const realm = openUsersScreen();
    const mark = await openUser('Mark Member');
    fireEvent.click(roleOption(mark, 'Administrator'));
    // Before it is sent: who gains rights, and what the role means.
    expect(within(mark).getByText('Gains rights').parentElement?.textContent).toBe('Gains rights · Mark Member: Member → Administrator');
    expect(within(mark).getByText('Administrators manage the organization’s settings, users and channels.')).toBeTruthy();
    // Rights over the whole organization: stated in a box to tick, never ticked for the user.
    const make = within(mark).getByRole('button', { name: 'Make administrator' }) as HTMLButtonElement;
    expect(make.disabled).toBe(true);
    fireEvent.click(within(mark).getByRole('checkbox', { name: 'I understand that Mark Member will become an administrator of Sandbox Realm' }));
    fireEvent.click(make);
    await waitFor(() => expect(within(row('Mark Member')).getByText('Administrator')).toBeTruthy());
    expect(realm.callsTo('users.changeRole')).toEqual([{ account: 'acc-olivia', userId: 4, role: 200, acknowledged: [] }]);
    expect(within(mark).getByText('Role', { selector: 'dt' }).nextElementSibling?.textContent).toBe('Administrator');
    expect((await within(mark).findByRole('status')).textContent).toBe('Mark Member is now an administrator.');
  });

  test('taking away your own rights is confirmed in words: the button stays disabled until the box is ticked', async () => {
    const realm = openUsersScreen({ account: adam });
    const self = await openUser('Adam Admin');
    fireEvent.click(roleOption(self, 'Moderator'));
    expect(within(self).getByText('Loses rights').parentElement?.textContent).toBe('Loses rights · Adam Admin: Administrator → Moderator');
    const box = within(self).getByRole('checkbox', { name: 'I understand that I will no longer be an administrator of Second Realm, only a moderator, and that it will have no administrators, only its owner' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    const button = within(self).getByRole('button', { name: 'Make moderator' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(box);
    expect(button.disabled).toBe(false);
    // Another choice asks again.
    fireEvent.click(roleOption(self, 'Member'));
    expect((within(self).getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
    fireEvent.click(within(self).getByRole('checkbox'));
    fireEvent.click(within(self).getByRole('button', { name: 'Make member' }));
    await waitFor(() => expect(realm.callsTo('users.changeRole')).toEqual([{ account: 'acc-adam', userId: 2, role: 400, acknowledged: ['noAdministrator', 'ownRights'] }]));
    // A member may change no roles; what was done stays said.
    expect((await within(self).findByRole('status')).textContent).toBe('Adam Admin is now a member.');
    expect(within(self).getByText('Only organization administrators and owners can change roles.')).toBeTruthy();
    // His own name is his to change, elsewhere: the panel does not call it another user's.
    expect(within(self).getByText('Only organization administrators and owners can rename users here; change your own name in your personal settings.')).toBeTruthy();
  });

  test('leaving nobody to administer the organization is confirmed in words', async () => {
    // A realm without an owner, where Olivia is the only administrator.
    const people = demoPeople().map((person) => (person.user_id === 1 ? withRole(person, 200) : person.user_id === 2 ? withRole(person, 300) : person));
    const realm = openUsersScreen({ people });
    const self = await openUser('Olivia Owner');
    fireEvent.click(roleOption(self, 'Moderator'));
    expect(within(self).getByRole('group', { name: 'Nobody would be left to administer the organization' }).textContent).toContain(
      'After this change Sandbox Realm has no active owner or administrator',
    );
    fireEvent.click(within(self).getByRole('checkbox', { name: 'I understand that nobody, me included, will be able to administer Sandbox Realm' }));
    fireEvent.click(within(self).getByRole('button', { name: 'Make moderator' }));
    await waitFor(() => expect(realm.callsTo('users.changeRole')).toEqual([{ account: 'acc-olivia', userId: 1, role: 300, acknowledged: ['noAdministrator', 'ownRights'] }]));
  });

  test('a failure is shown in the core’s words, as they come; one on the way to the core says what to do', async () => {
    const worded = 'Mark Member could not be made a guest: Could not reach http://127.0.0.1:9991: connection refused. Check the address and your network.';
    let reply: { error: { code: string; msg: string } } = { error: { code: 'NETWORK_ERROR', msg: worded } };
    openUsersScreen({ answers: { 'users.changeRole': () => reply } });
    const mark = await openUser('Mark Member');
    fireEvent.click(roleOption(mark, 'Guest'));
    fireEvent.click(within(mark).getByRole('button', { name: 'Make guest' }));
    expect((await within(mark).findByRole('alert')).textContent).toBe(`Error: ${worded}`);

    reply = { error: { code: 'INTERNAL', msg: 'The handler failed: boom.' } };
    fireEvent.click(roleOption(mark, 'Moderator'));
    fireEvent.click(within(mark).getByRole('button', { name: 'Make moderator' }));
    const alert = await within(mark).findByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain('The handler failed: boom.'));
    expect(alert.textContent).toContain('This is a bug in Realm Console.');
  });
});

describe('an open panel follows changes made elsewhere', () => {
  test('a role changed elsewhere moves the role shown, the selected role and the button', async () => {
    const realm = openUsersScreen();
    const mark = await openUser('Mark Member');
    realm.change(4, withRole(realm.users.get(4)!, 300));
    await waitFor(() => expect(within(mark).getByText('Role', { selector: 'dt' }).nextElementSibling?.textContent).toBe('Moderator'));
    expect((roleOption(mark, 'Moderator') as HTMLInputElement).checked).toBe(true);
    expect((within(mark).getByRole('button', { name: 'Choose a new role' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(mark).queryByRole('button', { name: /^Make / })).toBeNull();
  });

  test('under an unsent choice it says the role changed meanwhile, and sends nothing until the user decides', async () => {
    const realm = openUsersScreen();
    const mark = await openUser('Mark Member');
    fireEvent.click(roleOption(mark, 'Guest'));
    realm.change(4, withRole(realm.users.get(4)!, 300));
    const notice = await within(mark).findByText(/Changed on the server to/);
    expect(notice.textContent).toBe('Changed on the server to Moderator meanwhile. Your choice, Guest, is not sent.');
    expect((within(mark).getByRole('button', { name: 'Make guest' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(mark).getByRole('button', { name: 'Keep my choice' }));
    expect((within(mark).getByRole('button', { name: 'Make guest' }) as HTMLButtonElement).disabled).toBe(false);
    expect(within(mark).queryByText(/Changed on the server to/)).toBeNull();

    realm.change(4, withRole(realm.users.get(4)!, 200));
    fireEvent.click(await within(mark).findByRole('button', { name: 'Take theirs' }));
    expect((roleOption(mark, 'Administrator') as HTMLInputElement).checked).toBe(true);
    expect(within(mark).getByRole('button', { name: 'Choose a new role' })).toBeTruthy();
    expect(realm.callsTo('users.changeRole')).toEqual([]);
  });

  test('a rename elsewhere shows in the name field; under an unsent edit it says so', async () => {
    const realm = openUsersScreen();
    const mark = await openUser('Mark Member');
    const field = within(mark).getByRole('textbox', { name: 'Full name' }) as HTMLInputElement;
    realm.change(4, { full_name: 'Marcus Member' });
    await waitFor(() => expect(field.value).toBe('Marcus Member'));

    fireEvent.change(field, { target: { value: 'Mark M.' } });
    realm.change(4, { full_name: 'Marcus M. Member' });
    expect((await within(mark).findByText(/Changed on the server to/)).textContent).toBe(
      'Changed on the server to Marcus M. Member meanwhile. Your edit, Mark M., is not sent.',
    );
    expect((within(mark).getByRole('button', { name: 'Rename' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(mark).getByRole('button', { name: 'Take theirs' }));
    expect(field.value).toBe('Marcus M. Member');
    expect(realm.callsTo('users.rename')).toEqual([]);
  });

  test('deactivating someone who owns bots names the bots deactivated with them', async () => {
    const bot = (id: number, name: string, owner: number, active = true) => ({ ...(demoPeople()[3] as User), user_id: id, full_name: name, email: `${id}@bots.test`, is_bot: true, is_active: active, bot_owner_id: owner });
    openUsersScreen({ people: [...demoPeople(), bot(20, 'Standup bot', 4), bot(21, 'Deploy bot', 4), bot(22, 'Old bot', 4, false), bot(23, 'Adam bot', 2)] });
    const mark = await openUser('Mark Member');
    fireEvent.click(within(mark).getByRole('button', { name: 'Deactivate Mark Member…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Mark Member?' });
    expect(dialog.textContent).toContain('The bots they own, Standup bot and Deploy bot, will be deactivated with them.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const adamPanel = await openUser('Adam Admin');
    fireEvent.click(within(adamPanel).getByRole('button', { name: 'Deactivate Adam Admin…' }));
    expect((await screen.findByRole('dialog', { name: 'Deactivate Adam Admin?' })).textContent).toContain('The bot they own, Adam bot, will be deactivated with them.');
  });

  test('deactivating the only administrator is confirmed in words first, as demoting them is', async () => {
    const realm = openUsersScreen();
    const adamPanel = await openUser('Adam Admin');
    fireEvent.click(within(adamPanel).getByRole('button', { name: 'Deactivate Adam Admin…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Adam Admin?' });
    expect(dialog.textContent).toContain('has no administrators: only its 1 owner could manage its settings, users and channels');
    const confirm = within(dialog).getByRole('button', { name: 'Deactivate' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /will have no administrators, only its owner/ }));
    fireEvent.click(confirm);
    await waitFor(() => expect(realm.callsTo('users.deactivate')).toHaveLength(1));
  });

  test('a confirmation left open while the user was deactivated elsewhere closes, and says so', async () => {
    const realm = openUsersScreen();
    const mark = await openUser('Mark Member');
    fireEvent.click(within(mark).getByRole('button', { name: 'Deactivate Mark Member…' }));
    expect(await screen.findByRole('dialog', { name: 'Deactivate Mark Member?' })).toBeTruthy();
    realm.change(4, { is_active: false });
    expect((await within(mark).findByRole('status')).textContent).toBe('Mark Member was deactivated on the server meanwhile. Nothing was sent from here.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(mark).getByRole('button', { name: 'Reactivate Mark Member…' })).toBeTruthy();
    expect(realm.callsTo('users.deactivate')).toEqual([]);
    expect(realm.callsTo('users.reactivate')).toEqual([]);
  });
});

describe('effective access', () => {
  test("a deactivated user's access says they have none until reactivated, not what their role allows", async () => {
    openUsersScreen();
    const access = within(await openUser('Derek Departed')).getByRole('region', { name: 'Effective access' });
    expect((await within(access).findByText(/^Deactivated:/)).parentElement?.textContent).toBe(
      'Deactivated: Derek Departed cannot sign in, so has no access until reactivated (as a member).',
    );
    expect(access.textContent).not.toContain('What the role allows.');
  });

  test("an active user's access starts with what their role allows", async () => {
    openUsersScreen();
    const access = within(await openUser('Mark Member')).getByRole('region', { name: 'Effective access' });
    expect((await within(access).findByText('What the role allows.', { exact: false })).textContent).toBe('Member: What the role allows.');
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
