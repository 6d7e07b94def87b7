// Words for a change to a user: what happened, and after a failure, the server's words and what to do.
// STYLE.md: "Mark Member could not be made an owner: only organization owners can grant the owner
// role. Sign in as an owner, or ask one to make this change."
import type { Role } from '../../../../shared/api/common';
import type { User } from '../../../../shared/api/users';
import { ROLE_NAMES } from '../../../../shared/domain/role-rules';
import { errorWords, type ErrorWords } from '../../errors/words';

export type ChangeKind = 'role' | 'rename' | 'deactivate' | 'reactivate';

export function roleWithArticle(role: Role): string {
  const name = ROLE_NAMES[role].toLowerCase();
  return /^[aeiou]/.test(name) ? `an ${name}` : `a ${name}`;
}

/** What the user tried, as the start of "… could not …". */
function attempt(kind: ChangeKind, user: User, role?: Role): string {
  switch (kind) {
    case 'role':
      return `${user.full_name} could not be made ${role ? roleWithArticle(role) : 'that role'}`;
    case 'rename':
      return `${user.full_name} could not be renamed`;
    case 'deactivate':
      return `${user.full_name} could not be deactivated`;
    case 'reactivate':
      return `${user.full_name} could not be reactivated`;
  }
}

/**
 * What to do when the core gave the bare error (the connection, the account): the core words a
 * server's refusal itself ("Mark Member could not be made an owner: … Sign in as an owner, or …").
 */
const ACTIONS: Record<string, string> = {
  NETWORK_ERROR: 'Check the connection status under the organization’s name, then try again.',
  UNKNOWN_ACCOUNT: 'Sign in to this organization again, then try again.',
};

export function changeFailed(kind: ChangeKind, user: User, error: unknown, role?: Role): ErrorWords {
  const words = errorWords(error);
  const code = typeof error === 'object' && error && 'code' in error && typeof error.code === 'string' ? error.code : '';
  // Already worded by the core, with what to do: shown as it is.
  if (words.message.startsWith(user.full_name)) return words;
  const message = /[.!?]$/.test(words.message.trim()) ? words.message.trim() : `${words.message.trim()}.`;
  return {
    // The server's words as they are (STYLE.md), after what could not be done.
    message: `${attempt(kind, user, role)}: ${message}`,
    action: words.action ?? ACTIONS[code] ?? 'Nothing was changed. Try again; the activity log keeps what was tried.',
  };
}

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
