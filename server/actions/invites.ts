// spec 9 and upstream's invitation management: send, list, revoke and resend invitations
// (upstream zerver/actions/invites.py). Each mutation is one transaction, then invites_changed.
import type { z } from 'zod';
import { DEFAULT_INVITE_EXPIRY_MINUTES, type Invite, type sendInvitesParams } from '../../shared/api';
import { seconds } from '../lib/clock';
import type { ServerContext } from '../context';
import * as queries from '../db/invite-queries';
import { adminUserIds, getUserByEmail, isAdmin, type UserRow } from '../db/users';
import { ApiError, badRequest } from '../lib/errors';
import { classifyInvitees, invitationOutcome, parseInviteeEmails, type InvitationFailureBody } from './invite-addresses';
import {
  checkCanInvite,
  checkCanInviteAs,
  checkGroupsForInvite,
  checkStreamsForInvite,
  requireMemberOrAdmin,
  roleNeedsAdmin,
} from './invite-permissions';

export type SendInvitesInput = z.output<typeof sendInvitesParams>;

export const DAILY_LIMIT_MESSAGE =
  'To protect users, Zulip limits the number of invitations you can send in one day. Because you have reached the limit, no invitations were sent.';

/** upstream check_spare_licenses_available_for_inviting_new_users. */
export function licenseLimitMessage(invitees: number): string {
  return invitees === 1
    ? 'All Zulip licenses for this organization are currently in use.'
    : `Your organization does not have enough unused Zulip licenses to invite ${String(invitees)} users.`;
}

export function invitationFailed(body: InvitationFailureBody): ApiError {
  const { msg, ...extra } = body;
  return new ApiError('INVITATION_FAILED', msg, extra);
}

/** upstream notify_invites_changed: administrators (bots included) and whoever made the invitation. */
export function invitesChangedRecipients(admins: readonly number[], referrerId: number): number[] {
  return [...new Set([...admins, referrerId])];
}

export const invitesChangedEvent = () => ({ type: 'invites_changed' as const });

function publishInvitesChanged(ctx: ServerContext, referrerId: number): void {
  ctx.events.publish(invitesChangedRecipients(adminUserIds(ctx.db), referrerId), invitesChangedEvent());
}

/**
 * upstream check_invite_limit: sending `count` more must keep the last 24 hours' sends within the
 * daily limit. Nothing is sent otherwise, and no address is reported.
 */
function checkDailyLimit(ctx: ServerContext, count: number, now: number): void {
  if (count + queries.invitationsSentSince(ctx.db, now) <= ctx.config.dailyInviteLimit) return;
  throw invitationFailed({ msg: DAILY_LIMIT_MESSAGE, errors: [], sent_invitations: false, daily_limit_reached: true, license_limit_reached: false });
}

/** The licence covers active human accounts plus pending invitations (config.licenseLimit). */
function checkLicenseLimit(ctx: ServerContext, count: number, now: number): void {
  const limit = ctx.config.licenseLimit;
  if (limit === null) return;
  const humans = ctx.db.prepare('SELECT count(*) FROM users WHERE is_active = 1 AND is_bot = 0').pluck().get() as number;
  if (humans + queries.countPendingInvites(ctx.db, now) + count <= limit) return;
  throw invitationFailed({ msg: licenseLimitMessage(count), errors: [], sent_invitations: false, daily_limit_reached: false, license_limit_reached: true });
}

/** spec 9: send invitations. Returns the reply fields (none), or throws the error upstream gives. */
export function sendInvites(ctx: ServerContext, actor: UserRow, params: SendInvitesInput): Record<string, never> {
  const db = ctx.db;
  checkCanInvite(db, actor);
  const inviteAs = params.invite_as ?? 400;
  checkCanInviteAs(actor, inviteAs, { requireAdmin: roleNeedsAdmin(inviteAs) });
  const emails = parseInviteeEmails(params.invitee_emails);
  if (emails.length === 0) throw badRequest('You must specify at least one email address.');
  checkStreamsForInvite(db, actor, params.stream_ids);
  const groupIds = params.group_ids ?? [];
  checkGroupsForInvite(db, actor, groupIds);

  const now = seconds(ctx.clock);
  const minutes = params.invite_expires_in_minutes === undefined ? DEFAULT_INVITE_EXPIRY_MINUTES : params.invite_expires_in_minutes;
  const restrictedDomains = JSON.parse(db.prepare('SELECT restricted_domains FROM realm').pluck().get() as string) as string[];
  const outcome = db.transaction(() => {
    // upstream counts every address against the limits before judging any of them.
    checkDailyLimit(ctx, emails.length, now);
    checkLicenseLimit(ctx, emails.length, now);
    const classified = classifyInvitees(emails, restrictedDomains, (email) => getUserByEmail(db, email));
    const result = invitationOutcome(classified);
    if (!result.send) return result;
    for (const email of classified.accepted) {
      queries.insertInvite(db, {
        email,
        invited_by_user_id: actor.id,
        now,
        expiry_date: minutes === null ? null : now + minutes * 60,
        invited_as: inviteAs,
        stream_ids: params.stream_ids,
        group_ids: groupIds,
        include_realm_default_subscriptions: params.include_realm_default_subscriptions ?? false,
        notify_referrer_on_join: params.notify_referrer_on_join ?? true,
        // spec 9: administrators only; for anyone else the stored value is null (the realm's default).
        welcome_message_custom_text: isAdmin(actor) ? (params.welcome_message_custom_text ?? null) : null,
      });
    }
    return result;
  })();
  if (outcome.send) publishInvitesChanged(ctx, actor.id);
  // spec Errors: when some invitees fail, the rest are still invited (sent_invitations true).
  if (outcome.failure) throw invitationFailed(outcome.failure);
  return {};
}

/** upstream GET /invites: administrators see every pending invitation, others their own. */
export function listInvites(ctx: ServerContext, actor: UserRow): { invites: Invite[] } {
  requireMemberOrAdmin(actor);
  const now = seconds(ctx.clock);
  const rows = queries.pendingInvites(ctx.db, now, isAdmin(actor) ? undefined : actor.id);
  return { invites: rows.map(queries.inviteObject) };
}

/**
 * upstream access_invite_by_id: a pending invitation of this realm; someone else's needs an
 * administrator, and an owner invitation an owner.
 */
function accessInvite(ctx: ServerContext, actor: UserRow, inviteId: number): queries.InviteRow {
  requireMemberOrAdmin(actor);
  const invite = queries.getInvite(ctx.db, inviteId);
  if (!invite || !queries.isPending(invite, seconds(ctx.clock))) throw badRequest('No such invitation');
  if (invite.invited_by_user_id !== actor.id) checkCanInviteAs(actor, invite.invited_as, { requireAdmin: true });
  return invite;
}

export function revokeInvite(ctx: ServerContext, actor: UserRow, inviteId: number): Record<string, never> {
  const invite = accessInvite(ctx, actor, inviteId);
  ctx.db.transaction(() => queries.revokeInvite(ctx.db, invite.id))();
  publishInvitesChanged(ctx, invite.invited_by_user_id);
  return {};
}

/** upstream do_send_user_invite_email: a resend is one more invitation against the daily limit. */
export function resendInvite(ctx: ServerContext, actor: UserRow, inviteId: number): Record<string, never> {
  const invite = accessInvite(ctx, actor, inviteId);
  const now = seconds(ctx.clock);
  ctx.db.transaction(() => {
    checkDailyLimit(ctx, 1, now);
    queries.recordResend(ctx.db, invite.id, now);
  })();
  publishInvitesChanged(ctx, invite.invited_by_user_id);
  return {};
}
