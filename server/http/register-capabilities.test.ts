// spec 21: what register's client_gravatar, apply_markdown and client_capabilities change, seen by a
// client over HTTP, both ways: in the snapshot and in the events its queue receives.
import { beforeAll, describe, expect, test } from 'vitest';
import { RegisterReply, type User } from '../../shared/api';
import { withDb } from '../testing/database-file';
import { registerQueue } from '../testing/event-client';
import type { ApiClient } from '../testing/harness';
import { expectSuccess } from '../testing/replies';
import { demoServerForFile } from '../testing/server-per-file';

const { server, clients, ids } = demoServerForFile();
let adam: ApiClient, mona: ApiClient, mark: ApiClient;
beforeAll(() => {
  ({ adam, mona, mark } = clients);
});

/** A register reply, checked against the spec's schema. */
async function registered(client: ApiClient, params: Record<string, unknown>) {
  const response = await client.post('/register', params);
  expectSuccess(response);
  return RegisterReply.parse(response.body);
}

const GRAVATAR = /^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon&version=\d+$/;
const userIn = (users: User[] | undefined, userId: number | undefined) => users?.find((user) => user.user_id === userId);

describe('notification_settings_null', () => {
  type Sub = Record<string, unknown> & { name: string };
  const subscriptions = async (capabilities: Record<string, boolean>) =>
    (await registered(mark, { fetch_event_types: ['subscription'], client_capabilities: capabilities })).subscriptions as Sub[];
  const named = (subs: Sub[], name: string) => subs.find((sub) => sub.name === name);

  beforeAll(async () => {
    expectSuccess(await mark.patch('/settings', { enable_stream_desktop_notifications: true, enable_stream_audible_notifications: true }));
    // Mark's own choice for general (there is no endpoint for subscription properties yet).
    withDb(server, (db) => db.prepare('UPDATE subscriptions SET desktop_notifications = 0 WHERE user_id = ? AND stream_id = ?').run(ids.person.mark, ids.channel.general));
  });

  test('without it, settings left to the user-level default arrive as the user\'s own enable_stream_* values', async () => {
    const subs = await subscriptions({});
    expect(named(subs, 'engineering')).toMatchObject({
      desktop_notifications: true,
      audible_notifications: true,
      email_notifications: false,
      push_notifications: false,
      // upstream fills only the four above
      wildcard_mentions_notify: null,
    });
    expect(subs.every((sub) => [sub.desktop_notifications, sub.audible_notifications, sub.email_notifications, sub.push_notifications].every((value) => typeof value === 'boolean'))).toBe(true);
  });

  test('without it, a channel\'s own setting is kept', async () => {
    expect(named(await subscriptions({}), 'general')).toMatchObject({ desktop_notifications: false, audible_notifications: true });
  });

  test('with it, they stay null ("inherit"), and a channel\'s own setting is kept', async () => {
    const subs = await subscriptions({ notification_settings_null: true });
    expect(named(subs, 'engineering')).toMatchObject({ desktop_notifications: null, audible_notifications: null, email_notifications: null, push_notifications: null, wildcard_mentions_notify: null });
    expect(named(subs, 'general')).toMatchObject({ desktop_notifications: false, audible_notifications: null });
  });
});

describe('client_gravatar in the snapshot', () => {
  const users = async (client: ApiClient, params: Record<string, unknown>) => registered(client, { fetch_event_types: ['realm_user'], ...params });

  test('an administrator, who may see every address, gets null avatar URLs with it and Gravatar URLs without it', async () => {
    const withIt = await users(adam, { client_gravatar: true });
    expect(withIt.realm_users?.every((user) => user.avatar_url === null)).toBe(true);
    expect(userIn(withIt.realm_non_active_users, ids.person.derek)?.avatar_url).toBeNull();
    const without = await users(adam, { client_gravatar: false });
    expect(without.realm_users?.every((user) => GRAVATAR.test(String(user.avatar_url)))).toBe(true);
  });

  test('it is on by default for a signed-in client', async () => {
    expect(userIn((await users(adam, {})).realm_users, ids.person.mark)?.avatar_url).toBeNull();
  });

  test('a member, who sees only their own address, gets a URL for everyone else and null for themself', async () => {
    const reply = await users(mark, { client_gravatar: true });
    expect(userIn(reply.realm_users, ids.person.mark)?.avatar_url).toBeNull();
    const others = reply.realm_users?.filter((user) => user.user_id !== ids.person.mark) ?? [];
    expect(others.length).toBeGreaterThan(40);
    expect(others.every((user) => GRAVATAR.test(String(user.avatar_url)))).toBe(true);
  });

  test('the user\'s own avatar_url and the system bots\' stay URLs, as upstream sends them', async () => {
    const reply = await users(adam, { client_gravatar: true });
    expect(reply.avatar_url).toMatch(GRAVATAR);
    expect((reply.cross_realm_bots as User[]).every((bot) => GRAVATAR.test(String(bot.avatar_url)))).toBe(true);
  });
});

