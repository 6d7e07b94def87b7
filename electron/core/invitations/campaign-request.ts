// What one batch's request says: spec 9's parameters (https://zulip.com/api/send-invites) from the
// campaign's options, with the batch's addresses.
import type { SendInvitesParams } from '../../../shared/api';
import type { CampaignOptions } from '../../../shared/ipc';

export function sendInvitesParams(options: CampaignOptions, emails: readonly string[]): SendInvitesParams {
  return {
    // Bare addresses, one per line: names (which may hold commas) never reach the server's split.
    invitee_emails: emails.join('\n'),
    stream_ids: options.stream_ids,
    invite_as: options.invite_as,
    invite_expires_in_minutes: options.invite_expires_in_minutes,
    include_realm_default_subscriptions: options.include_realm_default_subscriptions,
    notify_referrer_on_join: options.notify_referrer_on_join,
    ...(options.group_ids.length > 0 ? { group_ids: options.group_ids } : {}),
    // Null is the organization's default, which is what leaving the parameter out means.
    ...(options.welcome_message_custom_text !== null ? { welcome_message_custom_text: options.welcome_message_custom_text } : {}),
  };
}
