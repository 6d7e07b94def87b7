// The organization's permission settings the sandbox keeps at upstream's defaults. No sandbox endpoint
// changes them, so they are constants: the actions that check them use these values, and the register
// snapshot advertises them under upstream's names (`realm_<setting>`, https://zulip.com/api/register-queue).
import type { GroupSettingValue } from '../../shared/api';
import type { Db } from './connection';
import { parseGroupSetting, systemGroupId } from './groups';

export const FIXED_REALM_PERMISSIONS = {
  can_create_public_channel_group: systemGroupId('role:members'),
  can_create_private_channel_group: systemGroupId('role:members'),
  can_delete_any_message_group: systemGroupId('role:administrators'),
  can_delete_own_message_group: systemGroupId('role:everyone'),
  can_move_messages_between_channels_group: systemGroupId('role:members'),
  can_move_messages_between_topics_group: systemGroupId('role:everyone'),
  can_resolve_topics_group: systemGroupId('role:everyone'),
  can_set_topics_policy_group: systemGroupId('role:members'),
  can_set_delete_message_policy_group: systemGroupId('role:moderators'),
} as const satisfies Record<string, GroupSettingValue>;

/** The organization's settings that govern channels, as the register snapshot's `realm` section names them. */
export function realmChannelSettings(db: Db): Record<string, unknown> {
  const realm = db
    .prepare('SELECT web_public_streams_enabled, enable_spectator_access, can_create_web_public_channel_group, can_add_subscribers_group, message_retention_days FROM realm')
    .get() as {
    web_public_streams_enabled: number;
    enable_spectator_access: number;
    can_create_web_public_channel_group: string;
    can_add_subscribers_group: string;
    message_retention_days: number | null;
  };
  const fixed = Object.fromEntries(Object.entries(FIXED_REALM_PERMISSIONS).map(([name, value]) => [`realm_${name}`, value]));
  return {
    // upstream: -1 keeps messages forever (the organization's "unlimited").
    realm_message_retention_days: realm.message_retention_days ?? -1,
    server_web_public_streams_enabled: Boolean(realm.web_public_streams_enabled),
    realm_enable_spectator_access: Boolean(realm.enable_spectator_access),
    realm_can_create_web_public_channel_group: parseGroupSetting(realm.can_create_web_public_channel_group),
    realm_can_add_subscribers_group: parseGroupSetting(realm.can_add_subscribers_group),
    ...fixed,
  };
}
