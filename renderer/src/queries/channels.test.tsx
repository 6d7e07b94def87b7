// The channel list and context stay live from pushes: a changed channel is fetched by ID and patched in
// place (never the whole list), a deleted one removed, and folders, groups or the organization's
// settings reread the small context.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { REALM_GROUP_SETTINGS } from '../../../shared/domain/channel-permissions';
import type { ChannelContext, ChannelEntry } from '../../../shared/ipc';
import { channelEntry } from '../screens/channels/testing/channel-samples';
import { installFakeBridge, removeFakeBridge } from '../testing/fake-bridge';
import { useChannelContext, useChannels } from './channels';
import { createQueryClient } from './client';
import { usePushes } from './pushes';

const ACCOUNT = 'acc-olivia';

/** A server that reports none of the organization-level group settings. */
const noRealmGroups = () => Object.fromEntries(REALM_GROUP_SETTINGS.map((name) => [name, null])) as ChannelContext['policy']['groups'];

function realm() {
  const channels = new Map<number, ChannelEntry>([1, 2, 3].map((id) => [id, channelEntry(id, `channel-${id}`)]));
  let folders = 1;
  const context = (): ChannelContext => ({
    realmName: 'Sandbox Realm',
    ownUserId: 1,
    ownRole: 100,
    featureLevel: 400,
    moderationChannelId: null,
    policy: { messageRetentionDays: -1, topicsPolicy: null, emptyTopicName: 'general chat', webPublicEnabled: false, spectatorAccess: false, groups: noRealmGroups() },
    limits: { maxNameLength: 60, maxDescriptionLength: 1024, maxFolderNameLength: 60, maxFolderDescriptionLength: 1024 },
    folders: Array.from({ length: folders }, (_, index) => ({ id: index + 1, name: `Folder ${index + 1}`, description: '', rendered_description: '', creator_id: null, date_created: 0, is_archived: false })),
    groups: [],
  });
  const bridge = installFakeBridge({
    'channels.list': () => [...channels.values()],
    'channels.get': ({ ids }) => ids.flatMap((id) => channels.get(id) ?? []),
    'channels.context': context,
    'session.status': () => ({ state: 'live', detail: null, retryAt: null, lastLiveAt: null }),
    'accounts.list': () => [],
  });
  return { bridge, channels, addFolder: () => (folders += 1) };
}

function Channels() {
  usePushes();
  const list = useChannels(ACCOUNT);
  const context = useChannelContext(ACCOUNT);
  return (
    <>
      <p>{list.data ? list.data.map((entry) => entry.channel.name).join(', ') : 'loading'}</p>
      <p>{context.data ? `${context.data.folders.length} folders` : 'loading'}</p>
    </>
  );
}

afterEach(() => {
  cleanup();
  removeFakeBridge();
});

test('a channel change whose push carries the entries is patched from them, with no call to the core', async () => {
  const { bridge } = realm();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Channels />
    </QueryClientProvider>,
  );
  await screen.findByText('channel-1, channel-2, channel-3');
  const records = { channels: [channelEntry(2, 'renamed'), channelEntry(4, 'new-one')] };
  act(() => bridge.push({ kind: 'realm.changed', account: ACCOUNT, changes: [{ collection: 'subscriptions', ids: [2, 3, 4] }], records }));
  await screen.findByText('channel-1, renamed, new-one');
  expect(bridge.callsTo('channels.get')).toEqual([]);
  expect(bridge.callsTo('channels.list')).toHaveLength(1);
});

test('a changed channel pushed without entries is fetched by ID and patched in place; a deleted one leaves the list', async () => {
  const { bridge, channels } = realm();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Channels />
    </QueryClientProvider>,
  );
  await screen.findByText('channel-1, channel-2, channel-3');
  channels.set(2, channelEntry(2, 'renamed'));
  act(() => bridge.push({ kind: 'realm.changed', account: ACCOUNT, changes: [{ collection: 'channels', ids: [2] }] }));
  await screen.findByText('channel-1, renamed, channel-3');
  expect(bridge.callsTo('channels.get')).toEqual([{ account: ACCOUNT, ids: [2] }]);
  expect(bridge.callsTo('channels.list')).toHaveLength(1);

  channels.delete(3);
  channels.set(4, channelEntry(4, 'new-one'));
  act(() => bridge.push({ kind: 'realm.changed', account: ACCOUNT, changes: [{ collection: 'channels', ids: [3, 4] }] }));
  await screen.findByText('channel-1, renamed, new-one');
});

test('a folder change rereads the context, not the list', async () => {
  const { bridge, addFolder } = realm();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Channels />
    </QueryClientProvider>,
  );
  await screen.findByText('1 folders');
  addFolder();
  act(() => bridge.push({ kind: 'realm.changed', account: ACCOUNT, changes: [{ collection: 'folders', ids: [2] }] }));
  await screen.findByText('2 folders');
  await waitFor(() => expect(bridge.callsTo('channels.context')).toHaveLength(2));
  expect(bridge.callsTo('channels.list')).toHaveLength(1);
});
