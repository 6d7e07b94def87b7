// What a bulk subscriber job would do, from the live state, before anything is sent: per channel, who
// may add (or remove) subscribers there and whether the signed-in user may, how many users change,
// how many are there already, and who is refused and why. The rules are upstream's
// (https://zulip.com/api/subscribe, https://zulip.com/api/unsubscribe): the channel's
// can_add_subscribers_group / can_remove_subscribers_group, organization administrators, and for a
// private channel access to its messages first; a deactivated user cannot be subscribed; an
// administrator may subscribe a guest, who then sees the channel's messages from then on (and its
// history when the channel's history is public to subscribers). The permission resolution is the
// effective-access one (shared/domain/effective-access.ts), so the review and the user's access page agree.
import type { Stream } from '../../../shared/api';
import { groupSettingWords } from '../../../shared/domain/channel-groups';
import { hasContentAccess } from '../../../shared/domain/channel-admin';
import { alwaysHoldersShort } from '../../../shared/domain/channel-permissions';
import { effectiveAccess } from '../../../shared/domain/effective-access';
import { CONFIRMATION_NEEDED, type BulkAction, type SubscriberHazard, type SubscriberPlan, type SubscriberPlanChannel } from '../../../shared/ipc';
import { ConsoleError } from '../errors';
import type { RealmState } from '../session/realm-state';
import { groupIndexOf } from './channel-state';
import { channelLabel } from './channel-words';

export const REFUSAL = {
  deactivated: 'Account has been deactivated: a deactivated user cannot be subscribed.',
  deactivatedRemove: 'Account has been deactivated: the server refuses to change a deactivated user’s subscriptions.',
  unknown: 'There is no such user in this organization.',
  unknownChannel: 'There is no such channel (it was deleted, or you may no longer see it).',
  archived: 'The channel is archived.',
} as const;

/** Per channel: whether the signed-in user may do the action there, the rule in words, and why not. */
export interface ChannelRule {
  channel: Stream | undefined;
  allowed: boolean;
  rule: string;
  refusal: string | null;
}

function channelRules(state: RealmState, action: BulkAction, channelIds: readonly number[]): Map<number, ChannelRule> {
  const index = groupIndexOf(state);
  const me = state.users.get(state.ownUserId);
  const groups = [...state.groups.values()];
  const channels = channelIds.flatMap((id) => state.channels.get(id) ?? []);
  const access = me
    ? effectiveAccess({ user: me, groups, index, channels, subscribers: state.subscribers, policy: state.channelPolicy, people: state.users }).channels
    : [];
  const byId = new Map(access.map((entry) => [entry.channelId, entry]));
  const actor = { userId: state.ownUserId, role: state.ownRole };
  const rules = new Map<number, ChannelRule>();
  for (const id of channelIds) {
    const channel = state.channels.get(id);
    if (!channel) {
      rules.set(id, { channel, allowed: false, rule: '', refusal: REFUSAL.unknownChannel });
      continue;
    }
    if (channel.is_archived) {
      rules.set(id, { channel, allowed: false, rule: '', refusal: REFUSAL.archived });
      continue;
    }
    const setting = action === 'add' ? 'can_add_subscribers_group' : 'can_remove_subscribers_group';
    const value = channel[setting];
    const always = alwaysHoldersShort(setting, state.channelPolicy, index, state.users);
    // The channel's own setting, then who holds the right in every channel (administrators, the organization's policy).
    const rule = `${action === 'add' ? 'Who may add subscribers' : 'Who may remove subscribers'} in this channel: ${value === undefined ? 'not reported by this server' : groupSettingWords(value, index, state.users)}${always ? `; in every channel: ${always}` : ''}.`;
    const mine = byId.get(id);
    const subscribed = state.subscribers.get(id)?.has(state.ownUserId) ?? false;
    // A private channel's messages come first: upstream refuses an administrator who cannot read them.
    const reaches = action === 'remove' || hasContentAccess(actor, channel, subscribed, index);
    const holds = action === 'add' ? (mine?.addSubscribers ?? false) : (mine?.removeSubscribers ?? false);
    const allowed = reaches && holds;
    const refusal = allowed
      ? null
      : !reaches
        ? `You cannot add subscribers to ${channelLabel(channel.name)}: it is private, and you are neither subscribed to it nor in its “who may add subscribers” group, so the server refuses access to it (“Unable to access channel”). Ask someone in that group, or change who may add subscribers.`
        : `You may not ${action === 'add' ? 'add subscribers to' : 'remove subscribers from'} ${channelLabel(channel.name)}: the server refuses (“Insufficient permission”). ${rule}`;
    rules.set(id, { channel, allowed, rule, refusal });
  }
  return rules;
}

/** The user's refusal before any channel is looked at: deactivated, or unknown. */
function userRefusal(state: RealmState, action: BulkAction, userId: number): string | null {
  const user = state.users.get(userId);
  if (!user) return REFUSAL.unknown;
  // Upstream refuses a deactivated principal in either direction ("User is deactivated").
  if (!user.is_active) return action === 'add' ? REFUSAL.deactivated : REFUSAL.deactivatedRemove;
  return null;
}

export function guestWords(channel: Stream): string {
  return channel.history_public_to_subscribers
    ? 'Guests see this channel’s messages once added, including its earlier history (the channel’s history is public to subscribers), and nothing of channels they are not in.'
    : 'Guests see this channel’s messages from the moment they are added, not its earlier history, and nothing of channels they are not in.';
}

