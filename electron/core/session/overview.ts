// The Overview screen's figures, read from the live realm state (issue 5: realm name and URL, feature
// level, users by role, channels, folders, pending invitations, reports).
// Users are counted exactly as the Users & roles filters count them, by the same function, so each
// figure here is the count beside the same words there.
import { countUsers } from '../../../shared/domain/user-counts';
import type { RealmOverview } from '../../../shared/ipc';
import { moderationChannelName, type RealmState } from './realm-state';

export function realmOverview(state: RealmState): RealmOverview {
  const { role, status, kind } = countUsers(state.users.values());
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
    users: role.all,
    usersByRole: { owner: role[100], administrator: role[200], moderator: role[300], member: role[400], guest: role[600] },
    activeUsers: status.active,
    deactivatedUsers: status.deactivated,
    humans: kind.humans,
    bots: kind.bots,
    channels,
    archivedChannels,
    folders,
    pendingInvitations: state.invitations && state.invitationsScope ? { count: state.invitations.length, whose: state.invitationsScope } : null,
    reports: state.reportIds?.size ?? null,
    moderationChannel: moderationChannelName(state),
  };
}
