// Users: spec 19 (get own user), spec 12 (update a user), and upstream's GET /users, GET /users/{id},
// DELETE /users/{id} (deactivate) and POST /users/{id}/reactivate.
import { deactivateUser, getOwnUser, getUser, getUsers, reactivateUser, updateUser } from '../../shared/api';
import * as actions from '../actions/users';
import { getUser as getUserRow } from '../db/users';
import { listUserObjects, ownUserObject, userObject } from '../db/user-queries';
import { badRequest } from '../lib/errors';
import type { RouteModule } from './route';

export const userRoutes: RouteModule = (routes, ctx) => {
  routes.authed(getOwnUser, (actor) => ownUserObject(ctx.db, actor));

  // client_gravatar is accepted but has no effect here: upstream's code applies it only to users whose
  // address everyone may see, and this realm shows addresses to administrators only. (The register
  // snapshot follows the API description's rule instead, server/events/snapshot-compat.ts; changing
  // these replies too would change what the console's user lookups receive, so they stay URLs.)
  routes.authed(getUsers, (actor, { include_custom_profile_fields, user_ids }) => ({
    members: listUserObjects(ctx.db, actor, { userIds: user_ids, includeCustomProfileFields: include_custom_profile_fields ?? false }),
  }));

  routes.authed(getUser, (actor, { user_id, include_custom_profile_fields }) => {
    const row = getUserRow(ctx.db, user_id);
    if (!row) throw badRequest('No such user');
    return { user: userObject(ctx.db, row, actor, { includeCustomProfileFields: include_custom_profile_fields ?? false }) };
  });

  routes.authed(updateUser, (actor, params) => {
    actions.updateUser(ctx, actor, params);
    return {};
  });

  routes.authed(deactivateUser, (actor, { user_id }) => {
    actions.deactivateUser(ctx, actor, user_id);
    return {};
  });

  routes.authed(reactivateUser, (actor, { user_id }) => {
    actions.reactivateUser(ctx, actor, user_id);
    return {};
  });
};
