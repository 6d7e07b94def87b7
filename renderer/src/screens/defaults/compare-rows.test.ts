import { describe, expect, test } from 'vitest';
import { compareRows } from './compare-rows';

describe('compare realms', () => {
  const a = { color_scheme: 1, enter_sends: false, hide_ai_features: true };
  const b = { color_scheme: 2, enter_sends: false };

  test('a setting differs when two realms report different values', () => {
    const { groups, differing } = compareRows([a, b], false);
    const rows = groups.flatMap((group) => group.rows);
    expect(rows.find((row) => row.entry.name === 'color_scheme')).toMatchObject({ values: [1, 2], differs: true });
    expect(rows.find((row) => row.entry.name === 'enter_sends')).toMatchObject({ values: [false, false], differs: false });
    // Not reported by one realm: not a difference.
    expect(rows.find((row) => row.entry.name === 'hide_ai_features')).toMatchObject({ values: [true, undefined], differs: false });
    expect(differing).toBe(1);
  });

  test('only differences: the other rows go, every group stays (possibly empty)', () => {
    const { groups } = compareRows([a, b, null], true);
    expect(groups).toHaveLength(7);
    expect(groups.flatMap((group) => group.rows.map((row) => row.entry.name))).toEqual(['color_scheme']);
    expect(groups[0]?.rows[0]?.values).toEqual([1, 2, undefined]);
  });
});
