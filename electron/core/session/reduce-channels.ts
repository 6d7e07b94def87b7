// The reducer's part for channels: `stream` (create, update of every property, delete), `subscription`
// (the user's own: add, remove, update; everyone's: peer_add, peer_remove), `channel_folder` (add,
// update, reorder) and `default_streams`. Shapes: upstream's https://zulip.com/api/get-events;
// shared/api/event-kinds-channels.ts.
import {
  defaultChannelIds,
  type ChannelFolderEvent,
  type Stream,
  type StreamEvent,
  type SubscriptionEvent,
} from '../../../shared/api';
import type { RealmChange } from '../../../shared/ipc';
import type { DefaultStreamsEvent } from '../../../shared/api';
import type { IdMap } from './id-map';
import { withoutSubscriberLists, type RealmState } from './realm-state';
import { definedKeys, type Reduced } from './reduce-people';

/** Properties whose update event carries companions that changed with them (upstream do_change_stream_*). */
const COMPANIONS = ['rendered_description', 'history_public_to_subscribers', 'is_web_public'] as const;

export function reduceStream(state: RealmState, event: StreamEvent): Reduced {
  switch (event.op) {
    case 'create': {
      const ids = event.streams.map((channel) => channel.stream_id);
      const channels = state.channels.withMutations((draft) => {
        for (const channel of event.streams) draft.set(channel.stream_id, withoutSubscriberLists(channel));
      });
      const subscribers = state.subscribers.withMutations((draft) => {
        for (const channel of event.streams) {
          const listed = (channel as { subscribers?: unknown }).subscribers;
          if (Array.isArray(listed)) draft.set(channel.stream_id, new Set(listed as number[]));
        }
      });
      return { state: { ...state, channels, subscribers }, changes: ids.length ? [{ collection: 'channels', ids }] : [] };
    }
    case 'update': {
      const id = event.stream_id;
      const patch: Record<string, unknown> = { [event.property]: event.value };
      for (const key of COMPANIONS) if (event[key] !== undefined && key !== event.property) patch[key] = event[key];
      const channels = state.channels.update(id, (channel) => ({ ...channel, ...patch }));
      const subscriptions = state.subscriptions.update(id, (subscription) => ({ ...subscription, ...patch }));
      const changes: RealmChange[] = [];
      if (channels !== state.channels) changes.push({ collection: 'channels', ids: [id] });
      if (subscriptions !== state.subscriptions) changes.push({ collection: 'subscriptions', ids: [id] });
      return { state: { ...state, channels, subscriptions }, changes };
    }
    case 'delete': {
      // Feature level 343 lists the IDs in `stream_ids`; older servers send channel objects in `streams`.
      const ids = event.stream_ids ?? (event.streams ?? []).map((channel) => channel.stream_id);
      const remove = <V>(map: IdMap<V>) => map.withMutations((draft) => ids.forEach((id) => draft.delete(id)));
      const subscriptions = remove(state.subscriptions);
      const defaults = new Set([...state.defaultChannelIds].filter((id) => !ids.includes(id)));
      const changes: RealmChange[] = [];
      if (ids.some((id) => state.channels.has(id))) changes.push({ collection: 'channels', ids: ids.filter((id) => state.channels.has(id)) });
      if (subscriptions !== state.subscriptions) changes.push({ collection: 'subscriptions', ids: ids.filter((id) => state.subscriptions.has(id)) });
      return {
        state: {
          ...state,
          channels: remove(state.channels),
          subscriptions,
          subscribers: remove(state.subscribers),
          defaultChannelIds: defaults.size === state.defaultChannelIds.size ? state.defaultChannelIds : defaults,
        },
        changes,
      };
    }
  }
}

