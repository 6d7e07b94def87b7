// upstream GET /user_groups: every group with its direct members, direct subgroups and settings; and
// custom groups' create, update, members and subgroups (https://zulip.com/api/create-user-group,
// /api/update-user-group, /api/update-user-group-members, /api/update-user-group-subgroups).
import { createUserGroup, getUserGroups, updateUserGroup, updateUserGroupMembers, updateUserGroupSubgroups } from '../../shared/api';
import * as groups from '../actions/user-groups';
import { listGroupObjects } from '../db/group-queries';
import { isGuest } from '../db/users';
import { badRequest } from '../lib/errors';
import type { RouteModule } from './route';

export const groupRoutes: RouteModule = (routes, ctx) => {
  routes.authed(getUserGroups, (actor, { include_deactivated_groups }) => {
    // upstream require_member_or_admin: guests and bots are turned away, in this order.
    if (isGuest(actor)) throw badRequest('Not allowed for guest users');
    if (actor.is_bot) throw badRequest('This endpoint does not accept bot requests.');
    return { user_groups: listGroupObjects(ctx.db, include_deactivated_groups ?? false) };
  });

  routes.authed(createUserGroup, (actor, params) => ({ group_id: groups.createUserGroup(ctx, actor, params) }));

  routes.authed(updateUserGroup, (actor, params) => {
    groups.updateUserGroup(ctx, actor, params);
    return {};
  });

  routes.authed(updateUserGroupMembers, (actor, params) => {
    groups.updateUserGroupMembers(ctx, actor, params);
    return {};
  });

  routes.authed(updateUserGroupSubgroups, (actor, params) => {
    groups.updateUserGroupSubgroups(ctx, actor, params);
    return {};
  });
};
