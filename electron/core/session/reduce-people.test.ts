// realm_user and user_group events applied to the demo realm's state.
import { describe, expect, test } from 'vitest';
import { apply, DEMO, demoState } from './testing/demo-snapshot';

const { users, groups } = DEMO;

const person = (fields: Record<string, unknown>) => ({ type: 'realm_user', op: 'update', person: fields });

describe('realm_user', () => {
  test('add puts the new user in the state and names them', () => {
    const before = demoState();
    const newcomer = { ...before.users.get(users.kemi), user_id: 900, email: 'new@sandbox.test', delivery_email: 'new@sandbox.test', full_name: 'New Person' };
    const { state, changes } = apply(before, { type: 'realm_user', op: 'add', person: newcomer });
    expect(state.users.get(900)?.full_name).toBe('New Person');
    expect(state.users.size).toBe(before.users.size + 1);
    expect(changes).toEqual([{ collection: 'users', ids: [900] }]);
  });

  test('a role change updates the role and the flags that follow it', () => {
    const { state, changes } = apply(demoState(), person({ user_id: users.mark, role: 200 }));
    expect(state.users.get(users.mark)).toMatchObject({ role: 200, is_admin: true, is_owner: false, is_guest: false });
    expect(changes).toEqual([{ collection: 'users', ids: [users.mark] }]);
    const guest = apply(state, person({ user_id: users.mark, role: 600 })).state.users.get(users.mark);
    expect(guest).toMatchObject({ role: 600, is_admin: false, is_guest: true });
  });

  test("a change of the signed-in user's own role changes what the realm allows them", () => {
    const { state, changes } = apply(demoState(), person({ user_id: users.olivia, role: 400 }));
    expect(state.ownRole).toBe(400);
    expect(changes).toEqual([{ collection: 'users', ids: [users.olivia] }, { collection: 'realm', ids: [] }]);
  });

  test('full_name, is_active, bot_owner_id and delivery_email replace their fields', () => {
    let state = demoState();
    state = apply(state, person({ user_id: users.mark, full_name: 'Mark M. Member' })).state;
    state = apply(state, person({ user_id: users.mark, is_active: false })).state;
    state = apply(state, person({ user_id: users.echoBot, bot_owner_id: users.olivia })).state;
    state = apply(state, person({ user_id: users.mark, delivery_email: null })).state;
    expect(state.users.get(users.mark)).toMatchObject({ full_name: 'Mark M. Member', is_active: false, delivery_email: null });
    expect(state.users.get(users.echoBot)?.bot_owner_id).toBe(users.olivia);
  });

  test('a deactivated user leaves every group they were a member of, as a fresh register shows', () => {
    const before = demoState();
    const theirs = [...before.groups.values()].filter((group) => group.members.includes(users.mark)).map((group) => group.id);
    expect(theirs.length).toBeGreaterThan(0);
    const { state, changes } = apply(before, person({ user_id: users.mark, is_active: false }));
    expect([...state.groups.values()].filter((group) => group.members.includes(users.mark))).toEqual([]);
    expect(changes).toEqual([{ collection: 'users', ids: [users.mark] }, { collection: 'groups', ids: theirs }]);
    // Older servers kept deactivated users in members: so does the state.
    const old = apply({ ...before, featureLevel: 302 }, person({ user_id: users.mark, is_active: false })).state;
    expect(old.groups.get(theirs[0]!)?.members).toContain(users.mark);
  });

  test('reactivation is an update of is_active', () => {
    const { state } = apply(demoState(), person({ user_id: users.derek, is_active: true }));
    expect(state.users.get(users.derek)?.is_active).toBe(true);
  });

  test('the avatar form replaces all four avatar fields', () => {
    const avatar = { avatar_url: 'https://x.test/a.png', avatar_source: 'U', avatar_url_medium: 'https://x.test/a-medium.png', avatar_version: 7 };
    const { state } = apply(demoState(), person({ user_id: users.mark, ...avatar }));
    expect(state.users.get(users.mark)).toMatchObject(avatar);
  });

  test('the timezone form carries the (unchanged) email too', () => {
    const { state } = apply(demoState(), person({ user_id: users.mark, timezone: 'Asia/Tokyo', email: 'mark@sandbox.test' }));
    expect(state.users.get(users.mark)).toMatchObject({ timezone: 'Asia/Tokyo', email: 'mark@sandbox.test' });
  });

  test('new_email becomes the user object’s email', () => {
    const { state } = apply(demoState(), person({ user_id: users.mark, new_email: 'mark.member@sandbox.test' }));
    expect(state.users.get(users.mark)?.email).toBe('mark.member@sandbox.test');
  });

  test('a custom profile field is set, and cleared with null', () => {
    const set = apply(demoState(), person({ user_id: users.mark, custom_profile_field: { id: 1, value: 'they/them', rendered_value: '<p>they/them</p>' } })).state;
    expect(set.users.get(users.mark)?.profile_data?.['1']).toEqual({ value: 'they/them', rendered_value: '<p>they/them</p>' });
    const cleared = apply(set, person({ user_id: users.mark, custom_profile_field: { id: 1, value: null } })).state;
    expect(cleared.users.get(users.mark)?.profile_data?.['1']).toBeUndefined();
    // The other field is untouched.
    const { 1: _cleared, ...others } = demoState().users.get(users.mark)?.profile_data ?? {};
    expect(cleared.users.get(users.mark)?.profile_data).toEqual(others);
  });

  test('a person form from a newer server is applied as it came', () => {
    const { state } = apply(demoState(), person({ user_id: users.mark, is_imported_stub: true }));
    expect(state.users.get(users.mark)).toMatchObject({ is_imported_stub: true });
  });

  test('an update of a user the state does not know changes nothing', () => {
    const before = demoState();
    const { state, changes } = apply(before, person({ user_id: 4242, full_name: 'Nobody' }));
    expect(state).toBe(before);
    expect(changes).toEqual([]);
  });

  test('remove forgets a user the server no longer shows', () => {
    const { state, changes } = apply(demoState(), { type: 'realm_user', op: 'remove', person: { user_id: users.gina, full_name: 'Gina Guest' } });
    expect(state.users.has(users.gina)).toBe(false);
    expect(changes).toEqual([{ collection: 'users', ids: [users.gina] }]);
  });

  test('remove from a server before feature level 222 means deactivation', () => {
    const old = { ...demoState(), featureLevel: 221 };
    const { state } = apply(old, { type: 'realm_user', op: 'remove', person: { user_id: users.gina, full_name: 'Gina Guest' } });
    expect(state.users.get(users.gina)?.is_active).toBe(false);
  });
});

