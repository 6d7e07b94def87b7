// Upstream's POST /users/me/presence: a client reports the user active or idle and gets everyone's
// presence back. The spec names register's `presences` and the presence event but shows no endpoint
// for them, so its parameters and reply are upstream's (zerver/views/presence.py).
import { z } from 'zod';
import { endpoint, successEnvelope } from './envelope';
import { UserPresence } from './register';

export const updatePresenceParams = z.object({
  /** `active` or `idle`; anything else is refused with upstream's "Invalid status: ..." */
  status: z.string(),
  /** Record the report only; the reply carries no presence data. */
  ping_only: z.boolean().default(false),
  /** The user did something (not just a timer): counts as activity. */
  new_user_input: z.boolean().default(false),
  /** Key presences by user ID in the modern format. */
  slim_presence: z.boolean().default(false),
  /** Leave out users not seen for this many days. */
  history_limit_days: z.int().nonnegative().optional(),
  /** Feature level 263: incremental fetches. Passing it asks for the modern format. */
  last_update_id: z.int().optional(),
});
export type UpdatePresenceParams = z.input<typeof updatePresenceParams>;

export const updatePresenceReply = successEnvelope({
  /** Keyed by user ID (modern format) or by email (legacy); absent with `ping_only`. */
  presences: z.record(z.string(), UserPresence).optional(),
  /** Seconds, with a fraction. */
  server_timestamp: z.number().optional(),
  /** Where an incremental fetch continues from; -1 when the server keeps no such position. */
  presence_last_update_id: z.int().optional(),
});

export const updatePresence = endpoint('POST', '/users/me/presence', updatePresenceParams, updatePresenceReply);
