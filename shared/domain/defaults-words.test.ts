import { describe, expect, test } from 'vitest';
import { changeWords, durationWords, settingValueWords, soundWords } from './defaults-words';

describe('default settings in words', () => {
  test('each kind of value', () => {
    expect(settingValueWords('enter_sends', true)).toBe('On');
    expect(settingValueWords('color_scheme', 2)).toBe('Dark');
    expect(settingValueWords('web_home_view', 'recent_topics')).toBe('Recent conversations');
    expect(settingValueWords('web_font_size_px', 16)).toBe('16 px');
    expect(settingValueWords('web_line_height_percent', 140)).toBe('140%');
    expect(settingValueWords('email_notifications_batching_period_seconds', 120)).toBe('2 minutes');
    expect(settingValueWords('notification_sound', 'chime')).toBe('Chime');
  });

  test('a value the console does not know, and a setting the server does not report', () => {
    expect(settingValueWords('color_scheme', 9)).toBe('Unknown value (9)');
    expect(settingValueWords('hide_ai_features', undefined)).toBe('Not reported');
  });

  test('durations and sounds', () => {
    expect(durationWords(5400)).toBe('1 hour 30 minutes');
    expect(durationWords(604_800)).toBe('7 days');
    expect(durationWords(45)).toBe('45 seconds');
    expect(soundWords('none')).toBe('None (silent)');
  });

  test('a change, as the review and the activity log show it', () => {
    expect(changeWords({ name: 'color_scheme', from: 1, to: 2 })).toBe('Color scheme: Automatic → Dark');
  });
});
