// Users' statuses as stored, in the register snapshot's `user_status` shape.
import type { UserStatus } from '../../shared/api';
import type { Db } from './connection';
import { userSettings } from './users';

interface StatusRow {
  id: number;
  settings: string;
  status_text: string | null;
  emoji_name: string | null;
  emoji_code: string | null;
  reaction_type: string | null;
}

/**
 * upstream get_all_users_status_dict (the register snapshot's `user_status`): active users whose status
 * says something, with only the parts that are set, and `away` where presence is turned off.
 */
export function userStatusSnapshot(db: Db): Record<string, UserStatus> {
  const rows = db
    .prepare(
      `SELECT u.id, u.settings, s.status_text, s.emoji_name, s.emoji_code, s.reaction_type
       FROM users u LEFT JOIN user_status s ON s.user_id = u.id
       -- only users with a status, or whose stored settings name presence_enabled, can have an entry:
       -- the others' settings are not parsed at all
       WHERE u.is_active = 1 AND (s.user_id IS NOT NULL OR u.settings LIKE '%"presence_enabled"%') ORDER BY u.id`,
    )
    .all() as StatusRow[];
  const snapshot: Record<string, UserStatus> = {};
  for (const row of rows) {
    const entry: Record<string, unknown> = {};
    if (userSettings(row).presence_enabled === false) entry.away = true;
    if (row.status_text) entry.status_text = row.status_text;
    if (row.emoji_name) Object.assign(entry, { emoji_name: row.emoji_name, emoji_code: row.emoji_code, reaction_type: row.reaction_type });
    if (Object.keys(entry).length > 0) snapshot[String(row.id)] = entry as UserStatus;
  }
  return snapshot;
}
