// spec 12 (update a user) over HTTP against the demo organization: full_name, profile_data and
// new_email, each with its permission rules and upstream's error texts.
import { beforeAll, describe, expect, test } from 'vitest';
import { withDb } from '../testing/database-file';
import type { ApiClient } from '../testing/harness';
import { expectError, expectSuccess } from '../testing/replies';
import { usersFixture } from '../testing/users-harness';

const f = usersFixture();
let olivia: ApiClient, adam: ApiClient, mark: ApiClient;
beforeAll(() => {
  ({ owner: olivia, administrator: adam, member: mark } = f.as);
});

describe('PATCH /users/{id} full_name (spec 12)', () => {
  const target = () => f.person(1);

  test('permission matrix: owners and administrators rename; others get "Insufficient permission"', async () => {
    for (const [name, actor] of f.actors()) {
      const response = await actor.patch(`/users/${String(target().user_id)}`, { full_name: `Renamed by ${name}` });
      if (name === 'owner' || name === 'administrator') {
        expectSuccess(response);
        expect((await f.fetchUser(target().user_id)).full_name).toBe(`Renamed by ${name}`);
      } else {
        expectError(response, 'BAD_REQUEST', 'Insufficient permission');
        expect((await f.fetchUser(target().user_id)).full_name).not.toBe(`Renamed by ${name}`);
      }
    }
  });

  test('a name is stored trimmed', async () => {
    expectSuccess(await adam.patch(`/users/${String(target().user_id)}`, { full_name: '  Padded Name  ' }));
    expect((await f.fetchUser(target().user_id)).full_name).toBe('Padded Name');
  });

  test('a name longer than 100 characters is "Name too long!"', async () => {
    expectError(await adam.patch(`/users/${String(target().user_id)}`, { full_name: 'x'.repeat(101) }), 'BAD_REQUEST', 'Name too long!');
    expectSuccess(await adam.patch(`/users/${String(target().user_id)}`, { full_name: 'y'.repeat(100) }));
  });

  test('an empty or blank name is refused', async () => {
    expectError(await adam.patch(`/users/${String(target().user_id)}`, { full_name: '   ' }), 'BAD_REQUEST', 'Name must not be empty!');
  });

  test('a name with characters mentions use is "Invalid characters in name!"', async () => {
    expectError(await adam.patch(`/users/${String(target().user_id)}`, { full_name: 'Someone @here' }), 'BAD_REQUEST', 'Invalid characters in name!');
  });

  test('a name ending like a mention ID is "Invalid format!"', async () => {
    expectError(await adam.patch(`/users/${String(target().user_id)}`, { full_name: 'Someone|12' }), 'BAD_REQUEST', 'Invalid format!');
  });
});

describe('PATCH /users/{id} profile_data (spec 12)', () => {
  const target = () => f.person(2);
  let pronouns = 0;
  let team = 0;

  beforeAll(async () => {
    // Olivia has both demo fields, Pronouns first.
    const fields = Object.keys((await f.fetchUser(f.id('olivia@sandbox.test'), { include_custom_profile_fields: true })).profile_data ?? {}).map(Number);
    [pronouns, team] = fields.sort((a, b) => a - b) as [number, number];
  });

  test('permission matrix: owners and administrators set profile data; others get "Insufficient permission"', async () => {
    for (const [name, actor] of f.actors()) {
      const response = await actor.patch(`/users/${String(target().user_id)}`, { profile_data: [{ id: team, value: `Set by ${name}` }] });
      const shown = (await f.fetchUser(target().user_id, { include_custom_profile_fields: true })).profile_data?.[String(team)]?.value;
      if (name === 'owner' || name === 'administrator') {
        expectSuccess(response);
        expect(shown).toBe(`Set by ${name}`);
      } else {
        expectError(response, 'BAD_REQUEST', 'Insufficient permission');
        expect(shown).not.toBe(`Set by ${name}`);
      }
    }
  });

  test('values are set, rendered, and shown in the user object', async () => {
    expectSuccess(await adam.patch(`/users/${String(target().user_id)}`, { profile_data: [{ id: pronouns, value: 'they/them' }, { id: team, value: 'Design' }] }));
    const user = await f.fetchUser(target().user_id, { include_custom_profile_fields: true });
    expect(user.profile_data).toEqual({
      [String(pronouns)]: { value: 'they/them', rendered_value: '<p>they/them</p>' },
      [String(team)]: { value: 'Design', rendered_value: '<p>Design</p>' },
    });
  });

  test('a null or empty value removes the value', async () => {
    expectSuccess(await adam.patch(`/users/${String(target().user_id)}`, { profile_data: [{ id: pronouns, value: null }, { id: team, value: '' }] }));
    expect((await f.fetchUser(target().user_id, { include_custom_profile_fields: true })).profile_data).toEqual({});
  });

  test('an unknown field is "Field id N not found."', async () => {
    expectError(await adam.patch(`/users/${String(target().user_id)}`, { profile_data: [{ id: 9999, value: 'x' }] }), 'BAD_REQUEST', 'Field id 9999 not found.');
  });

  test('a short-text value over 50 characters is too long, and nothing is stored', async () => {
    const response = await adam.patch(`/users/${String(target().user_id)}`, { profile_data: [{ id: team, value: 'ok' }, { id: pronouns, value: 'p'.repeat(51) }] });
    expectError(response, 'BAD_REQUEST', 'Pronouns is too long (limit: 50 characters)');
    expect((await f.fetchUser(target().user_id, { include_custom_profile_fields: true })).profile_data).toEqual({});
  });

  test('a list of users for a text field is "is not a string"', async () => {
    expectError(await adam.patch(`/users/${String(target().user_id)}`, { profile_data: [{ id: team, value: [1, 2] }] }), 'BAD_REQUEST', 'Team is not a string');
  });

  test('a member cannot change another user\'s profile data', async () => {
    expectError(await mark.patch(`/users/${String(target().user_id)}`, { profile_data: [{ id: team, value: 'x' }] }), 'BAD_REQUEST', 'Insufficient permission');
  });
});

