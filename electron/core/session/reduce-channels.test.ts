// stream, subscription, channel_folder and default_streams events applied to the demo realm's state.
import { describe, expect, test } from 'vitest';
import { apply, DEMO, demoState } from './testing/demo-snapshot';

const { users, channels, folders, groups } = DEMO;

const update = (stream_id: number, property: string, value: unknown, extra: Record<string, unknown> = {}) => ({
  type: 'stream',
  op: 'update',
  stream_id,
  name: demoState().channels.get(stream_id)?.name ?? '',
  property,
  value,
  ...extra,
});

describe('stream', () => {
  test('create adds the channels, with their subscribers when listed', () => {
    const channel = { ...demoState().channels.get(channels.general), stream_id: 50, name: 'new-channel', subscriber_count: 2, subscribers: [users.olivia, users.mark] };
    const { state, changes } = apply(demoState(), { type: 'stream', op: 'create', streams: [channel] });
    expect(state.channels.get(50)).toMatchObject({ name: 'new-channel', subscriber_count: 2 });
    expect(state.channels.get(50)).not.toHaveProperty('subscribers');
    expect([...(state.subscribers.get(50) ?? [])]).toEqual([users.olivia, users.mark]);
    expect(changes).toEqual([{ collection: 'channels', ids: [50] }]);
  });

  test('a rename changes the channel and the subscription', () => {
    const { state, changes } = apply(demoState(), update(channels.general, 'name', 'town-square', { name: 'town-square' }));
    expect(state.channels.get(channels.general)?.name).toBe('town-square');
    expect(state.subscriptions.get(channels.general)?.name).toBe('town-square');
    expect(changes).toEqual([{ collection: 'channels', ids: [channels.general] }, { collection: 'subscriptions', ids: [channels.general] }]);
  });

  test('a channel the user is not subscribed to changes only in channels', () => {
    const { state, changes } = apply(demoState(), update(channels.engineering, 'description', 'Builders', { rendered_description: '<p>Builders</p>' }));
    expect(state.channels.get(channels.engineering)).toMatchObject({ description: 'Builders', rendered_description: '<p>Builders</p>' });
    expect(state.subscriptions.has(channels.engineering)).toBe(false);
    expect(changes).toEqual([{ collection: 'channels', ids: [channels.engineering] }]);
  });

  test('invite_only brings the history and web-public settings that changed with it', () => {
    const { state } = apply(demoState(), update(channels.design, 'invite_only', true, { history_public_to_subscribers: false, is_web_public: false }));
    expect(state.channels.get(channels.design)).toMatchObject({ invite_only: true, history_public_to_subscribers: false, is_web_public: false });
    expect(state.subscriptions.get(channels.design)).toMatchObject({ invite_only: true, history_public_to_subscribers: false });
  });

  test('a group setting takes a named group or an anonymous group', () => {
    let state = apply(demoState(), update(channels.general, 'can_send_message_group', groups.moderators)).state;
    expect(state.channels.get(channels.general)?.can_send_message_group).toBe(groups.moderators);
    const anonymous = { direct_members: [users.mark], direct_subgroups: [groups.administrators] };
    for (const property of ['can_add_subscribers_group', 'can_administer_channel_group', 'can_remove_subscribers_group', 'can_subscribe_group', 'can_resolve_topics_group', 'can_delete_any_message_group', 'can_delete_own_message_group', 'can_move_messages_within_channel_group', 'can_move_messages_out_of_channel_group']) {
      state = apply(state, update(channels.general, property, anonymous)).state;
      expect(state.channels.get(channels.general)).toHaveProperty(property, anonymous);
      expect(state.subscriptions.get(channels.general)).toHaveProperty(property, anonymous);
    }
  });

  test('folder_id moves a channel into a folder and out of it', () => {
    const moved = apply(demoState(), update(channels.general, 'folder_id', folders.social)).state;
    expect(moved.channels.get(channels.general)?.folder_id).toBe(folders.social);
    const out = apply(moved, update(channels.general, 'folder_id', null)).state;
    expect(out.channels.get(channels.general)?.folder_id).toBeNull();
  });

  test('is_archived archives and unarchives', () => {
    const archived = apply(demoState(), update(channels.design, 'is_archived', true)).state;
    expect(archived.channels.get(channels.design)?.is_archived).toBe(true);
    expect(apply(archived, update(channels.design, 'is_archived', false)).state.channels.get(channels.design)?.is_archived).toBe(false);
  });

  test('every other property (retention, topics policy, legacy policies, a newer one) replaces its field', () => {
    const changes = [
      ['message_retention_days', 30],
      ['topics_policy', 'disable_empty_topic'],
      ['stream_post_policy', 2],
      ['is_announcement_only', true],
      ['is_web_public', true],
      ['history_public_to_subscribers', true],
      ['is_recently_active', false],
      ['first_message_id', 3],
      ['channel_shade', 'teal'],
    ] as const;
    let state = demoState();
    for (const [property, value] of changes) state = apply(state, update(channels.announcements, property, value)).state;
    for (const [property, value] of changes) expect(state.channels.get(channels.announcements)).toHaveProperty(property, value);
  });

  test('an update of a channel the state does not know changes nothing', () => {
    const { changes } = apply(demoState(), { type: 'stream', op: 'update', stream_id: 999, name: 'x', property: 'description', value: 'y' });
    expect(changes).toEqual([]);
  });

  test('delete by stream_ids (feature level 343) removes the channel, its subscription and its default status', () => {
    const { state, changes } = apply(demoState(), { type: 'stream', op: 'delete', stream_ids: [channels.general], streams: [{ stream_id: channels.general }] });
    expect(state.channels.has(channels.general)).toBe(false);
    expect(state.subscriptions.has(channels.general)).toBe(false);
    expect(state.subscribers.has(channels.general)).toBe(false);
    expect(state.defaultChannelIds.has(channels.general)).toBe(false);
    expect(changes).toEqual([{ collection: 'channels', ids: [channels.general] }, { collection: 'subscriptions', ids: [channels.general] }]);
  });

  test('delete by channel objects (older servers) removes them too', () => {
    const { state } = apply(demoState(), { type: 'stream', op: 'delete', streams: [demoState().channels.get(channels.engineering)] });
    expect(state.channels.has(channels.engineering)).toBe(false);
  });
});