describe('user_group', () => {
  const group = (op: string, fields: Record<string, unknown>) => ({ type: 'user_group', op, ...fields });

  test('add puts the group in the state', () => {
    const created = { id: 20, name: 'writers', description: 'Docs', members: [users.mark], direct_subgroup_ids: [], is_system_group: false, can_manage_group: groups.administrators };
    const { state, changes } = apply(demoState(), group('add', { group: created }));
    expect(state.groups.get(20)).toMatchObject({ name: 'writers', members: [users.mark] });
    expect(changes).toEqual([{ collection: 'groups', ids: [20] }]);
  });

  test('update changes only the keys in data, group settings included', () => {
    const anonymous = { direct_members: [users.mark], direct_subgroups: [groups.administrators] };
    const { state, changes } = apply(demoState(), group('update', { group_id: groups.engineers, data: { name: 'engineering-team', can_mention_group: anonymous } }));
    expect(state.groups.get(groups.engineers)).toMatchObject({ name: 'engineering-team', can_mention_group: anonymous, description: demoState().groups.get(groups.engineers)?.description });
    expect(changes).toEqual([{ collection: 'groups', ids: [groups.engineers] }]);
  });

  test('deactivation is an update', () => {
    const { state } = apply(demoState(), group('update', { group_id: groups.designers, data: { deactivated: true } }));
    expect(state.groups.get(groups.designers)?.deactivated).toBe(true);
  });

  test('add_members and remove_members change the member list, without duplicates', () => {
    const before = demoState().groups.get(groups.administrators)?.members ?? [];
    const added = apply(demoState(), group('add_members', { group_id: groups.administrators, user_ids: [users.mark, before[0]] })).state;
    expect(added.groups.get(groups.administrators)?.members).toEqual([...before, users.mark]);
    const removed = apply(added, group('remove_members', { group_id: groups.administrators, user_ids: [users.mark] })).state;
    expect(removed.groups.get(groups.administrators)?.members).toEqual(before);
  });

  test('add_subgroups and remove_subgroups change the direct subgroups', () => {
    const added = apply(demoState(), group('add_subgroups', { group_id: groups.engineers, direct_subgroup_ids: [groups.designers] })).state;
    expect(added.groups.get(groups.engineers)?.direct_subgroup_ids).toEqual([groups.designers]);
    const removed = apply(added, group('remove_subgroups', { group_id: groups.engineers, direct_subgroup_ids: [groups.designers] })).state;
    expect(removed.groups.get(groups.engineers)?.direct_subgroup_ids).toEqual([]);
  });

  test('remove deletes the group', () => {
    const { state, changes } = apply(demoState(), group('remove', { group_id: groups.designers }));
    expect(state.groups.has(groups.designers)).toBe(false);
    expect(changes).toEqual([{ collection: 'groups', ids: [groups.designers] }]);
  });

  test('an event about a group the state does not know changes nothing', () => {
    const before = demoState();
    const { state, changes } = apply(before, group('add_members', { group_id: 999, user_ids: [users.mark] }));
    expect(state.groups).toBe(before.groups);
    expect(changes).toEqual([]);
  });
});
