// What a change to a user did, in words, and what each role means for the person given it. Failures
// are worded by the core in full (electron/core/users/change-words.ts) and shown as they come.
import type { Role } from '../../../shared/api/common';
import type { User } from '../../../shared/api/users';
import { ROLE_NAMES, roleWithArticle } from '../../../shared/domain/role-rules';

export type ChangeKind = 'role' | 'rename' | 'deactivate' | 'reactivate';

export function changeDone(kind: ChangeKind, user: User): string {
  switch (kind) {
    case 'role':
      return `${user.full_name} is now ${roleWithArticle(user.role)}.`;
    case 'rename':
      return `Renamed to ${user.full_name}.`;
    case 'deactivate':
      return `${user.full_name} was deactivated.`;
    case 'reactivate':
      return `${user.full_name} was reactivated.`;
  }
}

/** What each role means for the person given it, said before the change is made. */
export const ROLE_MEANING: Record<Role, string> = {
  100: 'Owners can do everything in the organization, including managing other owners.',
  200: 'Administrators manage the organization’s settings, users and channels.',
  300: 'Moderators can moderate messages and channels, and read reports if they can read the moderation channel.',
  400: 'Members take part in every public channel and the private channels they are added to.',
  600: 'Guests see only the channels they are added to: they cannot browse or join other channels.',
};

/**
 * What giving someone a role means, for the boxes ticked before making or inviting an owner or an
 * administrator. Only owners may take the owner role away (shared/domain/role-rules.ts), so it is said.
 */
export function grantMeaning(role: Role): string {
  return role === 100 ? `${ROLE_MEANING[role]} Only an owner can take the role away again.` : ROLE_MEANING[role];
}

/**
 * The title and the words to tick before people are made owners or administrators (a user's panel, a
 * bulk change, invitations): `who` is a name, or a count of people ("3 people", `many`).
 */
export function grantWords(who: string, many: boolean, role: Role, realmName: string): { title: string; consent: string } {
  const becomes = many ? `${ROLE_NAMES[role].toLowerCase()}s` : roleWithArticle(role);
  return { title: `${who} will become ${becomes}`, consent: `I understand that ${who} will become ${becomes} of ${realmName}` };
}
