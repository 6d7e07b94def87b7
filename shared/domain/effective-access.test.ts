// One person's access over a realm of many channels costs per channel a membership test, not the set
// of every holder of each setting (which made a 20,000-user realm's access take half a minute).
import { expect, test } from 'vitest';
import { indexGroups } from './channel-groups';
import { effectiveAccess, membershipWords, type AccessChannel } from './effective-access';
import { REALM_GROUP_SETTINGS } from './channel-permissions';
import { groupLike as group } from './testing/group-like';

const MEMBERS = Array.from({ length: 2_000 }, (_, i) => i + 100);
const GROUPS = [group(1, 'role:nobody', []), group(2, 'role:owners', [10]), group(3, 'role:administrators', [], [2]), group(4, 'role:members', MEMBERS, [3])];
const channels: AccessChannel[] = Array.from({ length: 200 }, (_, i) => ({
  stream_id: i + 1,
  name: `channel-${String(i + 1)}`,
  invite_only: i % 2 === 0,
  is_web_public: false,
  can_administer_channel_group: 3,
  can_add_subscribers_group: 4,
  can_remove_subscribers_group: 4,
  can_send_message_group: 4,
  can_subscribe_group: 4,
}));

test('a member of a large group: every channel resolved, each person looked up a bounded number of times', () => {
  const lookups = { count: 0 };
  const people = {
    get(id: number) {
      lookups.count += 1;
      return { user_id: id, full_name: `User ${String(id)}`, is_active: true };
    },
  };
  const me = MEMBERS[5] as number;
  const access = effectiveAccess({
    user: { user_id: me, role: 400, is_active: true },
    groups: GROUPS,
    index: indexGroups(GROUPS),
    channels,
    subscribers: { get: (id) => (id === 2 ? new Set([me]) : undefined) },
    policy: {
      messageRetentionDays: -1,
      topicsPolicy: null,
      emptyTopicName: 'general chat',
      webPublicEnabled: false,
      spectatorAccess: false,
      groups: Object.fromEntries(REALM_GROUP_SETTINGS.map((setting) => [setting, 4])) as never,
    },
    people,
  });
  expect(access.channels).toHaveLength(200);
  expect(access.channels.find((channel) => channel.channelId === 2)).toMatchObject({ subscribed: true, administer: false, addSubscribers: true, removeSubscribers: true, post: true });
  expect(access.channels.every((channel) => channel.addSubscribers && channel.removeSubscribers)).toBe(true);
  // Not once per channel per holder (200 channels × 2,000 members would be 400,000 and more).
  expect(lookups.count).toBeLessThanOrEqual(MEMBERS.length * 2);
});

test('the groups an owner is in, in words: role groups by role, through the one inside; a custom group through its subgroup', () => {
  const owner = 10;
  const groups = [...GROUPS, group(5, 'Audit crew', [owner], [], false), group(6, 'Audit leads', [], [5], false)];
  const access = effectiveAccess({
    user: { user_id: owner, role: 100, is_active: true },
    groups,
    index: indexGroups(groups),
    channels: [],
    subscribers: { get: () => undefined },
    policy: { messageRetentionDays: -1, topicsPolicy: null, emptyTopicName: 'general chat', webPublicEnabled: false, spectatorAccess: false, groups: {} as never },
    people: { get: () => undefined },
  });
  expect(access.groups.map((held) => `${held.name}: ${membershipWords(held)}`)).toEqual([
    'Administrators: by role, through “Owners”',
    'Members: by role, through “Administrators”',
    'Owners: direct member',
    'Audit crew: direct member',
    'Audit leads: as a member of its subgroup “Audit crew”',
  ]);
});
