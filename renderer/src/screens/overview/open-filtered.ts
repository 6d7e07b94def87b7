// The Overview's figures lead to the screens that list them, already filtered so the list shows
// exactly the figure. This is the one place that knows how: through each screen's own UI store and
// its actions, then the shell's screen switch.
import type { UserFacets } from '../../../../shared/domain/user-counts';
import { useUi } from '../../stores/ui';
import { NO_CHANNEL_FILTERS, type StatusFilter as ChannelStatus } from '../channels/channel-index';
import { useChannelsUi } from '../channels/channels-ui';
import { useInvitationsUiStore } from '../invitations/invitations-ui';
import { NO_FILTERS as NO_REPORT_FILTERS, type StatusFilter as ReportStatus } from '../moderation/inbox-filters';
import { useModerationUi } from '../moderation/moderation-ui';
import { NO_FILTERS as NO_USER_FILTERS } from '../users/user-index';
import { useUsersUi } from '../users/users-ui';

/** Users & roles, its users tab, with these filters and no search. */
export function openUsers(account: string, facets: UserFacets): void {
  const users = useUsersUi.getState();
  // The store starts afresh for a new account; doing it first keeps that from wiping the filters below.
  users.forAccount(account);
  users.setTab('users');
  users.setFilters({ ...NO_USER_FILTERS, ...facets });
  useUi.getState().openScreen('users');
}

/** Channels & folders, its channel list, showing the active or the archived channels, no search. */
export function openChannels(account: string, status: Extract<ChannelStatus, 'active' | 'archived'>): void {
  const channels = useChannelsUi.getState();
  channels.forAccount(account);
  channels.setTab('channels');
  channels.setFilters({ ...NO_CHANNEL_FILTERS, status });
  useUi.getState().openScreen('channels');
}

/** Channels & folders, on its folders. */
export function openFolders(account: string): void {
  const channels = useChannelsUi.getState();
  channels.forAccount(account);
  channels.setTab('folders');
  useUi.getState().openScreen('channels');
}

/** Invitations, on its list of pending invitations. */
export function openPendingInvitations(account: string): void {
  useInvitationsUiStore.getState().update(account, { tab: 'pending' });
  useUi.getState().openScreen('invitations');
}

/** Moderation, showing every report or only the new ones. */
export function openReports(status: Extract<ReportStatus, 'all' | 'new'>): void {
  useModerationUi.getState().setFilters({ ...NO_REPORT_FILTERS, status });
  useUi.getState().openScreen('moderation');
}
