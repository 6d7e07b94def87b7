// Invitations: spec endpoint 9, plus upstream's GET /invites, DELETE /invites/{id} and resend
// (https://zulip.com/api/send-invites, https://zulip.com/api/get-invites,
// https://zulip.com/api/revoke-email-invite, https://zulip.com/api/resend-email-invite).
import { z } from 'zod';
import { EmptySuccess, endpoint, successEnvelope } from './envelope';
import { ChannelId, GroupId, Role, Timestamp, UserId } from './common';

/** spec Limits: welcome_message_custom_text. */
export const MAX_WELCOME_MESSAGE_LENGTH = 8000;
/** spec Limits: default invitation validity, in minutes (10 days). */
export const DEFAULT_INVITE_EXPIRY_MINUTES = 14400;

// spec 9
export const sendInvitesParams = z.object({
  /** Addresses separated by commas or newlines; `Name <email>` is accepted. */
  invitee_emails: z
    .string()
    .refine((emails) => emails.split(/[,\n]/).some((email) => email.trim() !== ''), 'You must specify at least one email address.'),
  /** Null: the invitation never expires. */
  invite_expires_in_minutes: z.int().positive().nullable().optional(),
  /** Only roles equal to or more restricted than the inviter's (spec Authentication 7). */
  invite_as: Role.optional(),
  stream_ids: z.array(ChannelId),
  group_ids: z.array(GroupId).optional(),
  include_realm_default_subscriptions: z.boolean().optional(),
  notify_referrer_on_join: z.boolean().optional(),
  /** Administrators only. Null: the organization default; empty string: no custom message. */
  welcome_message_custom_text: z.string().max(MAX_WELCOME_MESSAGE_LENGTH).nullable().optional(),
});
export type SendInvitesParams = z.input<typeof sendInvitesParams>;
export const sendInvites = endpoint('POST', '/invites', sendInvitesParams, EmptySuccess, { spec: 9 });

/** Upstream's invitation object: an email invitation, or a reusable link (`is_multiuse`). */
export const Invite = z.looseObject({
  id: z.int(),
  invited_by_user_id: UserId,
  invited: Timestamp,
  /** Null: never expires. */
  expiry_date: Timestamp.nullable(),
  invited_as: Role,
  /** Absent for reusable links. */
  email: z.string().optional(),
  /** Present only for reusable links. */
  link_url: z.string().optional(),
  is_multiuse: z.boolean(),
  notify_referrer_on_join: z.boolean().optional(),
});
export type Invite = z.infer<typeof Invite>;

export const getInvites = endpoint('GET', '/invites', z.object({}), successEnvelope({ invites: z.array(Invite) }));

export const revokeInvite = endpoint('DELETE', '/invites/{invite_id}', z.object({ invite_id: z.int() }), EmptySuccess);

export const resendInvite = endpoint('POST', '/invites/{invite_id}/resend', z.object({ invite_id: z.int() }), EmptySuccess);
