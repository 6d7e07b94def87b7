// What the signed-in user may choose when composing invitations (spec 9), from the session's realm
// state, so the screen offers only what the server will accept and says why the rest is not offered.
// The server checks again; these rules follow it (upstream zerver/views/invite.py, mirrored by the
// sandbox's server/actions/invite-permissions.ts).
import { DEFAULT_INVITE_EXPIRY_MINUTES, type GroupSettingValue, type Role, type Stream, type UserGroup } from '../../../shared/api';
import { ROLES_IN_ORDER } from '../../../shared/domain/role-rules';
import type { InviteChoices } from '../../../shared/ipc';
import type { RealmState } from '../session/realm-state';

const isAdministrator = (role: Role) => role === 100 || role === 200;
/** Upstream's default for the organization's can_add_subscribers_group (see canInviteInto). */
const ORGANIZATION_DEFAULT_LETS_MEMBERS_ADD_SUBSCRIBERS = true;

/**
 * spec 9: roles equal to or stricter than the inviter's. Upstream is stricter still: owners are
 * invited by owners only, administrators and moderators by administrators only.
 */
export function roleChoice(ownRole: Role, role: Role): { role: Role; allowed: boolean; reason: string | null } {
  if (role === 100 && ownRole !== 100) return { role, allowed: false, reason: 'Only organization owners can invite owners.' };
  if ((role === 200 || role === 300) && !isAdministrator(ownRole)) {
    return { role, allowed: false, reason: 'Only organization administrators can invite administrators and moderators.' };
  }
  return { role, allowed: true, reason: null };
}

export function inviteChoices(state: RealmState): InviteChoices {
  const holds = groupSettingHolder(state);
  const admin = isAdministrator(state.ownRole);
  const channels = [...state.channels.values()]
    .filter((channel) => !channel.is_archived && canInviteInto(state, channel, admin, holds))
    .map((channel) => ({ id: channel.stream_id, name: channel.name, isDefault: state.defaultChannelIds.has(channel.stream_id) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const groups = [...state.groups.values()]
    .filter((group) => !group.is_system_group && !group.deactivated && (admin || canAddMembers(group, holds)))
    .map((group) => ({ id: group.id, name: group.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    roles: ROLES_IN_ORDER.map((role) => roleChoice(state.ownRole, role)),
    channels,
    groups,
    // spec 9: the welcome message is for administrators only.
    canWriteWelcomeMessage: admin,
    // spec Limits: the server's own setting is not visible to clients; this is the spec's default.
    defaultExpiryMinutes: DEFAULT_INVITE_EXPIRY_MINUTES,
  };
}

/**
 * upstream access_streams_for_invite: the inviter must see into the channel (subscribed, public or
 * web-public, or given access by the channel's subscriber settings), and then may use it when it is a
 * default channel, when they administer the organization or the channel, or when they may add
 * subscribers to it.
 *
 * The approximation: whether they may add subscribers also depends on the organization's own
 * can_add_subscribers_group, which the console's realm state does not keep. It is taken as
 * upstream's default, members, which every console user (owner, administrator, moderator) belongs to.
 * In an organization that restricts it, a moderator is offered channels the server then refuses;
 * the campaign stops at its first batch with the server's words and what to do.
 */
function canInviteInto(state: RealmState, channel: Stream, admin: boolean, holds: (setting: GroupSettingValue | undefined) => boolean): boolean {
  const subscribed = state.subscriptions.has(channel.stream_id);
  const seesInto =
    channel.is_web_public ||
    subscribed ||
    !channel.invite_only ||
    holds(channel.can_add_subscribers_group) ||
    holds(channel.can_subscribe_group);
  if (!seesInto) return false;
  if (state.defaultChannelIds.has(channel.stream_id) || admin) return true;
  if (holds(channel.can_administer_channel_group) || holds(channel.can_add_subscribers_group)) return true;
  return ORGANIZATION_DEFAULT_LETS_MEMBERS_ADD_SUBSCRIBERS;
}

/** upstream access_user_group_for_update(can_add_members_group): administrators, or the group's own settings. */
function canAddMembers(group: UserGroup, holds: (setting: GroupSettingValue | undefined) => boolean): boolean {
  return holds(group.can_manage_group) || holds(group.can_add_members_group);
}

/**
 * Whether the signed-in user is in a group setting: a named group (with its subgroups, recursively)
 * or an anonymous group of members and subgroups. Memoized per call of inviteChoices.
 */
export function groupSettingHolder(state: RealmState): (setting: GroupSettingValue | undefined) => boolean {
  const me = state.ownUserId;
  const memo = new Map<number, boolean>();
  const inGroup = (id: number, visiting: Set<number>): boolean => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    if (visiting.has(id)) return false;
    visiting.add(id);
    const group = state.groups.get(id);
    const result = group !== undefined && (group.members.includes(me) || group.direct_subgroup_ids.some((sub) => inGroup(sub, visiting)));
    memo.set(id, result);
    return result;
  };
  return (setting) => {
    if (setting === undefined) return false;
    if (typeof setting === 'number') return inGroup(setting, new Set());
    return setting.direct_members.includes(me) || setting.direct_subgroups.some((id) => inGroup(id, new Set()));
  };
}
