// The invitation actions on a demo database without HTTP, for what a client cannot observe: the
// events each mutation publishes, and what is stored but not returned (welcome_message_custom_text).
import { describe, expect, test } from 'vitest';
import { InvitesChangedEvent } from '../../shared/api';
import { seconds } from '../lib/clock';
import { getInvite, invitationsSentSince } from '../db/invite-queries';
import { adminUserIds, type UserRow } from '../db/users';
import { demoRealmForEachTest } from '../testing/in-process';
import { listInvites, resendInvite, revokeInvite, sendInvites, type SendInvitesInput } from './invites';

const realm = demoRealmForEachTest();

const generalId = () => realm.ctx.db.prepare("SELECT id FROM streams WHERE name = 'general'").pluck().get() as number;
const invite = (actor: UserRow, extra: Partial<SendInvitesInput> = {}) =>
  sendInvites(realm.ctx, actor, { invitee_emails: 'newcomer@example.com', stream_ids: [generalId()], ...extra });
const newestInvite = () => {
  const id = realm.ctx.db.prepare('SELECT max(id) FROM invites').pluck().get() as number;
  const row = getInvite(realm.ctx.db, id);
  if (!row) throw new Error('no invitation stored');
  return row;
};

describe('invites_changed', () => {
  test('sending publishes invites_changed to the administrators and the inviter, after the rows are stored', () => {
    let storedWhenPublished = false;
    realm.ctx.events.subscribe(() => {
      storedWhenPublished = realm.ctx.db.prepare("SELECT count(*) FROM invites WHERE email = 'newcomer@example.com'").pluck().get() === 1;
    });
    invite(realm.user('mark'));
    expect(realm.published).toHaveLength(1);
    expect(realm.published[0]?.event).toEqual({ type: 'invites_changed' });
    expect(InvitesChangedEvent.parse({ ...realm.published[0]?.event, id: 0 })).toEqual({ type: 'invites_changed', id: 0 });
    expect([...(realm.published[0]?.recipients ?? [])].sort()).toEqual([...adminUserIds(realm.ctx.db), realm.user('mark').id].sort());
    expect(storedWhenPublished).toBe(true);
  });

  test('an invitation that fails publishes nothing', () => {
    expect(() => invite(realm.user('mark'), { invitee_emails: 'not an address' })).toThrow();
    expect(realm.published).toEqual([]);
  });

  test('a partial send publishes invites_changed for the addresses that were invited', () => {
    expect(() => invite(realm.user('adam'), { invitee_emails: 'fresh@example.com, mark@sandbox.test' })).toThrow(/already using Zulip/);
    expect(realm.published.map((p) => p.event)).toEqual([{ type: 'invites_changed' }]);
  });

  test('revoking someone else\'s invitation tells the administrators and that invitation\'s creator', () => {
    invite(realm.user('mark'));
    realm.published.length = 0;
    revokeInvite(realm.ctx, realm.user('adam'), newestInvite().id);
    expect(realm.published).toHaveLength(1);
    expect(realm.published[0]?.recipients).toContain(realm.user('mark').id);
    expect(realm.published[0]?.recipients).toContain(realm.user('olivia').id);
  });

  test('resending tells the administrators and the invitation\'s creator', () => {
    invite(realm.user('mark'));
    realm.published.length = 0;
    resendInvite(realm.ctx, realm.user('olivia'), newestInvite().id);
    expect(realm.published.map((p) => p.event)).toEqual([{ type: 'invites_changed' }]);
    expect(realm.published[0]?.recipients).toContain(realm.user('mark').id);
  });
});

describe('welcome_message_custom_text is stored for administrators only', () => {
  test('an administrator\'s text is stored with the invitation', () => {
    invite(realm.user('adam'), { welcome_message_custom_text: 'Welcome to the team!' });
    expect(newestInvite().welcome_message_custom_text).toBe('Welcome to the team!');
  });

  test('a member\'s text is accepted but stored as null', () => {
    invite(realm.user('mark'), { welcome_message_custom_text: 'Welcome from Mark' });
    expect(newestInvite().welcome_message_custom_text).toBeNull();
  });

  test('an administrator who passes no text stores null (the organization default)', () => {
    invite(realm.user('adam'));
    expect(newestInvite().welcome_message_custom_text).toBeNull();
  });

  test('an empty text from an administrator is kept: no custom message', () => {
    invite(realm.user('adam'), { welcome_message_custom_text: '' });
    expect(newestInvite().welcome_message_custom_text).toBe('');
  });
});

describe('what is stored with an invitation', () => {
  test('channels, groups and both flags are kept as sent', () => {
    const engineers = realm.ctx.db.prepare("SELECT id FROM user_groups WHERE name = 'engineers'").pluck().get() as number;
    invite(realm.user('adam'), { group_ids: [engineers], include_realm_default_subscriptions: true, notify_referrer_on_join: false });
    const row = newestInvite();
    expect(JSON.parse(row.stream_ids)).toEqual([generalId()]);
    expect(JSON.parse(row.group_ids)).toEqual([engineers]);
    expect(row.include_realm_default_subscriptions).toBe(1);
    expect(row.notify_referrer_on_join).toBe(0);
  });
});

describe('group_ids for inviters who are not administrators', () => {
  const setGroupSettings = (settings: object) =>
    realm.ctx.db.prepare("UPDATE user_groups SET settings = ? WHERE name = 'engineers'").run(JSON.stringify(settings));
  const engineersId = () => realm.ctx.db.prepare("SELECT id FROM user_groups WHERE name = 'engineers'").pluck().get() as number;

  test('a member of the group\'s can_add_members_group may invite into it', () => {
    setGroupSettings({ can_manage_group: 3, can_add_members_group: { direct_members: [realm.user('mark').id], direct_subgroups: [] } });
    invite(realm.user('mark'), { group_ids: [engineersId()] });
    expect(JSON.parse(newestInvite().group_ids)).toEqual([engineersId()]);
  });

  test('a member of the group\'s can_manage_group may invite into it', () => {
    setGroupSettings({ can_manage_group: 6 });
    invite(realm.user('mark'), { group_ids: [engineersId()] });
    expect(JSON.parse(newestInvite().group_ids)).toEqual([engineersId()]);
  });

  test('a deactivated group is refused', () => {
    realm.ctx.db.prepare("UPDATE user_groups SET deactivated = 1 WHERE name = 'engineers'").run();
    expect(() => invite(realm.user('adam'), { group_ids: [engineersId()] })).toThrow('User group is deactivated.');
  });
});

describe('counting invitations against the daily limit', () => {
  test('a resend counts as one more invitation sent', () => {
    const now = seconds(realm.ctx.clock);
    const before = invitationsSentSince(realm.ctx.db, now);
    invite(realm.user('adam'));
    resendInvite(realm.ctx, realm.user('adam'), newestInvite().id);
    expect(invitationsSentSince(realm.ctx.db, now)).toBe(before + 2);
  });

  test('a revoked invitation still counts: it was sent', () => {
    const now = seconds(realm.ctx.clock);
    const before = invitationsSentSince(realm.ctx.db, now);
    invite(realm.user('adam'));
    revokeInvite(realm.ctx, realm.user('adam'), newestInvite().id);
    expect(invitationsSentSince(realm.ctx.db, now)).toBe(before + 1);
    expect(listInvites(realm.ctx, realm.user('adam')).invites.map((i) => i.email)).not.toContain('newcomer@example.com');
  });
});
