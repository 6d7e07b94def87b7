// Words for changes to users: the one layer that words their failures. Every failure of a change
// (the server's refusal, the network, an account no longer signed in, a hazard not confirmed) says
// what could not be done, the server's `msg` as it is, and what to do next, so the screens show the
// message as they get it. The server's code and extra fields are kept, so a screen can still tell
// the cases apart.
import type { Role, User } from '../../../shared/api';
import { CONFIRMATION_NEEDED } from '../../../shared/ipc';
import { hazardWarning, ROLE_NAMES, type RoleHazard, type RoleHolder, type RoleReview } from '../../../shared/domain/role-rules';
import { ConsoleError } from '../errors';
import type { CheckedFate } from '../request-fate';

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
 * an owner"). `fate` is what the server showed when asked after a failure without a usable answer
 * (request-fate.ts): not made says so; unknown (or a timeout never checked) says to look before trying
 * again, since the server may have made it anyway.
 */
export function changeFailed(subject: string, error: ConsoleError, target: Pick<User, 'full_name'> | null, fate: CheckedFate | null = null): ConsoleError {
  const said = sentence(error.message);
  const advice = adviceFor(error, target, fate);
  return new ConsoleError(error.code, advice ? `${subject}: ${said} ${advice}` : `${subject}: ${said}`, error.extra);
}

/** A refusal the change hit before anything could be sent, by the console's code. */
const ADVICE_BY_CODE: Record<string, string | null> = {
  UNKNOWN_ACCOUNT: null, // its message says to pick another organization or sign in again
  SESSION_STOPPED: 'Sign in to it again to make this change.',
  SECRET_UNREADABLE: null, // its message asks for a new sign-in
};

function adviceFor(error: ConsoleError, target: Pick<User, 'full_name'> | null, fate: CheckedFate | null): string | null {
  return adviceForFailure(error, ADVICE_BY_MESSAGE, target?.full_name ?? null, fate);
}

/**
 * What to do after a failed change, for any screen's changes: the console's own codes, what the server
 * showed when asked after a failure without a usable answer (`fate`, request-fate.ts), the network and
 * rate limits first, then the server's message matched against `byMessage` (upstream's texts).
 * `lookAgainAt` names what to look at before retrying a change whose fate is unknown, or that timed out
 * unchecked ("Mark Member", "#design").
 */
export function adviceForFailure(
  error: ConsoleError,
  byMessage: readonly [RegExp, string | null][],
  lookAgainAt: string | null,
  fate: CheckedFate | null = null,
): string | null {
  if (error.code in ADVICE_BY_CODE) return ADVICE_BY_CODE[error.code] ?? null;
  if (fate === 'not-applied') return 'The server shows nothing was changed: try again.';
  if (lookAgainAt && (fate === 'unknown' || (fate === null && error.extra.timeout === true))) {
    return `The server may have made the change anyway: look at ${lookAgainAt} again before trying again.`;
  }
  // Otherwise the client's (or the offline session's) words already say to check the address and the network.
  if (error.code === 'NETWORK_ERROR') return null;
  if (error.code === 'RATE_LIMIT_HIT') {
    const wait = typeof error.extra.retryAfterSeconds === 'number' ? Math.ceil(error.extra.retryAfterSeconds) : null;
    return wait ? `Wait ${wait} seconds and try again.` : 'Wait a minute and try again.';
  }
  for (const [pattern, advice] of byMessage) if (pattern.test(error.message)) return advice;
  return 'Check the change and try again.';
}

/**
 * A change with a hazard (shared/domain/role-rules.ts) that was not confirmed: refused before anything
 * is sent. `subject` says what was not done ("Adam Admin could not be made a moderator").
 */
export function confirmationNeeded(subject: string, review: RoleReview<RoleHolder>, realmName: string, extra: Record<string, unknown> = {}): ConsoleError {
  const hazards: RoleHazard[] = review.hazards;
  return new ConsoleError(CONFIRMATION_NEEDED, `${subject}: ${hazardWarning(review, realmName)} Nothing was changed: confirm that you understand, then try again.`, {
    ...extra,
    hazards,
  });
}

/** The server's message ends a sentence; upstream's often have no full stop ("Must be an organization owner"). */
export function sentence(message: string): string {
  const trimmed = message.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
