// spec 14: POST /mobile_push/register.
import { registerPushDevice } from '../../shared/api';
import * as actions from '../actions/push';
import type { RouteModule } from './route';

export const pushRoutes: RouteModule = (routes, ctx) => {
  routes.authed(registerPushDevice, (actor, params) => {
    actions.registerPushDevice(ctx, actor, params);
    return {};
  });
};