export function reduceSubscription(state: RealmState, event: SubscriptionEvent): Reduced {
  switch (event.op) {
    case 'add': {
      const ids = event.subscriptions.map((subscription) => subscription.stream_id);
      const subscriptions = state.subscriptions.withMutations((draft) => {
        for (const subscription of event.subscriptions) draft.set(subscription.stream_id, withoutSubscriberLists(subscription));
      });
      // A subscription to a channel the user could not see before brings the channel with it.
      const newChannels = event.subscriptions.filter((subscription) => !state.channels.has(subscription.stream_id));
      const channels = state.channels.withMutations((draft) => {
        for (const subscription of newChannels) draft.set(subscription.stream_id, withoutSubscriberLists(subscription) as Stream);
      });
      let next: RealmState = { ...state, subscriptions, channels };
      for (const subscription of event.subscriptions) {
        const listed = subscription.subscribers;
        next = listed
          ? { ...next, subscribers: next.subscribers.set(subscription.stream_id, new Set(listed)) }
          : changeSubscribers(next, [subscription.stream_id], [state.ownUserId], 'add');
      }
      return { state: next, changes: [{ collection: 'subscriptions', ids }, { collection: 'channels', ids }] };
    }
    case 'remove': {
      const ids = event.subscriptions.map((subscription) => subscription.stream_id).filter((id) => state.subscriptions.has(id));
      if (ids.length === 0) return { state, changes: [] };
      const subscriptions = state.subscriptions.withMutations((draft) => ids.forEach((id) => draft.delete(id)));
      const next = changeSubscribers({ ...state, subscriptions }, ids, [state.ownUserId], 'remove');
      return { state: next, changes: [{ collection: 'subscriptions', ids }, { collection: 'channels', ids }] };
    }
    case 'update': {
      const patch: Record<string, unknown> = { [event.property]: event.value };
      // Deprecated twins: `in_home_view` is the opposite of `is_muted` (upstream keeps both).
      if (event.property === 'is_muted' && typeof event.value === 'boolean') patch.in_home_view = !event.value;
      if (event.property === 'in_home_view' && typeof event.value === 'boolean') patch.is_muted = !event.value;
      const subscriptions = state.subscriptions.update(event.stream_id, (subscription) => ({ ...subscription, ...patch }));
      if (subscriptions === state.subscriptions) return { state, changes: [] };
      return { state: { ...state, subscriptions }, changes: [{ collection: 'subscriptions', ids: [event.stream_id] }] };
    }
    case 'peer_add':
    case 'peer_remove': {
      const ids = event.stream_ids.filter((id) => state.channels.has(id) || state.subscribers.has(id));
      if (ids.length === 0 || event.user_ids.length === 0) return { state, changes: [] };
      const next = changeSubscribers(state, ids, event.user_ids, event.op === 'peer_add' ? 'add' : 'remove');
      const changes: RealmChange[] = [{ collection: 'channels', ids }];
      const subscribed = ids.filter((id) => state.subscriptions.has(id));
      if (subscribed.length) changes.push({ collection: 'subscriptions', ids: subscribed });
      return { state: next, changes };
    }
  }
}

/**
 * Adds or removes subscribers, keeping each channel's `subscriber_count` equal to what is known.
 * A channel whose list is known (every channel of the snapshot) counts its list. One that arrived by a
 * `stream create` without a list gets one from its first peer_add, which upstream (and the sandbox)
 * send with every subscriber a client has not heard of, so the count is the larger of the two.
 */
function changeSubscribers(state: RealmState, channelIds: readonly number[], userIds: readonly number[], op: 'add' | 'remove'): RealmState {
  const counts = new Map<number, number>();
  const subscribers = state.subscribers.withMutations((draft) => {
    for (const id of channelIds) {
      const known = draft.get(id);
      const count = state.channels.get(id)?.subscriber_count ?? state.subscriptions.get(id)?.subscriber_count;
      if (known) {
        const next = new Set(known);
        for (const user of userIds) if (op === 'add') next.add(user);
        else next.delete(user);
        draft.set(id, next);
        counts.set(id, next.size);
      } else if (op === 'add') {
        const next = new Set(userIds);
        draft.set(id, next);
        counts.set(id, Math.max(count ?? 0, next.size));
      } else if (count !== undefined) {
        counts.set(id, Math.max(0, count - userIds.length));
      }
    }
  });
  const withCount = <T extends { subscriber_count?: number }>(map: IdMap<T>) =>
    map.withMutations((draft) => {
      for (const [id, count] of counts) {
        const entry = draft.get(id);
        if (entry && entry.subscriber_count !== undefined && entry.subscriber_count !== count) draft.set(id, { ...entry, subscriber_count: count });
      }
    });
  return { ...state, subscribers, channels: withCount(state.channels), subscriptions: withCount(state.subscriptions) };
}

export function reduceChannelFolder(state: RealmState, event: ChannelFolderEvent): Reduced {
  switch (event.op) {
    case 'add': {
      const folder = event.channel_folder;
      return { state: { ...state, folders: state.folders.set(folder.id, folder) }, changes: [{ collection: 'folders', ids: [folder.id] }] };
    }
    case 'update': {
      const folders = state.folders.update(event.channel_folder_id, (folder) => ({ ...folder, ...definedKeys(event.data) }));
      if (folders === state.folders) return { state, changes: [] };
      return { state: { ...state, folders }, changes: [{ collection: 'folders', ids: [event.channel_folder_id] }] };
    }
    case 'reorder': {
      // Each folder's `order` is its position in the list (upstream; feature level 414).
      const folders = state.folders.withMutations((draft) => {
        event.order.forEach((id, position) => {
          const folder = draft.get(id);
          if (folder && folder.order !== position) draft.set(id, { ...folder, order: position });
        });
      });
      // The list's order changed, so every folder in it counts as touched.
      const ids = event.order.filter((id) => state.folders.has(id));
      return { state: { ...state, folders }, changes: ids.length ? [{ collection: 'folders', ids }] : [] };
    }
  }
}

/** The whole new list; the channels whose default status changed are what changed. */
export function reduceDefaultStreams(state: RealmState, event: DefaultStreamsEvent): Reduced {
  const next = new Set(defaultChannelIds(event.default_streams));
  const flipped = [...next].filter((id) => !state.defaultChannelIds.has(id)).concat([...state.defaultChannelIds].filter((id) => !next.has(id)));
  if (flipped.length === 0) return { state, changes: [] };
  return { state: { ...state, defaultChannelIds: next }, changes: [{ collection: 'channels', ids: flipped }] };
}