/**
 * A removal that leaves a private channel with nobody in it, in words, else null: its messages then reach
 * no one, and only those with access to it (upstream user_has_content_access: its “who may add
 * subscribers” or “who may subscribe” groups) can add anyone back; an administrator is refused
 * ("Unable to access channel") like anyone else.
 */
function leftEmptyWords(state: RealmState, channel: Stream, members: ReadonlySet<number>, removed: ReadonlySet<number>): string | null {
  if (!channel.invite_only || members.size === 0) return null;
  for (const id of members) if (!removed.has(id)) return null;
  const canAddBack = hasContentAccess({ userId: state.ownUserId, role: state.ownRole }, channel, false, groupIndexOf(state));
  return `${channelLabel(channel.name)} is private: with nobody in it, its messages would reach no one, and ${
    canAddBack
      ? 'only people who may add subscribers there (you are one) could add anyone back.'
      : 'you could not add anyone back (the server lets only its subscribers and the people in its “who may add subscribers” or “who may subscribe” groups reach a private channel, not administrators as such).'
  }`;
}

/** What of this plan must be confirmed before it is sent. */
export function subscriberHazards(plan: SubscriberPlan): SubscriberHazard[] {
  const hazards: SubscriberHazard[] = [];
  if (plan.ownRemovals.length > 0) hazards.push('ownAccess');
  if (plan.channels.some((channel) => channel.leftEmpty !== null)) hazards.push('leftEmpty');
  return hazards;
}

/**
 * Refuses, before anything is sent, a plan with a hazard not in `acknowledged` (CONFIRMATION_NEEDED,
 * naming each): the bulk job and the editor's single removal alike.
 */
export function refuseUnconfirmed(plan: SubscriberPlan, acknowledged: readonly SubscriberHazard[]): void {
  const hazards = subscriberHazards(plan).filter((hazard) => !acknowledged.includes(hazard));
  if (hazards.length === 0) return;
  const named = (ids: readonly number[]) => plan.channels.filter((channel) => ids.includes(channel.channelId)).map((channel) => channelLabel(channel.name));
  const words = [
    hazards.includes('ownAccess') ? `it removes you from ${named(plan.ownRemovals).join(', ')}` : null,
    hazards.includes('leftEmpty') ? `it leaves ${named(plan.channels.flatMap((channel) => (channel.leftEmpty ? [channel.channelId] : []))).join(', ')} with no subscribers` : null,
  ].filter((part) => part !== null);
  throw new ConsoleError(CONFIRMATION_NEEDED, `The subscribers were not removed: ${words.join(', and ')}. Nothing was sent: confirm that you understand, then try again.`, { hazards });
}

export function planOf(state: RealmState, action: BulkAction, channelIds: readonly number[], userIds: readonly number[]): SubscriberPlan {
  const ids = [...new Set(userIds)];
  const rules = channelRules(state, action, [...new Set(channelIds)]);
  const refusedUsers = ids.flatMap((userId) => {
    const reason = userRefusal(state, action, userId);
    return reason ? [{ userId, fullName: state.users.get(userId)?.full_name ?? `user ${String(userId)}`, reason }] : [];
  });
  const refusedIds = new Set(refusedUsers.map((user) => user.userId));
  const eligible = ids.filter((id) => !refusedIds.has(id));
  const removed = new Set(action === 'remove' ? eligible : []);
  const channels: SubscriberPlanChannel[] = [...rules].map(([channelId, rule]) => {
    const members = state.subscribers.get(channelId) ?? new Set<number>();
    const there = eligible.filter((id) => members.has(id)).length;
    const already = action === 'add' ? there : eligible.length - there;
    const guests = action === 'add' && rule.allowed ? eligible.filter((id) => !members.has(id) && state.users.get(id)?.role === 600).length : 0;
    return {
      channelId,
      name: rule.channel?.name ?? `channel ${String(channelId)}`,
      private: rule.channel?.invite_only ?? false,
      rule: rule.rule,
      allowed: rule.allowed,
      refusal: rule.refusal,
      change: rule.allowed ? eligible.length - already : 0,
      already: rule.allowed ? already : 0,
      refused: rule.allowed ? refusedUsers.length : ids.length,
      guests,
      guestWords: guests > 0 && rule.channel ? guestWords(rule.channel) : null,
      leftEmpty: rule.allowed && rule.channel ? leftEmptyWords(state, rule.channel, members, removed) : null,
    };
  });
  const realmAdd = state.channelPolicy.groups.can_add_subscribers_group;
  const organizationRule =
    action === 'add'
      ? `Organization administrators may add anyone to any channel whose messages they can read${realmAdd ? `; the organization also lets ${groupSettingWords(realmAdd, groupIndexOf(state), state.users)} add subscribers to public channels and to private channels they can read` : ''}. A deactivated user cannot be subscribed.`
      : 'Organization administrators may remove anyone from any channel; others only where the channel’s “who may remove subscribers” includes them.';
  const removesSelf = action === 'remove' && eligible.includes(state.ownUserId);
  const ownRemovals = removesSelf ? channels.filter((one) => one.allowed && (state.subscribers.get(one.channelId)?.has(state.ownUserId) ?? false)).map((one) => one.channelId) : [];
  return { action, channels, refusedUsers, organizationRule, ownRemovals };
}
