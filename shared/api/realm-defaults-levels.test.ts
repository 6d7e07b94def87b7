import { describe, expect, test } from 'vitest';
import {
  ENUM_VALUE_SINCE,
  REALM_DEFAULTS_ENDPOINT_SINCE,
  USER_SETTING_SINCE,
  realmDefaultsParamsAt,
  settingsUnsupportedAt,
  supportsSetting,
  supportsValue,
} from './realm-defaults-levels';
import { updateRealmUserSettingsDefaultsParams as params } from './realm-defaults';
import { USUAL_USER_SETTING_DEFAULTS } from './realm-defaults-usual';

describe('feature levels of the user-settings defaults (upstream changelog)', () => {
  test('every parameter has a level, from the endpoint (96) to Zulip 11.0 (421)', () => {
    expect(Object.keys(USER_SETTING_SINCE).sort()).toEqual(Object.keys(params.shape).sort());
    const outside = Object.entries(USER_SETTING_SINCE).filter(([, level]) => level < REALM_DEFAULTS_ENDPOINT_SINCE || level > 421);
    expect(outside).toEqual([]);
  });

  test('a few levels as the changelog gives them', () => {
    expect(USER_SETTING_SINCE).toMatchObject({
      enter_sends: 96,
      twenty_four_hour_time: 99,
      web_home_view: 219,
      web_font_size_px: 245,
      hide_ai_features: 350,
      web_left_sidebar_show_channel_folders: 411,
    });
  });

  test('at level 300 the five settings added later are unsupported, in the spec order', () => {
    expect(settingsUnsupportedAt(300)).toEqual([
      'web_suggest_update_timezone',
      'hide_ai_features',
      'web_left_sidebar_show_channel_folders',
      'web_left_sidebar_unreads_count_summary',
      'resolved_topic_notice_auto_read_policy',
    ]);
    expect(settingsUnsupportedAt(421)).toEqual([]);
    expect(supportsSetting(349, 'hide_ai_features')).toBe(false);
    expect(supportsSetting(350, 'hide_ai_features')).toBe(true);
  });

  test("web_channel_default_view's later values", () => {
    expect(ENUM_VALUE_SINCE.web_channel_default_view).toEqual({ 3: 383, 4: 401 });
    expect([1, 2, 3, 4].map((value) => supportsValue(390, 'web_channel_default_view', value))).toEqual([true, true, true, false]);
    expect(supportsValue(300, 'color_scheme', 2)).toBe(true);
  });

  describe('the params schema at a level', () => {
    test('at the newest level it is the whole schema', () => {
      expect(Object.keys(realmDefaultsParamsAt(421).shape).sort()).toEqual(Object.keys(params.shape).sort());
      expect(realmDefaultsParamsAt(421).safeParse({ web_channel_default_view: 4 }).success).toBe(true);
    });

    test('an older level drops the newer settings (so a parser reports them as unknown)', () => {
      const old = realmDefaultsParamsAt(300);
      expect(Object.keys(old.shape)).not.toContain('hide_ai_features');
      expect(old.parse({ hide_ai_features: true, color_scheme: 2 })).toEqual({ color_scheme: 2 });
    });

    test("an older level refuses an enumerated value added later, and keeps the setting's other checks", () => {
      const old = realmDefaultsParamsAt(300);
      expect(old.safeParse({ web_channel_default_view: 3 }).success).toBe(false);
      expect(old.safeParse({ web_channel_default_view: 2 }).success).toBe(true);
      expect(old.safeParse({ web_font_size_px: 40 }).success).toBe(false);
    });
  });
});

describe("upstream's usual defaults", () => {
  test('every setting has one, and the params schema accepts each', () => {
    expect(Object.keys(USUAL_USER_SETTING_DEFAULTS).sort()).toEqual(Object.keys(params.shape).sort());
    expect(params.safeParse(USUAL_USER_SETTING_DEFAULTS).success).toBe(true);
  });

  test("values upstream changed over time are today's", () => {
    expect(USUAL_USER_SETTING_DEFAULTS).toMatchObject({ user_list_style: 3, web_font_size_px: 16, web_line_height_percent: 140, automatically_unmute_topics_in_muted_streams_policy: 2 });
  });
});
