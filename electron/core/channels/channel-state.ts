// The Channels screen's reads of the live realm state: each channel as a list entry, the context the
// rules need (folders, groups, the organization's channel settings, limits), and one property's current
// value, as a change to it is compared (the `old` the screen showed, the value now, the value wanted).
import type { GroupSettingValue, Stream, TopicsPolicy } from '../../../shared/api';
import { indexGroups, type GroupIndex } from '../../../shared/domain/channel-groups';
import type { ChannelPrivacy } from '../../../shared/domain/channel-privacy';
import { isSettingColumn, sameSettingValue, settingValue, type SettingValue } from '../../../shared/domain/channel-settings';
import type { ChannelChange, ChannelContext, ChannelEntry, ChannelProperty } from '../../../shared/ipc';
import type { RealmState } from '../session/realm-state';

export function channelEntry(state: RealmState, channel: Stream): ChannelEntry {
  const subscribers = state.subscribers.get(channel.stream_id);
  return {
    channel,
    isDefault: state.defaultChannelIds.has(channel.stream_id),
    subscriberCount: subscribers?.size ?? channel.subscriber_count ?? 0,
    subscribed: state.subscriptions.has(channel.stream_id),
  };
}

export function channelEntries(state: RealmState, ids?: readonly number[]): ChannelEntry[] {
  if (!ids) return [...state.channels.values()].map((channel) => channelEntry(state, channel));
  return ids.flatMap((id) => {
    const channel = state.channels.get(id);
    return channel ? [channelEntry(state, channel)] : [];
  });
}

export function channelContext(state: RealmState): ChannelContext {
  return {
    realmName: state.realmName,
    ownUserId: state.ownUserId,
    ownRole: state.ownRole,
    featureLevel: state.featureLevel,
    moderationChannelId: state.moderationRequestChannelId,
    policy: state.channelPolicy,
    limits: {
      maxNameLength: state.limits.maxChannelNameLength,
      maxDescriptionLength: state.limits.maxChannelDescriptionLength,
      maxFolderNameLength: state.limits.maxFolderNameLength,
      maxFolderDescriptionLength: state.limits.maxFolderDescriptionLength,
    },
    folders: [...state.folders.values()].sort((a, b) => (a.order ?? a.id) - (b.order ?? b.id) || a.id - b.id),
    groups: [...state.groups.values()],
  };
}

// One index per version of the groups: the reducer replaces the map when a group changes.
const indexes = new WeakMap<object, GroupIndex>();

export function groupIndexOf(state: RealmState): GroupIndex {
  let index = indexes.get(state.groups);
  if (!index) indexes.set(state.groups, (index = indexGroups(state.groups.values())));
  return index;
}

/** A property's value in the form ChannelChange carries it. */
export type PropertyValue = string | boolean | number | null | ChannelPrivacy | TopicsPolicy | GroupSettingValue;

/** The channel's current value of a property, as the live state has it. */
export function currentValue(state: RealmState, channel: Stream, property: ChannelProperty): PropertyValue {
  if (isSettingColumn(property)) return settingValue(channel, property);
  switch (property) {
    case 'name':
      return channel.name;
    case 'description':
      return channel.description;
    case 'default':
      return state.defaultChannelIds.has(channel.stream_id);
    case 'folder':
      return channel.folder_id ?? null;
    case 'archived':
      return channel.is_archived === true;
  }
}

/** Values compare as the server compares them: group settings as sets, descriptions on one line. */
export function sameValue(property: ChannelProperty, a: PropertyValue, b: PropertyValue): boolean {
  if (isSettingColumn(property)) return sameSettingValue(property, a as SettingValue, b as SettingValue);
  if (property === 'description') return String(a).replace(/\n/g, ' ') === String(b).replace(/\n/g, ' ');
  if (property === 'name') return String(a).trim() === String(b).trim();
  return a === b;
}

/** The change with its value as the server will store it (a name trimmed, a description on one line). */
export function storedValue(change: ChannelChange): PropertyValue {
  if (change.property === 'name') return change.value.trim();
  if (change.property === 'description') return change.value.replace(/\n/g, ' ');
  return change.value;
}
