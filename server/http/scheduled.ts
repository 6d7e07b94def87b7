// Scheduled messages: spec 5 (PATCH /scheduled_messages/{id}) and upstream's GET, POST and
// DELETE /scheduled_messages.
import { createScheduledMessage, deleteScheduledMessage, editScheduledMessage, getScheduledMessages } from '../../shared/api';
import * as actions from '../actions/scheduled';
import { listScheduledMessages } from '../db/scheduled-queries';
import type { RouteModule } from './route';
import { clientName } from './messages';

export const scheduledRoutes: RouteModule = (routes, ctx) => {
  routes.authed(getScheduledMessages, (actor) => ({ scheduled_messages: listScheduledMessages(ctx.db, actor.id) }));

  routes.authed(createScheduledMessage, (actor, params, { request }) => ({
    scheduled_message_id: actions.createScheduledMessage(ctx, actor, params, clientName(request.headers['user-agent'])),
  }));

  routes.authed(editScheduledMessage, (actor, params) => {
    actions.editScheduledMessage(ctx, actor, params);
    return {};
  });

  routes.authed(deleteScheduledMessage, (actor, { scheduled_message_id }) => {
    actions.deleteScheduledMessage(ctx, actor, scheduled_message_id);
    return {};
  });
};
