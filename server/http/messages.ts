// Messages: spec 7 (get messages), 13 (mark a topic as read), 20 (render a message), and upstream's
// POST /messages, which sends to a channel and topic or as a direct message.
import { getMessages, markTopicAsRead, renderMessage, sendMessage } from '../../shared/api';
import { getMessages as fetchMessages } from '../actions/fetch-messages';
import * as actions from '../actions/messages';
import type { RouteModule } from './route';

export const messageRoutes: RouteModule = (routes, ctx) => {
  routes.authed(getMessages, (actor, params) => fetchMessages(ctx, actor, params));

  routes.authed(sendMessage, (actor, params, { request }) => actions.sendMessage(ctx, actor, params, clientName(request.headers['user-agent'])));

  routes.authed(renderMessage, (_actor, { content }) => actions.renderContent(ctx, content));

  routes.authed(markTopicAsRead, (actor, { stream_id, topic_name }) => {
    actions.markTopicAsRead(ctx, actor, stream_id, topic_name);
    return {};
  });
};

/** upstream parse_user_agent: the message's `client` is the User-Agent's product name ("ZulipMobile/27.1 …"). */
export function clientName(userAgent: string | undefined): string {
  const name = /^([^/ ]*[^0-9/( ]*)/.exec(userAgent ?? '')?.[1]?.trim();
  return name ? name : 'Unspecified';
}
