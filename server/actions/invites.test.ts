// The invitation actions on a demo database without HTTP, for what a client cannot observe: the
// events each mutation publishes, and what is stored but not returned (welcome_message_custom_text).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { InvitesChangedEvent } from '../../shared/api';
import { ManualClock, seconds } from '../clock';
import { DEFAULT_CONFIG } from '../config';
import type { ServerContext } from '../context';
import { openDatabase, type OpenedDb } from '../db/connection';
import { getInvite, invitationsSentSince } from '../db/invite-queries';
import { adminUserIds, getUserByEmail, type UserRow } from '../db/users';
import { EventBus, type ServerEvent } from '../events/bus';
import { seededIds } from '../ids';
import { seedIfEmpty } from '../seed/index';
import { listInvites, resendInvite, revokeInvite, sendInvites, type SendInvitesInput } from './invites';

let dataDir: string;
let opened: OpenedDb;
let ctx: ServerContext;
let published: { recipients: readonly number[]; event: ServerEvent }[];

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'invites-action-'));
  opened = openDatabase(dataDir);
  const clock = new ManualClock();
  const ids = seededIds(7);
  seedIfEmpty({ db: opened.db, ids, now: seconds(clock) }, 'demo');
  ctx = { db: opened.db, clock, ids, config: { ...DEFAULT_CONFIG }, events: new EventBus(), realmUrl: '' };
  published = [];
  ctx.events.subscribe((recipients, event) => published.push({ recipients, event }));
});

