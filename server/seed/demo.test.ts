// The demo organization holds what docs/server.md promises.
import { beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../db/connection';
import { holdsGroupSetting, parseGroupSetting } from '../db/groups';
import { verifyPassword } from '../db/passwords';
import type { UserRow } from '../db/users';
import { randomIds } from '../lib/ids';
import { demoRealmForFile, openDemoRealm } from '../testing/in-process';

// Random API keys and tokens, so "the same seed gives the same people" shows the people do not
// depend on them.
const demo = demoRealmForFile({ ids: randomIds });
let db: Db;
beforeAll(() => {
  db = demo.ctx.db;
});

const user = (email: string) => db.prepare('SELECT * FROM users WHERE delivery_email = ?').get(email) as UserRow;
const channel = (name: string) => db.prepare('SELECT * FROM streams WHERE name = ?').get(name) as Record<string, number | string | null>;
const subscribers = (name: string) =>
  db
    .prepare('SELECT u.delivery_email FROM subscriptions s JOIN users u ON u.id = s.user_id JOIN streams c ON c.id = s.stream_id WHERE c.name = ? ORDER BY u.id')
    .pluck()
    .all(name) as string[];

describe('demo seed', () => {
  test('has the six named people in their roles, Derek deactivated, all with the password "sandbox"', () => {
    const expected = [
      ['olivia@sandbox.test', 'Olivia Owner', 100, 1],
      ['adam@sandbox.test', 'Adam Admin', 200, 1],
      ['mona@sandbox.test', 'Mona Moderator', 300, 1],
      ['mark@sandbox.test', 'Mark Member', 400, 1],
      ['gina@sandbox.test', 'Gina Guest', 600, 1],
      ['derek@sandbox.test', 'Derek Departed', 400, 0],
    ] as const;
    for (const [email, name, role, active] of expected) {
      const row = user(email);
      expect([row.full_name, row.role, row.is_active]).toEqual([name, role, active]);
      expect(verifyPassword('sandbox', row.password_hash)).toBe(true);
    }
  });

  test('has 40 more generated members with distinct addresses', () => {
    const generated = db
      .prepare("SELECT delivery_email FROM users WHERE is_bot = 0 AND delivery_email NOT IN ('olivia@sandbox.test','adam@sandbox.test','mona@sandbox.test','mark@sandbox.test','gina@sandbox.test','derek@sandbox.test')")
      .pluck()
      .all() as string[];
    expect(generated).toHaveLength(40);
    expect(new Set(generated).size).toBe(40);
  });

  test('the same seed gives the same people every time', () => {
    const second = openDemoRealm({ ids: randomIds });
    const names = (of: Db) => of.prepare('SELECT full_name, delivery_email, role FROM users ORDER BY id').all();
    expect(names(second.ctx.db)).toEqual(names(db));
    second.close();
  });

  test('has an outgoing-webhook bot and the notification bot', () => {
    expect(user('echo-bot@sandbox.test')).toMatchObject({ is_bot: 1, bot_type: 3 });
    expect(user('notify-bot@sandbox.test')).toMatchObject({ is_bot: 1, is_system_bot: 1 });
  });

  test('general is a public default channel everyone is subscribed to', () => {
    expect(channel('general')).toMatchObject({ invite_only: 0, is_default: 1 });
    const humans = db.prepare('SELECT count(*) FROM users WHERE is_bot = 0').pluck().get();
    expect(subscribers('general').filter((email) => !email.includes('bot')).length).toBe(humans);
  });

  test('only administrators may send to announcements', () => {
    const setting = parseGroupSetting(String(channel('announcements').can_send_message_group));
    expect(holdsGroupSetting(db, user('adam@sandbox.test'), setting)).toBe(true);
    expect(holdsGroupSetting(db, user('olivia@sandbox.test'), setting)).toBe(true);
    expect(holdsGroupSetting(db, user('mona@sandbox.test'), setting)).toBe(false);
    expect(holdsGroupSetting(db, user('mark@sandbox.test'), setting)).toBe(false);
  });

  test('engineering and design are in the folder Teams; Social is empty', () => {
    const folderOf = (name: string) =>
      db.prepare('SELECT f.name FROM streams s JOIN channel_folders f ON f.id = s.folder_id WHERE s.name = ?').pluck().get(name);
    expect([folderOf('engineering'), folderOf('design')]).toEqual(['Teams', 'Teams']);
    const social = db.prepare("SELECT count(*) FROM streams s JOIN channel_folders f ON f.id = s.folder_id WHERE f.name = 'Social'").pluck().get();
    expect(social).toBe(0);
  });

  test('leadership is private with protected history, for Olivia and Adam', () => {
    expect(channel('leadership')).toMatchObject({ invite_only: 1, history_public_to_subscribers: 0 });
    expect(subscribers('leadership')).toEqual(['olivia@sandbox.test', 'adam@sandbox.test']);
  });

  test('moderation is private, is the moderation request channel, and has owners, admins and moderators', () => {
    expect(channel('moderation')).toMatchObject({ invite_only: 1 });
    const realm = db.prepare('SELECT moderation_request_channel_id FROM realm').pluck().get();
    expect(realm).toBe(channel('moderation').id);
    expect(subscribers('moderation')).toEqual(['olivia@sandbox.test', 'adam@sandbox.test', 'mona@sandbox.test']);
  });

  test('old-projects is archived', () => {
    expect(channel('old-projects')).toMatchObject({ is_archived: 1 });
  });

  test("has upstream's system groups plus engineers and designers", () => {
    const names = db.prepare('SELECT name FROM user_groups ORDER BY id').pluck().all();
    expect(names).toEqual(expect.arrayContaining(['role:owners', 'role:administrators', 'role:moderators', 'role:members', 'role:everyone', 'role:nobody', 'engineers', 'designers']));
  });

  test('has messages in several topics, the empty topic, and direct messages', () => {
    const topics = db.prepare("SELECT DISTINCT topic FROM messages m JOIN streams s ON s.id = m.stream_id WHERE s.name = 'general'").pluck().all();
    expect(topics).toEqual(expect.arrayContaining(['welcome', 'lunch plans', '']));
    const dms = db.prepare("SELECT count(*) FROM messages WHERE type = 'private'").pluck().get() as number;
    expect(dms).toBeGreaterThan(3);
  });

  test('has three pending invitations and three reports in the moderation channel', () => {
    expect(db.prepare("SELECT count(*) FROM invites WHERE status = 'pending'").pluck().get()).toBe(3);
    const reports = db
      .prepare("SELECT m.content FROM messages m JOIN users u ON u.id = m.sender_id JOIN streams s ON s.id = m.stream_id WHERE s.name = 'moderation' AND u.delivery_email = 'notify-bot@sandbox.test'")
      .pluck()
      .all() as string[];
    expect(reports).toHaveLength(3);
    expect(reports[0]).toMatch(/^@_\*\*Mark Member\|\d+\*\* reported a DM sent by @_\*\*Gina Guest\|\d+\*\*\.\n- Reason: \*\*spam\*\*/);
  });
});
