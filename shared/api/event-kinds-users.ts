// Event kinds about people: `realm_user`, `user_group`, `presence`, `user_status`, and the user's own
// settings (`user_settings`, plus the legacy `update_global_notifications` and `update_display_settings`
// sent to clients without `user_settings_object`, spec Events 4, docs/api.md). Shapes from upstream's
// https://zulip.com/api/get-events.
import { z } from 'zod';
import { GroupId, Role, UserId } from './common';
import { User } from './users';
import { UserGroup } from './groups';
import { UserStatus } from './status';
import { LegacyPresence, ModernPresence } from './register';
import { eventOf, opEventOf } from './event-kinds-base';

/** A setting's value in settings events. */
const SettingValue = z.union([z.boolean(), z.int(), z.string()]);

export const RealmUserAddEvent = opEventOf('realm_user', 'add', { person: User });

/**
 * What changed about one user. Upstream sends `user_id` with exactly one of these forms:
 * `{role}`, `{full_name}`, `{is_active}`, `{avatar_url, avatar_source, avatar_url_medium, avatar_version}`,
 * `{timezone, email}`, `{bot_owner_id}`, `{delivery_email}`, `{custom_profile_field}`, `{new_email}`
 * (and `{is_billing_admin}` before feature level 363). One object with optional keys rather than a
 * union of the forms: a broken value is reported at its own key, and a form a newer server adds still
 * reads (the reducer applies the keys it knows).
 */
export const PersonUpdate = z.looseObject({
  user_id: UserId,
  role: Role.optional(),
  full_name: z.string().optional(),
  /** Since feature level 222 deactivation is this, not a `remove`. */
  is_active: z.boolean().optional(),
  /** Null for clients with `client_gravatar` when the user's avatar is a Gravatar. */
  avatar_url: z.string().nullable().optional(),
  /** `G` (Gravatar) or `U` (uploaded). */
  avatar_source: z.string().optional(),
  avatar_url_medium: z.string().nullable().optional(),
  avatar_version: z.int().optional(),
  timezone: z.string().optional(),
  /** Deprecated; comes with `timezone`. */
  email: z.string().optional(),
  bot_owner_id: UserId.nullable().optional(),
  /** Null when the viewer may no longer see the real address. */
  delivery_email: z.string().nullable().optional(),
  custom_profile_field: z
    .looseObject({
      id: z.int(),
      /** Null when unset. */
      value: z.string().nullable(),
      /** Only for field types rendered as Markdown. */
      rendered_value: z.string().nullable().optional(),
    })
    .optional(),
  /** The user's new API email (`email` in user objects). */
  new_email: z.string().optional(),
  is_billing_admin: z.boolean().optional(),
});
export type PersonUpdate = z.infer<typeof PersonUpdate>;

export const RealmUserUpdateEvent = opEventOf('realm_user', 'update', { person: PersonUpdate });

/** The viewer can no longer see this user (or, before feature level 222, the user was deactivated). */
export const RealmUserRemoveEvent = opEventOf('realm_user', 'remove', {
  person: z.looseObject({ user_id: UserId, full_name: z.string() }),
});

export const RealmUserEvent = z.discriminatedUnion('op', [RealmUserAddEvent, RealmUserUpdateEvent, RealmUserRemoveEvent]);
export type RealmUserEvent = z.infer<typeof RealmUserEvent>;

export const UserGroupAddEvent = opEventOf('user_group', 'add', { group: UserGroup });
/** Only the changed keys of the group are in `data`, each as the group object has it. */
export const UserGroupUpdateEvent = opEventOf('user_group', 'update', {
  group_id: GroupId,
  data: UserGroup.pick({
    name: true,
    description: true,
    deactivated: true,
    can_add_members_group: true,
    can_join_group: true,
    can_leave_group: true,
    can_manage_group: true,
    can_mention_group: true,
    can_remove_members_group: true,
  }).partial(),
});
const members = { group_id: GroupId, user_ids: z.array(UserId) };
const subgroups = { group_id: GroupId, direct_subgroup_ids: z.array(GroupId) };
export const UserGroupAddMembersEvent = opEventOf('user_group', 'add_members', members);
export const UserGroupRemoveMembersEvent = opEventOf('user_group', 'remove_members', members);
export const UserGroupAddSubgroupsEvent = opEventOf('user_group', 'add_subgroups', subgroups);
export const UserGroupRemoveSubgroupsEvent = opEventOf('user_group', 'remove_subgroups', subgroups);
export const UserGroupRemoveEvent = opEventOf('user_group', 'remove', { group_id: GroupId });

export const UserGroupEvent = z.discriminatedUnion('op', [
  UserGroupAddEvent,
  UserGroupUpdateEvent,
  UserGroupAddMembersEvent,
  UserGroupRemoveMembersEvent,
  UserGroupAddSubgroupsEvent,
  UserGroupRemoveSubgroupsEvent,
  UserGroupRemoveEvent,
]);
export type UserGroupEvent = z.infer<typeof UserGroupEvent>;

/** With `simplified_presence_events` (feature level 419): presences keyed by user ID. */
export const ModernPresenceEvent = eventOf('presence', { presences: z.record(z.string(), ModernPresence) });
/** Without it: one user's presence per client. */
export const LegacyPresenceEvent = eventOf('presence', {
  user_id: UserId,
  /** Deprecated. */
  email: z.string().optional(),
  /** Seconds, with a fraction. */
  server_timestamp: z.number(),
  presence: LegacyPresence,
});
export const PresenceEvent = z.union([ModernPresenceEvent, LegacyPresenceEvent]);
export type PresenceEvent = z.infer<typeof PresenceEvent>;

/** Only the parts of the status that changed are present. */
export const UserStatusEvent = eventOf('user_status', { user_id: UserId, ...UserStatus.shape });
export type UserStatusEvent = z.infer<typeof UserStatusEvent>;

export const UserSettingsEvent = opEventOf('user_settings', 'update', {
  property: z.string(),
  value: SettingValue,
  /** Only when `property` is `default_language`: the language's English name. */
  language_name: z.string().optional(),
});
export type UserSettingsEvent = z.infer<typeof UserSettingsEvent>;

/** Legacy (feature level 89): only to clients without `user_settings_object`. */
export const UpdateGlobalNotificationsEvent = eventOf('update_global_notifications', {
  /** The user's API email. */
  user: z.string(),
  notification_name: z.string(),
  setting: SettingValue,
});
export type UpdateGlobalNotificationsEvent = z.infer<typeof UpdateGlobalNotificationsEvent>;

/** Legacy (feature level 89): only to clients without `user_settings_object`. */
export const UpdateDisplaySettingsEvent = eventOf('update_display_settings', {
  user: z.string(),
  setting_name: z.string(),
  setting: SettingValue,
  language_name: z.string().optional(),
});
export type UpdateDisplaySettingsEvent = z.infer<typeof UpdateDisplaySettingsEvent>;
