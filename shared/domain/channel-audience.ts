// Who can actually use a channel's group permission: the people its value names (channel-groups.ts)
// less those who cannot reach what it acts on. Upstream checks the group and, apart, access to the
// channel (https://zulip.com/help/channel-permissions; zerver/lib/streams.py):
// - posting, access_stream_for_send_message: a web-public channel, a public one for non-guests, a
//   subscription, or, in a private channel whose history is shared, the can_subscribe_group or
//   can_add_subscribers_group that give access to its messages (not guests);
// - moving, resolving and deleting messages act on messages the user can read
//   (zerver/lib/message.py has_message_access), which is user_has_content_access: web-public, public
//   for non-guests, a subscription, or those two groups (not guests);
// - removing subscribers, bulk_can_remove_subscribers_from_streams: never guests; organization
//   administrators always; others need to see the channel (check_basic_stream_access without content
//   access: content access, or can_administer_channel_group, can_add_subscribers_group,
//   can_subscribe_group);
// - administering, adding subscribers and joining give that access themselves
//   (has_metadata_access_to_channel_via_groups, is_user_in_groups_granting_content_access), to every
//   holder but guests (allow_everyone_group is false for all three).
// One computation for the channel editor's holders, the matrix cells' titles and the matrix review's
// gains and losses, and one wording of who holds it and who can use it (audienceWords).
import type { GroupSettingValue } from '../api/common';
import { namesUser, resolveGroupSetting, type GroupIndex, type PersonLike } from './channel-groups';
import type { ChannelGroupSetting } from './channel-permissions';
import { plural } from './plural';

/** The channel fields the rule reads (upstream's stream object has them all). */
export interface AudienceChannel {
  invite_only: boolean;
  is_web_public: boolean;
  history_public_to_subscribers: boolean;
  can_administer_channel_group?: GroupSettingValue;
  can_add_subscribers_group?: GroupSettingValue;
  can_subscribe_group?: GroupSettingValue;
}

export interface AudienceFacts {
  index: GroupIndex;
  people: { get(id: number): PersonLike | undefined };
  /** The channel's subscribers; null while not known (then nobody is left out for want of a subscription). */
  subscribers: ReadonlySet<number> | null;
  /**
   * Those who may do it whatever the channel's value (organization-wide holders, administrators where the
   * rule says so: channel-permissions.ts alwaysHolders). A change neither gives it to them nor takes it
   * away, so they are never counted as gaining or losing it.
   */
  always?: ReadonlySet<number>;
}

export interface Audience {
  /** Active people the value names. */
  holders: Set<number>;
  /** Those of them who can use it. */
  users: Set<number>;
  /** Why some holders cannot, briefly ("only subscribers can post in a private channel"); null when all can. */
  limit: string | null;
}

type Need = 'post' | 'content' | 'see' | 'nonGuest';

const NEEDS: Record<ChannelGroupSetting, Need> = {
  can_administer_channel_group: 'nonGuest',
  can_add_subscribers_group: 'nonGuest',
  can_subscribe_group: 'nonGuest',
  can_remove_subscribers_group: 'see',
  can_send_message_group: 'post',
  can_move_messages_within_channel_group: 'content',
  can_move_messages_out_of_channel_group: 'content',
  can_resolve_topics_group: 'content',
  can_delete_any_message_group: 'content',
  can_delete_own_message_group: 'content',
};

const isGuest = (person: PersonLike | undefined) => person?.role === 600;
const isAdmin = (person: PersonLike | undefined) => person?.role !== undefined && person.role <= 200;

/** Whether one holder of the setting can use it in this channel. */
export function canUse(setting: ChannelGroupSetting, channel: AudienceChannel, userId: number, facts: AudienceFacts): boolean {
  const person = facts.people.get(userId);
  const need = NEEDS[setting];
  const guest = isGuest(person);
  if (need === 'nonGuest') return !guest;
  if (need === 'see' && guest) return false;
  if (need === 'see' && isAdmin(person)) return true;
  if (channel.is_web_public) return true;
  const subscribed = facts.subscribers === null || facts.subscribers.has(userId);
  if (subscribed) return true;
  if (guest) return false;
  if (!channel.invite_only) return true;
  const inGroup = (value: GroupSettingValue | undefined) => value !== undefined && namesUser(value, userId, facts.index);
  const joins = inGroup(channel.can_subscribe_group) || inGroup(channel.can_add_subscribers_group);
  if (need === 'post') return channel.history_public_to_subscribers && joins;
  if (need === 'content') return joins;
  return joins || inGroup(channel.can_administer_channel_group);
}

