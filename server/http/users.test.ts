// Users over HTTP against the demo organization: spec 19 (get own user), upstream's GET /users and
// GET /users/{id}, and the role rules of spec 12 (update a user). Names, profile data and addresses:
// users-edit.test.ts; deactivation: users-deactivation.test.ts; events: server/actions/users.test.ts.
import { beforeAll, describe, expect, test } from 'vitest';
import { getOwnUser, getUser, getUsers, updateUser, type Role } from '../../shared/api';
import { withDb } from '../testing/database-file';
import type { ApiClient } from '../testing/harness';
import { expectError, expectSuccess } from '../testing/replies';
import { usersFixture } from '../testing/users-harness';

const f = usersFixture();
let olivia: ApiClient, adam: ApiClient, mark: ApiClient, gina: ApiClient;
beforeAll(() => {
  ({ owner: olivia, administrator: adam, member: mark, guest: gina } = f.as);
});

describe('GET /users/me (spec 19)', () => {
  test('the own-user object has every field, the real address and the profile data', async () => {
    const response = await olivia.get('/users/me');
    expectSuccess(response);
    const me = getOwnUser.reply.parse(response.body);
    expect(me).toMatchObject({
      user_id: f.id('olivia@sandbox.test'),
      email: 'olivia@sandbox.test',
      delivery_email: 'olivia@sandbox.test',
      full_name: 'Olivia Owner',
      role: 100,
      is_owner: true,
      is_admin: true,
      is_guest: false,
      is_bot: false,
      is_active: true,
      timezone: 'Europe/Berlin',
    });
    expect(me.avatar_url).toMatch(/^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon&version=1$/);
    expect(me.date_joined).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}\+00:00$/);
    expect(Object.values(me.profile_data ?? {}).map((field) => field.value).sort()).toEqual(['Leadership', 'she/her']);
  });

  test("max_message_id is the newest message the user received", async () => {
    const me = getOwnUser.reply.parse((await mark.get('/users/me')).body);
    expect(me.max_message_id).toBeGreaterThan(0);
  });

  test("a guest sees their own real address", async () => {
    const me = getOwnUser.reply.parse((await gina.get('/users/me')).body);
    expect(me).toMatchObject({ delivery_email: 'gina@sandbox.test', role: 600, is_guest: true, is_admin: false });
  });

  test('a bot has no profile data', async () => {
    const key = withDb(f.server, (db) => db.prepare("SELECT api_key FROM users WHERE email = 'echo-bot@sandbox.test'").pluck().get() as string);
    const response = await f.server.withCredentials('echo-bot@sandbox.test', key).get('/users/me');
    const me = getOwnUser.reply.parse(response.body);
    expect(me.is_bot).toBe(true);
    expect(me).not.toHaveProperty('profile_data');
  });
});

describe('GET /users and GET /users/{id}', () => {
  test('every account is listed, deactivated ones and bots included (system bots are not the organization\'s)', async () => {
    const response = await mark.get('/users');
    expectSuccess(response);
    const members = getUsers.reply.parse(response.body).members;
    const derek = members.find((user) => user.email === 'derek@sandbox.test');
    expect(derek).toMatchObject({ is_active: false, role: 400 });
    expect(members.find((user) => user.email === 'echo-bot@sandbox.test')).toMatchObject({ is_bot: true, bot_type: 3, bot_owner_id: f.id('adam@sandbox.test') });
    expect(members.length).toBe(withDb(f.server, (db) => db.prepare('SELECT count(*) FROM users WHERE is_system_bot = 0').pluck().get()));
  });

  test('administrators see real addresses; others see only their own', async () => {
    const asAdmin = getUsers.reply.parse((await adam.get('/users')).body).members;
    expect(asAdmin.every((user) => user.delivery_email === user.email)).toBe(true);
    const asMember = getUsers.reply.parse((await mark.get('/users')).body).members;
    expect(asMember.filter((user) => user.delivery_email !== null).map((user) => user.email)).toEqual(['mark@sandbox.test']);
  });

  test('profile data only with include_custom_profile_fields, and only for humans', async () => {
    const plain = getUsers.reply.parse((await mark.get('/users')).body).members;
    expect(plain.some((user) => 'profile_data' in user)).toBe(false);
    const withFields = getUsers.reply.parse((await mark.get('/users', { include_custom_profile_fields: true })).body).members;
    const adamUser = withFields.find((user) => user.email === 'adam@sandbox.test');
    expect(Object.values(adamUser?.profile_data ?? {}).map((field) => field.value).sort()).toEqual(['Operations', 'he/him']);
    expect(withFields.find((user) => user.email === 'gina@sandbox.test')?.profile_data).toEqual({});
    expect(withFields.find((user) => user.email === 'echo-bot@sandbox.test')).not.toHaveProperty('profile_data');
  });

  test('user_ids lists only those users', async () => {
    const wanted = [f.id('mona@sandbox.test'), f.id('gina@sandbox.test')];
    const members = getUsers.reply.parse((await mark.get('/users', { user_ids: wanted })).body).members;
    expect(members.map((user) => user.user_id)).toEqual(wanted.sort((a, b) => a - b));
  });

  test('GET /users/{id} returns one user', async () => {
    const response = await mark.get(`/users/${String(f.id('mona@sandbox.test'))}`);
    expectSuccess(response);
    expect(getUser.reply.parse(response.body).user).toMatchObject({ full_name: 'Mona Moderator', role: 300, is_admin: false, delivery_email: null });
  });

  test('GET /users/{id} of an unknown user is "No such user"', async () => {
    expectError(await mark.get('/users/999999'), 'BAD_REQUEST', 'No such user');
  });
});

