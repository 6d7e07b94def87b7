// Retention, topics policy, the permission catalogue and who administers a channel.
import { describe, expect, test } from 'vitest';
import {
  checkAdminister,
  checkDefaultChange,
  checkTopicsPolicyChange,
  hasContentAccess,
  losesOwnAccess,
  losesOwnAdministration,
  mayAdministerChannel,
  type AdministeredChannel,
} from './channel-admin';
import { indexGroups, type PersonLike } from './channel-groups';
import { alwaysHolders, alwaysHoldersShort, alwaysHoldersWords, checkSettingChange, checkSettingValue, type RealmChannelPolicy } from './channel-permissions';
import { checkRetentionChange, daysLost, keptWords, parseRetentionDays, retentionLoss, retentionWords } from './channel-retention';
import { emptyTopicOnlyRule, topicsPolicyMeaning, topicsPolicyWords } from './channel-topics';
import { groupLike as group } from './testing/group-like';

const index = indexGroups([
  group(1, 'role:nobody', []),
  group(2, 'role:owners', [10]),
  group(3, 'role:administrators', [11], [2]),
  group(4, 'role:moderators', [12], [3]),
  group(5, 'role:fullmembers', [13], [4]),
  group(6, 'role:members', [], [5]),
  group(7, 'role:everyone', [15], [6]),
  group(8, 'role:internet', [], [7]),
  group(20, 'engineers', [13], [], false),
  { ...group(22, 'retired', [13], [], false), deactivated: true },
]);
const people = new Map<number, PersonLike>([10, 11, 12, 13, 15].map((id) => [id, { user_id: id, full_name: `User ${id}`, is_active: true }]));
const policy: RealmChannelPolicy = {
  messageRetentionDays: -1,
  topicsPolicy: 'allow_empty_topic',
  emptyTopicName: 'general chat',
  webPublicEnabled: false,
  spectatorAccess: false,
  groups: {
    can_create_public_channel_group: 6,
    can_create_private_channel_group: 6,
    can_create_web_public_channel_group: 2,
    can_add_subscribers_group: 6,
    can_delete_any_message_group: 3,
    can_delete_own_message_group: 7,
    can_move_messages_between_channels_group: 6,
    can_move_messages_between_topics_group: 7,
    can_resolve_topics_group: 7,
    can_set_topics_policy_group: 6,
    can_set_delete_message_policy_group: 4,
  },
};

describe('retention', () => {
  test('in words', () => {
    expect(retentionWords(null, -1)).toBe('Organization default (forever)');
    expect(retentionWords(null, 90)).toBe('Organization default (90 days)');
    expect(retentionWords(-1, 90)).toBe('Forever');
    expect(retentionWords(1, null)).toBe('1 day');
    expect(retentionWords(1500, null)).toBe('1,500 days');
  });

  test('days as typed', () => {
    expect(parseRetentionDays(' 30 ')).toEqual({ ok: true, days: 30 });
    expect(parseRetentionDays('0')).toEqual({ ok: false, problem: 'Keep messages for at least 1 day, or choose Forever.' });
    expect(parseRetentionDays('2.5')).toMatchObject({ ok: false });
    expect(parseRetentionDays('-3')).toMatchObject({ ok: false });
    expect(parseRetentionDays('')).toEqual({ ok: false, problem: 'Enter a number of days.' });
    expect(parseRetentionDays('99999999999')).toMatchObject({ ok: false });
  });

  test('only owners change it', () => {
    expect(checkRetentionChange(100)).toEqual({ allowed: true });
    expect(checkRetentionChange(200).allowed).toBe(false);
  });

  test('a shorter retention says what it deletes; a longer one says nothing', () => {
    expect(retentionLoss(null, 30, -1)).toBe('Messages older than 30 days will be deleted for good the next time the server removes expired messages.');
    expect(retentionLoss(30, 90, -1)).toBeNull();
    expect(retentionLoss(90, 30, -1)).not.toBeNull();
    expect(retentionLoss(30, -1, 90)).toBeNull();
    expect(retentionLoss(30, null, 90)).toBeNull();
  });

  test('the days a change keeps when it deletes older messages, the organization’s default counted as its days', () => {
    expect(daysLost(null, 30, -1)).toBe(30);
    expect(daysLost(-1, null, 90)).toBe(90);
    expect(daysLost(30, -1, 90)).toBeNull();
    expect(daysLost(30, 90, -1)).toBeNull();
    expect([keptWords(30), keptWords(1), keptWords(-1)]).toEqual(['for 30 days', 'for 1 day', 'forever']);
  });
});

describe('topics policy', () => {
  test('inherit names the organization’s setting', () => {
    expect(topicsPolicyWords('inherit', 'general chat', 'allow_empty_topic')).toBe('Organization default (named topics and “general chat”)');
    expect(topicsPolicyWords('disable_empty_topic', 'general chat', 'allow_empty_topic')).toBe('Named topics only');
  });

  test('empty_topic_only explains its precondition', () => {
    expect(topicsPolicyMeaning('empty_topic_only', 'general chat', null)).toContain(emptyTopicOnlyRule('general chat'));
  });
});

