// Where the sandbox once said more than upstream's published API description, over real HTTP: system
// bots only in register's cross_realm_bots (https://zulip.com/api/get-users,
// https://zulip.com/api/register-queue), no top-level `role` in register (the is_* flags and the user's
// realm_users entry carry it), no internal mark on the stream create event unarchiving sends
// (https://zulip.com/api/get-events#stream-create), and only the channel's ID in the stream delete
// archiving sends (https://zulip.com/api/get-events#stream-delete: since feature level 343 `streams`
// holds each channel's stream_id alone, beside `stream_ids`).
import { describe, expect, test } from 'vitest';
import { getUser, getUsers, parseEvent, RegisterReply } from '../../shared/api';
import { withDb } from '../testing/database-file';
import { registerQueue } from '../testing/event-client';
import { expectSuccess } from '../testing/replies';
import { demoServerForFile } from '../testing/server-per-file';

const { server, clients, ids } = demoServerForFile();
const notifyBotId = () => withDb(server, (db) => db.prepare("SELECT id FROM users WHERE email = 'notify-bot@sandbox.test'").pluck().get() as number);

describe('system bots', () => {
  test('GET /users lists the organization without the notification bot, and no user carries is_system_bot', async () => {
    const response = await clients.adam.get('/users');
    expectSuccess(response);
    const members = getUsers.reply.parse(response.body).members;
    expect(members.map((user) => user.email)).not.toContain('notify-bot@sandbox.test');
    expect(members.filter((user) => 'is_system_bot' in user)).toEqual([]);
    expect(members.find((user) => user.email === 'echo-bot@sandbox.test')).toMatchObject({ is_bot: true, bot_type: 3 });
    const asked = getUsers.reply.parse((await clients.adam.get('/users', { user_ids: JSON.stringify([notifyBotId(), ids.person.mark]) })).body).members;
    expect(asked.map((user) => user.user_id)).toEqual([ids.person.mark]);
  });

  test('GET /users/{id} finds the notification bot in the user dict shape, without is_system_bot', async () => {
    const response = await clients.mark.get(`/users/${String(notifyBotId())}`);
    expectSuccess(response);
    const user = getUser.reply.parse(response.body).user;
    expect(user).toMatchObject({ email: 'notify-bot@sandbox.test', is_bot: true, bot_owner_id: null });
    expect(user).not.toHaveProperty('is_system_bot');
  });

  test('register lists it in cross_realm_bots only, with is_system_bot', async () => {
    const reply = RegisterReply.parse((await clients.mark.post('/register', { fetch_event_types: ['realm_user'] })).body);
    expect(reply.cross_realm_bots).toEqual([expect.objectContaining({ email: 'notify-bot@sandbox.test', is_system_bot: true })]);
    const listed = [...(reply.realm_users ?? []), ...(reply.realm_non_active_users ?? [])];
    expect(listed.map((user) => user.email)).not.toContain('notify-bot@sandbox.test');
    expect(listed.filter((user) => 'is_system_bot' in user)).toEqual([]);
  });
});

describe('register', () => {
  test.each([
    ['olivia', { is_owner: true, is_admin: true, is_moderator: false, is_guest: false }, 100],
    ['mona', { is_owner: false, is_admin: false, is_moderator: true, is_guest: false }, 300],
    ['gina', { is_owner: false, is_admin: false, is_moderator: false, is_guest: true }, 600],
  ] as const)('%s gets the role as the is_* flags and their realm_users entry, with no top-level role', async (name, flags, role) => {
    const body = (await clients[name].post('/register', { fetch_event_types: ['realm_user'] })).body;
    expect(body).not.toHaveProperty('role');
    expect(body).toMatchObject(flags);
    const reply = RegisterReply.parse(body);
    expect(reply.realm_users?.find((user) => user.user_id === reply.user_id)?.role).toBe(role);
  });
});

describe('archiving', () => {
  test('a client without archived_channels gets a stream delete with only the channel\'s ID, as a lost channel does', async () => {
    const queue = await registerQueue(clients.mark, { event_types: ['stream'] });
    const design = ids.channel.design as number;
    await clients.olivia.delete(`/streams/${String(design)}`);
    const events = await queue.drain();
    expect(events).toEqual([{ type: 'stream', op: 'delete', streams: [{ stream_id: design }], stream_ids: [design], id: expect.any(Number) }]);
    expect(parseEvent(events[0])).toMatchObject({ success: true, data: { kind: 'known' } });
  });
});

describe('unarchiving', () => {
  test('a client without archived_channels gets a stream create in upstream\'s shape, with no for_unarchiving', async () => {
    const queue = await registerQueue(clients.olivia, { event_types: ['stream'] });
    await clients.olivia.patch(`/streams/${String(ids.channel['old-projects'])}`, { is_archived: false });
    const events = await queue.drain();
    expect(events).toEqual([expect.objectContaining({ type: 'stream', op: 'create', streams: [expect.objectContaining({ name: 'old-projects' })] })]);
    expect(Object.keys(events[0] ?? {}).sort()).toEqual(['id', 'op', 'streams', 'type']);
    expect(parseEvent(events[0])).toMatchObject({ success: true, data: { kind: 'known' } });
  });
});
