// What the organization says now about the addresses a campaign has still to send. Compose checked
// them against the users and the pending invitations (invites.check), but a campaign can wait for
// days (paused by the user or at the daily limit, stopped and retried), and meanwhile another
// administrator may invite one of its addresses, or the person may join. Upstream does not refuse an
// address that already has a pending invitation: it sends a second one
// (https://zulip.com/api/send-invites checks only for existing accounts). So before a campaign sends
// again, the runner reads the pending invitations (https://zulip.com/api/get-invites) and the users
// (https://zulip.com/api/get-users) once and judges its pending addresses with the same check compose
// used (shared/domain/invitee-checks.ts): an address now invited is `already_invited`, one that now
// has an account gets the outcome the server would have answered, and neither is sent.
//
// Once per run, and again after a pause for the network, not before every batch: GET /invites lists
// every pending invitation of the organization, the campaign's own among them, so reading it per
// batch would cost a 10,000-address campaign about as much as the campaign (10,000 invitations read
// 500 times at 20 per batch). A moderator is shown only her own invitations (upstream), so those
// another user sends meanwhile stay unseen to her campaign, as they are to her compose check.
import { getInvites, getUsers, type Invite, type User } from '../../../shared/api';
import { checkInvitees } from '../../../shared/domain/invitee-checks';
import type { CampaignAddress, InviteOutcome } from '../../../shared/ipc';
import type { ApiClient } from '../client/api-client';
import { outcomeForReason } from './campaign-outcomes';

/** Who sent an invitation found meanwhile, in the report's words. */
export function invitedMeanwhileReason(by: string): string {
  return `Invited meanwhile by ${by}: not sent again.`;
}

/** Reads the organization's users and pending invitations; throws what the client throws. */
export async function readRealm(client: ApiClient): Promise<{ users: User[]; invites: Invite[] }> {
  const [users, invites] = await Promise.all([client.call(getUsers, { client_gravatar: true }), client.call(getInvites, {})]);
  return { users: users.value.members, invites: invites.value.invites };
}

/**
 * Judges the addresses still to send (`pending`) against the realm as read now. Only those compose
 * would have kept out are marked: one with a pending invitation (whoever sent it; the campaign's own
 * batch in flight is settled before this is asked, so none of its invitations is pending here), one
 * with an account or a deactivated account. An address compose judged invalid and the user sent
 * anyway is left for the server to answer, as chosen. The result is by position in `addresses`: what
 * each address not to send now is, and why.
 */
export function recheckPending(addresses: readonly CampaignAddress[], realm: { users: readonly User[]; invites: readonly Invite[] }, inviterId: number): Map<number, { outcome: InviteOutcome; reason: string }> {
  const positions: number[] = [];
  for (const [i, address] of addresses.entries()) if (address.outcome === 'pending') positions.push(i);
  const checked = checkInvitees(
    positions.map((i) => ({ email: addresses[i]!.email, name: null })),
    realm.users,
    realm.invites,
  );
  const names = new Map(realm.users.map((user) => [user.user_id, user.full_name]));
  const verdicts = new Map<number, { outcome: InviteOutcome; reason: string }>();
  for (const [n, check] of checked.entries()) {
    const i = positions[n]!;
    if (check.check === 'invited' && check.invite) {
      const by = check.invite.invitedBy === inviterId ? 'you, outside this campaign' : (names.get(check.invite.invitedBy) ?? 'someone else');
      verdicts.set(i, { outcome: 'already_invited', reason: invitedMeanwhileReason(by) });
    } else if ((check.check === 'member' || check.check === 'deactivated') && check.reason !== null) {
      // The words are upstream's own, so the outcome is the one its reply would have given.
      verdicts.set(i, { outcome: outcomeForReason(check.reason), reason: check.reason });
    }
  }
  return verdicts;
}
