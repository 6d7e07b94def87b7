// Users: spec endpoints 12 (update a user) and 19 (get own user), plus upstream's user administration
// endpoints the console needs (https://zulip.com/api/get-users, https://zulip.com/api/deactivate-user,
// https://zulip.com/api/reactivate-user, https://zulip.com/api/create-user).
// Upstream documents them: https://zulip.com/api/update-user, https://zulip.com/api/get-own-user.
import { z } from 'zod';
import { EmptySuccess, endpoint, successEnvelope } from './envelope';
import { Role, UserId } from './common';

/** Custom profile field values, keyed by field ID (spec: own-user `profile_data`). */
export const ProfileData = z.record(
  z.string(),
  z.looseObject({ value: z.string(), rendered_value: z.string().nullable().optional() }),
);

/**
 * upstream `CustomProfileField`: one field of the organization's user profiles. `profile_data` on a
 * user holds values keyed by these IDs; the register key `custom_profile_fields` lists the fields.
 */
export const CustomProfileField = z.looseObject({
  id: z.int(),
  /** 1 short text, 2 long text, 3 list of options, 4 date, 5 link, 6 person picker, 7 external account, 8 pronouns. */
  type: z.int(),
  order: z.int(),
  name: z.string(),
  hint: z.string(),
  field_data: z.string(),
  display_in_profile_summary: z.boolean().optional(),
  required: z.boolean().optional(),
});
export type CustomProfileField = z.infer<typeof CustomProfileField>;

/** Spec "Own-user object". */
export const OwnUser = z.looseObject({
  user_id: UserId,
  email: z.string(),
  delivery_email: z.string(),
  full_name: z.string(),
  avatar_url: z.string(),
  avatar_version: z.int(),
  role: Role,
  is_admin: z.boolean(),
  is_owner: z.boolean(),
  is_guest: z.boolean(),
  is_bot: z.boolean(),
  is_active: z.boolean(),
  timezone: z.string(),
  date_joined: z.string(),
  /** Deprecated. */
  max_message_id: z.int(),
  /** Only when `is_bot` is false. */
  profile_data: ProfileData.optional(),
});
export type OwnUser = z.infer<typeof OwnUser>;

/** Upstream's user object in GET /users, register `realm_users` and `realm_user` add events. */
export const User = z.looseObject({
  user_id: UserId,
  email: z.string(),
  /** Null when the viewer may not see the real address. */
  delivery_email: z.string().nullable(),
  full_name: z.string(),
  date_joined: z.string(),
  is_active: z.boolean(),
  is_owner: z.boolean(),
  is_admin: z.boolean(),
  is_guest: z.boolean(),
  is_bot: z.boolean(),
  role: Role,
  timezone: z.string(),
  /** Optional for clients with `user_avatar_url_field_optional`; null with client_gravatar. */
  avatar_url: z.string().nullable().optional(),
  /** Upstream's GET /users examples leave it out. */
  avatar_version: z.int().optional(),
  bot_type: z.int().nullable().optional(),
  bot_owner_id: UserId.nullable().optional(),
  /** Only in register's `cross_realm_bots` (https://zulip.com/api/register-queue): GET /users and realm_users never list system bots. */
  is_system_bot: z.boolean().optional(),
  profile_data: ProfileData.optional(),
});
export type User = z.infer<typeof User>;

// spec 19
export const getOwnUser = endpoint('GET', '/users/me', z.object({}), successEnvelope(OwnUser.shape), { spec: 19 });

/** One custom profile field change in spec 12's `profile_data`. */
export const ProfileDataChange = z.object({
  id: z.int(),
  value: z.union([z.string(), z.array(UserId)]).nullable(),
});

// spec 12: administrators only; only owners add or remove the owner role; the only owner keeps it.
export const updateUserParams = z.object({
  user_id: UserId,
  full_name: z.string().optional(),
  role: Role.optional(),
  profile_data: z.array(ProfileDataChange).optional(),
  new_email: z.string().optional(),
});
export const updateUser = endpoint('PATCH', '/users/{user_id}', updateUserParams, EmptySuccess, { spec: 12 });

// upstream GET /users
export const getUsersParams = z.object({
  client_gravatar: z.boolean().optional(),
  include_custom_profile_fields: z.boolean().optional(),
  user_ids: z.array(UserId).optional(),
});
export const getUsers = endpoint('GET', '/users', getUsersParams, successEnvelope({ members: z.array(User) }));

// upstream GET /users/{user_id}
export const getUser = endpoint(
  'GET',
  '/users/{user_id}',
  z.object({
    user_id: UserId,
    client_gravatar: z.boolean().optional(),
    include_custom_profile_fields: z.boolean().optional(),
  }),
  successEnvelope({ user: User }),
);

// upstream DELETE /users/{user_id}: deactivate; the only owner cannot be deactivated
export const deactivateUser = endpoint(
  'DELETE',
  '/users/{user_id}',
  z.object({ user_id: UserId, deactivation_notification_comment: z.string().max(2000).optional() }),
  EmptySuccess,
);

// upstream POST /users/{user_id}/reactivate
export const reactivateUser = endpoint('POST', '/users/{user_id}/reactivate', z.object({ user_id: UserId }), EmptySuccess);

// upstream POST /users: an administrator creates an account directly (upstream also requires the
// can_create_users permission; the sandbox lets administrators).
export const createUserParams = z.object({
  email: z.string().min(1),
  password: z.string(),
  full_name: z.string().min(1),
});
export const createUser = endpoint('POST', '/users', createUserParams, successEnvelope({ user_id: UserId }));
