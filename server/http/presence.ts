// upstream POST /users/me/presence (shared/api/presence.ts): a client reports the user active or idle
// and gets everyone's presence back.
import { updatePresence } from '../../shared/api';
import { reportPresence } from '../actions/presence';
import type { RouteModule } from './route';

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
