// upstream GET /server_settings: what a client needs before signing in.
import { getServerSettings } from '../../shared/api';
import { SERVICE_VERSION } from '../config';
import type { RouteModule } from './route';

export const serverSettingsRoutes: RouteModule = (routes, ctx) => {
  routes.anonymous(getServerSettings, () => {
    const realm = ctx.db.prepare('SELECT name, enable_spectator_access, web_public_streams_enabled FROM realm').get() as {
      name: string;
      enable_spectator_access: number;
      web_public_streams_enabled: number;
    };
    return {
      zulip_version: SERVICE_VERSION,
      zulip_merge_base: SERVICE_VERSION,
      zulip_feature_level: ctx.config.featureLevel,
      service_feature_level: ctx.config.featureLevel,
      // The sandbox signs in with passwords (and API keys); it has no single sign-on.
      authentication_methods: { password: true, email: true, dev: false, ldap: false, remoteuser: false, github: false, azuread: false, google: false, saml: false },
      external_authentication_methods: [],
      email_auth_enabled: true,
      require_email_format_usernames: true,
      push_notifications_enabled: ctx.config.pushConfigured,
      is_incompatible: false,
      realm_url: ctx.realmUrl,
      realm_uri: ctx.realmUrl,
      realm_name: realm.name,
      realm_icon: '',
      realm_description: '',
      realm_web_public_access_enabled: Boolean(realm.enable_spectator_access && realm.web_public_streams_enabled),
    };
  });
};