describe('PATCH /users/{id} new_email (spec 12)', () => {
  const target = () => f.person(3);
  const newAddress = 'renamed.member@sandbox.test';

  test('permission matrix without can_change_user_emails: nobody changes an address, each role told why', async () => {
    const expected = {
      owner: ['BAD_REQUEST', 'User not authorized to change user emails'],
      administrator: ['UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner'],
      moderator: ['BAD_REQUEST', 'Insufficient permission'],
      member: ['BAD_REQUEST', 'Insufficient permission'],
      guest: ['BAD_REQUEST', 'Insufficient permission'],
    } as const;
    for (const [name, actor] of f.actors()) {
      const [code, msg] = expected[name];
      expectError(await actor.patch(`/users/${String(target().user_id)}`, { new_email: `${name}.tried@sandbox.test` }), code, msg);
    }
    expect((await f.fetchUser(target().user_id)).email).toBe(target().email);
  });

  test('an administrator cannot change addresses: an owner is needed', async () => {
    expectError(await adam.patch(`/users/${String(target().user_id)}`, { new_email: newAddress }), 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
  });

  test('an owner without the can_change_user_emails permission cannot either', async () => {
    expectError(await olivia.patch(`/users/${String(target().user_id)}`, { new_email: newAddress }), 'BAD_REQUEST', 'User not authorized to change user emails');
  });

  describe('with an owner holding can_change_user_emails (granted in the database, as upstream does with a management command)', () => {
    beforeAll(() => {
      withDb(f.server, (db) => db.prepare("UPDATE users SET can_change_user_emails = 1 WHERE email = 'olivia@sandbox.test'").run());
    });

    test('an address already in use is refused', async () => {
      expectError(await olivia.patch(`/users/${String(target().user_id)}`, { new_email: 'mark@sandbox.test' }), 'BAD_REQUEST', 'Already has an account.');
    });

    test('an invalid address is refused', async () => {
      expectError(await olivia.patch(`/users/${String(target().user_id)}`, { new_email: 'not an address' }), 'BAD_REQUEST', 'Invalid address.');
    });

    test('permission matrix with the permission held by the owner only: only the owner changes an address', async () => {
      for (const [name, actor] of f.actors().filter(([role]) => role !== 'owner')) {
        const response = await actor.patch(`/users/${String(f.person(4).user_id)}`, { new_email: `${name}.tried@sandbox.test` });
        if (name === 'administrator') expectError(response, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
        else expectError(response, 'BAD_REQUEST', 'Insufficient permission');
      }
      expectSuccess(await olivia.patch(`/users/${String(f.person(4).user_id)}`, { new_email: 'owner.changed@sandbox.test' }));
      expect((await f.fetchUser(f.person(4).user_id)).email).toBe('owner.changed@sandbox.test');
    });

    test('the address changes, and the user signs in with the new one', async () => {
      const before = await f.server.as(target().email);
      expectSuccess(await olivia.patch(`/users/${String(target().user_id)}`, { new_email: newAddress }));
      expect(await f.fetchUser(target().user_id)).toMatchObject({ email: newAddress, delivery_email: newAddress });
      expectSuccess(await f.server.withCredentials(newAddress, before.apiKey ?? '').get('/users/me'));
      expect((await f.server.withCredentials(target().email, before.apiKey ?? '').get('/users/me')).body).toMatchObject({ code: 'INVALID_API_KEY' });
      await f.server.as(newAddress);
    });
  });
});
