// One pending invitation revoked or resent (upstream DELETE /invites/{id}, POST /invites/{id}/resend),
// each attempt in the activity log, which holds every change made from this console. Neither can be
// undone from the log: a revoked invitation's link is dead for good, and a sent email cannot be
// recalled, so their entries carry no `undo` (as every other entry that cannot be reversed).
import { getInvites, resendInvite, revokeInvite, type Invite } from '../../../shared/api';
import { ROLE_NAMES } from '../../../shared/domain/role-rules';
import type { AccountService } from '../accounts/accounts';
import type { ActivityLog } from '../activity/activity-log';
import { actorOf } from '../activity/actor';
import { ConsoleError } from '../errors';
import type { SessionManager } from '../session-manager';
import type { RealmState } from '../session/realm-state';

export interface PendingInvitesContext {
  readonly accounts: AccountService;
  readonly sessions: SessionManager;
  readonly activity: Pick<ActivityLog, 'record'>;
}

/**
 * The pending invitations the signed-in user can see: everyone's for administrators, their own for
 * moderators (upstream GET /invites), as the session keeps them live (refetched on invites_changed).
 * Without a list in the session (a guest, or a failed fetch) the server is asked, and says why not.
 */
export async function pendingInvites(ctx: Omit<PendingInvitesContext, 'activity'>, account: string, state: RealmState): Promise<readonly Invite[]> {
  if (state.invitations) return state.invitations;
  const { value } = await ctx.accounts.client(account).call(getInvites, {});
  return value.invites;
}

const CHANGES = {
  revoke: { endpoint: revokeInvite, action: 'Revoked an invitation' },
  resend: { endpoint: resendInvite, action: 'Resent an invitation' },
} as const;

export async function changePendingInvite(ctx: PendingInvitesContext, account: string, inviteId: number, change: keyof typeof CHANGES): Promise<null> {
  const state = await ctx.sessions.get(account).whenReady();
  // Looked up before the request: once revoked, the invitation is gone from every list.
  const invite = (await pendingInvites(ctx, account, state).catch(() => [])).find((candidate) => candidate.id === inviteId);
  const { endpoint, action } = CHANGES[change];
  // An invitation already gone (revoked elsewhere, used, expired) has no address left to show.
  const target = invite ? inviteLabel(invite) : 'An invitation no longer pending';
  const entry = { actor: actorOf(ctx.accounts, account, state), action, kind: 'invitation' as const, target, details: invite ? detailsOf(invite, state) : '' };
  try {
    await ctx.accounts.client(account).call(endpoint, { invite_id: inviteId });
  } catch (error) {
    // The server's words, as every failed entry keeps them; the screen adds what to do.
    if (error instanceof ConsoleError) ctx.activity.record(account, { ...entry, result: 'failed', error: error.message });
    throw error;
  }
  ctx.activity.record(account, { ...entry, result: 'ok', error: null });
  return null;
}

/** An invitation as a person knows it: its address, or "Reusable link" for one without. */
function inviteLabel(invite: Invite): string {
  return invite.email ?? 'Reusable invitation link';
}

function detailsOf(invite: Invite, state: RealmState): string {
  const inviter = state.users.get(invite.invited_by_user_id)?.full_name;
  return `Invited as ${ROLE_NAMES[invite.invited_as]}${inviter ? ` by ${inviter}` : ''}`;
}