afterEach(() => {
  opened.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const user = (name: string): UserRow => {
  const found = getUserByEmail(ctx.db, `${name}@sandbox.test`);
  if (!found) throw new Error(`no demo user ${name}`);
  return found;
};
const generalId = () => ctx.db.prepare("SELECT id FROM streams WHERE name = 'general'").pluck().get() as number;
const invite = (actor: UserRow, extra: Partial<SendInvitesInput> = {}) =>
  sendInvites(ctx, actor, { invitee_emails: 'newcomer@example.com', stream_ids: [generalId()], ...extra });
const newestInvite = () => {
  const id = ctx.db.prepare('SELECT max(id) FROM invites').pluck().get() as number;
  const row = getInvite(ctx.db, id);
  if (!row) throw new Error('no invitation stored');
  return row;
};

describe('invites_changed', () => {
  test('sending publishes invites_changed to the administrators and the inviter, after the rows are stored', () => {
    let storedWhenPublished = false;
    ctx.events.subscribe(() => {
      storedWhenPublished = ctx.db.prepare("SELECT count(*) FROM invites WHERE email = 'newcomer@example.com'").pluck().get() === 1;
    });
    invite(user('mark'));
    expect(published).toHaveLength(1);
    expect(published[0]?.event).toEqual({ type: 'invites_changed' });
    expect(InvitesChangedEvent.parse({ ...published[0]?.event, id: 0 })).toEqual({ type: 'invites_changed', id: 0 });
    expect([...(published[0]?.recipients ?? [])].sort()).toEqual([...adminUserIds(ctx.db), user('mark').id].sort());
    expect(storedWhenPublished).toBe(true);
  });

  test('an invitation that fails publishes nothing', () => {
    expect(() => invite(user('mark'), { invitee_emails: 'not an address' })).toThrow();
    expect(published).toEqual([]);
  });

  test('a partial send publishes invites_changed for the addresses that were invited', () => {
    expect(() => invite(user('adam'), { invitee_emails: 'fresh@example.com, mark@sandbox.test' })).toThrow(/already using Zulip/);
    expect(published.map((p) => p.event)).toEqual([{ type: 'invites_changed' }]);
  });

  test('revoking someone else\'s invitation tells the administrators and that invitation\'s creator', () => {
    invite(user('mark'));
    published.length = 0;
    revokeInvite(ctx, user('adam'), newestInvite().id);
    expect(published).toHaveLength(1);
    expect(published[0]?.recipients).toContain(user('mark').id);
    expect(published[0]?.recipients).toContain(user('olivia').id);
  });

  test('resending tells the administrators and the invitation\'s creator', () => {
    invite(user('mark'));
    published.length = 0;
    resendInvite(ctx, user('olivia'), newestInvite().id);
    expect(published.map((p) => p.event)).toEqual([{ type: 'invites_changed' }]);
    expect(published[0]?.recipients).toContain(user('mark').id);
  });
});

describe('welcome_message_custom_text is stored for administrators only', () => {
  test('an administrator\'s text is stored with the invitation', () => {
    invite(user('adam'), { welcome_message_custom_text: 'Welcome to the team!' });
    expect(newestInvite().welcome_message_custom_text).toBe('Welcome to the team!');
  });

  test('a member\'s text is accepted but stored as null', () => {
    invite(user('mark'), { welcome_message_custom_text: 'Welcome from Mark' });
    expect(newestInvite().welcome_message_custom_text).toBeNull();
  });

  test('an administrator who passes no text stores null (the organization default)', () => {
    invite(user('adam'));
    expect(newestInvite().welcome_message_custom_text).toBeNull();
  });

  test('an empty text from an administrator is kept: no custom message', () => {
    invite(user('adam'), { welcome_message_custom_text: '' });
    expect(newestInvite().welcome_message_custom_text).toBe('');
  });
});

describe('what is stored with an invitation', () => {
  test('channels, groups and both flags are kept as sent', () => {
    const engineers = ctx.db.prepare("SELECT id FROM user_groups WHERE name = 'engineers'").pluck().get() as number;
    invite(user('adam'), { group_ids: [engineers], include_realm_default_subscriptions: true, notify_referrer_on_join: false });
    const row = newestInvite();
    expect(JSON.parse(row.stream_ids)).toEqual([generalId()]);
    expect(JSON.parse(row.group_ids)).toEqual([engineers]);
    expect(row.include_realm_default_subscriptions).toBe(1);
    expect(row.notify_referrer_on_join).toBe(0);
  });
});

describe('group_ids for inviters who are not administrators', () => {
  const setGroupSettings = (settings: object) =>
    ctx.db.prepare("UPDATE user_groups SET settings = ? WHERE name = 'engineers'").run(JSON.stringify(settings));
  const engineersId = () => ctx.db.prepare("SELECT id FROM user_groups WHERE name = 'engineers'").pluck().get() as number;

  test('a member of the group\'s can_add_members_group may invite into it', () => {
    setGroupSettings({ can_manage_group: 3, can_add_members_group: { direct_members: [user('mark').id], direct_subgroups: [] } });
    invite(user('mark'), { group_ids: [engineersId()] });
    expect(JSON.parse(newestInvite().group_ids)).toEqual([engineersId()]);
  });

  test('a member of the group\'s can_manage_group may invite into it', () => {
    setGroupSettings({ can_manage_group: 6 });
    invite(user('mark'), { group_ids: [engineersId()] });
    expect(JSON.parse(newestInvite().group_ids)).toEqual([engineersId()]);
  });

  test('a deactivated group is refused', () => {
    ctx.db.prepare("UPDATE user_groups SET deactivated = 1 WHERE name = 'engineers'").run();
    expect(() => invite(user('adam'), { group_ids: [engineersId()] })).toThrow('User group is deactivated.');
  });
});

describe('counting invitations against the daily limit', () => {
  test('a resend counts as one more invitation sent', () => {
    const now = seconds(ctx.clock);
    const before = invitationsSentSince(ctx.db, now);
    invite(user('adam'));
    resendInvite(ctx, user('adam'), newestInvite().id);
    expect(invitationsSentSince(ctx.db, now)).toBe(before + 2);
  });

  test('a revoked invitation still counts: it was sent', () => {
    const now = seconds(ctx.clock);
    const before = invitationsSentSince(ctx.db, now);
    invite(user('adam'));
    revokeInvite(ctx, user('adam'), newestInvite().id);
    expect(invitationsSentSince(ctx.db, now)).toBe(before + 1);
    expect(listInvites(ctx, user('adam')).invites.map((i) => i.email)).not.toContain('newcomer@example.com');
  });
});
