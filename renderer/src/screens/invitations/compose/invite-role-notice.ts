// What the send confirmation says about the role the invitations give. Owners and administrators get
// rights over the whole organization once they accept, so the confirmation says who gains what, with
// the words Users & roles uses for each role (user-changes/change-words.ts), and the user states in a
// box to tick that they understand; moderators get a one-line note; members and guests nothing more.
import type { Role } from '../../../../../shared/api/common';
import { plural } from '../../../../../shared/domain/plural';
import { roleWithArticle } from '../../../../../shared/domain/role-rules';
import { grantMeaning, grantWords, ROLE_MEANING } from '../../../user-changes/change-words';

export type InviteRoleNotice =
  | {
      kind: 'consent';
      title: string;
      words: string;
      consent: string;
      /** What a tick confirms: a new role or count unticks the box. */
      key: string;
    }
  | { kind: 'note'; words: string };

/** `people`: how many will be invited (addresses known to fail gain nothing, so they are not counted). */
export function inviteRoleNotice(role: Role, people: number, realmName: string): InviteRoleNotice | null {
  if (people === 0) return null;
  if (role === 300) return { kind: 'note', words: `Once they accept: ${ROLE_MEANING[300]}` };
  if (role !== 100 && role !== 200) return null;
  const each = people === 1 ? `they are ${roleWithArticle(role)}` : `each of them is ${roleWithArticle(role)}`;
  return {
    kind: 'consent',
    ...grantWords(plural(people, 'person', 'people'), people !== 1, role, realmName),
    words: `Once they accept, ${each} of ${realmName}. ${grantMeaning(role)}`,
    key: `${role}:${people}`,
  };
}
