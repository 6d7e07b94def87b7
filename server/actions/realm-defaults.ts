// spec 4: the organization's defaults of personal settings. They are what a new account starts with
// (server/db/create-user.ts copies them); changing them leaves every existing account's settings as
// they are. upstream: zerver/views/realm.py update_realm_user_settings_defaults.
import type { z } from 'zod';
import { supportsSetting, type updateRealmUserSettingsDefaultsParams, type UserSettingName } from '../../shared/api';
import type { ServerContext } from '../context';
import type { Db } from '../db/connection';
import { UPSTREAM_USER_SETTING_DEFAULTS } from '../db/user-settings';
import { activeUserIds, isAdmin, type UserRow } from '../db/users';
import { badRequest, mustBeAdmin } from '../errors';
import type { ServerEvent } from '../events/bus';

type Params = z.output<typeof updateRealmUserSettingsDefaultsParams>;
type SettingValue = boolean | number | string;
export type UserSettingsDefaults = Record<UserSettingName, SettingValue>;

/**
 * The notification sounds this server offers (register `available_notification_sounds`); upstream
 * also accepts `none`. The names are upstream's long-standing ones.
 */
export const AVAILABLE_NOTIFICATION_SOUNDS = ['chime', 'ding', 'zulip'] as const;

/** The realm's defaults, every setting present (a setting the row lacks has upstream's default). */
export function readUserSettingsDefaults(db: Db): UserSettingsDefaults {
  const stored = JSON.parse((db.prepare('SELECT user_settings_defaults FROM realm').pluck().get() as string | undefined) ?? '{}') as Partial<UserSettingsDefaults>;
  return { ...UPSTREAM_USER_SETTING_DEFAULTS, ...stored };
}

/** upstream UserBaseSettings.emojiset_choices(): each emoji set's value and name. */
const EMOJISET_CHOICES = [
  { key: 'google', text: 'Google' },
  { key: 'twitter', text: 'Twitter' },
  { key: 'text', text: 'Plain text' },
  { key: 'google-blob', text: 'Google blobs' },
];

/**
 * The register snapshot's `realm_user_settings_defaults`. A server acting as an older one
 * (`featureLevel`) reports only the settings upstream had at that level, as that server would.
 */
export function userSettingsDefaultsSnapshot(ctx: ServerContext): Record<string, unknown> {
  const level = ctx.config.featureLevel;
  const known = Object.entries(readUserSettingsDefaults(ctx.db)).filter(([name]) => supportsSetting(level, name as UserSettingName));
  return { ...Object.fromEntries(known), emojiset_choices: EMOJISET_CHOICES, available_notification_sounds: [...AVAILABLE_NOTIFICATION_SOUNDS] };
}

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

/** upstream check_settings_values. The other values are checked by the endpoint's schema. */
function checkNotificationSound(sound: string | undefined): void {
  if (sound === undefined || sound === 'none' || (AVAILABLE_NOTIFICATION_SOUNDS as readonly string[]).includes(sound)) return;
  throw badRequest(`Invalid notification sound '${sound}'`);
}

export function updateUserSettingsDefaults(ctx: ServerContext, actor: UserRow, params: Params): void {
  // spec Authentication 7: administrators only
  if (!isAdmin(actor)) throw mustBeAdmin();
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
  const recipients = activeUserIds(ctx.db);
  for (const [property, value] of changes) ctx.events.publish(recipients, defaultsUpdateEvent(property, value));
}
