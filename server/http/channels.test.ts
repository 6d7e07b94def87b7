// Channels over HTTP: upstream's GET /streams, spec 15 (topics in a channel) and spec 3's properties
// (channels-permissions.test.ts covers who may change what, privacy and group settings).
import { beforeAll, describe, expect, test } from 'vitest';
import { getStreams, getTopics, updateChannel, type Stream } from '../../shared/api';
import { withDb } from '../testing/database-file';
import type { ApiClient } from '../testing/harness';
import { error } from '../testing/replies';
import { demoServerForFile } from '../testing/server-per-file';

const { server, clients } = demoServerForFile();
let olivia: ApiClient, adam: ApiClient, mark: ApiClient, gina: ApiClient;
beforeAll(() => {
  ({ olivia, adam, mark, gina } = clients);
});

/** Every channel, as an owner sees it with include_all. */
async function channel(name: string): Promise<Stream> {
  const response = await olivia.get('/streams', { include_all: true, exclude_archived: false, include_default: true });
  const found = getStreams.reply.parse(response.body).streams.find((stream) => stream.name === name);
  if (!found) throw new Error(`no channel ${name}`);
  return found;
}

async function names(client: ApiClient, params: Record<string, unknown> = {}): Promise<string[]> {
  const response = await client.get('/streams', params);
  return getStreams.reply.parse(response.body).streams.map((stream) => stream.name);
}

async function patch(client: ApiClient, name: string, params: Record<string, unknown>) {
  const { stream_id } = await channel(name);
  return client.patch(`/streams/${String(stream_id)}`, params);
}

const NOBODY = 1;

describe('GET /streams', () => {
  test('a member sees public and subscribed channels, sorted by name, without archived or private ones', async () => {
    expect(await names(mark)).toEqual(['announcements', 'design', 'engineering', 'general']);
  });

  test('exclude_archived=false adds archived channels, marked is_archived', async () => {
    const response = await mark.get('/streams', { exclude_archived: false });
    const archived = getStreams.reply.parse(response.body).streams.find((stream) => stream.name === 'old-projects');
    expect(archived).toMatchObject({ is_archived: true });
  });

  test('a guest sees only the channels they are subscribed to', async () => {
    expect(await names(gina)).toEqual(['announcements', 'design', 'general']);
  });

  test('include_all lists private channels for an administrator and is refused to anyone else', async () => {
    expect(await names(adam, { include_all: true })).toContain('leadership');
    expect((await mark.get('/streams', { include_all: true })).body).toEqual(error('User not authorized for this query'));
  });

  test('include_default adds is_default', async () => {
    const response = await mark.get('/streams', { include_default: true });
    const streams = getStreams.reply.parse(response.body).streams;
    expect(streams.find((stream) => stream.name === 'general')?.is_default).toBe(true);
    expect(streams.find((stream) => stream.name === 'design')?.is_default).toBe(false);
    const without = getStreams.reply.parse((await mark.get('/streams')).body).streams;
    expect(without.every((stream) => stream.is_default === undefined)).toBe(true);
  });

  test('include_public=false with include_subscribed leaves only subscribed channels', async () => {
    expect(await names(mark, { include_public: false })).toEqual(['announcements', 'engineering', 'general']);
  });

  test('include_can_access_content adds the channels the user may read', async () => {
    const only = { include_public: false, include_subscribed: false, include_can_access_content: true };
    expect(await names(mark, only)).toEqual(expect.arrayContaining(['design', 'engineering']));
    expect(await names(gina, only)).toEqual(['announcements', 'design', 'general']);
  });

  test("include_owner_subscribed gives a bot its owner's channels", async () => {
    const key = withDb(server, (db) => db.prepare("SELECT api_key FROM users WHERE delivery_email = 'echo-bot@sandbox.test'").pluck().get() as string);
    const bot = server.withCredentials('echo-bot@sandbox.test', key);
    const only = { include_public: false, include_subscribed: false, include_owner_subscribed: true };
    expect(await names(bot, only)).toEqual(['announcements', 'engineering', 'general', 'leadership', 'moderation']);
  });

  test('each channel carries upstream fields: subscriber count, folder, topics policy and group settings', async () => {
    const leadership = await channel('leadership');
    expect(leadership).toMatchObject({
      invite_only: true,
      history_public_to_subscribers: false,
      subscriber_count: 2,
      folder_id: null,
      topics_policy: 'inherit',
      // upstream: the last four weeks' messages as a weekly average (server/lib/stream-traffic.ts).
      stream_weekly_traffic: 1,
    });
    const announcements = await channel('announcements');
    expect(announcements).toMatchObject({ can_send_message_group: 3, stream_post_policy: 2, is_announcement_only: true });
    expect((await channel('engineering')).folder_id).toEqual(expect.any(Number));
  });
});

