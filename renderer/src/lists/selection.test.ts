import { describe, expect, test } from 'vitest';
import { clickRow, EMPTY_SELECTION, keepKnown, rangeBetween, selectAll, type Selection } from './selection';

const visible = [10, 20, 30, 40, 50, 60];
const plain = { shift: false, toggle: false };
const shift = { shift: true, toggle: false };
const ctrl = { shift: false, toggle: true };
const ids = (selection: Selection) => [...selection.ids].sort((a, b) => a - b);

describe('selection', () => {
  test('a click selects one row and makes it the anchor', () => {
    const once = clickRow(EMPTY_SELECTION, visible, 30, plain);
    expect(ids(once)).toEqual([30]);
    expect(ids(clickRow(once, visible, 50, plain))).toEqual([50]);
  });

  test('Shift-click adds the range from the anchor, in either direction', () => {
    const anchored = clickRow(EMPTY_SELECTION, visible, 30, plain);
    expect(ids(clickRow(anchored, visible, 50, shift))).toEqual([30, 40, 50]);
    expect(ids(clickRow(anchored, visible, 10, shift))).toEqual([10, 20, 30]);
  });

  test('a second Shift-click extends from the same anchor', () => {
    const first = clickRow(clickRow(EMPTY_SELECTION, visible, 20, plain), visible, 40, shift);
    expect(ids(clickRow(first, visible, 60, shift))).toEqual([20, 30, 40, 50, 60]);
  });

  test('Ctrl-click toggles one row and keeps the rest', () => {
    const two = clickRow(clickRow(EMPTY_SELECTION, visible, 10, plain), visible, 40, ctrl);
    expect(ids(two)).toEqual([10, 40]);
    expect(ids(clickRow(two, visible, 10, ctrl))).toEqual([40]);
  });

  test('Ctrl-clicks and a Shift range combine', () => {
    const picked = clickRow(clickRow(EMPTY_SELECTION, visible, 10, plain), visible, 40, ctrl);
    expect(ids(clickRow(picked, visible, 60, shift))).toEqual([10, 40, 50, 60]);
  });

  test('ranges follow the order shown, not the IDs', () => {
    expect(rangeBetween([5, 1, 9, 3], 1, 3)).toEqual([1, 9, 3]);
    // An anchor the search hides: the range is the clicked row alone.
    expect(rangeBetween([5, 1, 9, 3], 7, 9)).toEqual([9]);
  });

  test('select all adds every shown row to what was selected', () => {
    const one = clickRow(EMPTY_SELECTION, [1, 2, 3], 99, plain);
    expect(ids(selectAll(one, [1, 2, 3]))).toEqual([1, 2, 3, 99]);
  });

  test('users gone from the realm drop out', () => {
    const selection: Selection = { ids: new Set([1, 2, 3]), anchor: 2 };
    expect(keepKnown(selection, () => true)).toBe(selection);
    expect(keepKnown(selection, (id) => id !== 2)).toEqual({ ids: new Set([1, 3]), anchor: null });
  });
});
