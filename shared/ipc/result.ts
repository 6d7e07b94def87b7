// The envelope every IPC call returns: a value, or an error that keeps the spec's code and extra fields.
import { z } from 'zod';

/**
 * Codes the console itself raises, beside the server's codes (BAD_REQUEST, INVITATION_FAILED, ...),
 * which pass through unchanged.
 */
export const CONSOLE_ERROR_CODES = {
  /** The renderer sent input that does not match the channel's schema. */
  INVALID_INPUT: 'INVALID_INPUT',
  /** The channel name is not in the contract. */
  UNKNOWN_CHANNEL: 'UNKNOWN_CHANNEL',
  /** The call did not come from the console's own window or session. */
  FORBIDDEN_SENDER: 'FORBIDDEN_SENDER',
  /** The server could not be reached, or did not answer in time. */
  NETWORK_ERROR: 'NETWORK_ERROR',
  /** The server answered with something the spec does not allow. */
  INVALID_REPLY: 'INVALID_REPLY',
  /** A bug in the console core; the message says what failed. */
  INTERNAL: 'INTERNAL',
  /** The call was cancelled before it finished. */
  ABORTED: 'ABORTED',
  /** The account is a member or guest: the console needs an owner, administrator or moderator. */
  NOT_AN_ADMINISTRATOR: 'NOT_AN_ADMINISTRATOR',
  /** No keyring encrypts API keys here; the user may agree to save the key unencrypted. */
  SECRET_STORAGE_UNAVAILABLE: 'SECRET_STORAGE_UNAVAILABLE',
  /** A saved key can no longer be decrypted; the user must sign in again. */
  SECRET_UNREADABLE: 'SECRET_UNREADABLE',
  SECRET_STORAGE_FAILED: 'SECRET_STORAGE_FAILED',
  /** The account is not signed in (any more). */
  UNKNOWN_ACCOUNT: 'UNKNOWN_ACCOUNT',
  /**
   * A read of a realm whose session has not reached the server yet (no snapshot, and a try failed).
   * `retryAt` says when the session tries again; reads are worth repeating once it is live.
   */
  NOT_CONNECTED: 'NOT_CONNECTED',
  /** The accounts file could not be written; nothing changed. */
  ACCOUNTS_NOT_SAVED: 'ACCOUNTS_NOT_SAVED',
  /** http:// to a server not on this computer, without the user's consent for that organization. */
  CLEARTEXT_REFUSED: 'CLEARTEXT_REFUSED',
  /**
   * The server's certificate is not trusted (or a zuliprc says insecure=true): choose the organization's
   * certificate authority, or consent to not checking it for that organization. `reason` says which.
   */
  CERTIFICATE_UNTRUSTED: 'CERTIFICATE_UNTRUSTED',
  /** The file chosen as a certificate authority is not one (`field: 'caFile'`). */
  INVALID_CA_FILE: 'INVALID_CA_FILE',
  /** The network settings could not be written; the ones before stay in use. */
  NETWORK_SETTINGS_NOT_SAVED: 'NETWORK_SETTINGS_NOT_SAVED',
} as const;
export type ConsoleErrorCode = keyof typeof CONSOLE_ERROR_CODES;

/** `{ code, msg, ...extra }`: the server's fields for server errors, the console's for its own. */
export const IpcError = z.looseObject({ code: z.string(), msg: z.string() });
export type IpcError = z.infer<typeof IpcError>;

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

export function ipcResult<T extends z.ZodType>(value: T) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value }),
    z.object({ ok: z.literal(false), error: IpcError }),
  ]);
}
