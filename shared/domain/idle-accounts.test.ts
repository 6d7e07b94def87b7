import { describe, expect, test } from 'vitest';
import type { User } from '../api/users';
import { lastSeen, lastSeenWords, notActiveFor, usersCsv } from './idle-accounts';

const now = Date.parse('2026-11-24T12:00:00Z');
const DAY = 86_400_000;
const human = { is_bot: false, date_joined: '2024-01-01T00:00:00Z' };

describe('idle accounts', () => {
  test('"never seen" only where the history covers the whole membership, else "not seen in the last N days"', () => {
    expect(lastSeen(human, undefined, 365, now)).toEqual({ kind: 'notInHistory', days: 365 });
    expect(lastSeen({ ...human, date_joined: '2026-10-01T00:00:00Z' }, undefined, 365, now)).toEqual({ kind: 'never' });
    expect(lastSeen({ ...human, is_bot: true }, undefined, 365, now)).toEqual({ kind: 'bot' });
    expect(lastSeenWords(lastSeen(human, undefined, 14, now))).toBe('Not seen in the last 14 days');
    expect(lastSeenWords({ kind: 'never' })).toBe('Never seen');
    expect(lastSeenWords(lastSeen(human, (now - 3 * DAY) / 1000, 365, now))).toBe('2026-11-21');
  });

  test('not active for N days: seen before the cut-off, never seen, or not in the history; bots never', () => {
    expect(notActiveFor(lastSeen(human, (now - 31 * DAY) / 1000, 365, now), 30, now)).toBe(true);
    expect(notActiveFor(lastSeen(human, (now - 29 * DAY) / 1000, 365, now), 30, now)).toBe(false);
    expect(notActiveFor({ kind: 'never' }, 30, now)).toBe(true);
    expect(notActiveFor({ kind: 'notInHistory', days: 365 }, 30, now)).toBe(true);
    expect(notActiveFor({ kind: 'bot' }, 30, now)).toBe(false);
  });

  test('the CSV keeps a formula-looking name as text', () => {
    const user = { user_id: 7, full_name: '=HYPERLINK("x")', email: 'a@b.test', delivery_email: null, role: 400, is_active: true, is_bot: false, date_joined: '2024-01-01T00:00:00Z' } as unknown as User;
    const csv = usersCsv([{ user, seen: { kind: 'never' } }]);
    expect(csv.split('\r\n')[1]).toBe(`7,"'=HYPERLINK(""x"")",a@b.test,Member,Active,Human,2024-01-01,Never seen`);
  });
});
