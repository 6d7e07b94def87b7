// The register request the console sends (spec 21): the event kinds it keeps, the snapshot sections
// they start from, and the capabilities it declares. Here, not in the core, so the sandbox's contract
// tests check the very request the console makes (server/ cannot import electron/).
import type { RegisterParams } from './register';

/** The event kinds the console keeps (electron/core/session/reducer.ts). */
export const EVENT_TYPES = [
  'realm',
  'realm_user',
  'stream',
  'subscription',
  'channel_folder',
  'user_group',
  'realm_user_settings_defaults',
  'default_streams',
  'invites_changed',
  'message',
  'delete_message',
  'custom_profile_fields',
  'presence',
] as const;
export const FETCH_EVENT_TYPES = [
  'realm',
  'realm_user',
  'realm_user_groups',
  'stream',
  'subscription',
  'channel_folders',
  'realm_user_settings_defaults',
  'default_streams',
  'custom_profile_fields',
  'presence',
] as const;

export const CLIENT_CAPABILITIES = {
  notification_settings_null: true,
  bulk_message_deletion: true,
  user_settings_object: true,
  linkifier_url_template: true,
  include_deactivated_groups: true,
  archived_channels: true,
  empty_topic_name: true,
  simplified_presence_events: true,
  stream_typing_notifications: false,
  // The console administers everyone: it must hear of every user.
  user_list_incomplete: false,
} as const;

/**
 * The register request. Message events matter only for counting reports, so they are asked for only
 * with a moderation channel to narrow them to (upstream filters a queue's messages by channel name).
 */
export function consoleRegisterParams(reportChannel: string | null, presenceHistoryDays: number): RegisterParams {
  return {
    event_types: reportChannel === null ? EVENT_TYPES.filter((type) => type !== 'message') : [...EVENT_TYPES],
    fetch_event_types: [...FETCH_EVENT_TYPES],
    narrow: reportChannel === null ? [] : [['channel', reportChannel]],
    // Subscriber lists, so peer events keep each channel's subscribers (and count) exact.
    include_subscribers: 'true',
    // Presences keyed by user ID, as far back as the idle-accounts filter needs.
    slim_presence: true,
    presence_history_limit_days: presenceHistoryDays,
    client_gravatar: false,
    apply_markdown: false,
    client_capabilities: CLIENT_CAPABILITIES,
  };
}
