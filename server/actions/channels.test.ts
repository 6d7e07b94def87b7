// The events spec 3's channel updates publish after they commit: upstream's shapes (they parse with
// shared/api's event schemas once the queue adds an ID) and upstream's recipients.
import { describe, expect, test } from 'vitest';
import { StreamEvent, SubscriptionEvent, updateChannelParams, type GroupSettingValue, type UpdateChannelParams } from '../../shared/api';
import { getStreamByName, type StreamGroupSetting } from '../db/stream-queries';
import type { ServerEvent } from '../events/bus';
import { demoRealmForEachTest, type PublishedEvent } from '../testing/in-process';
import { channelUpdateEvents, updateChannel } from './channels';

const realm = demoRealmForEachTest();

const channelId = (name: string) => getStreamByName(realm.ctx.db, name)?.id ?? -1;
const update = (actor: string, channel: string, params: Omit<UpdateChannelParams, 'stream_id'>) =>
  updateChannel(realm.ctx, realm.user(actor), updateChannelParams.parse({ stream_id: channelId(channel), ...params }));

/** What a client would receive: the event with the ID its queue gives it. */
const delivered = (event: ServerEvent | undefined) => ({ ...event, id: 1 });
const activeIds = () => realm.ctx.db.prepare('SELECT id FROM users WHERE is_active = 1').pluck().all() as number[];

