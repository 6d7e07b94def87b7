// A person's effective access: their role and what it allows, the user groups they are in (directly
// and through subgroups), the channels they are subscribed to, what they may do in each channel (every
// channel's group settings resolved, system role groups included: channel-groups.ts, with the
// organization-level holders and the administrators' rule of channel-permissions.ts and
// channel-admin.ts), and the organization-level permissions they hold (the realm's can_*_group
// settings, https://zulip.com/api/group-setting-values). Pure: the core computes it from its live state.
import type { GroupSettingValue, Role } from '../api/common';
import type { User } from '../api/users';
import { groupMembers, namesUser, SYSTEM_GROUP_WORDS, type GroupIndex, type GroupLike } from './channel-groups';
import { hasContentAccess, mayAdministerChannel, type AdministeredChannel } from './channel-admin';
import { alwaysHolders, REALM_GROUP_SETTINGS, REALM_SETTING_WORDS, type RealmChannelPolicy, type RealmGroupSetting } from './channel-permissions';
import { toCsv } from './csv';
import { ROLE_NAMES } from './role-rules';

/** What each role allows, in words (upstream's roles, https://zulip.com/help/user-roles). */
export const ROLE_ALLOWS: Record<Role, string> = {
  100: 'Everything an administrator may, and managing owners and the organization’s billing-level settings.',
  200: 'Managing the organization: its settings, users and roles (except owners), and every channel.',
  300: 'What a member may, and moderating: what the organization grants moderators (often moving and deleting messages).',
  400: 'Joining public channels, posting where allowed, and what the organization grants members.',
  600: 'Only the channels they are subscribed to or invited to, and what the organization grants guests.',
};

export interface AccessChannel extends AdministeredChannel {
  stream_id: number;
  name: string;
  is_archived?: boolean;
  can_send_message_group?: GroupSettingValue;
  can_remove_subscribers_group?: GroupSettingValue;
}

export interface AccessInput {
  user: Pick<User, 'user_id' | 'role' | 'is_active'>;
  groups: Iterable<GroupLike>;
  index: GroupIndex;
  channels: Iterable<AccessChannel>;
  /** Subscribers by channel ID. */
  subscribers: { get(channelId: number): ReadonlySet<number> | undefined };
  policy: RealmChannelPolicy;
  people: { get(id: number): { user_id: number; full_name: string; is_active: boolean } | undefined };
}

export interface GroupAccess {
  id: number;
  name: string;
  system: boolean;
  /** Null when a direct member; else the direct subgroup they are in it through. */
  via: string | null;
}

export interface ChannelAccess {
  channelId: number;
  name: string;
  subscribed: boolean;
  administer: boolean;
  addSubscribers: boolean;
  removeSubscribers: boolean;
  post: boolean;
}

export interface EffectiveAccess {
  role: Role;
  roleAllows: string;
  groups: GroupAccess[];
  channels: ChannelAccess[];
  /** The organization-level permissions held, in words ("create public channels"). */
  organization: { setting: RealmGroupSetting; words: string }[];
}

/** System groups in words ("Full members"), named groups as they are. */
const groupName = (group: GroupLike) => (group.is_system_group ? (SYSTEM_GROUP_WORDS[group.name] ?? group.name) : group.name);

/**
 * How the user is in a group, in words: "direct member", or "as a member of its subgroup “Audit crew”".
 * The role groups hold one another (Everyone on the internet holds Everyone, which holds Members…): a
 * role group the user is in through another is theirs by role, "by role, through “Members”".
 */
export function membershipWords(group: { system: boolean; via: string | null }): string {
  if (group.via === null) return 'direct member';
  return group.system ? `by role, through “${group.via}”` : `as a member of its subgroup “${group.via}”`;
}

export function effectiveAccess(input: AccessInput): EffectiveAccess {
  const { user, index, policy, people } = input;
  const id = user.user_id;
  const groups: GroupAccess[] = [];
  for (const group of input.groups) {
    if (group.deactivated || !groupMembers(group.id, index).has(id)) continue;
    const direct = group.members.includes(id);
    const through = direct ? undefined : group.direct_subgroup_ids.map((sub) => index.byId.get(sub)).find((sub) => sub && groupMembers(sub.id, index).has(id));
    groups.push({ id: group.id, name: groupName(group), system: group.is_system_group, via: direct ? null : through ? groupName(through) : null });
  }
  groups.sort((a, b) => Number(b.system) - Number(a.system) || a.name.localeCompare(b.name));

  // A user who is not active holds nothing: resolution leaves deactivated users out, as the server does.
  // One user's membership is tested, never every holder's set: per channel, over thousands of channels.
  const holdsValue = (value: GroupSettingValue | undefined) => value !== undefined && user.is_active && namesUser(value, id, index);
  // The organization-level holders are the same for every channel.
  const alwaysRemoves = user.is_active && alwaysHolders('can_remove_subscribers_group', policy, index, people).has(id);
  const actor = { userId: id, role: user.role };
  const channels: ChannelAccess[] = [];
  for (const channel of input.channels) {
    if (channel.is_archived) continue;
    const administer = user.is_active && mayAdministerChannel(actor, channel, index);
    const subscribed = input.subscribers.get(channel.stream_id)?.has(id) ?? false;
    channels.push({
      channelId: channel.stream_id,
      name: channel.name,
      subscribed,
      administer,
      // Organization administrators always may; for a public channel, so may its administrators and the
      // organization-level holders (channel-permissions.ts' rule for this setting).
      addSubscribers:
        holdsValue(channel.can_add_subscribers_group) ||
        (user.is_active && user.role <= 200) ||
        (!channel.invite_only && (administer || holdsValue(policy.groups.can_add_subscribers_group ?? undefined))),
      removeSubscribers: holdsValue(channel.can_remove_subscribers_group) || alwaysRemoves,
      // Posting needs the channel's messages too: a private channel's only through a subscription or
      // its groups (upstream access_stream_for_send_message, channel-admin.ts hasContentAccess).
      post: holdsValue(channel.can_send_message_group) && hasContentAccess(actor, channel, subscribed, index),
    });
  }
  channels.sort((a, b) => a.name.localeCompare(b.name));

  const organization = REALM_GROUP_SETTINGS.flatMap((setting) => {
    const value = policy.groups[setting];
    return value !== null && holdsValue(value) ? [{ setting, words: REALM_SETTING_WORDS[setting] }] : [];
  });
  return { role: user.role, roleAllows: ROLE_ALLOWS[user.role], groups, channels, organization };
}

const yes = (held: boolean) => (held ? 'yes' : 'no');

/** The access as CSV, one line per fact, for a review by others (formula-safe cells: csv.ts). */
export function accessCsv(fullName: string, access: EffectiveAccess): string {
  const rows: (string | number | null)[][] = [['Role', ROLE_NAMES[access.role], access.roleAllows, null, null, null, null]];
  for (const group of access.groups) rows.push(['Group', group.name, membershipWords(group), null, null, null, null]);
  for (const channel of access.channels) {
    rows.push(['Channel', channel.name, channel.subscribed ? 'subscribed' : 'not subscribed', yes(channel.administer), yes(channel.addSubscribers), yes(channel.removeSubscribers), yes(channel.post)]);
  }
  for (const permission of access.organization) rows.push(['Organization', permission.words, null, null, null, null, null]);
  return toCsv([`Access of ${fullName}`, 'Name', 'Detail', 'Administer', 'Add subscribers', 'Remove subscribers', 'Post'], rows);
}
