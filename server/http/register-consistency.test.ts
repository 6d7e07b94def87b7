// The register snapshot reads a large realm in bulk (every channel's figures in one pass, kept reads:
// server/db/read-cache.ts); each figure must be what the endpoint for that one thing says, and stay so
// after the realm changes, through the API or by another connection to the database file.
import { describe, expect, test } from 'vitest';
import { getOwnUser, getStream, getUserGroups, getUsers, RegisterReply } from '../../shared/api';
import { withDb } from '../testing/database-file';
import { expectSuccess } from '../testing/replies';
import { demoServerForFile } from '../testing/server-per-file';

const { server, clients, ids } = demoServerForFile();

const snapshotOf = async () =>
  RegisterReply.parse(
    (await clients.olivia.post('/register', { include_subscribers: 'true', client_gravatar: false, client_capabilities: { archived_channels: true, include_deactivated_groups: true } })).body,
  );

async function expectSnapshotMatchesEndpoints(): Promise<void> {
  const snapshot = await snapshotOf();
  for (const channel of snapshot.streams ?? []) {
    const response = await clients.olivia.get(`/streams/${String(channel.stream_id)}`);
    expectSuccess(response);
    expect(channel, channel.name).toEqual(getStream.reply.parse(response.body).stream);
  }
  expect(snapshot.max_message_id).toBe(getOwnUser.reply.parse((await clients.olivia.get('/users/me')).body).max_message_id);
  expect(snapshot.realm_user_groups).toEqual(getUserGroups.reply.parse((await clients.olivia.get('/user_groups', { include_deactivated_groups: true })).body).user_groups);
  const listed = getUsers.reply.parse((await clients.olivia.get('/users', { include_custom_profile_fields: true })).body).members;
  expect([...(snapshot.realm_users ?? []), ...(snapshot.realm_non_active_users ?? [])].sort((a, b) => a.user_id - b.user_id)).toEqual(listed);
}

describe('the register snapshot agrees with the single-object endpoints', () => {
  test('on the demo organization', async () => {
    await expectSnapshotMatchesEndpoints();
  });

  test('after a message, a new subscriber, a renamed user and a new channel through the API', async () => {
    await snapshotOf();
    expectSuccess(await clients.mark.post('/messages', { type: 'stream', to: ids.channel.general, topic: 'news', content: 'Hello' }));
    expectSuccess(await clients.olivia.post('/users/me/subscriptions', { subscriptions: [{ name: 'design' }], principals: [ids.person.gina] }));
    expectSuccess(await clients.olivia.patch(`/users/${String(ids.person.mark)}`, { full_name: 'Mark Renamed' }));
    expectSuccess(await clients.olivia.post('/users/me/subscriptions', { subscriptions: [{ name: 'brand-new' }] }));
    await expectSnapshotMatchesEndpoints();
    const snapshot = await snapshotOf();
    expect(snapshot.realm_users?.find((user) => user.user_id === ids.person.mark)?.full_name).toBe('Mark Renamed');
    expect(snapshot.subscriptions?.find((sub) => sub.name === 'design')?.subscribers).toContain(ids.person.gina);
  });

  test('after another connection changes the database file', async () => {
    await snapshotOf();
    withDb(server, (db) => {
      db.prepare("UPDATE users SET full_name = 'Mona Elsewhere' WHERE id = ?").run(ids.person.mona);
      db.prepare('UPDATE streams SET description = ? WHERE id = ?').run('Changed outside', ids.channel.engineering);
    });
    const snapshot = await snapshotOf();
    expect(snapshot.realm_users?.find((user) => user.user_id === ids.person.mona)?.full_name).toBe('Mona Elsewhere');
    expect(snapshot.streams?.find((channel) => channel.stream_id === ids.channel.engineering)?.description).toBe('Changed outside');
  });
});
