// spec 10: POST /users/me/status. The schema in shared/api refuses an empty request, a too-long text
// and an emoji code or type without a name; the action checks the emoji itself.
import { updateStatus as updateStatusEndpoint } from '../../shared/api';
import { updateStatus } from '../actions/status';
import type { RouteModule } from './route';

export const statusRoutes: RouteModule = (routes, ctx) => {
  routes.authed(updateStatusEndpoint, (actor, params) => {
    updateStatus(ctx, actor, params);
    return {};
  });
};