describe('GET /users/me/{stream_id}/topics (spec 15)', () => {
  test('topics come newest first with the ID of their newest message', async () => {
    const { stream_id } = await channel('general');
    const response = await mark.get(`/users/me/${String(stream_id)}/topics`);
    const { topics } = getTopics.reply.parse(response.body);
    expect(topics.map((topic) => topic.name)).toEqual(['lunch plans', 'help', 'general chat', 'welcome']);
    const maxIds = topics.map((topic) => topic.max_id);
    expect([...maxIds].sort((a, b) => b - a)).toEqual(maxIds);
  });

  test('the empty topic is its display name unless allow_empty_topic_name is true', async () => {
    const { stream_id } = await channel('general');
    const response = await mark.get(`/users/me/${String(stream_id)}/topics`, { allow_empty_topic_name: true });
    const names = getTopics.reply.parse(response.body).topics.map((topic) => topic.name);
    expect(names).toContain('');
    expect(names).not.toContain('general chat');
  });

  test('a private channel the user is not in, and a channel that does not exist, are both invalid', async () => {
    const { stream_id } = await channel('leadership');
    // Only a subscription opens this channel: no group setting gives content access to others.
    await olivia.patch(`/streams/${String(stream_id)}`, { can_add_subscribers_group: { new: NOBODY }, can_subscribe_group: { new: NOBODY } });
    expect((await mark.get(`/users/me/${String(stream_id)}/topics`)).body).toEqual(error('Invalid channel ID'));
    expect((await mark.get('/users/me/99999/topics')).body).toEqual(error('Invalid channel ID'));
  });

  test('protected history lists only topics of messages sent after the user subscribed', async () => {
    const { stream_id } = await channel('leadership');
    const path = `/users/me/${String(stream_id)}/topics`;
    withDb(server, (db) => {
      const newest = db.prepare('SELECT max(id) FROM messages WHERE stream_id = ?').pluck().get(stream_id);
      db.prepare("UPDATE subscriptions SET subscribed_after_message_id = ? WHERE stream_id = ? AND user_id = (SELECT id FROM users WHERE delivery_email = 'adam@sandbox.test')").run(newest, stream_id);
    });
    expect(getTopics.reply.parse((await adam.get(path)).body).topics).toEqual([]);
    expect(getTopics.reply.parse((await olivia.get(path)).body).topics.map((topic) => topic.name)).toEqual(['budget']);
  });
});

