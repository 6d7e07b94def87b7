// The group settings of a channel (spec 3 and upstream's Stream.stream_permission_group_settings): what
// each lets its holders do, who may always do it anyway at the organization level (the spec's notes,
// upstream's API documentation), which groups a setting may not name, and who may change it. One
// catalogue for the editor, the permission matrix and the core's checks.
import type { GroupSettingValue, Role, TopicsPolicy } from '../api/common';
import { groupSettingWords, resolveGroupSetting, type GroupIndex, type People } from './channel-groups';
import type { RuleVerdict } from './role-rules';

export const CHANNEL_GROUP_SETTINGS = [
  'can_administer_channel_group',
  'can_send_message_group',
  'can_add_subscribers_group',
  'can_remove_subscribers_group',
  'can_subscribe_group',
  'can_move_messages_within_channel_group',
  'can_move_messages_out_of_channel_group',
  'can_resolve_topics_group',
  'can_delete_any_message_group',
  'can_delete_own_message_group',
] as const;
export type ChannelGroupSetting = (typeof CHANNEL_GROUP_SETTINGS)[number];

export function isChannelGroupSetting(name: string): name is ChannelGroupSetting {
  return (CHANNEL_GROUP_SETTINGS as readonly string[]).includes(name);
}

/** The organization's settings that shape what a channel's settings mean (register `realm` section). */
export interface RealmChannelPolicy {
  /** -1 forever; null when the server does not say. */
  messageRetentionDays: number | null;
  topicsPolicy: TopicsPolicy | null;
  emptyTopicName: string;
  webPublicEnabled: boolean | null;
  spectatorAccess: boolean | null;
  /** The organization-level group settings (null: not reported by this server). */
  groups: Record<RealmGroupSetting, GroupSettingValue | null>;
}

export const REALM_GROUP_SETTINGS = [
  'can_create_public_channel_group',
  'can_create_private_channel_group',
  'can_create_web_public_channel_group',
  'can_add_subscribers_group',
  'can_delete_any_message_group',
  'can_delete_own_message_group',
  'can_move_messages_between_channels_group',
  'can_move_messages_between_topics_group',
  'can_resolve_topics_group',
  'can_set_topics_policy_group',
  'can_set_delete_message_policy_group',
] as const;
export type RealmGroupSetting = (typeof REALM_GROUP_SETTINGS)[number];

interface SettingInfo {
  label: string;
  /** What holders may do, as a sentence. */
  permits: string;
  /** upstream allow_everyone_group: false means role:everyone (guests) may not be chosen. */
  allowEveryone: boolean;
  /** Changing it needs access to the channel's messages (upstream ..._requiring_content_access). */
  needsContentAccess: boolean;
  /** The organization-level setting whose holders may always do it, if any. */
  realmHolders: RealmGroupSetting | null;
  /** Who always may, in words, beside the realm holders: "Organization administrators always may." */
  always: string | null;
}

export const CHANNEL_SETTING_INFO: Record<ChannelGroupSetting, SettingInfo> = {
  can_administer_channel_group: {
    label: 'Administer the channel',
    permits: 'Change the channel’s name, description, privacy and permissions, and archive it.',
    allowEveryone: false,
    needsContentAccess: false,
    realmHolders: null,
    always: 'Organization administrators always may.',
  },
  can_send_message_group: {
    label: 'Post messages',
    permits: 'Send messages to the channel.',
    allowEveryone: true,
    needsContentAccess: false,
    realmHolders: null,
    always: null,
  },
  can_add_subscribers_group: {
    label: 'Add subscribers',
    permits: 'Subscribe other people to the channel; they need not be subscribed to a private channel themselves.',
    allowEveryone: false,
    needsContentAccess: true,
    realmHolders: 'can_add_subscribers_group',
    always: 'Organization administrators always may; for a public channel, so may its administrators and the organization-level holders.',
  },
  can_remove_subscribers_group: {
    label: 'Remove subscribers',
    permits: 'Unsubscribe other people from the channel.',
    allowEveryone: true,
    needsContentAccess: false,
    realmHolders: null,
    always: 'Organization administrators always may.',
  },
  can_subscribe_group: {
    label: 'Join by themselves',
    permits: 'Subscribe themselves, and read the channel’s messages without subscribing: what makes a private channel joinable.',
    allowEveryone: false,
    needsContentAccess: true,
    realmHolders: null,
    always: 'Members may always join a public channel; this matters for private ones.',
  },
  can_move_messages_within_channel_group: {
    label: 'Move messages between topics',
    permits: 'Move messages to another topic of this channel, and rename topics.',
    allowEveryone: true,
    needsContentAccess: false,
    realmHolders: 'can_move_messages_between_topics_group',
    always: null,
  },
  can_move_messages_out_of_channel_group: {
    label: 'Move messages to other channels',
    permits: 'Move messages from this channel to another one.',
    allowEveryone: true,
    needsContentAccess: false,
    realmHolders: 'can_move_messages_between_channels_group',
    always: null,
  },
  can_resolve_topics_group: {
    label: 'Resolve topics',
    permits: 'Mark topics as resolved, and unresolved again.',
    allowEveryone: true,
    needsContentAccess: false,
    realmHolders: 'can_resolve_topics_group',
    always: null,
  },
  can_delete_any_message_group: {
    label: 'Delete any message',
    permits: 'Delete anyone’s messages in the channel, where they can read it.',
    allowEveryone: true,
    needsContentAccess: false,
    realmHolders: 'can_delete_any_message_group',
    always: null,
  },
  can_delete_own_message_group: {
    label: 'Delete their own messages',
    permits: 'Delete the messages they sent to the channel.',
    allowEveryone: true,
    needsContentAccess: false,
    realmHolders: 'can_delete_own_message_group',
    always: 'Those who may delete any message here always may.',
  },
};

