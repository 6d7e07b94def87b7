import { describe, expect, test } from 'vitest';
import { weeklyTraffic } from './stream-traffic';

const DAY = 86_400;
const now = 1_000 * DAY;

describe('weeklyTraffic (upstream get_average_weekly_stream_traffic)', () => {
  test('a channel under a week old has no estimate', () => {
    expect(weeklyTraffic(50, now - 6 * DAY, now)).toBeNull();
  });

  test('four weeks or older: the last 28 days divided by four', () => {
    expect(weeklyTraffic(40, now - 100 * DAY, now)).toBe(10);
    expect(weeklyTraffic(0, now - 100 * DAY, now)).toBe(0);
  });

  test('between one and four weeks: averaged over the channel’s life', () => {
    expect(weeklyTraffic(30, now - 14 * DAY, now)).toBe(15);
  });

  test('any traffic is at least one a week', () => {
    expect(weeklyTraffic(1, now - 100 * DAY, now)).toBe(1);
  });

  test('rounded to two significant digits, halves to even as Python rounds', () => {
    expect(weeklyTraffic(4 * 1234, now - 100 * DAY, now)).toBe(1200);
    expect(weeklyTraffic(4 * 125, now - 100 * DAY, now)).toBe(120);
    expect(weeklyTraffic(4 * 135, now - 100 * DAY, now)).toBe(140);
  });
});
