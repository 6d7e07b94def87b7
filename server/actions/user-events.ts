// The events user changes publish, in upstream's shapes (https://zulip.com/api/get-events).
// Pure builders: the actions decide who receives them and publish after their transaction commits.
import type { PersonUpdate, Role } from '../../shared/api';
import type { ServerEvent } from '../events/bus';
import { ROLE_SYSTEM_GROUP } from '../db/groups';

/** upstream: realm_user update with `user_id` and exactly one of the person forms. */
export function personUpdateEvent(userId: number, change: Omit<PersonUpdate, 'user_id'>): ServerEvent {
  return { type: 'realm_user', op: 'update', person: { user_id: userId, ...change } };
}


/**
 * upstream do_change_user_role: the role update, then the user leaves the old role's system group and
 * joins the new one's.
 */
export function roleChangeEvents(userId: number, oldRole: Role, newRole: Role): ServerEvent[] {
  if (oldRole === newRole) return [];
  const events = [personUpdateEvent(userId, { role: newRole })];
  const oldGroup = ROLE_SYSTEM_GROUP[oldRole];
  const newGroup = ROLE_SYSTEM_GROUP[newRole];
  if (oldGroup !== newGroup) {
    events.push({ type: 'user_group', op: 'remove_members', group_id: oldGroup, user_ids: [userId] });
    events.push({ type: 'user_group', op: 'add_members', group_id: newGroup, user_ids: [userId] });
  }
  return events;
}

/** upstream notify_user_update_custom_profile_data: `rendered_value` only when there is one; null value when removed. */
export function profileFieldEvent(userId: number, fieldId: number, value: string | null, renderedValue: string | null): ServerEvent {
  return personUpdateEvent(userId, {
    custom_profile_field: { id: fieldId, value, ...(renderedValue ? { rendered_value: renderedValue } : {}) },
  });
}

/** Who hears of an email change, and what (upstream do_change_user_delivery_email). */
export interface EmailChangeEvents {
  /** `{user_id, delivery_email}`: for those who may see real addresses. */
  toAddressViewers: ServerEvent;
  /** The Gravatar follows the address: `{user_id, avatar_url, avatar_source, avatar_url_medium, avatar_version}`. */
  avatar: ServerEvent;
  /** `{user_id, new_email}`: the API email, for everyone. */
  newEmail: ServerEvent;
}

export function emailChangeEvents(userId: number, newEmail: string, avatar: { url: string; mediumUrl: string; version: number }): EmailChangeEvents {
  return {
    toAddressViewers: personUpdateEvent(userId, { delivery_email: newEmail }),
    avatar: personUpdateEvent(userId, {
      avatar_url: avatar.url,
      avatar_source: 'G',
      avatar_url_medium: avatar.mediumUrl,
      avatar_version: avatar.version,
    }),
    newEmail: personUpdateEvent(userId, { new_email: newEmail }),
  };
}
