// The organization's defaults of personal settings as stored (spec 4): what a new account starts with.
import { supportsSetting, type UserSettingName } from '../../shared/api';
import { AVAILABLE_NOTIFICATION_SOUNDS, UPSTREAM_USER_SETTING_DEFAULTS } from '../lib/user-settings';
import type { Db } from './connection';

export type UserSettingsDefaults = Record<UserSettingName, boolean | number | string>;

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
export function userSettingsDefaultsSnapshot(db: Db, featureLevel: number): Record<string, unknown> {
  const known = Object.entries(readUserSettingsDefaults(db)).filter(([name]) => supportsSetting(featureLevel, name as UserSettingName));
  return { ...Object.fromEntries(known), emojiset_choices: EMOJISET_CHOICES, available_notification_sounds: [...AVAILABLE_NOTIFICATION_SOUNDS] };
}