describe('include_deactivated_groups', () => {
  const groupNames = async (capabilities: Record<string, boolean>) =>
    ((await registered(mark, { fetch_event_types: ['realm_user_groups'], client_capabilities: capabilities })).realm_user_groups as { name: string; deactivated: boolean }[]).map(
      (group) => [group.name, group.deactivated] as const,
    );

  beforeAll(() => {
    withDb(server, (db) => db.prepare("INSERT INTO user_groups (name, description, date_created, deactivated) VALUES ('retired', 'A group no longer used', 0, 1)").run());
  });

  test('without it, deactivated groups are left out', async () => {
    const groups = await groupNames({});
    expect(groups).toContainEqual(['engineers', false]);
    expect(groups.map(([name]) => name)).not.toContain('retired');
  });

  test('with it, they are listed, marked deactivated', async () => {
    expect(await groupNames({ include_deactivated_groups: true })).toEqual(expect.arrayContaining([['engineers', false], ['retired', true]]));
  });
});

describe('apply_markdown and client_gravatar on queued message events', () => {
  test('each queue gets the message as it registered for: HTML or Markdown, null avatar or URL', async () => {
    const htmlAndGravatar = await registerQueue(adam, { event_types: ['message'], apply_markdown: true, client_gravatar: true });
    const markdownAndUrls = await registerQueue(adam, { event_types: ['message'], apply_markdown: false, client_gravatar: false });
    // Mona may not see Mark's address, so client_gravatar cannot spare her the URL.
    const moderator = await registerQueue(mona, { event_types: ['message'], apply_markdown: true, client_gravatar: true });
    expectSuccess(await mark.post('/messages', { type: 'stream', to: 'general', topic: 'formats', content: 'Hello **world**' }));

    const first = (await htmlAndGravatar.waitFor((event) => event.type === 'message')).message as Record<string, unknown>;
    expect(first).toMatchObject({ content: '<p>Hello <strong>world</strong></p>', content_type: 'text/html', avatar_url: null, sender_id: ids.person.mark });
    const second = (await markdownAndUrls.waitFor((event) => event.type === 'message')).message as Record<string, unknown>;
    expect(second).toMatchObject({ content: 'Hello **world**', content_type: 'text/x-markdown', sender_id: ids.person.mark });
    expect(second.avatar_url).toMatch(GRAVATAR);
    const third = (await moderator.waitFor((event) => event.type === 'message')).message as Record<string, unknown>;
    expect(third).toMatchObject({ content: '<p>Hello <strong>world</strong></p>', content_type: 'text/html' });
    expect(third.avatar_url).toMatch(GRAVATAR);
    // each queue received the message once
    for (const queue of [htmlAndGravatar, markdownAndUrls, moderator]) expect(queue.received.filter((event) => event.type === 'message')).toHaveLength(1);
  });
});

// Last in the file: it moves the server's clock four weeks on.
describe('user_avatar_url_field_optional', () => {
  const users = async (capabilities: Record<string, boolean>) =>
    (await registered(adam, { fetch_event_types: ['realm_user'], client_gravatar: false, client_capabilities: capabilities })).realm_users;

  beforeAll(async () => {
    // Mona and Mark used the realm, then nobody hears from them for four weeks; Gina (only signed in,
    // which is not activity) has never used it, so upstream would never have marked her idle.
    expectSuccess(await mona.get('/users/me'));
    server.clock.advance(29 * 86_400_000);
  });

  test('with it, users idle for more than 28 days come without avatar_url; others keep it', async () => {
    const list = await users({ user_avatar_url_field_optional: true });
    expect(userIn(list, ids.person.mona)).toBeDefined();
    expect(userIn(list, ids.person.mona)).not.toHaveProperty('avatar_url');
    expect(userIn(list, ids.person.mark)).not.toHaveProperty('avatar_url');
    expect(userIn(list, ids.person.adam)?.avatar_url).toMatch(GRAVATAR);
    expect(userIn(list, ids.person.gina)?.avatar_url).toMatch(GRAVATAR);
  });

  test('without it, every user has an avatar_url', async () => {
    const list = await users({});
    expect(list?.every((user) => GRAVATAR.test(String(user.avatar_url)))).toBe(true);
  });

  test('an idle user who comes back gets an avatar_url again', async () => {
    expectSuccess(await mona.get('/users/me'));
    expect(userIn(await users({ user_avatar_url_field_optional: true }), ids.person.mona)?.avatar_url).toMatch(GRAVATAR);
  });
});
