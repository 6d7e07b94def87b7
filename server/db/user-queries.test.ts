// The formatting upstream's user dict depends on: dates as Python's isoformat prints them, and
// Gravatar URLs.
import { describe, expect, test } from 'vitest';
import { canSeeDeliveryEmail, gravatarUrl, isoDate, isoMinutes } from './user-queries';

describe('user object formatting', () => {
  test('date_joined is UTC to the minute with an explicit offset, as upstream sends it', () => {
    expect(isoMinutes(Date.UTC(2026, 0, 15, 12, 34, 56) / 1000)).toBe('2026-01-15T12:34+00:00');
  });

  test('spectators get the day only', () => {
    expect(isoDate(Date.UTC(2026, 0, 15, 23, 59) / 1000)).toBe('2026-01-15');
  });

  test('the Gravatar URL hashes the lower-cased address and carries the avatar version', () => {
    const url = gravatarUrl('Mark@Sandbox.test', 3);
    expect(url).toBe(gravatarUrl('mark@sandbox.test', 3));
    expect(url).toMatch(/^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon&version=3$/);
    expect(gravatarUrl('mark@sandbox.test', 3, true)).toMatch(/\?d=identicon&s=500&version=3$/);
  });

  test('real addresses are visible to administrators and to the user themself only', () => {
    expect(canSeeDeliveryEmail({ id: 1, role: 100 }, 9)).toBe(true);
    expect(canSeeDeliveryEmail({ id: 1, role: 200 }, 9)).toBe(true);
    expect(canSeeDeliveryEmail({ id: 1, role: 300 }, 9)).toBe(false);
    expect(canSeeDeliveryEmail({ id: 9, role: 600 }, 9)).toBe(true);
    expect(canSeeDeliveryEmail(null, 9)).toBe(false);
  });
});
