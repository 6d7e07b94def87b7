// A user's own personal settings (upstream PATCH /settings; the spec's "User settings" section names
// spec 4's settings). upstream: zerver/views/user_settings.py json_change_settings and
// zerver/actions/user_settings.py do_change_user_setting.
import type { z } from 'zod';
import type { updateSettingsParams, UserSettingName } from '../../shared/api';
import type { ServerContext } from '../context';
import type { Db } from '../db/connection';
import { checkNotificationSound, UPSTREAM_USER_SETTING_DEFAULTS } from '../lib/user-settings';
import { userSettings, type UserRow } from '../db/users';
import { badRequest } from '../lib/errors';
import type { ServerEvent } from '../events/bus';
import { deleteAllDrafts } from './drafts';

type Params = z.output<typeof updateSettingsParams>;
export type SettingValue = boolean | number | string;
export type SettingChange = readonly [UserSettingName, SettingValue];

/** upstream check_settings_values: one second to one week. */
const MAX_BATCHING_PERIOD_SECONDS = 7 * 24 * 60 * 60;

/** upstream check_settings_values, for the values the endpoint's schema leaves open. */
function checkSettingValues(params: Params): void {
  checkNotificationSound(params.notification_sound);
  const period = params.email_notifications_batching_period_seconds;
  if (period !== undefined && (period <= 0 || period > MAX_BATCHING_PERIOD_SECONDS)) {
    throw badRequest(`Invalid email batching period: ${period} seconds`);
  }
}

/** The passed settings whose value differs from the user's (upstream skips equal values). */
export function changedSettings(current: Record<string, unknown>, params: Partial<Record<string, unknown>>): SettingChange[] {
  const changes: SettingChange[] = [];
  for (const name of Object.keys(UPSTREAM_USER_SETTING_DEFAULTS) as UserSettingName[]) {
    const value = params[name];
    if (value !== undefined && current[name] !== value) changes.push([name, value as SettingValue]);
  }
  return changes;
}

/**
 * Writes the changes to the user's row, inside the caller's transaction. The row keeps only what
 * differs from upstream's defaults (server/db/create-user.ts), so a setting changed back to its
 * default leaves the row.
 */
export function applySettingChanges(db: Db, userId: number, changes: readonly SettingChange[]): void {
  if (changes.length === 0) return;
  const stored = JSON.parse(db.prepare('SELECT settings FROM users WHERE id = ?').pluck().get(userId) as string) as Record<string, unknown>;
  const defaults = UPSTREAM_USER_SETTING_DEFAULTS as Record<string, unknown>;
  for (const [name, value] of changes) {
    if (defaults[name] === value) delete stored[name];
    else stored[name] = value;
  }
  db.prepare('UPDATE users SET settings = ? WHERE id = ?').run(JSON.stringify(stored), userId);
}

/** upstream's user_settings update event; _user_email lets delivery build the legacy events. */
export function settingEvent(user: Pick<UserRow, 'email'>, property: UserSettingName, value: SettingValue): ServerEvent {
  return { type: 'user_settings', op: 'update', property, value, _user_email: user.email };
}

/**
 * After the commit: one event per changed setting, to the user only. Then spec 4's rule for
 * enable_drafts_synchronization: turning it off deletes the server's copies of the user's drafts
 * (deleteAllDrafts announces each removal, so it runs after this commit, in its own).
 */
export function publishSettingChanges(ctx: ServerContext, user: Pick<UserRow, 'id' | 'email'>, changes: readonly SettingChange[]): void {
  for (const [property, value] of changes) ctx.events.publish([user.id], settingEvent(user, property, value));
  if (changes.some(([name, value]) => name === 'enable_drafts_synchronization' && value === false)) deleteAllDrafts(ctx, user.id);
}

export function updateOwnSettings(ctx: ServerContext, actor: UserRow, params: Params): void {
  // upstream @human_users_only
  if (actor.is_bot) throw badRequest('This endpoint does not accept bot requests.');
  checkSettingValues(params);
  const changes = ctx.db.transaction(() => {
    const fresh = ctx.db.prepare('SELECT settings FROM users WHERE id = ?').get(actor.id) as Pick<UserRow, 'settings'>;
    const changed = changedSettings(userSettings(fresh), params);
    applySettingChanges(ctx.db, actor.id, changed);
    return changed;
  })();
  publishSettingChanges(ctx, actor, changes);
}
