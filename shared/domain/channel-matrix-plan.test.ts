// The permission matrix's plan: which selected cells change, which already have the value, which are
// refused and why (the core's rules, in its words), the hazards to confirm, what the job is given,
// and who gains and who loses access.
import { describe, expect, test } from 'vitest';
import type { Stream } from '../api/channels';
import { indexGroups, type PersonLike } from './channel-groups';
import { accessChange, batchColumns, jobChanges, planMatrix, privacyAccessNote, seenValues, takeTheirs, withoutCells, type MatrixEntry } from './channel-matrix-plan';
import type { RealmChannelPolicy } from './channel-permissions';
import type { ChannelFacts, SettingColumn } from './channel-settings';
import { groupLike as group } from './testing/group-like';

// 10 owner, 11 administrator, 12 moderator, 13 member, 15 guest.
const index = indexGroups([
  group(1, 'role:nobody', []),
  group(2, 'role:owners', [10]),
  group(3, 'role:administrators', [11], [2]),
  group(4, 'role:moderators', [12], [3]),
  group(5, 'role:fullmembers', [13], [4]),
  group(6, 'role:members', [], [5]),
  group(7, 'role:everyone', [15], [6]),
  group(8, 'role:internet', [], [7]),
  group(20, 'engineers', [12, 13], [], false),
]);
const people = new Map<number, PersonLike>([10, 11, 12, 13, 15].map((id) => [id, { user_id: id, full_name: `User ${id}`, is_active: true }]));
people.set(14, { user_id: 14, full_name: 'Gone Person', is_active: false });
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
const factsAs = (userId: number, role: 100 | 200 | 300): ChannelFacts => ({ actor: { userId, role }, index, people, policy, featureLevel: 400, moderationChannelId: null });
const owner = factsAs(10, 100);
const admin = factsAs(11, 200);
const moderator = factsAs(12, 300);

function entry(id: number, name: string, change: Partial<Stream> = {}, standing: Partial<MatrixEntry> = {}): MatrixEntry {
  const channel = {
    stream_id: id,
    name,
    description: '',
    rendered_description: '',
    date_created: 1_700_000_000,
    creator_id: 10,
    invite_only: false,
    is_web_public: false,
    history_public_to_subscribers: true,
    first_message_id: null,
    message_retention_days: null,
    stream_weekly_traffic: null,
    is_archived: false,
    folder_id: null,
    topics_policy: 'inherit',
    can_administer_channel_group: 3,
    can_send_message_group: 7,
    can_add_subscribers_group: 1,
    can_subscribe_group: 1,
    can_remove_subscribers_group: 3,
    ...change,
  } as Stream;
  return { channel, isDefault: false, subscribed: true, subscriberCount: 8, ...standing };
}

const select = (cells: [number, SettingColumn[]][]) => new Map(cells.map(([id, columns]) => [id, new Set(columns)]));

