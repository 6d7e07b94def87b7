// What every organization starts with, whatever the seed: the realm row, upstream's system groups,
// and the notification bot that posts moderation reports.
import type { Db } from '../db/connection';
import { insertUser } from '../db/create-user';
import { SYSTEM_GROUPS, systemGroupId } from '../db/groups';
import { NOTIFICATION_BOT_EMAIL } from '../db/users';
import { UPSTREAM_USER_SETTING_DEFAULTS } from '../lib/user-settings';
import type { IdSource } from '../lib/ids';

export const REALM_NAME = 'Sandbox Org';
export const EMAIL_DOMAIN = 'sandbox.test';

export function createRealm(db: Db, ids: IdSource, now: number): { notificationBotId: number } {
  db.prepare(
    `INSERT INTO realm (id, name, string_id, date_created, can_create_web_public_channel_group, can_invite_users_group,
       can_add_subscribers_group, user_settings_defaults)
     VALUES (1, ?, 'sandbox', ?, ?, ?, ?, ?)`,
  ).run(
    REALM_NAME,
    now,
    JSON.stringify(systemGroupId('role:owners')),
    JSON.stringify(systemGroupId('role:members')),
    JSON.stringify(systemGroupId('role:members')),
    JSON.stringify(UPSTREAM_USER_SETTING_DEFAULTS),
  );
  const insertGroup = db.prepare('INSERT INTO user_groups (id, name, description, is_system_group, date_created) VALUES (?, ?, ?, 1, ?)');
  for (const group of SYSTEM_GROUPS) insertGroup.run(group.id, group.name, group.description, now);
  const notificationBotId = insertUser(db, ids, {
    email: NOTIFICATION_BOT_EMAIL,
    full_name: 'Notification Bot',
    role: 400,
    date_joined: now,
    is_bot: true,
    bot_type: 1,
    is_system_bot: true,
  });
  return { notificationBotId };
}