describe('PATCH /streams/{stream_id} (spec 3): properties', () => {
  test('a description is stored with its rendering, on one line', async () => {
    const response = await patch(adam, 'design', { description: 'Reviews of **every** design.\nAnd critique.' });
    expect(updateChannel.reply.parse(response.body)).toEqual({ result: 'success', msg: '' });
    expect(await channel('design')).toMatchObject({
      description: 'Reviews of **every** design. And critique.',
      rendered_description: expect.stringContaining('<strong>every</strong>') as string,
    });
  });

  test('a description longer than max_stream_description_length is refused', async () => {
    expect((await patch(adam, 'design', { description: 'x'.repeat(1025) })).body).toEqual(
      error('description is too long (limit: 1024 characters)'),
    );
  });

  test('a channel is renamed, and may change the case of its own name', async () => {
    expect((await patch(adam, 'announcements', { new_name: 'news' })).body).toMatchObject({ result: 'success' });
    expect((await patch(adam, 'news', { new_name: 'News' })).body).toMatchObject({ result: 'success' });
    expect((await channel('News')).description).toBe('Company news. Only administrators post here.');
    await patch(adam, 'News', { new_name: 'announcements' });
  });

  test('renaming to the same name, a taken name, an empty or a too-long name is refused', async () => {
    expect((await patch(adam, 'design', { new_name: 'design' })).body).toEqual(error('Channel already has that name.'));
    expect((await patch(adam, 'design', { new_name: 'Engineering' })).body).toEqual(error('Channel name already in use.'));
    expect((await patch(adam, 'design', { new_name: '   ' })).body).toEqual(error("Channel name can't be empty."));
    expect((await patch(adam, 'design', { new_name: 'd'.repeat(61) })).body).toEqual(error('Channel name too long (limit: 60 characters).'));
  });

  test('message_retention_days takes a number of days, unlimited or realm_default', async () => {
    await patch(olivia, 'engineering', { message_retention_days: 30 });
    expect((await channel('engineering')).message_retention_days).toBe(30);
    await patch(olivia, 'engineering', { message_retention_days: 'unlimited' });
    expect((await channel('engineering')).message_retention_days).toBe(-1);
    await patch(olivia, 'engineering', { message_retention_days: 'realm_default' });
    expect((await channel('engineering')).message_retention_days).toBeNull();
  });

  test('only an owner may change message retention', async () => {
    const response = await patch(adam, 'engineering', { message_retention_days: 30 });
    expect(response.body).toEqual(error('Must be an organization owner', 'UNAUTHORIZED_PRINCIPAL'));
  });

  test('a retention that is not a positive number of days is refused', async () => {
    expect((await patch(olivia, 'engineering', { message_retention_days: 0 })).body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    expect((await patch(olivia, 'engineering', { message_retention_days: 'forever' })).body).toMatchObject({ result: 'error' });
  });

  test('archiving through this endpoint is refused, and so is unarchiving an active channel', async () => {
    expect((await patch(adam, 'general', { is_archived: true })).body).toEqual(error('Only unarchiving of archived channels is allowed.'));
    expect((await patch(adam, 'general', { is_archived: false })).body).toEqual(error('Channel is not currently deactivated'));
    expect((await channel('general')).is_archived).toBe(false);
  });

  test('an archived channel is unarchived', async () => {
    expect((await patch(adam, 'old-projects', { is_archived: false })).body).toMatchObject({ result: 'success' });
    expect(await names(mark)).toContain('old-projects');
  });

  test('a channel moves into a folder and out of it with folder_id null', async () => {
    const folders = (await mark.get('/channel_folders')).body.channel_folders as { id: number; name: string }[];
    const social = folders.find((folder) => folder.name === 'Social');
    await patch(adam, 'design', { folder_id: social?.id });
    expect((await channel('design')).folder_id).toBe(social?.id);
    await patch(adam, 'design', { folder_id: null });
    expect((await channel('design')).folder_id).toBeNull();
  });

  test('an unknown or archived folder is an invalid folder ID', async () => {
    expect((await patch(adam, 'design', { folder_id: 99999 })).body).toEqual(error('Invalid channel folder ID'));
    const created = await adam.post('/channel_folders/create', { name: 'Retired', description: '' });
    const id = created.body.channel_folder_id as number;
    await adam.patch(`/channel_folders/${String(id)}`, { is_archived: true });
    expect((await patch(adam, 'design', { folder_id: id })).body).toEqual(error('Invalid channel folder ID'));
  });

  test('topics_policy changes, and empty_topic_only needs every message in the empty topic', async () => {
    await patch(adam, 'general', { topics_policy: 'disable_empty_topic' });
    expect((await channel('general')).topics_policy).toBe('disable_empty_topic');
    expect((await patch(adam, 'general', { topics_policy: 'empty_topic_only' })).body).toEqual(
      error(
        'To enable this configuration, all messages in this channel must be in the general chat topic. Consider renaming other topics to general chat.',
      ),
    );
    expect((await channel('general')).topics_policy).toBe('disable_empty_topic');
  });

  test('empty_topic_only is accepted once every message is in the empty topic', async () => {
    const { stream_id } = await channel('design');
    withDb(server, (db) => db.prepare("UPDATE messages SET topic = '' WHERE stream_id = ?").run(stream_id));
    expect((await patch(adam, 'design', { topics_policy: 'empty_topic_only' })).body).toMatchObject({ result: 'success' });
    expect((await channel('design')).topics_policy).toBe('empty_topic_only');
  });

  test('is_default_stream adds and removes a default channel', async () => {
    await patch(adam, 'engineering', { is_default_stream: true });
    expect((await channel('engineering')).is_default).toBe(true);
    await patch(adam, 'engineering', { is_default_stream: false });
    expect((await channel('engineering')).is_default).toBe(false);
  });

  test('a default channel cannot be private', async () => {
    expect((await patch(olivia, 'general', { is_private: true })).body).toEqual(error('A default channel cannot be private.'));
    expect((await patch(olivia, 'leadership', { is_default_stream: true })).body).toEqual(error('A default channel cannot be private.'));
  });

  test('an unknown channel is an invalid channel ID', async () => {
    expect((await adam.patch('/streams/99999', { description: 'x' })).body).toEqual(error('Invalid channel ID'));
  });

  test('unsupported parameters are listed, not rejected', async () => {
    const response = await patch(adam, 'engineering', { description: 'Ship it.', stream_post_policy: 2 });
    expect(response.body).toEqual({ result: 'success', msg: '', ignored_parameters_unsupported: ['stream_post_policy'] });
  });

  test('changes survive a restart', async () => {
    await patch(adam, 'engineering', { description: 'Kept across restarts.', topics_policy: 'allow_empty_topic' });
    await server.restart();
    expect(await channel('engineering')).toMatchObject({ description: 'Kept across restarts.', topics_policy: 'allow_empty_topic' });
  });
});
