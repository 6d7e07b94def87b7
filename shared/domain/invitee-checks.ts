// What the console can tell about each address before anything is sent: a duplicate of an earlier
// entry, a syntax upstream refuses, an address that already has an account or a deactivated one,
// and one with a pending invitation. The reasons are upstream's own words (its
// validate_email_is_valid and get_existing_user_errors), so what the screen says before sending
// matches what the server would say. Advisory only: the server judges again when it is sent.
//
// A pending invitation is the one case upstream does not refuse: it creates a second invitation
// (https://zulip.com/api/send-invites checks only for existing accounts). The console checks for it,
// so the person gets their invitation again (a resend) rather than two of them.
import type { Invite } from '../api/invites';
import type { User } from '../api/users';
import type { CheckedAddress, Invitee, PendingInviteRef } from '../ipc/invitations';
import { isValidEmailSyntax } from '../api/email-address';
import { addressKey } from './address-list';

export const CHECK_REASON = {
  invalid: 'Invalid address.',
  member: 'Already has an account.',
  deactivated: 'Account has been deactivated.',
  systemBot: 'Reserved for system bots.',
  // Upstream drops repeated addresses silently; the screen says so instead.
  duplicate: 'Listed more than once: it is invited once.',
} as const;

/** The fields of a user that decide whether an address is taken. */
export type UserLike = Pick<User, 'email' | 'delivery_email' | 'is_active'> & Partial<Pick<User, 'is_system_bot'>>;

/** Users by lowercased address (both the real `delivery_email` and the visible `email`). */
export type UserIndex = ReadonlyMap<string, UserLike>;

/**
 * Indexes users by every address they answer to. Where two accounts share an address (a deactivated
 * one and an active one), the active one decides, as upstream's lookup of the realm's account does.
 */
export function indexUsers(users: Iterable<UserLike>): UserIndex {
  const index = new Map<string, UserLike>();
  const add = (address: string | null, user: UserLike) => {
    if (!address) return;
    const key = addressKey(address);
    const existing = index.get(key);
    if (!existing || (!existing.is_active && user.is_active)) index.set(key, user);
  };
  for (const user of users) {
    add(user.delivery_email, user);
    if (user.email !== user.delivery_email) add(user.email, user);
  }
  return index;
}

/** Pending email invitations by lowercased address. */
export type PendingIndex = ReadonlyMap<string, PendingInviteRef>;

/**
 * Indexes pending email invitations (reusable links have no address). Where an address has several
 * (sent before this check existed, or by another client), the oldest says since when it is pending.
 */
export function indexPendingInvites(invites: Iterable<Invite>): PendingIndex {
  const index = new Map<string, PendingInviteRef>();
  for (const invite of invites) {
    if (invite.is_multiuse || !invite.email) continue;
    const key = addressKey(invite.email);
    const known = index.get(key);
    if (!known || invite.invited < known.invited) index.set(key, { id: invite.id, invited: invite.invited, invitedBy: invite.invited_by_user_id });
  }
  return index;
}

/**
 * Checks each entry in order; the result has one element per input entry. The first entry of an
 * address is judged, the later ones are duplicates (whatever the first turned out to be). `pending`
 * is the organization's pending invitations (upstream GET /invites).
 */
export function checkInvitees(
  invitees: readonly Invitee[],
  users: UserIndex | Iterable<UserLike>,
  pending: PendingIndex | Iterable<Invite> = [],
): CheckedAddress[] {
  const index = isMap(users) ? users : indexUsers(users);
  const invites = isMap(pending) ? pending : indexPendingInvites(pending);
  const seen = new Set<string>();
  return invitees.map((invitee): CheckedAddress => {
    const email = invitee.email.trim();
    const key = email.toLowerCase();
    const verdict = (check: CheckedAddress['check'], reason: string | null, invite: PendingInviteRef | null = null): CheckedAddress => ({
      email,
      name: invitee.name,
      check,
      reason,
      invite,
    });
    if (seen.has(key)) return verdict('duplicate', CHECK_REASON.duplicate);
    seen.add(key);
    // The server splits `invitee_emails` on commas and newlines: such an address would arrive in pieces.
    if (email.includes(',') || email.includes('\n') || !isValidEmailSyntax(email)) return verdict('invalid', CHECK_REASON.invalid);
    // An account decides before an invitation: the server refuses an address that has one, invited or not.
    const user = index.get(key);
    if (user?.is_system_bot) return verdict('member', CHECK_REASON.systemBot);
    if (user) return user.is_active ? verdict('member', CHECK_REASON.member) : verdict('deactivated', CHECK_REASON.deactivated);
    const invite = invites.get(key);
    return invite ? verdict('invited', null, invite) : verdict('ok', null);
  });
}

function isMap<V>(value: ReadonlyMap<string, V> | Iterable<unknown>): value is ReadonlyMap<string, V> {
  return value instanceof Map;
}