describe('subscription', () => {
  test('add records the subscription and the user among the subscribers', () => {
    const before = demoState();
    const joined = { ...before.subscriptions.get(channels.general), ...before.channels.get(channels.engineering), color: '#abcdef', pin_to_top: false, is_muted: false, in_home_view: true };
    const { state, changes } = apply(before, { type: 'subscription', op: 'add', subscriptions: [joined] });
    expect(state.subscriptions.get(channels.engineering)).toMatchObject({ name: 'engineering', color: '#abcdef' });
    expect(state.subscribers.get(channels.engineering)?.has(users.olivia)).toBe(true);
    expect(state.channels.get(channels.engineering)?.subscriber_count).toBe((before.channels.get(channels.engineering)?.subscriber_count ?? 0) + 1);
    expect(changes).toEqual([{ collection: 'subscriptions', ids: [channels.engineering] }, { collection: 'channels', ids: [channels.engineering] }]);
  });

  test('add of a channel the user could not see brings the channel', () => {
    const before = demoState();
    const secret = { ...before.subscriptions.get(channels.leadership), stream_id: 60, name: 'secret', subscribers: [users.olivia, users.adam] };
    const { state } = apply(before, { type: 'subscription', op: 'add', subscriptions: [secret] });
    expect(state.channels.get(60)?.name).toBe('secret');
    expect([...(state.subscribers.get(60) ?? [])]).toEqual([users.olivia, users.adam]);
  });

  test('remove drops the subscription and the user from the subscribers', () => {
    const before = demoState();
    const { state, changes } = apply(before, { type: 'subscription', op: 'remove', subscriptions: [{ stream_id: channels.design, name: 'design' }] });
    expect(state.subscriptions.has(channels.design)).toBe(false);
    expect(state.channels.has(channels.design)).toBe(true);
    expect(state.subscribers.get(channels.design)?.has(users.olivia)).toBe(false);
    expect(state.channels.get(channels.design)?.subscriber_count).toBe((before.channels.get(channels.design)?.subscriber_count ?? 0) - 1);
    expect(changes).toEqual([{ collection: 'subscriptions', ids: [channels.design] }, { collection: 'channels', ids: [channels.design] }]);
  });

  test('update changes a personal setting; is_muted and in_home_view stay opposite', () => {
    let state = apply(demoState(), { type: 'subscription', op: 'update', stream_id: channels.general, property: 'color', value: '#000000' }).state;
    state = apply(state, { type: 'subscription', op: 'update', stream_id: channels.general, property: 'is_muted', value: true }).state;
    expect(state.subscriptions.get(channels.general)).toMatchObject({ color: '#000000', is_muted: true, in_home_view: false });
    const result = apply(state, { type: 'subscription', op: 'update', stream_id: channels.general, property: 'in_home_view', value: true });
    expect(result.state.subscriptions.get(channels.general)).toMatchObject({ is_muted: false, in_home_view: true });
    expect(result.changes).toEqual([{ collection: 'subscriptions', ids: [channels.general] }]);
    const inherit = apply(state, { type: 'subscription', op: 'update', stream_id: channels.general, property: 'desktop_notifications', value: null });
    expect(inherit.state.subscriptions.get(channels.general)?.desktop_notifications).toBeNull();
  });

  test('peer_add and peer_remove keep the subscriber lists and counts exact', () => {
    const before = demoState();
    const count = before.channels.get(channels.engineering)?.subscriber_count ?? 0;
    const added = apply(before, { type: 'subscription', op: 'peer_add', stream_ids: [channels.engineering, channels.general], user_ids: [users.gina, users.mark] });
    // Mark is already in general: counted once.
    expect(added.state.channels.get(channels.general)?.subscriber_count).toBe(before.channels.get(channels.general)?.subscriber_count);
    expect(added.state.subscribers.get(channels.engineering)?.has(users.gina)).toBe(true);
    const engineeringHadMark = before.subscribers.get(channels.engineering)?.has(users.mark) ?? false;
    expect(added.state.channels.get(channels.engineering)?.subscriber_count).toBe(count + (engineeringHadMark ? 1 : 2));
    expect(added.changes).toEqual([{ collection: 'channels', ids: [channels.general, channels.engineering] }, { collection: 'subscriptions', ids: [channels.general] }]);

    const removed = apply(added.state, { type: 'subscription', op: 'peer_remove', stream_ids: [channels.engineering], user_ids: [users.gina] });
    expect(removed.state.subscribers.get(channels.engineering)?.has(users.gina)).toBe(false);
    expect(removed.changes).toEqual([{ collection: 'channels', ids: [channels.engineering] }]);
  });

  test('the first peer_add of a channel that came without a list sets the list (not twice the count)', () => {
    const channel = { ...demoState().channels.get(channels.general), stream_id: 70, name: 'opened-up', subscriber_count: 2 };
    const created = apply(demoState(), { type: 'stream', op: 'create', streams: [channel] }).state;
    const { state } = apply(created, { type: 'subscription', op: 'peer_add', stream_ids: [70], user_ids: [users.adam, users.mona] });
    expect(state.channels.get(70)?.subscriber_count).toBe(2);
    expect(apply(state, { type: 'subscription', op: 'peer_add', stream_ids: [70], user_ids: [users.mark] }).state.channels.get(70)?.subscriber_count).toBe(3);
  });
});

