// Who may administer a channel, and what the signed-in user may change in it (spec 3 and upstream's
// zerver/lib/streams.py): organization administrators administer every channel; otherwise non-guests in
// the channel's can_administer_channel_group. Some properties need more: owners for retention,
// administrators for default channels, the organization's topics-policy permission, and access to the
// channel's messages for a private channel's privacy. Each answer says why not, and what would help.
import type { GroupSettingValue, Role } from '../api/common';
import { resolveGroupSetting, type GroupIndex } from './channel-groups';
import type { RealmChannelPolicy } from './channel-permissions';
import type { RuleVerdict } from './role-rules';

export interface ChannelActor {
  userId: number;
  role: Role;
}

/** The channel fields these rules read. */
export interface AdministeredChannel {
  invite_only: boolean;
  is_web_public: boolean;
  is_archived?: boolean;
  /** Optional: servers before feature level 325 lack it (only organization administrators administer). */
  can_administer_channel_group?: GroupSettingValue;
  can_add_subscribers_group?: GroupSettingValue;
  can_subscribe_group?: GroupSettingValue;
}

const isAdmin = (actor: ChannelActor) => actor.role <= 200;
const isGuest = (actor: ChannelActor) => actor.role === 600;
const holds = (value: GroupSettingValue | undefined, actor: ChannelActor, index: GroupIndex) =>
  value !== undefined && resolveGroupSetting(value, index).has(actor.userId);

export function mayAdministerChannel(actor: ChannelActor, channel: AdministeredChannel, index: GroupIndex): boolean {
  if (isAdmin(actor)) return true;
  return !isGuest(actor) && holds(channel.can_administer_channel_group, actor, index);
}

/**
 * upstream user_has_content_access: may read the channel's messages. Public and web-public channels
 * for non-guests; private ones through a subscription or the channel's can_add_subscribers_group or
 * can_subscribe_group. An administrator who is not subscribed to a private channel has no access.
 */
export function hasContentAccess(actor: ChannelActor, channel: AdministeredChannel, subscribed: boolean, index: GroupIndex): boolean {
  if (channel.is_web_public || subscribed) return true;
  if (isGuest(actor)) return false;
  if (!channel.invite_only) return true;
  return holds(channel.can_add_subscribers_group, actor, index) || holds(channel.can_subscribe_group, actor, index);
}

const ALLOWED: RuleVerdict = { allowed: true };

/** The first refusal every change to a channel meets: administering it. */
export function checkAdminister(actor: ChannelActor, channel: AdministeredChannel, index: GroupIndex): RuleVerdict {
  if (mayAdministerChannel(actor, channel, index)) return ALLOWED;
  return {
    allowed: false,
    reason: 'You do not administer this channel: only organization administrators and the channel’s own administrators change it.',
  };
}

/** upstream can_manage_default_streams: organization administrators. */
export function checkDefaultChange(actor: ChannelActor): RuleVerdict {
  return isAdmin(actor) ? ALLOWED : { allowed: false, reason: 'Only organization administrators choose the default channels.' };
}

/** upstream can_set_topics_policy: the organization's can_set_topics_policy_group (members by default). */
export function checkTopicsPolicyChange(actor: ChannelActor, policy: RealmChannelPolicy, index: GroupIndex): RuleVerdict {
  const holders = policy.groups.can_set_topics_policy_group;
  const may = holders === null ? !isGuest(actor) : resolveGroupSetting(holders, index).has(actor.userId);
  return may ? ALLOWED : { allowed: false, reason: 'Your role may not set a channel’s topics policy.' };
}

/**
 * Whether a new can_administer_channel_group takes the channel away from the signed-in user: never for
 * organization administrators (they always administer), else when they hold it now and would not.
 * Such a step is confirmed in words before it is sent.
 */
export function losesOwnAdministration(actor: ChannelActor, channel: AdministeredChannel, value: GroupSettingValue, index: GroupIndex): boolean {
  if (isAdmin(actor)) return false;
  return mayAdministerChannel(actor, channel, index) && !mayAdministerChannel(actor, { ...channel, can_administer_channel_group: value }, index);
}

/**
 * Whether making the channel private takes its messages away from the signed-in user: they can read it
 * now, are not subscribed, and no group would let them in. Administrators too: once private, they
 * could not read it, nor change its privacy back, until someone subscribes them.
 */
export function losesOwnAccess(actor: ChannelActor, channel: AdministeredChannel, subscribed: boolean, index: GroupIndex): boolean {
  if (subscribed) return false;
  return hasContentAccess(actor, channel, false, index) && !hasContentAccess(actor, { ...channel, invite_only: true, is_web_public: false }, false, index);
}