describe('the plan', () => {
  test('lists each channel’s cells as changing (old → new, in the order the job applies them), unchanged or refused with the rule’s words', () => {
    const design = entry(1, 'design');
    const already = entry(2, 'announcements', { can_send_message_group: 4 });
    const secret = entry(3, 'secret', { invite_only: true, history_public_to_subscribers: false }, { subscribed: false });
    const plan = planMatrix(
      admin,
      [design, already, secret],
      select([
        [1, ['privacy', 'can_send_message_group']],
        [2, ['can_send_message_group']],
        [3, ['can_send_message_group', 'privacy']],
      ]),
      { group: 4, privacy: 'private_shared' },
    );
    expect(plan.channels.map((one) => one.entry.channel.name)).toEqual(['design', 'announcements', 'secret']);
    expect(plan.channels[0]).toMatchObject({
      changes: [
        { column: 'can_send_message_group', old: 7, value: 4, hazard: null },
        { column: 'privacy', old: 'public', value: 'private_shared', hazard: null },
      ],
      unchanged: [],
      refused: [],
    });
    expect(plan.channels[1]).toMatchObject({ changes: [], unchanged: ['can_send_message_group'], refused: [] });
    expect(plan.channels[2]).toMatchObject({
      changes: [{ column: 'can_send_message_group', old: 7, value: 4 }],
      refused: [{ column: 'privacy', value: 'private_shared', reason: 'Changing a private channel’s privacy needs access to its messages: subscribe to it first.' }],
    });
    expect(plan.changing).toBe(2);
    expect(plan.cells).toEqual({ changes: 3, unchanged: 1, refused: 1, unchosen: 0 });
    expect(plan.hazards).toEqual([]);
  });

  test('refuses what the rules refuse: a channel the user does not administer, retention for a non-owner, web-public where the server forbids it, a default channel made private, a deactivated person', () => {
    const others = entry(1, 'others', { can_administer_channel_group: 3 });
    const mine = entry(2, 'mine', { can_administer_channel_group: { direct_members: [12], direct_subgroups: [3] } });
    expect(planMatrix(moderator, [others, mine], select([[1, ['can_send_message_group']], [2, ['can_send_message_group']]]), { group: 6 }).channels).toMatchObject([
      { refused: [{ reason: 'You do not administer this channel: only organization administrators and the channel’s own administrators change it.' }] },
      { changes: [{ column: 'can_send_message_group', value: 6 }] },
    ]);

    const general = entry(3, 'general', {}, { isDefault: true });
    const plan = planMatrix(admin, [general], select([[3, ['retention', 'privacy', 'can_send_message_group']]]), {
      retention: 30,
      privacy: 'private_protected',
      group: { direct_members: [14], direct_subgroups: [3] },
    });
    expect(plan.channels[0]?.refused.map((refusal) => [refusal.column, refusal.reason])).toEqual([
      ['can_send_message_group', 'Gone Person is deactivated: remove them from the list and try again.'],
      ['retention', 'Only organization owners can change how long messages are kept.'],
      ['privacy', 'A default channel cannot be private: remove it from the default channels first.'],
    ]);
    expect(planMatrix(owner, [entry(4, 'open')], select([[4, ['privacy']]]), { privacy: 'web_public' }).channels[0]?.refused[0]?.reason).toBe(
      'This server does not allow web-public channels: they are off in its configuration, which only whoever runs the server can change.',
    );
    expect(planMatrix(admin, [entry(5, 'guests')], select([[5, ['can_add_subscribers_group']]]), { group: 7 }).channels[0]?.refused[0]?.reason).toContain(
      'cannot include guests through “Everyone”',
    );
  });

  test('finds the hazards: giving up one’s own administration of a channel, making private a channel one is not subscribed to', () => {
    const mine = entry(1, 'mine', { can_administer_channel_group: { direct_members: [12], direct_subgroups: [3] } });
    const plan = planMatrix(moderator, [mine], select([[1, ['can_administer_channel_group']]]), { group: 3 });
    expect(plan.hazards).toEqual(['ownAdministration']);
    expect(plan.channels[0]?.changes[0]?.hazard).toEqual({ hazard: 'ownAdministration', words: 'You would no longer administer #mine, and could not undo this yourself.' });

    const open = entry(2, 'open', {}, { subscribed: false });
    expect(planMatrix(admin, [open], select([[2, ['privacy']]]), { privacy: 'private_shared' }).hazards).toEqual(['ownAccess']);
    expect(planMatrix(admin, [entry(3, 'joined')], select([[3, ['privacy']]]), { privacy: 'private_shared' }).hazards).toEqual([]);
  });

  test('a shorter retention is a hazard, judged against the value the review shows; a longer one or forever is not', () => {
    const rows = [entry(1, 'news'), entry(2, 'kept', { message_retention_days: 30 })];
    const both = select([[1, ['retention']], [2, ['retention']]]);
    const shorter = planMatrix(owner, rows, both, { retention: 7 });
    expect(shorter.hazards).toEqual(['retentionLoss']);
    expect(shorter.channels.map((one) => one.changes[0]?.hazard)).toEqual([
      { hazard: 'retentionLoss', words: 'Messages older than 7 days will be deleted for good the next time the server removes expired messages.' },
      { hazard: 'retentionLoss', words: 'Messages older than 7 days will be deleted for good the next time the server removes expired messages.' },
    ]);
    expect(planMatrix(owner, [rows[1] as MatrixEntry], select([[2, ['retention']]]), { retention: 90 }).hazards).toEqual([]);
    expect(planMatrix(owner, rows, both, { retention: -1 }).hazards).toEqual([]);
    // The review showed 5 days: going to 7 keeps more than the user was shown, so nothing to confirm.
    expect(planMatrix(owner, [rows[1] as MatrixEntry], select([[2, ['retention']]]), { retention: 7 }, new Map([[2, new Map([['retention', 5]])]])).hazards).toEqual([]);
  });

  test('a cell whose kind has no value chosen yet is counted, not planned; a channel with nothing planned is left out', () => {
    const plan = planMatrix(admin, [entry(1, 'a'), entry(2, 'b')], select([[1, ['privacy', 'can_send_message_group']], [2, ['topicsPolicy']]]), { group: 4 });
    expect(plan.channels.map((one) => one.entry.channel.name)).toEqual(['a']);
    expect(plan.cells).toEqual({ changes: 1, unchanged: 0, refused: 0, unchosen: 2 });
  });

  test('the job is given every planned cell with the value the grid showed as old, refused and unchanged ones included', () => {
    const secret = entry(3, 'secret', { invite_only: true }, { subscribed: false });
    const plan = planMatrix(admin, [entry(1, 'design'), secret], select([[1, ['privacy', 'topicsPolicy']], [3, ['privacy']]]), { privacy: 'public', topicsPolicy: 'disable_empty_topic' });
    expect(jobChanges(plan)).toEqual([
      {
        channelId: 1,
        changes: [
          { property: 'topicsPolicy', value: 'disable_empty_topic', old: 'inherit' },
          { property: 'privacy', value: 'public', old: 'public' },
        ],
      },
      { channelId: 3, changes: [{ property: 'privacy', value: 'public', old: 'private_shared' }] },
    ]);
    // As channels.batch.start takes it: a column per setting, the chosen value, each cell with its old.
    expect(batchColumns(plan, { privacy: 'public', topicsPolicy: 'disable_empty_topic' })).toEqual([
      { property: 'topicsPolicy', value: 'disable_empty_topic', cells: [[1, 'inherit']] },
      { property: 'privacy', value: 'public', cells: [[1, 'public'], [3, 'private_shared']] },
    ]);
  });
});

