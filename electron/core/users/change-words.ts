// Words for changes to users (STYLE.md "Errors in the user's words"): the server's `msg` as it is,
// after what could not be done, followed by what to do next. The server's code and extra fields are
// kept, so a screen can still tell the cases apart.
import type { Role, User } from '../../../shared/api';
import { ROLE_NAMES } from '../../../shared/domain/role-rules';
import { ConsoleError } from '../errors';

/** "an owner", "a member": for "could not be made …". */
export function roleWithArticle(role: Role): string {
  const name = ROLE_NAMES[role].toLowerCase();
  return /^[aeiou]/.test(name) ? `an ${name}` : `a ${name}`;
}

/** "Member → Administrator". */
export function roleTransition(from: Role, to: Role): string {
  return `${ROLE_NAMES[from]} → ${ROLE_NAMES[to]}`;
}

/** How a user appears in the activity log: "Mark Member (mark@sandbox.test)". */
export function describeUser(user: Pick<User, 'full_name' | 'email' | 'delivery_email'>): string {
  return `${user.full_name} (${user.delivery_email ?? user.email})`;
}

/**
 * What to do after a server's refusal, keyed by its message (upstream's texts, which any spec server
 * shares); null when the message already says it or nothing useful can be added.
 */
const ADVICE_BY_MESSAGE: [RegExp, string | null][] = [
  [/must be an organization owner/i, 'Sign in as an owner, or ask one to make this change.'],
  [/must be an organization administrator|insufficient permission/i, 'Sign in as an administrator or owner, or ask one to make this change.'],
  [/only organization owner/i, 'Make someone else an owner first.'],
  [/make them a member first/i, null],
  [/no such user/i, 'They may have been removed, or be a bot (bots are managed from their owner’s settings). Reload the list of users.'],
  [/invalid characters in name/i, 'Names cannot contain * ` \\ > " or @. Choose another name.'],
  [/invalid format/i, 'A name cannot end with "|" and a number. Choose another name.'],
  [/name too long/i, 'Use a name of at most 100 characters.'],
  [/name must not be empty/i, 'Type a name.'],
  [/user is deactivated/i, 'Reactivate them first.'],
  [/already active/i, 'Nothing needs doing: reload the list of users to see it.'],
];

/**
 * The server's error for a change, in words: `subject` says what failed ("Mark Member could not be made
 * an owner"). A timeout may have been applied anyway, so it says to look before trying again.
 */
export function changeFailed(subject: string, error: ConsoleError, target: Pick<User, 'full_name'>): ConsoleError {
  const said = sentence(error.message);
  const advice = adviceFor(error, target);
  return new ConsoleError(error.code, advice ? `${subject}: ${said} ${advice}` : `${subject}: ${said}`, error.extra);
}

function adviceFor(error: ConsoleError, target: Pick<User, 'full_name'>): string | null {
  if (error.code === 'NETWORK_ERROR') {
    // The request may have reached the server before the connection went.
    return error.extra.timeout === true
      ? `The server may have made the change anyway: look at ${target.full_name} again before trying again.`
      : null; // the client's words already say to check the address and the network
  }
  if (error.code === 'RATE_LIMIT_HIT') {
    const wait = typeof error.extra.retryAfterSeconds === 'number' ? Math.ceil(error.extra.retryAfterSeconds) : null;
    return wait ? `Wait ${wait} seconds and try again.` : 'Wait a minute and try again.';
  }
  for (const [pattern, advice] of ADVICE_BY_MESSAGE) if (pattern.test(error.message)) return advice;
  return 'Check the change and try again.';
}

/** The server's message ends a sentence; upstream's often have no full stop ("Must be an organization owner"). */
function sentence(message: string): string {
  const trimmed = message.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
