// Channel entries for renderer tests, shaped like the sandbox's (upstream's stream object).
import type { ChannelEntry } from '../../../../../shared/ipc';

export function channelEntry(id: number, name: string, change: Partial<ChannelEntry['channel']> = {}, extra: Partial<Omit<ChannelEntry, 'channel'>> = {}): ChannelEntry {
  return {
    channel: {
      stream_id: id,
      name,
      description: `About ${name}`,
      rendered_description: `<p>About ${name}</p>`,
      date_created: 1_700_000_000 + id,
      creator_id: 1,
      invite_only: false,
      is_web_public: false,
      history_public_to_subscribers: true,
      first_message_id: null,
      message_retention_days: null,
      stream_weekly_traffic: 3,
      can_remove_subscribers_group: 3,
      can_add_subscribers_group: 1,
      can_administer_channel_group: 3,
      can_send_message_group: 7,
      is_archived: false,
      folder_id: null,
      topics_policy: 'inherit',
      subscriber_count: 5,
      ...change,
    },
    isDefault: false,
    subscriberCount: 5,
    subscribed: true,
    ...extra,
  };
}
