// What a change to a user did, in words, and what each role means for the person given it. Failures
// are worded by the core in full (electron/core/users/change-words.ts) and shown as they come.
import type { Role } from '../../../shared/api/common';
import type { User } from '../../../shared/api/users';
import { listWords } from '../../../shared/domain/list-words';
import { plural } from '../../../shared/domain/plural';
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

/**
 * The box to tick before people gain the owner or administrator role, as a bulk change and an undo
 * state it: `names` are the people who gain it. Null for another role, or nobody.
 */
export function grantStatement(names: readonly string[], role: Role, realmName: string): { title: string; words: string; consent: string } | null {
  if (role > 200 || names.length === 0) return null;
  const who = names.length === 1 ? (names[0] ?? '') : plural(names.length, 'person', 'people');
  return { ...grantWords(who, names.length !== 1, role, realmName), words: grantMeaning(role) };
}

/**
 * What deactivating `user` does, said before it is done (their panel, an undo that deactivates them):
 * `bots` are the bots deactivated with them (status-rules.ts' botsGoingWith).
 */
/** What reactivating a user does, and the bots of theirs it leaves deactivated. */
export function reactivationWords(user: Pick<User, 'full_name' | 'email' | 'delivery_email' | 'role'>, bots: readonly string[]): string {
  const words = `${user.full_name} (${user.delivery_email ?? user.email}) will be able to sign in again, as ${roleWithArticle(user.role)}.`;
  if (bots.length === 0) return words;
  return `${words} ${bots.length === 1 ? 'The bot they own' : 'The bots they own'}, ${listWords(bots)}, ${bots.length === 1 ? 'stays' : 'stay'} deactivated: reactivate ${bots.length === 1 ? 'it' : 'them'} on ${bots.length === 1 ? 'its' : 'their'} own if still needed.`;
}

export function deactivationWords(user: Pick<User, 'full_name' | 'email' | 'delivery_email'>, bots: readonly string[]): string {
  const words = `${user.full_name} (${user.delivery_email ?? user.email}) will be signed out everywhere and will not be able to sign in. Their messages and channels stay. You can reactivate them later.`;
  return bots.length === 0 ? words : `${words} The ${bots.length === 1 ? 'bot' : 'bots'} they own, ${listWords(bots)}, will be deactivated with them.`;
}
