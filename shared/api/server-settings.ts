// upstream GET /server_settings (no credentials): whether an address is a team-chat server, which
// version and feature level it runs, and how to sign in. The console checks a realm URL with it.
import { z } from 'zod';
import { endpoint, successEnvelope } from './envelope';

export const ServerSettings = successEnvelope({
  zulip_version: z.string().optional(),
  zulip_feature_level: z.int().optional(),
  /** The spec's name for the feature level (upstream sends zulip_feature_level). */
  service_feature_level: z.int().optional(),
  authentication_methods: z.record(z.string(), z.boolean()).optional(),
  email_auth_enabled: z.boolean().optional(),
  require_email_format_usernames: z.boolean().optional(),
  push_notifications_enabled: z.boolean().optional(),
  realm_uri: z.string().optional(),
  realm_url: z.string().optional(),
  realm_name: z.string().optional(),
  realm_icon: z.string().optional(),
  realm_description: z.string().optional(),
  realm_web_public_access_enabled: z.boolean().optional(),
});
export type ServerSettings = z.infer<typeof ServerSettings>;

export const getServerSettings = endpoint('GET', '/server_settings', z.object({}), ServerSettings, { auth: 'none' });
