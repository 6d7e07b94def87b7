// Archiving a channel (upstream DELETE /streams/{stream_id}, https://zulip.com/api/archive-stream),
// reading one (GET /streams/{stream_id}), and which channels the register snapshot lists: every
// channel the user may see the metadata of, so an administrator sees private channels they are not in.
import { describe, expect, test } from 'vitest';
import { getStream, parseEvent } from '../../shared/api';
import { withDb } from '../testing/database-file';
import { registerQueue, type QueueEvent } from '../testing/event-client';
import { error, expectSuccess } from '../testing/replies';
import { demoServerForFile } from '../testing/server-per-file';

const { server, clients, ids } = demoServerForFile();

const row = (id: number) =>
  withDb(server, (db) => db.prepare('SELECT is_archived, is_default FROM streams WHERE id = ?').get(id) as { is_archived: number; is_default: number });

function known(event: QueueEvent) {
  const parsed = parseEvent(event);
  if (!parsed.success || parsed.data.kind !== 'known') throw new Error(`unreadable event: ${JSON.stringify(event)}`);
  return parsed.data.event;
}

describe('DELETE /streams/{stream_id}', () => {
  test('an administrator archives a channel: kept with its subscribers, and unarchived as it was', async () => {
    const id = ids.channel.design as number;
    const before = withDb(server, (db) => db.prepare('SELECT count(*) FROM subscriptions WHERE stream_id = ? AND active = 1').pluck().get(id));
    expectSuccess(await clients.adam.delete(`/streams/${String(id)}`));
    expect(row(id).is_archived).toBe(1);
    expect(getStream.reply.parse((await clients.adam.get(`/streams/${String(id)}`)).body).stream).toMatchObject({ is_archived: true });
    expectSuccess(await clients.adam.patch(`/streams/${String(id)}`, { is_archived: false }));
    expect(row(id).is_archived).toBe(0);
    expect(withDb(server, (db) => db.prepare('SELECT count(*) FROM subscriptions WHERE stream_id = ? AND active = 1').pluck().get(id))).toBe(before);
  });

  test('clients with archived_channels hear of it as an update; the others as a deletion', async () => {
    const modern = await registerQueue(clients.mark, { event_types: ['stream'], client_capabilities: { archived_channels: true } });
    const legacy = await registerQueue(clients.mona, { event_types: ['stream'] });
    const id = ids.channel.engineering as number;
    expectSuccess(await clients.olivia.delete(`/streams/${String(id)}`));
    expect(known(await modern.waitFor((event) => event.type === 'stream'))).toMatchObject({ op: 'update', stream_id: id, property: 'is_archived', value: true });
    expect(known(await legacy.waitFor((event) => event.type === 'stream'))).toMatchObject({ op: 'delete', stream_ids: [id] });
    await Promise.all([modern.close(), legacy.close()]);
    await clients.olivia.patch(`/streams/${String(id)}`, { is_archived: false });
  });

  test('a default channel stops being one, and the change of defaults is announced', async () => {
    const queue = await registerQueue(clients.mark, { event_types: ['default_streams'] });
    const id = ids.channel.general as number;
    expectSuccess(await clients.adam.delete(`/streams/${String(id)}`));
    expect(row(id)).toEqual({ is_archived: 1, is_default: 0 });
    const event = await queue.waitFor((candidate) => candidate.type === 'default_streams');
    expect(event.default_streams).not.toContain(id);
    await queue.close();
    await clients.adam.patch(`/streams/${String(id)}`, { is_archived: false, is_default_stream: true });
  });

  test('archiving the moderation request channel turns moderation requests off', async () => {
    const queue = await registerQueue(clients.mark, { event_types: ['realm'] });
    const id = ids.channel.moderation as number;
    expectSuccess(await clients.olivia.delete(`/streams/${String(id)}`));
    const event = await queue.waitFor((candidate) => candidate.type === 'realm');
    expect(event).toMatchObject({ op: 'update_dict', data: { moderation_request_channel_id: -1 } });
    const snapshot = (await clients.mark.post('/register', { fetch_event_types: ['realm'] })).body;
    expect(snapshot.moderation_request_channel).toBeNull();
    await queue.close();
  });

  test('an archived channel cannot be archived again', async () => {
    expect((await clients.adam.delete(`/streams/${String(ids.channel['old-projects'])}`)).body).toEqual(error('Channel is already deactivated'));
  });

  test('a member learns they may not administer a channel they can read, and nothing of one they cannot', async () => {
    expect((await clients.mark.delete(`/streams/${String(ids.channel.general)}`)).body).toEqual(error('You do not have permission to administer this channel.'));
    expect((await clients.mark.delete(`/streams/${String(ids.channel.leadership)}`)).body).toEqual(error('Invalid channel ID'));
    expect((await clients.mark.delete('/streams/99999')).body).toEqual(error('Invalid channel ID'));
  });

  test("a member of the channel's can_administer_channel_group may archive it", async () => {
    const id = ids.channel.announcements as number;
    await clients.olivia.patch(`/streams/${String(id)}`, { can_administer_channel_group: { new: { direct_members: [ids.person.mark], direct_subgroups: [] } } });
    expectSuccess(await clients.mark.delete(`/streams/${String(id)}`));
    expect(row(id).is_archived).toBe(1);
  });
});

describe('GET /streams/{stream_id}', () => {
  test('an administrator reads a private channel they are not in; a member gets an invalid channel ID', async () => {
    await clients.mark.post('/users/me/subscriptions', { subscriptions: [{ name: 'mark-private' }], invite_only: true });
    const id = withDb(server, (db) => db.prepare("SELECT id FROM streams WHERE name = 'mark-private'").pluck().get() as number);
    expect(getStream.reply.parse((await clients.adam.get(`/streams/${String(id)}`)).body).stream).toMatchObject({ name: 'mark-private', invite_only: true, subscriber_count: 1 });
    expect((await clients.mona.get(`/streams/${String(id)}`)).body).toEqual(error('Invalid channel ID'));
    expect((await clients.mona.get('/streams/99999')).body).toEqual(error('Invalid channel ID'));
  });
});

describe('the register snapshot', () => {
  test("an administrator's streams include private channels they are not in, with their subscribers", async () => {
    const id = withDb(server, (db) => db.prepare("SELECT id FROM streams WHERE name = 'mark-private'").pluck().get() as number);
    const admin = (await clients.adam.post('/register', { fetch_event_types: ['stream', 'subscription'], include_subscribers: 'true' })).body;
    expect((admin.streams as { stream_id: number }[]).map((stream) => stream.stream_id)).toContain(id);
    const never = admin.never_subscribed as { stream_id: number; subscribers?: number[] }[];
    expect(never.find((stream) => stream.stream_id === id)?.subscribers).toEqual([ids.person.mark]);
    const member = (await clients.mona.post('/register', { fetch_event_types: ['stream'] })).body;
    expect((member.streams as { stream_id: number }[]).map((stream) => stream.stream_id)).not.toContain(id);
  });

  test("the organization's channel settings are in the realm section, under upstream's names", async () => {
    const realm = (await clients.adam.post('/register', { fetch_event_types: ['realm'] })).body;
    expect(realm).toMatchObject({
      realm_message_retention_days: -1,
      server_web_public_streams_enabled: false,
      realm_enable_spectator_access: false,
      realm_can_create_web_public_channel_group: ids.group['role:owners'],
      realm_can_add_subscribers_group: ids.group['role:members'],
      realm_can_delete_any_message_group: ids.group['role:administrators'],
      realm_can_delete_own_message_group: ids.group['role:everyone'],
    });
  });
});
