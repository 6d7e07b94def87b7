// spec 4 on a demo database without HTTP: the events a change publishes (one per changed setting, in
// upstream's shape), and what an unchanged value does.
import { describe, expect, test } from 'vitest';
import { RealmUserSettingsDefaultsEvent } from '../../shared/api';
import { UPSTREAM_USER_SETTING_DEFAULTS } from '../lib/user-settings';
import { readUserSettingsDefaults } from '../db/realm-defaults-queries';
import { activeUserIds } from '../db/users';
import { demoRealmForEachTest } from '../testing/in-process';
import { changedDefaults, updateUserSettingsDefaults } from './realm-defaults';

const realm = demoRealmForEachTest();

describe('realm user-settings defaults', () => {
  test('each changed setting is announced once, to every active user, in upstream shape', () => {
    updateUserSettingsDefaults(realm.ctx, realm.user('adam'), { color_scheme: 2, enter_sends: true, emojiset: 'text' });
    expect(realm.published.map(({ event }) => event)).toEqual([
      { type: 'realm_user_settings_defaults', op: 'update', property: 'enter_sends', value: true },
      { type: 'realm_user_settings_defaults', op: 'update', property: 'color_scheme', value: 2 },
      { type: 'realm_user_settings_defaults', op: 'update', property: 'emojiset', value: 'text' },
    ]);
    for (const { recipients, event } of realm.published) {
      RealmUserSettingsDefaultsEvent.parse({ id: 1, ...event });
      expect([...recipients].sort()).toEqual(activeUserIds(realm.ctx.db).sort());
    }
  });

  test('a value equal to the current default is not a change and is not announced', () => {
    updateUserSettingsDefaults(realm.ctx, realm.user('adam'), { color_scheme: UPSTREAM_USER_SETTING_DEFAULTS.color_scheme as 1, enter_sends: true });
    expect(realm.published.map(({ event }) => event.property)).toEqual(['enter_sends']);
  });

  test('the stored defaults are the new values with every other setting as it was', () => {
    updateUserSettingsDefaults(realm.ctx, realm.user('adam'), { web_home_view: 'all_messages' });
    expect(readUserSettingsDefaults(realm.ctx.db)).toEqual({ ...UPSTREAM_USER_SETTING_DEFAULTS, web_home_view: 'all_messages' });
  });

  test('changedDefaults ignores absent parameters and names it does not know', () => {
    expect(changedDefaults({ ...UPSTREAM_USER_SETTING_DEFAULTS }, { enter_sends: undefined, made_up: true, twenty_four_hour_time: true })).toEqual([
      ['twenty_four_hour_time', true],
    ]);
  });
});
