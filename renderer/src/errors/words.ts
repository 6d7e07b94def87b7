// Errors in the user's words (docs/style.md): the server's (or the core's) message as it is, plus what to
// do next. Screens with a form place these next to the input; everything else shows them in a toast.
import { BridgeError } from '../bridge/bridge';

export interface ErrorWords {
  /** The server's or the core's own words. */
  message: string;
  /** What the user can do about it; null when the message already says it all. */
  action: string | null;
}

/**
 * What to do next, for the codes whose message does not say it already. The core words what a user
 * can act on itself (sign-in failures, unreachable or odd servers, bad input: see
 * electron/core/accounts/accounts.ts and client/api-client.ts), so those get nothing more here;
 * the server's own messages, passed through as they are, get an action.
 */
const ACTIONS: Record<string, string> = {
  UNAUTHORIZED: 'Sign out of this organization and sign in again.',
  RATE_LIMIT_HIT: 'Wait a minute, then try again.',
  INTERNAL: 'This is a bug in Realm Console. Try again; if it happens again, restart the console.',
  FORBIDDEN_SENDER: 'Reload the console window.',
  UNKNOWN_CHANNEL: 'The page and the console core are different versions: restart Realm Console.',
};

export function errorWords(error: unknown): ErrorWords {
  if (error instanceof BridgeError) {
    const timeout = error.code === 'NETWORK_ERROR' && error.detail.timeout === true;
    return {
      message: error.message,
      action: timeout ? 'The server may be busy: try again in a moment.' : (ACTIONS[error.code] ?? null),
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { message, action: ACTIONS.INTERNAL ?? null };
}

/**
 * Codes only the way to the core gives (the contract's router, the bridge): a handler never words them,
 * so they keep the action above.
 */
const TRANSPORT_CODES = new Set(['INVALID_INPUT', 'UNKNOWN_CHANNEL', 'FORBIDDEN_SENDER', 'INTERNAL']);

/**
 * For channels whose failures the core words in full, with what to do (the changes to users: see
 * electron/core/users/change-words.ts): the message as it is. Only a failure on the way to the core
 * gets an action here.
 */
export function wordedByCore(error: unknown): ErrorWords {
  if (error instanceof BridgeError && !TRANSPORT_CODES.has(error.code)) return { message: error.message, action: null };
  return errorWords(error);
}

export function errorCode(error: unknown): string | null {
  return error instanceof BridgeError ? error.code : null;
}
