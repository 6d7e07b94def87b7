// upstream's DELETE /users/{id} (deactivate) and POST /users/{id}/reactivate over HTTP against the
// demo organization, and that user changes survive a restart.
import { beforeAll, describe, expect, test } from 'vitest';
import { deactivateUser, reactivateUser } from '../../shared/api';
import { withDb } from '../testing/database-file';
import type { ApiClient } from '../testing/harness';
import { expectError, expectSuccess } from '../testing/replies';
import { usersFixture } from '../testing/users-harness';

const f = usersFixture();
let olivia: ApiClient, adam: ApiClient;
beforeAll(() => {
  ({ owner: olivia, administrator: adam } = f.as);
});

describe('DELETE /users/{id} and POST /users/{id}/reactivate', () => {
  const target = () => f.person(4);

  test('permission matrix: owners and administrators deactivate; others get "Insufficient permission"', async () => {
    for (const [name, actor] of f.actors()) {
      const response = await actor.delete(`/users/${String(target().user_id)}`);
      if (name === 'owner' || name === 'administrator') {
        expectSuccess(response);
        expect(deactivateUser.reply.parse(response.body)).toEqual({ result: 'success', msg: '' });
        expect((await f.fetchUser(target().user_id)).is_active).toBe(false);
        expectSuccess(await olivia.post(`/users/${String(target().user_id)}/reactivate`));
      } else {
        expectError(response, 'BAD_REQUEST', 'Insufficient permission');
        expect((await f.fetchUser(target().user_id)).is_active).toBe(true);
      }
    }
  });

  test('permission matrix: owners and administrators reactivate; others get "Insufficient permission"', async () => {
    for (const [name, actor] of f.actors()) {
      expectSuccess(await olivia.delete(`/users/${String(target().user_id)}`));
      const response = await actor.post(`/users/${String(target().user_id)}/reactivate`);
      if (name === 'owner' || name === 'administrator') {
        expectSuccess(response);
        expect(reactivateUser.reply.parse(response.body)).toEqual({ result: 'success', msg: '' });
        expect((await f.fetchUser(target().user_id)).is_active).toBe(true);
      } else {
        expectError(response, 'BAD_REQUEST', 'Insufficient permission');
        expectSuccess(await olivia.post(`/users/${String(target().user_id)}/reactivate`));
      }
    }
  });

  test('a deactivated user gets USER_DEACTIVATED on their next request; reactivation restores access', async () => {
    const client = await f.server.as(target().email);
    expectSuccess(await client.get('/users/me'));
    expectSuccess(await adam.delete(`/users/${String(target().user_id)}`, { deactivation_notification_comment: 'Thanks for everything.' }));
    const refused = await client.get('/users/me');
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ result: 'error', code: 'USER_DEACTIVATED', msg: 'Account is deactivated' });
    expectSuccess(await adam.post(`/users/${String(target().user_id)}/reactivate`));
    expectSuccess(await client.get('/users/me'));
  });

  test('an administrator cannot deactivate an owner; an owner can deactivate another owner', async () => {
    const second = f.person(5);
    await f.setRole(second.user_id, 100);
    expectError(await adam.delete(`/users/${String(second.user_id)}`), 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
    expectSuccess(await olivia.delete(`/users/${String(second.user_id)}`));
    expectSuccess(await olivia.post(`/users/${String(second.user_id)}/reactivate`));
    await f.setRole(second.user_id, 400);
  });

  test('the only owner cannot be deactivated', async () => {
    expectError(await olivia.delete(`/users/${String(f.id('olivia@sandbox.test'))}`), 'BAD_REQUEST', 'Cannot deactivate the only organization owner');
  });

  test('a bot is not a user here: "No such user"', async () => {
    expectError(await olivia.delete(`/users/${String(f.id('echo-bot@sandbox.test'))}`), 'BAD_REQUEST', 'No such user');
  });

  test('a deactivated user cannot be deactivated again', async () => {
    expectError(await olivia.delete(`/users/${String(f.id('derek@sandbox.test'))}`), 'BAD_REQUEST', 'User is deactivated');
  });

  test('an unknown user is "No such user", to deactivate or to reactivate', async () => {
    expectError(await olivia.delete('/users/999999'), 'BAD_REQUEST', 'No such user');
    expectError(await olivia.post('/users/999999/reactivate'), 'BAD_REQUEST', 'No such user');
  });

  test('a notification comment longer than 2000 characters is refused', async () => {
    const response = await olivia.delete(`/users/${String(target().user_id)}`, { deactivation_notification_comment: 'c'.repeat(2001) });
    expectError(response, 'BAD_REQUEST', 'deactivation_notification_comment is too long (limit: 2000 characters)');
    expect((await f.fetchUser(target().user_id)).is_active).toBe(true);
  });

  test('reactivating an active user is "User is already active"', async () => {
    expectError(await olivia.post(`/users/${String(target().user_id)}/reactivate`), 'BAD_REQUEST', 'User is already active');
  });
});

describe('persistence', () => {
  test('role, name, profile, address and activity changes survive a restart', async () => {
    const target = f.person(6);
    // upstream grants the email-change permission with a management command; here, in the database
    withDb(f.server, (db) => db.prepare("UPDATE users SET can_change_user_emails = 1 WHERE email = 'olivia@sandbox.test'").run());
    const fields = Object.keys((await f.fetchUser(f.id('olivia@sandbox.test'), { include_custom_profile_fields: true })).profile_data ?? {});
    expectSuccess(
      await olivia.patch(`/users/${String(target.user_id)}`, {
        role: 300,
        full_name: 'Restarted Person',
        profile_data: [{ id: Number(fields[0]), value: 'xe/xem' }],
        new_email: 'restarted.person@sandbox.test',
      }),
    );
    const other = f.person(7);
    expectSuccess(await olivia.delete(`/users/${String(other.user_id)}`));
    const before = await f.fetchUser(target.user_id, { include_custom_profile_fields: true });

    await f.server.restart();

    expect(await f.fetchUser(target.user_id, { include_custom_profile_fields: true })).toEqual(before);
    expect(before).toMatchObject({ role: 300, full_name: 'Restarted Person', email: 'restarted.person@sandbox.test' });
    expect((await f.fetchUser(other.user_id)).is_active).toBe(false);
    const signedIn = await f.server.as('restarted.person@sandbox.test');
    expectSuccess(await signedIn.get('/users/me'));
  });
});
