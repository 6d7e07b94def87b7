// spec 4: update the realm-level defaults of user settings. The schema in shared/api checks every value.
// A server acting as an older one (`featureLevel`) reads the parameters as that level's upstream did:
// settings added later are not parameters, so they are listed in `ignored_parameters_unsupported`.
import { realmDefaultsParamsAt, updateRealmUserSettingsDefaults } from '../../shared/api';
import { updateUserSettingsDefaults } from '../actions/realm-defaults';
import type { RouteModule } from './route';

export const realmDefaultsRoutes: RouteModule = (routes, ctx) => {
  const endpoint = { ...updateRealmUserSettingsDefaults, params: realmDefaultsParamsAt(ctx.config.featureLevel) };
  routes.authed(endpoint, (actor, params) => {
    updateUserSettingsDefaults(ctx, actor, params);
    return {};
  });
};
