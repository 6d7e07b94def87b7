// Who can use a channel's group permission: the people its value names, less those upstream's access
// rules leave out (zerver/lib/streams.py access_stream_for_send_message, user_has_content_access,
// bulk_can_remove_subscribers_from_streams), and who gains and loses it when the value changes.
import { describe, expect, test } from 'vitest';
import type { Role } from '../api/common';
import { audienceChange, permissionAudience, type AudienceChannel, type AudienceFacts } from './channel-audience';
import { indexGroups, type PersonLike } from './channel-groups';
import { groupLike as group } from './testing/group-like';

// 10 owner, 11 administrator, 12 moderator, 13 and 16 members, 15 guest; 14 deactivated.
const index = indexGroups([
  group(1, 'role:nobody', []),
  group(2, 'role:owners', [10]),
  group(3, 'role:administrators', [11], [2]),
  group(4, 'role:moderators', [12], [3]),
  group(5, 'role:fullmembers', [13, 14, 16], [4]),
  group(6, 'role:members', [], [5]),
  group(7, 'role:everyone', [15], [6]),
  group(20, 'joiners', [16], [], false),
]);
const roles: [number, Role][] = [[10, 100], [11, 200], [12, 300], [13, 400], [16, 400], [15, 600]];
const people = new Map<number, PersonLike>(roles.map(([id, role]) => [id, { user_id: id, full_name: `User ${id}`, is_active: true, role }]));
people.set(14, { user_id: 14, full_name: 'Gone Person', is_active: false, role: 400 });

const channel = (change: Partial<AudienceChannel> = {}): AudienceChannel => ({
  invite_only: false,
  is_web_public: false,
  history_public_to_subscribers: true,
  can_administer_channel_group: 3,
  can_add_subscribers_group: 1,
  can_subscribe_group: 1,
  ...change,
});
const leadership = channel({ invite_only: true, history_public_to_subscribers: false });
const facts = (subscribers: number[] | null): AudienceFacts => ({ index, people, subscribers: subscribers && new Set(subscribers) });
const sorted = (ids: Set<number>) => [...ids].sort((a, b) => a - b);

describe('who can use a permission', () => {
  test('posting in a private channel: everyone named, only its subscribers can', () => {
    const audience = permissionAudience('can_send_message_group', leadership, 7, facts([10, 12]));
    expect(sorted(audience.holders)).toEqual([10, 11, 12, 13, 15, 16]);
    expect(sorted(audience.users)).toEqual([10, 12]);
    expect(audience.limit).toBe('only subscribers can post in a private channel');
  });

  test('posting in a private channel with shared history: those who may join it can too, guests never', () => {
    const shared = channel({ invite_only: true, can_subscribe_group: 20 });
    const audience = permissionAudience('can_send_message_group', shared, 7, facts([10]));
    expect(sorted(audience.users)).toEqual([10, 16]);
    expect(audience.limit).toBe('only subscribers and those who may join it or add subscribers can post in a private channel');
    // With protected history, joining groups do not let one post (upstream checks history_public_to_subscribers).
    expect(sorted(permissionAudience('can_send_message_group', { ...shared, history_public_to_subscribers: false }, 7, facts([10])).users)).toEqual([10]);
  });

  test('a public channel: every member named can, a guest only where subscribed', () => {
    const open = permissionAudience('can_send_message_group', channel(), 7, facts([]));
    expect(sorted(open.users)).toEqual([10, 11, 12, 13, 16]);
    expect(open.limit).toBe('guests can use it only where they are subscribed');
    expect(permissionAudience('can_send_message_group', channel(), 7, facts([15])).limit).toBeNull();
    expect(permissionAudience('can_send_message_group', channel({ is_web_public: true }), 7, facts([])).users.size).toBe(6);
  });

  test('acting on messages needs their access: subscribers and those who may join, in a private channel', () => {
    const audience = permissionAudience('can_delete_any_message_group', { ...leadership, can_add_subscribers_group: 20 }, 6, facts([12]));
    expect(sorted(audience.users)).toEqual([12, 16]);
    expect(audience.limit).toBe('only subscribers and those who may join it or add subscribers can read a private channel’s messages');
  });

  test('removing subscribers: organization administrators always, others only if they can see the channel, guests never', () => {
    const audience = permissionAudience('can_remove_subscribers_group', { ...leadership, can_administer_channel_group: { direct_members: [13], direct_subgroups: [] } }, 7, facts([12]));
    expect(sorted(audience.users)).toEqual([10, 11, 12, 13]);
    expect(audience.limit).toBe('only those who can see a private channel can remove its subscribers');
  });

  test('administering, adding subscribers and joining give their own access: every holder but guests', () => {
    const audience = permissionAudience('can_add_subscribers_group', leadership, { direct_members: [13, 15], direct_subgroups: [] }, facts([]));
    expect(sorted(audience.users)).toEqual([13]);
    expect(audience.limit).toBe('guests can never hold it');
  });

  test('subscribers not known yet leave nobody out for want of a subscription', () => {
    expect(permissionAudience('can_send_message_group', leadership, 6, facts(null)).limit).toBeNull();
  });
});

describe('who gains and who loses it', () => {
  test('only people who can use it gain or lose it', () => {
    // #leadership, private with two subscribers: Everyone → Moderators.
    const change = audienceChange('can_send_message_group', leadership, 7, 4, facts([10, 12]));
    expect(change).toEqual({ gain: [], lose: [], limit: 'only subscribers can post in a private channel', opening: null });
    expect(audienceChange('can_send_message_group', leadership, 7, 2, facts([10, 12]))).toMatchObject({ gain: [], lose: [12] });
    const widened = audienceChange('can_send_message_group', channel(), 4, 6, facts([]));
    expect({ gain: widened.gain.sort(), lose: widened.lose }).toEqual({ gain: [13, 16], lose: [] });
  });

  test('who may join a public channel changes nobody’s access: members always may, guests never', () => {
    expect(audienceChange('can_subscribe_group', channel(), 1, 6, facts([]))).toEqual({
      gain: [],
      lose: [],
      limit: 'members may always join a public channel, and guests never may',
      opening: null,
    });
  });

  test('opening a private channel to joiners or to those who add subscribers is said as what they may then read', () => {
    const joined = audienceChange('can_subscribe_group', leadership, 1, 6, facts([10, 12]));
    expect(joined.gain.length).toBeGreaterThan(0);
    // Those subscribed already (10 and 12) are opened nothing.
    expect(joined.opening).toBe(`These ${joined.gain.filter((id) => id !== 10 && id !== 12).length} people may join this private channel and read its messages, from the moment they join.`);
    const shared = { ...leadership, history_public_to_subscribers: true };
    expect(audienceChange('can_add_subscribers_group', shared, 1, 6, facts([10, 12])).opening).toMatch(/may add anyone to this private channel, themselves included, and read its messages, its earlier history included\.$/);
    // Posting opens nothing new to read; nor does a change that nobody gains by.
    expect(audienceChange('can_send_message_group', shared, 1, 6, facts([10, 12])).opening).toBeNull();
    expect(audienceChange('can_subscribe_group', leadership, 6, 1, facts([10, 12])).opening).toBeNull();
  });
});
