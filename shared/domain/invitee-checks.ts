// What the console can tell about each address before anything is sent (issue 7, Compose): a
// duplicate of an earlier entry, a syntax upstream refuses, an address that already has an account
// or a deactivated one. The reasons are upstream's own words (reference/upstream-behaviour.md
// section 4: validate_email_is_valid, get_existing_user_errors), so what the screen says before
// sending matches what the server would say. Advisory only: the server judges again when it is sent.
import type { User } from '../api/users';
import type { CheckedAddress, Invitee } from '../ipc/invitations';
import { addressKey, isValidEmailSyntax } from './address-list';

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

/**
 * Checks each entry in order; the result has one element per input entry. The first entry of an
 * address is judged, the later ones are duplicates (whatever the first turned out to be).
 */
export function checkInvitees(invitees: readonly Invitee[], users: UserIndex | Iterable<UserLike>): CheckedAddress[] {
  const index = isIndex(users) ? users : indexUsers(users);
  const seen = new Set<string>();
  return invitees.map((invitee): CheckedAddress => {
    const email = invitee.email.trim();
    const key = email.toLowerCase();
    const verdict = (check: CheckedAddress['check'], reason: string | null): CheckedAddress => ({ email, name: invitee.name, check, reason });
    if (seen.has(key)) return verdict('duplicate', CHECK_REASON.duplicate);
    seen.add(key);
    return judge(email, key, index, verdict);
  });
}

function judge(
  email: string,
  key: string,
  index: UserIndex,
  verdict: (check: CheckedAddress['check'], reason: string | null) => CheckedAddress,
): CheckedAddress {
  // The server splits `invitee_emails` on commas and newlines: such an address would arrive in pieces.
  if (email.includes(',') || email.includes('\n') || !isValidEmailSyntax(email)) return verdict('invalid', CHECK_REASON.invalid);
  const user = index.get(key);
  if (!user) return verdict('ok', null);
  if (user.is_system_bot) return verdict('member', CHECK_REASON.systemBot);
  return user.is_active ? verdict('member', CHECK_REASON.member) : verdict('deactivated', CHECK_REASON.deactivated);
}

function isIndex(users: UserIndex | Iterable<UserLike>): users is UserIndex {
  return users instanceof Map;
}
