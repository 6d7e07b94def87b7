// How a campaign reads the server's answers: upstream's reason strings to outcomes, INVITATION_FAILED
// to per-address results, and GET /invites to what an interrupted batch did. Pure functions, so each
// rule is tested on its own (https://zulip.com/api/send-invites; upstream's reasons are in
// https://github.com/zulip/zulip/blob/main/zerver/actions/invites.py).
import type { Invite, InvitationFailure } from '../../../shared/api';
import { addressKey } from '../../../shared/domain/address-list';
import { InviteOutcome, UPSTREAM_REASONS, type CampaignAddress } from '../../../shared/ipc';
import type { InFlight } from './campaign-record';

/** upstream's per-address reasons (validate_email_is_valid, get_existing_user_errors). */
const OUTCOME_BY_REASON = new Map<string, InviteOutcome>(Object.entries(UPSTREAM_REASONS).map(([outcome, reason]) => [reason, InviteOutcome.parse(outcome)]));

/** Anything upstream says that is not one of its known reasons is `other`, in the server's words. */
export function outcomeForReason(reason: string): InviteOutcome {
  return OUTCOME_BY_REASON.get(reason) ?? 'other';
}

/** Outcomes that a new try may change: a reason we cannot classify, or never sent. */
export const RETRYABLE: ReadonlySet<InviteOutcome> = new Set(['other', 'not_attempted']);

export function emptyCounts(): Record<InviteOutcome, number> {
  return Object.fromEntries(InviteOutcome.options.map((outcome) => [outcome, 0])) as Record<InviteOutcome, number>;
}

export function countOutcomes(addresses: readonly CampaignAddress[]): Record<InviteOutcome, number> {
  const counts = emptyCounts();
  for (const { outcome } of addresses) counts[outcome] += 1;
  return counts;
}

/** The fields of INVITATION_FAILED a campaign reads (spec Errors). */
export interface InvitationFailed {
  errors: InvitationFailure[];
  sent_invitations: boolean;
  daily_limit_reached: boolean;
  license_limit_reached: boolean;
}

export interface BatchVerdict {
  /** Addresses the reply names, with their outcome and the server's reason. */
  marked: Map<string, { outcome: InviteOutcome; reason: string }>;
  /** True: every other address of the batch was invited. False: nothing was sent, they go again. */
  restInvited: boolean;
}

/**
 * upstream do_invite_users: with any invalid address nothing is sent (sent_invitations false, errors
 * = the invalid and the skipped); with every address skipped nothing is sent either; with some
 * skipped, the rest were invited (sent_invitations true). Keys are lowercased addresses.
 */
export function readInvitationFailure(failure: InvitationFailed): BatchVerdict {
  const marked = new Map<string, { outcome: InviteOutcome; reason: string }>();
  for (const [email, reason, deactivated] of failure.errors) {
    // The boolean is upstream's own "deactivated" flag: trust it even if the words change.
    marked.set(addressKey(email), { outcome: deactivated ? 'deactivated' : outcomeForReason(reason), reason });
  }
  return { marked, restInvited: failure.sent_invitations };
}

/**
 * Applies INVITATION_FAILED to the batch's addresses: those it names get their outcome in the
 * server's words; the rest are invited if the server sent the others, else stay pending and go again.
 */
export function applyInvitationFailure(batch: readonly CampaignAddress[], verdict: BatchVerdict, msg: string): void {
  let named = 0;
  for (const address of batch) {
    const mark = verdict.marked.get(addressKey(address.email));
    if (mark) {
      Object.assign(address, mark);
      named++;
    } else if (verdict.restInvited) {
      Object.assign(address, { outcome: 'invited', reason: null });
    }
  }
  // Nothing sent and nobody named: sending the same batch again would loop for ever.
  if (!verdict.restInvited && named === 0) for (const address of batch) Object.assign(address, { outcome: 'other', reason: msg });
}

/**
 * Invitations older than the batch by this much still count as the batch's. Only the inviter's own
 * invitations to the batch's addresses are considered, so the only thing a wide window could wrongly
 * credit is an invitation the same user sent the same address in the minute before, which leaves the
 * person invited either way. Too narrow a window, on the other hand, would send twice whenever the
 * server's clock is behind this computer's, so the window is generous: a minute.
 */
export const CLOCK_SKEW_SECONDS = 60;

/**
 * Which addresses of an interrupted batch the server did receive. A batch is journaled as in flight
 * before its request; when the console dies (or the connection drops) before the reply is recorded,
 * the request may or may not have reached the server. Upstream's reply carries no invitation IDs, but
 * GET /invites lists every pending invitation with its address, its inviter and when it was made
 * (`invited`, in server seconds): an address of the batch with a pending invitation from this user
 * made at or after the batch's start (less the clock skew allowance) was invited by that request, and
 * must not be sent again. The others were not: the server applies a request all or nothing (one
 * transaction), and sends nothing at all when any address is invalid.
 *
 * What this cannot see: an invitee who accepted in the meantime (no pending invitation any more) is
 * sent again, and the server answers "Already has an account." for them, so nobody gets two invitations.
 */
export function invitedByInterruptedBatch(inFlight: InFlight, invites: readonly Invite[], inviterId: number): Set<string> {
  const since = Math.floor(inFlight.startedAt / 1000) - CLOCK_SKEW_SECONDS;
  const batch = new Set(inFlight.emails.map(addressKey));
  const invited = new Set<string>();
  for (const invite of invites) {
    if (invite.is_multiuse || invite.email === undefined) continue;
    if (invite.invited_by_user_id !== inviterId || invite.invited < since) continue;
    const key = addressKey(invite.email);
    if (batch.has(key)) invited.add(key);
  }
  return invited;
}
