// Inserts an account. Actions wrap this to announce the new user (realm_user add); seeds call it directly.
import type { Db } from './connection';
import type { IdSource } from '../lib/ids';
import type { UserRow } from './users';
import { UPSTREAM_USER_SETTING_DEFAULTS } from '../lib/user-settings';
import { readUserSettingsDefaults } from './realm-defaults-queries';

export interface NewUser {
  email: string;
  full_name: string;
  role: UserRow['role'];
  date_joined: number;
  password_hash?: string | null;
  is_bot?: boolean;
  bot_type?: number | null;
  bot_owner_id?: number | null;
  is_system_bot?: boolean;
  is_active?: boolean;
  timezone?: string;
  /** Settings of this user that differ from the realm's defaults. */
  settings?: Record<string, unknown>;
}

/**
 * A new user starts from the realm's current defaults (spec 4: changes apply to new users only). Only
 * the settings that differ from upstream's defaults are stored, which keeps 20,000 users small.
 */
function initialSettings(defaults: Record<string, unknown>, own: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...defaults, ...own };
  const upstream = UPSTREAM_USER_SETTING_DEFAULTS as Record<string, unknown>;
  return Object.fromEntries(Object.entries(merged).filter(([key, value]) => upstream[key] !== value));
}

export function insertUser(db: Db, ids: IdSource, user: NewUser): number {
  return userInserter(db, ids)(user);
}

/**
 * insertUser for many users at once (the generated seeds add up to a million): the statement is
 * prepared, and the realm's defaults read, once.
 */
export function userInserter(db: Db, ids: IdSource): (user: NewUser) => number {
  const defaults = readUserSettingsDefaults(db);
  const statement = db.prepare(
    `INSERT INTO users (email, delivery_email, full_name, role, is_active, is_bot, bot_type, bot_owner_id, is_system_bot,
       date_joined, timezone, api_key, password_hash, settings)
     VALUES (@email, @email, @full_name, @role, @is_active, @is_bot, @bot_type, @bot_owner_id, @is_system_bot,
       @date_joined, @timezone, @api_key, @password_hash, @settings)`,
  );
  const usual = JSON.stringify(initialSettings(defaults, {}));
  return (user) => {
    const settings = user.settings ? JSON.stringify(initialSettings(defaults, user.settings)) : usual;
    const result = statement.run({
      email: user.email,
      full_name: user.full_name,
      role: user.role,
      is_active: user.is_active === false ? 0 : 1,
      is_bot: user.is_bot ? 1 : 0,
      bot_type: user.bot_type ?? null,
      bot_owner_id: user.bot_owner_id ?? null,
      is_system_bot: user.is_system_bot ? 1 : 0,
      date_joined: user.date_joined,
      timezone: user.timezone ?? '',
      api_key: ids.token(32),
      password_hash: user.password_hash ?? null,
      settings,
    });
    return Number(result.lastInsertRowid);
  };
}