/** The organization-level setting names in words, for "Also, always: …". */
export const REALM_SETTING_WORDS: Record<RealmGroupSetting, string> = {
  can_create_public_channel_group: 'create public channels',
  can_create_private_channel_group: 'create private channels',
  can_create_web_public_channel_group: 'create web-public channels',
  can_add_subscribers_group: 'add subscribers to channels',
  can_delete_any_message_group: 'delete any message',
  can_delete_own_message_group: 'delete their own messages',
  can_move_messages_between_channels_group: 'move messages between channels',
  can_move_messages_between_topics_group: 'move messages between topics',
  can_resolve_topics_group: 'resolve topics',
  can_set_topics_policy_group: 'set a channel’s topics policy',
  can_set_delete_message_policy_group: 'set who may delete messages in a channel',
};

/**
 * Who may always do what a setting permits, whatever the channel's value, in words: the fixed rule and
 * the organization-level holders, named as the organization has them now.
 */
export function alwaysHoldersWords(setting: ChannelGroupSetting, policy: RealmChannelPolicy, index: GroupIndex, people: People): string | null {
  const info = CHANNEL_SETTING_INFO[setting];
  const parts: string[] = [];
  if (info.always) parts.push(info.always);
  if (info.realmHolders) {
    const value = policy.groups[info.realmHolders];
    const what = REALM_SETTING_WORDS[info.realmHolders];
    parts.push(
      value === null
        ? `So may those the organization lets ${what} anywhere.`
        : `The organization lets ${groupSettingWords(value, index, people)} ${what} anywhere; they may here too.`,
    );
  }
  return parts.length ? parts.join(' ') : null;
}

/** Who may always, briefly, for a setting's summary line: "organization administrators", "Administrators, organization-wide". */
export function alwaysHoldersShort(setting: ChannelGroupSetting, policy: RealmChannelPolicy, index: GroupIndex, people: People): string | null {
  const info = CHANNEL_SETTING_INFO[setting];
  const parts: string[] = [];
  if (info.always?.startsWith('Organization administrators')) parts.push('organization administrators');
  const value = info.realmHolders ? policy.groups[info.realmHolders] : null;
  if (value !== null) parts.push(`${groupSettingWords(value, index, people)}, organization-wide`);
  return parts.length ? parts.join('; ') : null;
}

/** The users who may always do it at the organization level (the realm holders; administrators where the rule says so). */
export function alwaysHolders(setting: ChannelGroupSetting, policy: RealmChannelPolicy, index: GroupIndex, people: People): Set<number> {
  const holders = new Set<number>();
  const info = CHANNEL_SETTING_INFO[setting];
  const admins = index.system.get('role:administrators');
  if (info.always?.startsWith('Organization administrators') && admins) for (const id of resolveGroupSetting(admins.id, index, people)) holders.add(id);
  const realmValue = info.realmHolders ? policy.groups[info.realmHolders] : null;
  if (realmValue !== null) for (const id of resolveGroupSetting(realmValue, index, people)) holders.add(id);
  return holders;
}

/** Groups a setting may not name (upstream: never role:internet; role:everyone only where allowed). */
export function checkSettingValue(setting: ChannelGroupSetting, value: GroupSettingValue, index: GroupIndex): RuleVerdict {
  const groups = typeof value === 'number' ? [value] : value.direct_subgroups;
  for (const id of groups) {
    const group = index.byId.get(id);
    if (!group) return { allowed: false, reason: 'A group in it no longer exists: remove it and choose again.' };
    if (group.deactivated) return { allowed: false, reason: `The group ${group.name} is deactivated: remove it, or reactivate the group first.` };
    if (group.name === 'role:internet') return { allowed: false, reason: 'Everyone on the internet can never hold a channel permission.' };
    if (group.name === 'role:everyone' && !CHANNEL_SETTING_INFO[setting].allowEveryone) {
      return { allowed: false, reason: `${CHANNEL_SETTING_INFO[setting].label} cannot include guests through “Everyone”: choose Members, or name guests one by one.` };
    }
  }
  return { allowed: true };
}

/**
 * Whether the signed-in user may change the setting, beyond administering the channel: the
 * message-deletion settings need the organization's can_set_delete_message_policy_group (moderators by
 * default), and two settings need access to the channel's messages.
 */
export function checkSettingChange(
  setting: ChannelGroupSetting,
  actor: { userId: number; role: Role },
  policy: RealmChannelPolicy,
  index: GroupIndex,
  contentAccess: boolean,
): RuleVerdict {
  if (CHANNEL_SETTING_INFO[setting].needsContentAccess && !contentAccess) {
    return { allowed: false, reason: 'Changing this needs access to the channel’s messages: subscribe to it first.' };
  }
  if (setting === 'can_delete_any_message_group' || setting === 'can_delete_own_message_group') {
    const holders = policy.groups.can_set_delete_message_policy_group;
    const may = holders === null ? actor.role <= 300 : resolveGroupSetting(holders, index).has(actor.userId);
    if (!may) return { allowed: false, reason: 'Your role may not change who deletes messages in a channel (moderators and above by default).' };
  }
  return { allowed: true };
}
