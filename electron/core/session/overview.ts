// The Overview screen's figures, read from the live realm state (issue 5: realm name and URL, feature
// level, users by role, channels, folders, pending invitations, reports).
import type { RealmOverview } from '../../../shared/ipc';
import { moderationChannelName, type RealmState } from './realm-state';

const ROLE_NAMES = { 100: 'owner', 200: 'administrator', 300: 'moderator', 400: 'member', 600: 'guest' } as const;

export function realmOverview(state: RealmState): RealmOverview {
  const usersByRole = { owner: 0, administrator: 0, moderator: 0, member: 0, guest: 0 };
  let bots = 0;
  let deactivatedUsers = 0;
  for (const user of state.users.values()) {
    if (!user.is_active) deactivatedUsers += 1;
    else if (user.is_bot) bots += 1;
    else usersByRole[ROLE_NAMES[user.role]] += 1;
  }
  let channels = 0;
  let archivedChannels = 0;
  for (const channel of state.channels.values()) {
    if (channel.is_archived === true) archivedChannels += 1;
    else channels += 1;
  }
  let folders = 0;
  for (const folder of state.folders.values()) if (!folder.is_archived) folders += 1;
  return {
    realmName: state.realmName,
    realmUrl: state.realmUrl,
    featureLevel: state.featureLevel,
    usersByRole,
    bots,
    deactivatedUsers,
    channels,
    archivedChannels,
    folders,
    pendingInvitations: state.invitations?.length ?? null,
    reports: state.reportIds?.size ?? null,
    moderationChannel: moderationChannelName(state),
  };
}
