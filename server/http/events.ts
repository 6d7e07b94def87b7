// spec 21 POST /register, and upstream's GET /events (long-poll) and DELETE /events.
import { deleteEventQueue, getEvents, register } from '../../shared/api';
import { ApiError, badRequest } from '../lib/errors';
import type { Db } from '../db/connection';
import type { EventQueues } from '../events/queues';
import { buildSnapshot } from '../events/snapshot';
import type { RouteModule } from './route';

/** Event types the sandbox knows; others in event_types are ignored (spec 21: "unsupported types ignored"). */
export function eventRoutes(queues: EventQueues): RouteModule {
  return (routes, ctx) => {
    routes.optional(register, (user, params) => {
      const capabilities = params.client_capabilities ?? {};
      if (user === null) checkPublicAccess(ctx.db, params);
      const eventTypes = params.event_types ? new Set(params.event_types) : null;
      const fetchTypes = params.fetch_event_types ? new Set(params.fetch_event_types) : eventTypes;
      // spec 21: client_gravatar defaults to true when authenticated, false when not.
      const clientGravatar = params.client_gravatar ?? user !== null;
      const snapshot = buildSnapshot(ctx, {
        user,
        want: fetchTypes,
        includeSubscribers: params.include_subscribers,
        clientGravatar,
        slimPresence: params.slim_presence,
        presenceHistoryLimitDays: params.presence_history_limit_days,
        capabilities,
      });
      if (user === null) return { queue_id: null, last_event_id: -1, ...snapshot };
      const queue = queues.register(user.id, {
        eventTypes,
        narrow: (params.narrow ?? []).map(([operator, operand]) => [operator, operand] as const),
        allPublicStreams: params.all_public_streams,
        capabilities,
        applyMarkdown: params.apply_markdown,
        clientGravatar,
        slimPresence: params.slim_presence,
      });
      return { queue_id: queue.id, last_event_id: queue.lastEventId, ...snapshot };
    });

    routes.authed(getEvents, async (user, params, { reply }) => {
      const queue = queues.get(params.queue_id, user.id);
      const aborted = new Promise<void>((resolve) => reply.raw.once('close', () => resolve()));
      const events = await queues.poll(queue, params.last_event_id, params.dont_block ?? false, aborted);
      return { events };
    });

    routes.authed(deleteEventQueue, (user, params) => {
      queues.delete(params.queue_id, user.id);
      return {};
    });
  };
}

/** spec Authentication 6: only realms that allow public access serve unauthenticated registers. */
function checkPublicAccess(db: Db, params: { client_gravatar?: boolean; include_subscribers: string }): void {
  const realm = db.prepare('SELECT enable_spectator_access, web_public_streams_enabled FROM realm').get() as {
    enable_spectator_access: number;
    web_public_streams_enabled: number;
  };
  if (!realm.enable_spectator_access || !realm.web_public_streams_enabled) {
    throw new ApiError('UNAUTHORIZED', 'Not logged in: API authentication or user session required', {}, {
      headers: { 'WWW-Authenticate': 'Basic realm="zulip"' },
    });
  }
  // spec 21: client_gravatar and include_subscribers=true are errors without credentials.
  if (params.client_gravatar === true) throw badRequest("Invalid 'client_gravatar' parameter for anonymous request");
  if (params.include_subscribers === 'true') throw badRequest("Invalid 'include_subscribers' parameter for anonymous request");
}
