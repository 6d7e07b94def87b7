// Errors in the user's words (STYLE.md): the server's (or the core's) message as it is, plus what to
// do next. Screens with a form place these next to the input; everything else shows them in a toast.
import { BridgeError } from '../bridge/bridge';

export interface ErrorWords {
  /** The server's or the core's own words. */
  message: string;
  /** What the user can do about it; null when the message already says it all. */
  action: string | null;
}

/** What to do next, per error code, when the code alone tells. */
const ACTIONS: Record<string, string> = {
  NO_BRIDGE: 'Start Realm Console with `npm start`, or open the address it prints.',
  NETWORK_ERROR: 'Check the address and your network connection, then try again.',
  INVALID_REPLY: 'Check that the address is your organization’s chat server, the one you open in a browser to chat.',
  AUTHENTICATION_FAILED: 'The email or password is wrong: check both and try again. If you sign in with Google, GitHub or single sign-on, use an API key instead.',
  INVALID_API_KEY: 'Copy the API key again from Personal settings → Account & privacy → API key, and paste it here.',
  USER_DEACTIVATED: 'Ask an owner or administrator of the organization to reactivate your account.',
  REALM_DEACTIVATED: 'This organization can no longer be used. Ask its owners whether it moved to another address.',
  NOT_AN_ADMINISTRATOR: 'Sign in with the account of an owner or administrator of the organization.',
  UNAUTHORIZED: 'Sign out of this organization and sign in again.',
  RATE_LIMIT_HIT: 'Wait a minute, then try again.',
  INTERNAL: 'This is a bug in Realm Console. Try again; if it happens again, restart the console.',
  FORBIDDEN_SENDER: 'Reload the console window.',
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

export function errorCode(error: unknown): string | null {
  return error instanceof BridgeError ? error.code : null;
}
