// upstream PATCH /settings: a user's own personal settings (the spec's "User settings" section).
import { updateSettings } from '../../shared/api';
import { updateOwnSettings } from '../actions/settings';
import type { RouteModule } from './route';

export const settingsRoutes: RouteModule = (routes, ctx) => {
  routes.authed(updateSettings, (actor, params) => {
    updateOwnSettings(ctx, actor, params);
    return {};
  });
};
