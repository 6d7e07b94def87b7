// What a register request's client_gravatar and two of its client_capabilities change in the snapshot
// (spec 21): how users' avatar_url is sent, and whether subscriptions' notification settings may be null.
import type { User } from '../../shared/api';
import { canSeeDeliveryEmail, type Viewer } from '../db/user-queries';
import type { UserRow } from '../db/users';

/**
 * upstream's soft deactivation marks users long-term idle after 28 days without a visit (its
 * soft_deactivate_users command's default); only users who have visited at all are ever marked.
 */
export const LONG_TERM_IDLE_DAYS = 28;

/** upstream handle_stream_notifications_compatibility fills exactly these four (not wildcard_mentions_notify). */
const INHERITED_NOTIFICATION_SETTINGS = ['desktop_notifications', 'audible_notifications', 'push_notifications', 'email_notifications'] as const;

/**
 * spec 21 `notification_settings_null`: clients without it cannot read a null subscription setting
 * ("inherit the user-level default"), so the snapshot's subscriptions carry the user's own
 * enable_stream_* value instead. As upstream (post_process_state), only the register snapshot does
 * this: later changes of the user-level settings reach such clients as user_settings events only.
 */
export function withInheritedNotificationSettings<S extends Record<string, unknown>>(subscription: S, settings: Record<string, unknown>): S {
  const filled: Record<string, unknown> = { ...subscription };
  for (const name of INHERITED_NOTIFICATION_SETTINGS) {
    if (filled[name] === null) filled[name] = settings[`enable_stream_${name}`] === true;
  }
  return filled as S;
}

export interface AvatarOptions {
  viewer: Viewer;
  /** spec 21 client_gravatar: the client computes Gravatar URLs itself. */
  clientGravatar: boolean;
  /** spec 21 client_capabilities.user_avatar_url_field_optional. */
  avatarUrlOptional: boolean;
  /** UTC seconds. */
  now: number;
}

/**
 * A user of the snapshot's realm_users or realm_non_active_users as this client asks for it:
 * - with client_gravatar, avatar_url is null when the viewer may see the user's real address (every
 *   sandbox avatar is a Gravatar, so the client can compute it): the rule of upstream's API
 *   description and of the spec's message avatar_url;
 * - with user_avatar_url_field_optional, avatar_url is left out for long-term idle users, as
 *   upstream format_user_row does: humans whose last activity is more than 28 days old.
 */
export function userForClient(user: User, row: Pick<UserRow, 'id' | 'is_bot' | 'last_active'>, options: AvatarOptions): User {
  if (options.avatarUrlOptional && isLongTermIdle(row, options.now)) {
    const { avatar_url: _omitted, ...rest } = user;
    return rest;
  }
  if (options.clientGravatar && canSeeDeliveryEmail(options.viewer, row.id)) return { ...user, avatar_url: null };
  return user;
}

export function isLongTermIdle(row: Pick<UserRow, 'is_bot' | 'last_active'>, now: number): boolean {
  return !row.is_bot && row.last_active !== null && row.last_active < now - LONG_TERM_IDLE_DAYS * 86_400;
}
