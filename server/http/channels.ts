// Channels: spec 3 (update a channel), spec 15 (topics in a channel), and upstream's GET /streams,
// GET /streams/{stream_id}, DELETE /streams/{stream_id}, GET /streams/{stream_id}/members, and POST and
// DELETE /users/me/subscriptions (https://zulip.com/api/get-streams, /get-stream-by-id, /archive-stream,
// /get-subscribers, /subscribe, /unsubscribe).
import {
  archiveChannel as archiveChannelEndpoint,
  getStream as getStreamEndpoint,
  getStreams,
  getSubscribers,
  getTopics,
  subscribe,
  unsubscribe,
  updateChannel as updateChannelEndpoint,
} from '../../shared/api';
import { seconds } from '../lib/clock';
import { archiveChannel } from '../actions/archive-channel';
import { updateChannel } from '../actions/channels';
import { subscribeToChannels } from '../actions/subscribe';
import { channelSubscribers, unsubscribeFromChannels } from '../actions/unsubscribe';
import { getStream, getSubscription, hasContentAccess, hasMetadataAccess, streamObject, streamsForUser, topicsInStream } from '../db/stream-queries';
import { isAdmin } from '../db/users';
import { badRequest } from '../lib/errors';
import type { RouteModule } from './route';

export const channelRoutes: RouteModule = (routes, ctx) => {
  routes.authed(updateChannelEndpoint, (actor, params) => {
    updateChannel(ctx, actor, params);
    return {};
  });

  routes.authed(getStreams, (actor, params) => {
    if (params.include_all && !isAdmin(actor)) throw badRequest('User not authorized for this query');
    const rows = streamsForUser(ctx.db, actor, {
      includePublic: params.include_public ?? true,
      includeWebPublic: params.include_web_public ?? false,
      includeSubscribed: params.include_subscribed ?? true,
      excludeArchived: params.exclude_archived ?? true,
      includeAll: params.include_all ?? false,
      includeOwnerSubscribed: params.include_owner_subscribed ?? false,
      includeCanAccessContent: params.include_can_access_content ?? false,
    });
    const now = seconds(ctx.clock);
    return { streams: rows.map((row) => streamObject(ctx.db, row, { now, includeDefault: params.include_default ?? false })) };
  });

  routes.authed(getStreamEndpoint, (actor, { stream_id }) => {
    // upstream access_stream_by_id(require_content_access=False): metadata access is enough.
    const stream = getStream(ctx.db, stream_id);
    if (!stream || !hasMetadataAccess(ctx.db, actor, stream, getSubscription(ctx.db, stream.id, actor.id) !== undefined)) throw badRequest('Invalid channel ID');
    return { stream: streamObject(ctx.db, stream, { now: seconds(ctx.clock) }) };
  });

  routes.authed(archiveChannelEndpoint, (actor, { stream_id }) => {
    archiveChannel(ctx, actor, stream_id);
    return {};
  });

  routes.authed(subscribe, (actor, params) => ({ ...subscribeToChannels(ctx, actor, params) }));

  routes.authed(unsubscribe, (actor, params) => ({ ...unsubscribeFromChannels(ctx, actor, params) }));

  routes.authed(getSubscribers, (actor, { stream_id }) => ({ subscribers: channelSubscribers(ctx, actor, stream_id, getStream(ctx.db, stream_id)) }));

  routes.authed(getTopics, (actor, { stream_id, allow_empty_topic_name }) => {
    // spec 15: a channel that does not exist and one the user may not read give the same error.
    const stream = getStream(ctx.db, stream_id);
    const subscription = stream ? getSubscription(ctx.db, stream.id, actor.id) : undefined;
    if (!stream || !hasContentAccess(ctx.db, actor, stream, subscription !== undefined)) throw badRequest('Invalid channel ID');
    // spec 15: with protected history, only topics of messages sent after the user subscribed.
    if (!stream.history_public_to_subscribers && !subscription) return { topics: [] };
    const after = stream.history_public_to_subscribers ? 0 : (subscription?.subscribed_after_message_id ?? 0);
    // spec Conventions 5: without allow_empty_topic_name the empty topic goes by its display name.
    const display = ctx.db.prepare('SELECT empty_topic_display_name FROM realm').pluck().get() as string;
    const topics = topicsInStream(ctx.db, stream.id, after).map(({ name, max_id }) => ({
      name: name === '' && !allow_empty_topic_name ? display : name,
      max_id,
    }));
    return { topics };
  });
};