describe('PATCH /users/{id} roles (spec 12)', () => {
  const target = () => f.person(0);
  // For each actor, the answer when changing a user of each role (owner, administrator, moderator,
  // member, guest) to member, or a member to moderator. 'ok' or [code, msg].
  const OWNER_NEEDED = ['UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner'] as const;
  const INSUFFICIENT = ['BAD_REQUEST', 'Insufficient permission'] as const;
  const MATRIX: Record<string, readonly (string | readonly [string, string])[]> = {
    owner: ['ok', 'ok', 'ok', 'ok', 'ok'],
    administrator: [OWNER_NEEDED, 'ok', 'ok', 'ok', 'ok'],
    moderator: [INSUFFICIENT, INSUFFICIENT, INSUFFICIENT, INSUFFICIENT, INSUFFICIENT],
    member: [INSUFFICIENT, INSUFFICIENT, INSUFFICIENT, INSUFFICIENT, INSUFFICIENT],
    guest: [INSUFFICIENT, INSUFFICIENT, INSUFFICIENT, INSUFFICIENT, INSUFFICIENT],
  };
  const ROLES = [100, 200, 300, 400, 600] as const;

  for (const [actorName, expected] of Object.entries(MATRIX)) {
    test(`permission matrix: ${actorName} changing the role of each role`, async () => {
      const actor = f.actors().find(([name]) => name === actorName)?.[1] as ApiClient;
      for (const [index, from] of ROLES.entries()) {
        await f.setRole(target().user_id, from);
        const to: Role = from === 400 ? 300 : 400;
        const response = await actor.patch(`/users/${String(target().user_id)}`, { role: to });
        const answer = expected[index];
        if (answer === 'ok') {
          expectSuccess(response);
          expect(updateUser.reply.parse(response.body)).toEqual({ result: 'success', msg: '' });
          expect((await f.fetchUser(target().user_id)).role).toBe(to);
        } else {
          expectError(response, answer?.[0] ?? '', answer?.[1] ?? '');
          expect((await f.fetchUser(target().user_id)).role).toBe(from);
        }
      }
      await f.setRole(target().user_id, 400);
    });
  }

  test('an administrator cannot make anyone an owner', async () => {
    expectError(await adam.patch(`/users/${String(target().user_id)}`, { role: 100 }), 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
    expect((await f.fetchUser(target().user_id)).is_owner).toBe(false);
  });

  test('an owner makes another owner, and owners can then remove the role from each other', async () => {
    expectSuccess(await olivia.patch(`/users/${String(target().user_id)}`, { role: 100 }));
    expect(await f.fetchUser(target().user_id)).toMatchObject({ role: 100, is_owner: true, is_admin: true });
    expectSuccess(await olivia.patch(`/users/${String(target().user_id)}`, { role: 400 }));
    expect(await f.fetchUser(target().user_id)).toMatchObject({ role: 400, is_owner: false, is_admin: false });
  });

  test('the only owner cannot lose the owner role', async () => {
    const response = await olivia.patch(`/users/${String(f.id('olivia@sandbox.test'))}`, { role: 200 });
    expectError(response, 'BAD_REQUEST', 'The owner permission cannot be removed from the only organization owner.');
    expect((await f.fetchUser(f.id('olivia@sandbox.test'))).role).toBe(100);
  });

  test('setting the only owner to owner again is no change, and succeeds', async () => {
    expectSuccess(await olivia.patch(`/users/${String(f.id('olivia@sandbox.test'))}`, { role: 100 }));
  });

  test('a guest cannot be made an administrator directly', async () => {
    const response = await olivia.patch(`/users/${String(f.id('gina@sandbox.test'))}`, { role: 200 });
    expectError(response, 'BAD_REQUEST', /guest cannot be made an administrator directly.*member first/);
    expect((await f.fetchUser(f.id('gina@sandbox.test'))).role).toBe(600);
  });

  test('a guest made a member can then be made an administrator', async () => {
    await f.setRole(target().user_id, 600);
    expectSuccess(await adam.patch(`/users/${String(target().user_id)}`, { role: 400 }));
    expectSuccess(await adam.patch(`/users/${String(target().user_id)}`, { role: 200 }));
    expect((await f.fetchUser(target().user_id)).role).toBe(200);
    await f.setRole(target().user_id, 400);
  });

  test('a role that is not one of the five is refused', async () => {
    expectError(await olivia.patch(`/users/${String(target().user_id)}`, { role: 250 }), 'BAD_REQUEST', 'Invalid role');
  });

  test('an unknown user is "No such user"', async () => {
    expectError(await olivia.patch('/users/999999', { role: 400 }), 'BAD_REQUEST', 'No such user');
  });

  test('parameters the endpoint does not support are listed as ignored', async () => {
    const response = await olivia.patch(`/users/${String(target().user_id)}`, { role: 400, is_admin: true });
    expectSuccess(response);
    expect(response.body.ignored_parameters_unsupported).toEqual(['is_admin']);
  });
});