describe('a cell changed on the server while the review is open', () => {
  const general = (days: number) => entry(1, 'general', { message_retention_days: days });
  const cells = select([[1, ['retention']]]);

  test('keeps what the review showed as old and lists the cell apart, from what the user saw to the server’s value', () => {
    const seen = seenValues(planMatrix(owner, [general(20)], cells, { retention: 45 }));
    // Another administrator sets 15 days meanwhile.
    const plan = planMatrix(owner, [general(15)], cells, { retention: 45 }, seen);
    expect(plan.channels[0]?.changes).toMatchObject([{ column: 'retention', old: 20, value: 45 }]);
    expect(plan.meanwhile).toMatchObject([{ column: 'retention', seen: 20, now: 15, value: 45 }]);
    // The job is given 20 as old, so the core reports a conflict instead of overwriting 15.
    expect(batchColumns(plan, { retention: 45 })).toEqual([{ property: 'retention', value: 45, cells: [[1, 20]] }]);
  });

  test('taking their value plans from it again; dropping the cell leaves it out of the job', () => {
    const seen = seenValues(planMatrix(owner, [general(20)], cells, { retention: 45 }));
    const changed = planMatrix(owner, [general(15)], cells, { retention: 45 }, seen);
    const again = planMatrix(owner, [general(15)], cells, { retention: 45 }, takeTheirs(seen, changed.meanwhile));
    expect(again.meanwhile).toEqual([]);
    expect(batchColumns(again, { retention: 45 })).toEqual([{ property: 'retention', value: 45, cells: [[1, 15]] }]);

    const dropped = planMatrix(owner, [general(15)], withoutCells(cells, changed.meanwhile), { retention: 45 }, seen);
    expect(dropped).toMatchObject({ channels: [], changing: 0, meanwhile: [] });
    expect(batchColumns(dropped, { retention: 45 })).toEqual([]);
  });

  test('a cell nobody changed is not listed apart', () => {
    const seen = seenValues(planMatrix(owner, [general(20)], cells, { retention: 45 }));
    expect(planMatrix(owner, [general(20)], cells, { retention: 45 }, seen).meanwhile).toEqual([]);
  });
});

