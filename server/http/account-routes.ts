// upstream's POST /users (create an account) and DELETE /messages/{message_id}: administration the
// console's tests and the event kinds realm_user add and delete_message need.
import { createUser as createUserEndpoint, deleteMessage as deleteMessageEndpoint } from '../../shared/api';
import { createUser } from '../actions/create-user';
import { deleteMessage } from '../actions/delete-message';
import type { RouteModule } from './route';

export const accountRoutes: RouteModule = (routes, ctx) => {
  routes.authed(createUserEndpoint, (actor, params) => createUser(ctx, actor, params));
  routes.authed(deleteMessageEndpoint, (actor, { message_id }) => {
    deleteMessage(ctx, actor, message_id);
    return {};
  });
};
