// spec 4: update the realm-level defaults of user settings. The schema in shared/api checks every value.
import { updateRealmUserSettingsDefaults } from '../../shared/api';
import { updateUserSettingsDefaults } from '../actions/realm-defaults';
import type { RouteModule } from './route';

export const realmDefaultsRoutes: RouteModule = (routes, ctx) => {
  routes.authed(updateRealmUserSettingsDefaults, (actor, params) => {
    updateUserSettingsDefaults(ctx, actor, params);
    return {};
  });
};
