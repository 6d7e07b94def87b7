// Handlers for the invites.* channels: what the user may choose, checks before sending, the welcome
// message's preview, campaigns (electron/core/invitations/campaigns.ts), and pending invitations
// (invitations/pending-invites.ts).
import { renderMessage, type Invite } from '../../../shared/api';
import { checkInvitees, indexPendingInvites, indexUsers, type PendingIndex, type UserIndex } from '../../../shared/domain/invitee-checks';
import type { invitationChannels } from '../../../shared/ipc';
import type { AccountService } from '../accounts/accounts';
import type { ActivityLog } from '../activity/activity-log';
import type { Campaigns } from '../invitations/campaigns';
import { inviteChoices } from '../invitations/invite-choices';
import { changePendingInvite, pendingInvites } from '../invitations/pending-invites';
import type { Handlers } from '../router';
import type { SessionManager } from '../session-manager';
import type { RealmState } from '../session/realm-state';

export interface InvitationsContext {
  readonly accounts: AccountService;
  readonly sessions: SessionManager;
  readonly campaigns: Campaigns;
  /** Where revoking and resending a pending invitation are recorded. */
  readonly activity: Pick<ActivityLog, 'record'>;
}

/** Waits for the first snapshot, so a screen opened while connecting gets data rather than an error. */
const ready = (ctx: InvitationsContext, account: string) => ctx.sessions.get(account).whenReady();

// The users' index is built once per version of the user map (an immutable IdMap: a new one only
// when a user changes), so checking again after an edit of the list costs only the list.
const indexes = new WeakMap<RealmState['users'], UserIndex>();
function usersIndex(state: RealmState): UserIndex {
  let index = indexes.get(state.users);
  if (!index) {
    index = indexUsers(state.users.values());
    indexes.set(state.users, index);
  }
  return index;
}

// The same for the pending invitations: a new list only when the session refetched it.
const pendingIndexes = new WeakMap<readonly Invite[], PendingIndex>();
function pendingIndex(invites: readonly Invite[]): PendingIndex {
  let index = pendingIndexes.get(invites);
  if (!index) {
    index = indexPendingInvites(invites);
    pendingIndexes.set(invites, index);
  }
  return index;
}

export const invitationHandlers: Pick<Handlers<InvitationsContext>, keyof typeof invitationChannels> = {
  'invites.choices': async ({ account }, ctx) => inviteChoices(await ready(ctx, account)),
  'invites.check': async ({ account, addresses }, ctx) => {
    const state = await ready(ctx, account);
    return checkInvitees(addresses, usersIndex(state), pendingIndex(await pendingInvites(ctx, account, state)));
  },
  'invites.renderWelcome': async ({ account, content }, ctx) => {
    // Nothing to render; the server would refuse empty content.
    if (content.trim() === '') return { html: '' };
    const { value } = await ctx.accounts.client(account).call(renderMessage, { content });
    return { html: value.rendered };
  },
  'invites.campaign.start': ({ account, addresses, resent, leftOut, options, batchSize }, ctx) => ctx.campaigns.start(account, { addresses, resent, leftOut, options, batchSize }),
  'invites.campaign.list': ({ account }, ctx) => ctx.campaigns.list(account),
  'invites.campaign.get': ({ account, campaignId }, ctx) => ctx.campaigns.get(account, campaignId),
  'invites.campaign.pause': ({ account, campaignId }, ctx) => ctx.campaigns.pause(account, campaignId),
  'invites.campaign.resume': ({ account, campaignId }, ctx) => ctx.campaigns.resume(account, campaignId),
  'invites.campaign.cancel': ({ account, campaignId }, ctx) => ctx.campaigns.cancel(account, campaignId),
  'invites.campaign.retryFailed': ({ account, campaignId }, ctx) => ctx.campaigns.retryFailed(account, campaignId),
  'invites.campaign.exportCsv': ({ account, campaignId, outcome }, ctx) => ctx.campaigns.exportCsv(account, campaignId, outcome),
  'invites.pending.list': async ({ account }, ctx) => [...(await pendingInvites(ctx, account, await ready(ctx, account)))],
  'invites.pending.revoke': ({ account, inviteId }, ctx) => changePendingInvite(ctx, account, inviteId, 'revoke'),
  'invites.pending.resend': ({ account, inviteId }, ctx) => changePendingInvite(ctx, account, inviteId, 'resend'),
};
