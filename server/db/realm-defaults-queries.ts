// The organization's defaults of personal settings as stored (spec 4): what a new account starts with.
import type { UserSettingName } from '../../shared/api';
import { UPSTREAM_USER_SETTING_DEFAULTS } from '../lib/user-settings';
import type { Db } from './connection';

export type UserSettingsDefaults = Record<UserSettingName, boolean | number | string>;

/** The realm's defaults, every setting present (a setting the row lacks has upstream's default). */
export function readUserSettingsDefaults(db: Db): UserSettingsDefaults {
  const stored = JSON.parse((db.prepare('SELECT user_settings_defaults FROM realm').pluck().get() as string | undefined) ?? '{}') as Partial<UserSettingsDefaults>;
  return { ...UPSTREAM_USER_SETTING_DEFAULTS, ...stored };
}