describe('the permission catalogue', () => {
  test('organization-level holders are named as the organization has them', () => {
    expect(alwaysHoldersWords('can_delete_any_message_group', policy, index, people)).toBe(
      'The organization lets Administrators delete any message anywhere; they may here too.',
    );
    expect(alwaysHoldersWords('can_administer_channel_group', policy, index, people)).toBe('Organization administrators always may.');
    expect(alwaysHoldersWords('can_send_message_group', policy, index, people)).toBeNull();
    expect(alwaysHoldersShort('can_add_subscribers_group', policy, index, people)).toBe('organization administrators; Members, organization-wide');
    expect(alwaysHoldersShort('can_send_message_group', policy, index, people)).toBeNull();
    expect([...alwaysHolders('can_remove_subscribers_group', policy, index, people)].sort()).toEqual([10, 11]);
    expect([...alwaysHolders('can_delete_any_message_group', policy, index, people)].sort()).toEqual([10, 11]);
  });

  test('groups a setting may not name', () => {
    expect(checkSettingValue('can_send_message_group', 7, index)).toEqual({ allowed: true });
    expect(checkSettingValue('can_administer_channel_group', 7, index).allowed).toBe(false);
    expect(checkSettingValue('can_send_message_group', 8, index).allowed).toBe(false);
    expect(checkSettingValue('can_send_message_group', { direct_members: [], direct_subgroups: [22] }, index)).toEqual({
      allowed: false,
      reason: 'The group retired is deactivated: remove it, or reactivate the group first.',
    });
    expect(checkSettingValue('can_send_message_group', 404, index).allowed).toBe(false);
  });

  test('who may change the deletion settings, and the ones that need the channel’s messages', () => {
    expect(checkSettingChange('can_delete_any_message_group', { userId: 12, role: 300 }, policy, index, true)).toEqual({ allowed: true });
    expect(checkSettingChange('can_delete_any_message_group', { userId: 13, role: 400 }, policy, index, true).allowed).toBe(false);
    expect(checkSettingChange('can_add_subscribers_group', { userId: 11, role: 200 }, policy, index, false).allowed).toBe(false);
    expect(checkSettingChange('can_send_message_group', { userId: 11, role: 200 }, policy, index, false)).toEqual({ allowed: true });
  });
});

describe('administering a channel', () => {
  const channel: AdministeredChannel = {
    invite_only: true,
    is_web_public: false,
    can_administer_channel_group: { direct_members: [13], direct_subgroups: [] },
    can_add_subscribers_group: 1,
    can_subscribe_group: 20,
  };

  test('organization administrators always; others through the channel’s group, never guests', () => {
    expect(mayAdministerChannel({ userId: 11, role: 200 }, channel, index)).toBe(true);
    expect(mayAdministerChannel({ userId: 13, role: 400 }, channel, index)).toBe(true);
    expect(mayAdministerChannel({ userId: 12, role: 300 }, channel, index)).toBe(false);
    expect(mayAdministerChannel({ userId: 15, role: 600 }, { ...channel, can_administer_channel_group: 7 }, index)).toBe(false);
    expect(checkAdminister({ userId: 12, role: 300 }, channel, index).allowed).toBe(false);
  });

  test('content access of a private channel: a subscription or a group that grants it, not administration', () => {
    expect(hasContentAccess({ userId: 11, role: 200 }, channel, false, index)).toBe(false);
    expect(hasContentAccess({ userId: 11, role: 200 }, channel, true, index)).toBe(true);
    expect(hasContentAccess({ userId: 13, role: 400 }, channel, false, index)).toBe(true);
    expect(hasContentAccess({ userId: 15, role: 600 }, { ...channel, invite_only: false }, false, index)).toBe(false);
  });

  test('default channels are chosen by administrators; the topics policy by the organization’s holders', () => {
    expect(checkDefaultChange({ userId: 12, role: 300 }).allowed).toBe(false);
    expect(checkTopicsPolicyChange({ userId: 13, role: 400 }, policy, index)).toEqual({ allowed: true });
    expect(checkTopicsPolicyChange({ userId: 15, role: 600 }, policy, index).allowed).toBe(false);
  });
});

test('taking away one’s own administration of a channel is a hazard, never for organization administrators', () => {
  const channel: AdministeredChannel = { invite_only: false, is_web_public: false, can_administer_channel_group: 20, can_add_subscribers_group: 1 };
  expect(losesOwnAdministration({ userId: 13, role: 400 }, channel, 1, index)).toBe(true);
  expect(losesOwnAdministration({ userId: 13, role: 400 }, channel, { direct_members: [13], direct_subgroups: [] }, index)).toBe(false);
  expect(losesOwnAdministration({ userId: 11, role: 200 }, channel, 1, index)).toBe(false);
});

test('making a channel private takes it away from an unsubscribed administrator, not from a subscriber', () => {
  const channel: AdministeredChannel = { invite_only: false, is_web_public: false, can_administer_channel_group: 1, can_add_subscribers_group: 1 };
  expect(losesOwnAccess({ userId: 11, role: 200 }, channel, false, index)).toBe(true);
  expect(losesOwnAccess({ userId: 11, role: 200 }, channel, true, index)).toBe(false);
  expect(losesOwnAccess({ userId: 13, role: 400 }, { ...channel, can_subscribe_group: 20 }, false, index)).toBe(false);
});
