// Reading users: the row type, lookups, and the recipient sets events go to.
import type { Db } from './connection';
import { UPSTREAM_USER_SETTING_DEFAULTS } from '../lib/user-settings';

export interface UserRow {
  id: number;
  email: string;
  delivery_email: string;
  full_name: string;
  role: 100 | 200 | 300 | 400 | 600;
  is_active: number;
  is_bot: number;
  bot_type: number | null;
  bot_owner_id: number | null;
  is_system_bot: number;
  date_joined: number;
  timezone: string;
  avatar_version: number;
  api_key: string;
  password_hash: string | null;
  settings: string;
  last_active: number | null;
  can_change_user_emails: number;
}

export const ROLE = { owner: 100, admin: 200, moderator: 300, member: 400, guest: 600 } as const;

export const isOwner = (user: Pick<UserRow, 'role'>) => user.role === ROLE.owner;
/** Owners pass every administrator check (spec Authentication 7). */
export const isAdmin = (user: Pick<UserRow, 'role'>) => user.role <= ROLE.admin;
export const isModeratorOrAbove = (user: Pick<UserRow, 'role'>) => user.role <= ROLE.moderator;
export const isGuest = (user: Pick<UserRow, 'role'>) => user.role === ROLE.guest;

export function getUser(db: Db, id: number): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
}

export function getUserByEmail(db: Db, email: string): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE lower(delivery_email) = lower(?)').get(email) as UserRow | undefined;
}

/** The system bot that posts moderation reports and scheduled-message failures (every seed creates it). */
export const NOTIFICATION_BOT_EMAIL = 'notify-bot@sandbox.test';

export function getNotificationBot(db: Db): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE lower(email) = lower(?) AND is_system_bot = 1').get(NOTIFICATION_BOT_EMAIL) as UserRow | undefined;
}

export function getUserByApiKey(db: Db, apiKey: string): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE api_key = ?').get(apiKey) as UserRow | undefined;
}

/** A user's personal settings: upstream's defaults, overlaid with what the user's row stores. */
export function userSettings(user: Pick<UserRow, 'settings'>): Record<string, unknown> {
  return { ...UPSTREAM_USER_SETTING_DEFAULTS, ...(JSON.parse(user.settings) as Record<string, unknown>) };
}

export function activeUserIds(db: Db): number[] {
  return (db.prepare('SELECT id FROM users WHERE is_active = 1').pluck().all() as number[]);
}

export function activeUserCount(db: Db): number {
  return db.prepare('SELECT count(*) FROM users WHERE is_active = 1').pluck().get() as number;
}

/** Administrators and owners, bots included (upstream realm.get_admin_users_and_bots). */
export function adminUserIds(db: Db): number[] {
  return db.prepare('SELECT id FROM users WHERE is_active = 1 AND role <= 200').pluck().all() as number[];
}
