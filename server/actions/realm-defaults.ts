// spec 4: the organization's defaults of personal settings. They are what a new account starts with
// (server/db/create-user.ts copies them); changing them leaves every existing account's settings as
// they are. upstream: zerver/views/realm.py update_realm_user_settings_defaults.
import type { z } from 'zod';
import type { updateRealmUserSettingsDefaultsParams, UserSettingName } from '../../shared/api';
import type { ServerContext } from '../context';
import { readUserSettingsDefaults, type UserSettingsDefaults } from '../db/realm-defaults-queries';
import { isAdmin, type UserRow } from '../db/users';
import { mustBeAdmin } from '../lib/errors';
import { checkNotificationSound } from '../lib/user-settings';
import { ACTIVE_USERS, type ServerEvent } from '../events/bus';

type Params = z.output<typeof updateRealmUserSettingsDefaultsParams>;
type SettingValue = boolean | number | string;

/**
 * The settings the request changes: passed and different from now (upstream skips equal values), in
 * the spec's order of settings whatever the order of the request.
 */
export function changedDefaults(current: UserSettingsDefaults, params: Partial<Record<string, unknown>>): [UserSettingName, SettingValue][] {
  const changes: [UserSettingName, SettingValue][] = [];
  for (const name of Object.keys(current) as UserSettingName[]) {
    const value = params[name];
    if (value !== undefined && current[name] !== value) changes.push([name, value as SettingValue]);
  }
  return changes;
}

/** upstream do_set_realm_user_default_setting: one event per changed setting. */
export function defaultsUpdateEvent(property: UserSettingName, value: SettingValue): ServerEvent {
  return { type: 'realm_user_settings_defaults', op: 'update', property, value };
}

export function updateUserSettingsDefaults(ctx: ServerContext, actor: UserRow, params: Params): void {
  // spec Authentication 7: administrators only
  if (!isAdmin(actor)) throw mustBeAdmin();
  // upstream check_settings_values. The other values are checked by the endpoint's schema.
  checkNotificationSound(params.notification_sound);
  const changes = ctx.db.transaction(() => {
    const current = readUserSettingsDefaults(ctx.db);
    const changed = changedDefaults(current, params);
    if (changed.length > 0) {
      const next = { ...current, ...Object.fromEntries(changed) };
      ctx.db.prepare('UPDATE realm SET user_settings_defaults = ?').run(JSON.stringify(next));
    }
    return changed;
  })();
  if (changes.length === 0) return;
  for (const [property, value] of changes) ctx.events.publish(ACTIVE_USERS, defaultsUpdateEvent(property, value));
}
