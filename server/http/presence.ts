// upstream POST /users/me/presence: a client reports the user active or idle and gets everyone's
// presence back. The spec shows no endpoint for it (it names register `presences` and the presence
// event), so its parameters and reply are upstream's and live here rather than in shared/api.
import { z } from 'zod';
import { endpoint, successEnvelope, UserPresence } from '../../shared/api';
import { reportPresence } from '../actions/presence';
import type { RouteModule } from './app';

export const updatePresenceParams = z.object({
  /** `active` or `idle`; anything else is refused with upstream's "Invalid status: ..." */
  status: z.string(),
  /** Record the report only; the reply carries no presence data. */
  ping_only: z.boolean().default(false),
  /** The user did something (not just a timer): counts as activity. */
  new_user_input: z.boolean().default(false),
  /** Key presences by user ID in the modern format. */
  slim_presence: z.boolean().default(false),
  history_limit_days: z.int().nonnegative().optional(),
  /** upstream (feature level 263): incremental fetches. Passing it asks for the modern format. */
  last_update_id: z.int().optional(),
});

export const updatePresenceReply = successEnvelope({
  presences: z.record(z.string(), UserPresence).optional(),
  /** Seconds, with a fraction. */
  server_timestamp: z.number().optional(),
  presence_last_update_id: z.int().optional(),
});

export const updatePresence = endpoint('POST', '/users/me/presence', updatePresenceParams, updatePresenceReply);

export const presenceRoutes: RouteModule = (routes, ctx) => {
  routes.authed(updatePresence, (actor, params) => {
    const reply = reportPresence(ctx, actor, {
      status: params.status,
      ping_only: params.ping_only,
      new_user_input: params.new_user_input,
      slim_presence: params.slim_presence || params.last_update_id !== undefined,
      history_limit_days: params.history_limit_days,
    });
    // The sandbox keeps no presence update counter, so every reply is a full one: -1 is upstream's
    // "no incremental position", and a client sending it back gets everything again.
    return params.ping_only ? reply : { ...reply, presence_last_update_id: -1 };
  });
};