/** Why holders of the setting may be unable to use it here, in a short phrase. */
function limitWords(setting: ChannelGroupSetting, channel: AudienceChannel): string {
  const need = NEEDS[setting];
  if (need === 'nonGuest') return 'guests can never hold it';
  if (need === 'see' && (!channel.invite_only || channel.is_web_public)) return 'guests can never remove subscribers';
  if (!channel.invite_only) return 'guests can use it only where they are subscribed';
  const readers = need === 'post' && !channel.history_public_to_subscribers ? 'subscribers' : 'subscribers and those who may join it or add subscribers';
  if (need === 'post') return `only ${readers} can post in a private channel`;
  if (need === 'content') return `only ${readers} can read a private channel’s messages`;
  return 'only those who can see a private channel can remove its subscribers';
}

export function permissionAudience(setting: ChannelGroupSetting, channel: AudienceChannel, value: GroupSettingValue, facts: AudienceFacts): Audience {
  const holders = resolveGroupSetting(value, facts.index, facts.people);
  const users = new Set([...holders].filter((id) => canUse(setting, channel, id, facts)));
  return { holders, users, limit: users.size < holders.size ? limitWords(setting, channel) : null };
}

/** Who gains and who loses the use of a permission when its value changes (active users only). */
export function audienceChange(setting: ChannelGroupSetting, channel: AudienceChannel, before: GroupSettingValue, after: GroupSettingValue, facts: AudienceFacts) {
  // Joining a public channel is every member's right and never a guest's (upstream checks
  // can_subscribe_group only for private channels): the setting changes nothing there until it is made private.
  if (setting === 'can_subscribe_group' && !channel.invite_only) {
    return { gain: [], lose: [], limit: 'members may always join a public channel, and guests never may', opening: null };
  }
  const was = permissionAudience(setting, channel, before, facts);
  const will = permissionAudience(setting, channel, after, facts);
  const always = facts.always ?? new Set<number>();
  const gain = [...will.users].filter((id) => !was.users.has(id) && !always.has(id));
  return {
    gain,
    lose: [...was.users].filter((id) => !will.users.has(id) && !always.has(id)),
    /** Why some named people are left out, when any are. */
    limit: will.limit ?? was.limit,
    /** What a private channel opens to those who gain, in words, or null. */
    // Those subscribed already read it: only the others are opened anything.
    opening: openingWords(setting, channel, facts.subscribers ? gain.filter((id) => !facts.subscribers?.has(id)).length : gain.length),
  };
}

/**
 * Joining a private channel, or adding subscribers to it (oneself included), opens its messages: said
 * as a warning, beside the list of names, whenever anyone not subscribed gains either.
 */
function openingWords(setting: ChannelGroupSetting, channel: AudienceChannel, gained: number): string | null {
  if (!channel.invite_only || gained === 0 || (setting !== 'can_subscribe_group' && setting !== 'can_add_subscribers_group')) return null;
  const they = gained === 1 ? 'They' : `These ${gained.toLocaleString('en')} people`;
  const what = setting === 'can_subscribe_group' ? 'may join this private channel' : 'may add anyone to this private channel, themselves included,';
  const history = channel.history_public_to_subscribers ? 'its earlier history included' : 'from the moment they join';
  return `${they} ${what} and read its messages, ${history}.`;
}

/**
 * Who holds it and who of them can use it, as the channel editor and the matrix's cells say it:
 * "40 people" and "hold it through this setting; 12 can use it: only subscribers can post in a private
 * channel" (the count apart, for the editor to stress it).
 */
export function audienceWords(audience: { holders: ReadonlySet<number>; users: ReadonlySet<number>; limit: string | null }): { holders: string; rest: string } {
  const n = audience.holders.size;
  const usable = audience.limit ? `; ${audience.users.size.toLocaleString()} can use it: ${audience.limit}` : '';
  return { holders: plural(n, 'person', 'people'), rest: `${n === 1 ? 'holds' : 'hold'} it through this setting${usable}` };
}