describe('who gains and who loses access', () => {
  test('a group setting names the people who gain and lose it', () => {
    const design = entry(1, 'design');
    // Everyone (10-15 but the deactivated 14) → engineers (12, 13).
    expect(accessChange(admin, design, { column: 'can_send_message_group', old: 7, value: 20 })).toEqual({ gain: [], lose: [10, 11, 15], note: null, warning: null });
    expect(accessChange(admin, design, { column: 'can_send_message_group', old: 4, value: 20 })).toEqual({ gain: [13], lose: [10, 11], note: null, warning: null });
  });

  test('those the organization lets do it anywhere neither gain nor lose it here', () => {
    const design = entry(1, 'design');
    // The organization lets administrators (10, 11) delete any message: Nobody → Moderators gives it to 12 alone.
    expect(accessChange(admin, design, { column: 'can_delete_any_message_group', old: 1, value: 4 })).toMatchObject({ gain: [12], lose: [] });
    expect(accessChange(admin, design, { column: 'can_delete_any_message_group', old: 4, value: 1 })).toMatchObject({ gain: [], lose: [12] });
    // Everyone may resolve topics organization-wide: narrowing the channel's value takes it from nobody.
    expect(accessChange(admin, design, { column: 'can_resolve_topics_group', old: 7, value: 2 })).toMatchObject({ gain: [], lose: [] });
  });

  test('in a private channel only those who can use it gain or lose it, and the note says why', () => {
    const leadership = entry(9, 'leadership', { invite_only: true, history_public_to_subscribers: false });
    // Everyone (10, 11, 12, 13, 15) → engineers (12, 13), with only 10 and 12 subscribed: 10 alone loses it.
    expect(accessChange(admin, leadership, { column: 'can_send_message_group', old: 7, value: 20 }, new Set([10, 12]))).toEqual({
      gain: [],
      lose: [10],
      note: 'Counting only those who can use it: only subscribers can post in a private channel.',
      warning: null,
    });
    // Who may join: in a public channel it changes nobody's access; in a private one it opens the messages.
    expect(accessChange(admin, entry(1, 'design'), { column: 'can_subscribe_group', old: 1, value: 7 })).toEqual({
      gain: [],
      lose: [],
      note: 'Nobody gains or loses it: members may always join a public channel, and guests never may.',
      warning: null,
    });
    expect(accessChange(admin, leadership, { column: 'can_subscribe_group', old: 1, value: 20 }, new Set([10]))).toMatchObject({
      gain: [12, 13],
      warning: 'These 2 people may join this private channel and read its messages, from the moment they join.',
    });
  });

  test('privacy says it in words', () => {
    expect(accessChange(admin, entry(1, 'design', {}, { subscriberCount: 12 }), { column: 'privacy', old: 'public', value: 'private_protected' }).note).toBe(
      'Only its 12 subscribers keep access; the organization’s other members can no longer find, join or read it.',
    );
    expect(privacyAccessNote('public', 'private_protected', 1)).toBe('Only its 1 subscriber keeps access; the organization’s other members can no longer find, join or read it.');
    expect(privacyAccessNote('private_protected', 'public', 3)).toBe('Every member gains access: they can find it, join it and read its whole history.');
    expect(privacyAccessNote('web_public', 'public', 3)).toBe('Visitors without an account lose access.');
    expect(privacyAccessNote('public', 'web_public', 3)).toBe('Anyone on the internet gains read access, without an account.');
    expect(privacyAccessNote('private_shared', 'private_protected', 3)).toBe('Subscribers who join from now on lose the messages sent before they joined.');
    expect(privacyAccessNote('private_protected', 'private_shared', 3)).toBe('Subscribers gain the messages sent before they joined.');
    // A shorter retention is said once, as a hazard (retentionHazard), not again as a note.
    expect(accessChange(owner, entry(1, 'design'), { column: 'retention', old: null, value: 30 }).note).toBeNull();
    expect(accessChange(owner, entry(1, 'design'), { column: 'topicsPolicy', old: 'inherit', value: 'disable_empty_topic' })).toEqual({ gain: [], lose: [], note: null, warning: null });
  });
});
