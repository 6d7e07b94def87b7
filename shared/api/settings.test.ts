import { describe, expect, test } from 'vitest';
import { BOOLEAN_SETTINGS, ENUM_INT_SETTINGS, ENUM_STRING_SETTINGS, INT_SETTINGS, STRING_SETTINGS } from './realm-defaults';
import { updateSettingsParams as params } from './settings';

const accepts = (update: Record<string, unknown>) => params.safeParse(update).success;

describe('PATCH /settings parameters', () => {
  test('take every setting the realm defaults take, and nothing else', () => {
    const names = [
      ...BOOLEAN_SETTINGS,
      ...Object.keys(ENUM_INT_SETTINGS),
      ...Object.keys(INT_SETTINGS),
      ...Object.keys(ENUM_STRING_SETTINGS),
      ...STRING_SETTINGS,
    ];
    expect(Object.keys(params.shape).sort()).toEqual([...names].sort());
  });

  test('check values with the realm defaults rules', () => {
    expect(accepts({ color_scheme: 2, emojiset: 'text', enter_sends: true })).toBe(true);
    expect(accepts({ color_scheme: 7 })).toBe(false);
    expect(accepts({ web_home_view: 'everything' })).toBe(false);
    expect(accepts({ web_font_size_px: 40 })).toBe(false);
  });

  test('leave the email batching period range to the server, which words the error as upstream does', () => {
    expect(accepts({ email_notifications_batching_period_seconds: -1 })).toBe(true);
    expect(accepts({ email_notifications_batching_period_seconds: 1.5 })).toBe(false);
  });
});
