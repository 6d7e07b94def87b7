// Where a failed sign-in's error belongs on the Connect screen and what it asks the user to do.
// The message is always the core's or the server's own; the action, when there is one, is ours
// (errors/words.ts).
import { BridgeError } from '../../bridge/bridge';
import { errorWords } from '../../errors/words';

export type SignInMethod = 'password' | 'apiKey' | 'zuliprc';
export type SignInField = 'realmUrl' | 'email' | 'password' | 'apiKey' | 'file' | 'caFile';

export interface SignInProblem {
  /** The input the problem is about; null: the form as a whole. */
  field: SignInField | null;
  message: string;
  action: string | null;
}

/** The core refuses to save a key unencrypted without the user's consent: ask, then retry. */
export const NEEDS_CONSENT = 'SECRET_STORAGE_UNAVAILABLE';

const FIELDS_OF: Record<SignInMethod, readonly SignInField[]> = {
  password: ['realmUrl', 'email', 'password', 'caFile'],
  apiKey: ['realmUrl', 'email', 'apiKey', 'caFile'],
  zuliprc: ['file', 'caFile'],
};

/** Per code: the field it is about for each method, and what to do when it differs from the general advice. */
const PLACES: Record<string, { field: Partial<Record<SignInMethod, SignInField>>; zuliprcAction?: string }> = {
  NETWORK_ERROR: {
    field: { password: 'realmUrl', apiKey: 'realmUrl', zuliprc: 'file' },
    zuliprcAction: 'The address comes from the site line of the file.',
  },
  INVALID_REPLY: {
    field: { password: 'realmUrl', apiKey: 'realmUrl', zuliprc: 'file' },
    zuliprcAction: 'The address comes from the site line of the file.',
  },
  REALM_DEACTIVATED: { field: { password: 'realmUrl', apiKey: 'realmUrl', zuliprc: 'file' } },
  AUTHENTICATION_FAILED: { field: { password: 'password', apiKey: 'apiKey', zuliprc: 'file' } },
  INVALID_API_KEY: { field: { password: 'password', apiKey: 'apiKey', zuliprc: 'file' } },
  UNAUTHORIZED: { field: { apiKey: 'apiKey', zuliprc: 'file' } },
  USER_DEACTIVATED: { field: { password: 'email', apiKey: 'email', zuliprc: 'file' } },
  NOT_AN_ADMINISTRATOR: { field: { password: 'email', apiKey: 'email', zuliprc: 'file' } },
  CLEARTEXT_REFUSED: {
    field: { password: 'realmUrl', apiKey: 'realmUrl', zuliprc: 'file' },
    zuliprcAction: 'The address comes from the site line of the file.',
  },
  CERTIFICATE_UNTRUSTED: { field: { password: 'caFile', apiKey: 'caFile', zuliprc: 'caFile' } },
  INVALID_CA_FILE: { field: { password: 'caFile', apiKey: 'caFile', zuliprc: 'caFile' } },
};

export function signInProblem(error: unknown, method: SignInMethod): SignInProblem {
  const words = errorWords(error);
  if (!(error instanceof BridgeError)) return { field: null, ...words };
  if (error.code === 'INVALID_INPUT') return invalidInput(error, method);
  const place = PLACES[error.code];
  if (!place) return { field: null, ...words };
  const action = method === 'zuliprc' && place.zuliprcAction ? place.zuliprcAction : words.action;
  return { field: place.field[method] ?? null, message: words.message, action };
}

/**
 * INVALID_INPUT comes from the router (with `issues`, paths naming the fields) or from the core's own
 * checks: the realm URL's normalization, or reading a zuliprc file (with `field` when it says one).
 */
function invalidInput(error: BridgeError, method: SignInMethod): SignInProblem {
  const fields = FIELDS_OF[method];
  const own = (name: unknown) => (method === 'zuliprc' && name === 'contents' ? 'file' : fields.find((field) => field === name));
  const issues = Array.isArray(error.detail.issues) ? (error.detail.issues as { path?: unknown[]; message?: unknown }[]) : [];
  for (const issue of issues) {
    const field = own(issue.path?.[0]);
    if (field) return { field, message: typeof issue.message === 'string' ? issue.message : error.message, action: null };
  }
  const named = own(error.detail.field);
  // Without a field named, the one input the core checks beyond the shared schema: the address.
  return { field: named ?? (method === 'zuliprc' ? 'file' : 'realmUrl'), message: error.message, action: null };
}