describe('channel_folder', () => {
  test('add puts the folder in the state', () => {
    const folder = { id: 3, name: 'Projects', description: '', rendered_description: '', creator_id: users.olivia, date_created: 1_700_000_000, is_archived: false, order: 3 };
    const { state, changes } = apply(demoState(), { type: 'channel_folder', op: 'add', channel_folder: folder });
    expect(state.folders.get(3)).toEqual(folder);
    expect(changes).toEqual([{ collection: 'folders', ids: [3] }]);
  });

  test('update changes name, description, or archived status', () => {
    let state = apply(demoState(), { type: 'channel_folder', op: 'update', channel_folder_id: folders.social, data: { name: 'Fun' } }).state;
    state = apply(state, { type: 'channel_folder', op: 'update', channel_folder_id: folders.social, data: { description: 'Games', rendered_description: '<p>Games</p>' } }).state;
    const last = apply(state, { type: 'channel_folder', op: 'update', channel_folder_id: folders.social, data: { is_archived: true } });
    expect(last.state.folders.get(folders.social)).toMatchObject({ name: 'Fun', description: 'Games', rendered_description: '<p>Games</p>', is_archived: true });
    expect(last.changes).toEqual([{ collection: 'folders', ids: [folders.social] }]);
  });

  test('reorder sets each folder’s order to its position', () => {
    const { state, changes } = apply(demoState(), { type: 'channel_folder', op: 'reorder', order: [folders.social, folders.teams] });
    expect(state.folders.get(folders.social)?.order).toBe(0);
    expect(state.folders.get(folders.teams)?.order).toBe(1);
    expect(changes).toEqual([{ collection: 'folders', ids: [folders.teams, folders.social] }]);
  });
});

describe('default_streams', () => {
  test('the new list replaces the old; the channels whose status flipped are named', () => {
    const { state, changes } = apply(demoState(), { type: 'default_streams', default_streams: [channels.announcements] });
    expect([...state.defaultChannelIds]).toEqual([channels.announcements]);
    expect(changes).toEqual([{ collection: 'channels', ids: [channels.general, channels.announcements] }]);
  });

  test('channel objects (before feature level 330) are read too', () => {
    const { state } = apply(demoState(), { type: 'default_streams', default_streams: [{ stream_id: channels.design, name: 'design' }] });
    expect([...state.defaultChannelIds]).toEqual([channels.design]);
  });

  test('the same list changes nothing', () => {
    expect(apply(demoState(), { type: 'default_streams', default_streams: [channels.general] }).changes).toEqual([]);
  });
});
