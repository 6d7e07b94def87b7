// Channel entries for renderer tests, shaped like the sandbox's (upstream's stream object), and a small
// organization's channel context and users: an owner, an administrator, a moderator and a member, with
// the system groups of their roles.
import type { UserGroup } from '../../../../../shared/api/groups';
import { REALM_GROUP_SETTINGS } from '../../../../../shared/domain/channel-permissions';
import type { ChannelContext, ChannelEntry } from '../../../../../shared/ipc';
import { user } from '../../../testing/demo-samples';

const group = (id: number, name: string, members: number[], subgroups: number[] = []): UserGroup => ({
  id,
  name,
  description: '',
  members,
  direct_subgroup_ids: subgroups,
  is_system_group: true,
  deactivated: false,
});

/** Signed in as Olivia, the owner, on a server that reports none of the organization-level group settings. */
export const SAMPLE_CONTEXT: ChannelContext = {
  realmName: 'Sandbox Realm',
  ownUserId: 1,
  ownRole: 100,
  featureLevel: 400,
  moderationChannelId: null,
  policy: {
    messageRetentionDays: -1,
    topicsPolicy: 'allow_empty_topic',
    emptyTopicName: 'general chat',
    webPublicEnabled: false,
    spectatorAccess: false,
    groups: Object.fromEntries(REALM_GROUP_SETTINGS.map((name) => [name, null])) as ChannelContext['policy']['groups'],
  },
  limits: { maxNameLength: 60, maxDescriptionLength: 1024, maxFolderNameLength: 60, maxFolderDescriptionLength: 1024 },
  folders: [],
  groups: [group(1, 'role:nobody', []), group(2, 'role:owners', [1]), group(3, 'role:administrators', [2], [2]), group(4, 'role:moderators', [3], [3]), group(7, 'role:everyone', [4], [4])],
};

export const SAMPLE_USERS = [user(1, 'Olivia Owner', 100), user(2, 'Adam Admin', 200), user(3, 'Mona Moderator', 300), user(4, 'Mark Member')];

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