describe('stream update events', () => {
  test("a description change carries the rendering, and goes to everyone who can see a public channel", () => {
    update('adam', 'engineering', { description: 'Ship **often**.' });
    expect(realm.published).toHaveLength(1);
    const [{ recipients, event }] = realm.published as [PublishedEvent];
    expect(StreamEvent.parse(delivered(event))).toMatchObject({
      op: 'update',
      property: 'description',
      value: 'Ship **often**.',
      rendered_description: '<p>Ship <strong>often</strong>.</p>',
      stream_id: channelId('engineering'),
      name: 'engineering',
    });
    // Every active non-guest, and no guest who is not subscribed.
    expect(recipients).toContain(realm.user('mark').id);
    expect(recipients).not.toContain(realm.user('gina').id);
    expect(recipients).toHaveLength(activeIds().length - 1);
  });

  test('a rename names the old name, and later events in the same request the new one', () => {
    update('adam', 'design', { new_name: 'visual design', can_send_message_group: { new: 4 } });
    const events = realm.published.map(({ event }) => StreamEvent.parse(delivered(event)));
    expect(events.map((event) => event.op === 'update' && [event.property, event.name, event.value])).toEqual([
      ['name', 'design', 'visual design'],
      ['can_send_message_group', 'visual design', 4],
      ['stream_post_policy', 'visual design', 4],
      ['is_announcement_only', 'visual design', false],
    ]);
  });

  test('a private channel is announced to its subscribers and the administrators only', () => {
    // Without a group that opens it to others (the demo lets members add subscribers).
    update('olivia', 'leadership', { can_add_subscribers_group: { new: 1 }, can_subscribe_group: { new: 1 } });
    realm.published.length = 0;
    update('olivia', 'leadership', { description: 'Quiet.' });
    expect(realm.published.map(({ recipients }) => recipients)).toEqual([[realm.user('olivia').id, realm.user('adam').id].sort((a, b) => a - b)]);
  });

  test('members who lose sight of a private channel through a group setting get a stream delete', () => {
    update('olivia', 'leadership', { can_add_subscribers_group: { new: 6 } });
    realm.published.length = 0;
    update('olivia', 'leadership', { can_add_subscribers_group: { new: 1 } });
    const deleted = realm.published.find(({ event }) => event.type === 'stream' && event.op === 'delete');
    expect(deleted?.recipients).toContain(realm.user('mark').id);
    const updated = realm.published.find(({ event }) => event.type === 'stream' && event.op === 'update');
    expect(updated?.recipients).toEqual([realm.user('olivia').id, realm.user('adam').id].sort((a, b) => a - b));
  });

  test('an anonymous group setting is sent as members and subgroups', () => {
    update('olivia', 'general', { can_remove_subscribers_group: { new: { direct_members: [realm.user('mark').id], direct_subgroups: [3] } } });
    const event = StreamEvent.parse(delivered(realm.published[0]?.event));
    expect(event).toMatchObject({ property: 'can_remove_subscribers_group', value: { direct_members: [realm.user('mark').id], direct_subgroups: [3] } });
  });

  test('leaving a folder sends folder_id null', () => {
    update('adam', 'engineering', { folder_id: null });
    expect(StreamEvent.parse(delivered(realm.published[0]?.event))).toMatchObject({ property: 'folder_id', value: null });
  });

  test('a privacy change is one invite_only event carrying the history and web-public fields', () => {
    update('olivia', 'leadership', { history_public_to_subscribers: true });
    expect(realm.published).toHaveLength(1);
    expect(StreamEvent.parse(delivered(realm.published[0]?.event))).toMatchObject({
      property: 'invite_only',
      value: true,
      history_public_to_subscribers: true,
      is_web_public: false,
    });
  });

  test('users who can newly see a channel made public get it whole, with its subscribers', () => {
    update('olivia', 'leadership', { can_add_subscribers_group: { new: 1 }, can_subscribe_group: { new: 1 } });
    realm.published.length = 0;
    update('olivia', 'leadership', { is_private: false });
    const created = realm.published.find(({ event }) => event.type === 'stream' && event.op === 'create');
    expect(created?.recipients).toContain(realm.user('mark').id);
    expect(created?.recipients).not.toContain(realm.user('adam').id);
    expect(StreamEvent.parse(delivered(created?.event))).toMatchObject({ op: 'create', streams: [{ name: 'leadership', invite_only: false }] });
    const peers = realm.published.find(({ event }) => event.type === 'subscription');
    expect(SubscriptionEvent.parse(delivered(peers?.event))).toMatchObject({
      op: 'peer_add',
      stream_ids: [channelId('leadership')],
      user_ids: [realm.user('olivia').id, realm.user('adam').id].sort((a, b) => a - b),
    });
    const updated = realm.published.find(({ event }) => event.type === 'stream' && event.op === 'update');
    expect(updated?.recipients).toEqual([realm.user('olivia').id, realm.user('adam').id].sort((a, b) => a - b));
  });

  test('users who can no longer see a channel made private get a stream delete', () => {
    update('olivia', 'design', { can_add_subscribers_group: { new: 1 } });
    realm.published.length = 0;
    update('olivia', 'design', { is_private: true });
    const deleted = realm.published.find(({ event }) => event.type === 'stream' && event.op === 'delete');
    expect(deleted?.recipients).toContain(realm.user('mark').id);
    expect(deleted?.recipients).not.toContain(realm.user('olivia').id);
    expect(StreamEvent.parse(delivered(deleted?.event))).toMatchObject({ stream_ids: [channelId('design')] });
  });

  test('unarchiving sends is_archived false, carrying the channel for clients without archived channels', () => {
    update('adam', 'old-projects', { is_archived: false });
    expect(realm.published).toHaveLength(1);
    expect(StreamEvent.parse(delivered(realm.published[0]?.event))).toMatchObject({ property: 'is_archived', value: false });
    expect(realm.published[0]?.event).toMatchObject({ _archived_channel: true, _stream: { name: 'old-projects' } });
  });

  test('a default channel change sends the default channel IDs to every non-guest', () => {
    update('adam', 'engineering', { is_default_stream: true });
    const event = realm.published.find(({ event }) => event.type === 'default_streams');
    expect(event?.event.default_streams).toEqual([channelId('general'), channelId('engineering')]);
    expect(event?.recipients).not.toContain(realm.user('gina').id);
  });

  test('nothing is published when nothing changes or the request is refused', () => {
    update('adam', 'engineering', { description: 'Building and shipping the product.' });
    expect(() => update('adam', 'engineering', { can_send_message_group: { new: 3, old: 4 } })).toThrow("'old' value");
    expect(realm.published).toEqual([]);
  });
});

describe('channelUpdateEvents', () => {
  test('orders the events as upstream sends them', () => {
    const events = channelUpdateEvents(
      { id: 5, name: 'a', can_send_message_group: '7' },
      {
        groupSettings: new Map<StreamGroupSetting, GroupSettingValue>([['can_administer_channel_group', 3]]),
        folderId: 2,
        name: 'b',
        description: { description: 'd', rendered: '<p>d</p>' },
        topicsPolicy: 'allow_empty_topic',
        unarchive: true,
        messageRetentionDays: -1,
        privacy: { invite_only: false, is_web_public: false, history_public_to_subscribers: true },
      },
    );
    expect(events.map((event) => event.property)).toEqual([
      'invite_only',
      'message_retention_days',
      'is_archived',
      'topics_policy',
      'description',
      'name',
      'folder_id',
      'can_administer_channel_group',
    ]);
    for (const event of events) expect(StreamEvent.safeParse(delivered(event)).success).toBe(true);
  });
});
