// upstream GET /user_groups: every group with its direct members, direct subgroups and settings.
import { getUserGroups } from '../../shared/api';
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
};
