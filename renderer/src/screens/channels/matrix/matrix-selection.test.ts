// The matrix's selection: rectangles between two positions, rows, columns, every cell, toggling (Space,
// Ctrl-click), and the part of a selection the shown rows and columns hold.
import { describe, expect, test } from 'vitest';
import type { SettingColumn } from '../../../../../shared/domain/channel-settings';
import { cellCount, columnCells, everyCell, rectangle, rowCells, shownPart, toggle, union, type Selection } from './matrix-selection';

const ids = [10, 11, 12, 13];
const columns: SettingColumn[] = ['privacy', 'retention', 'topicsPolicy', 'can_send_message_group'];
const plain = (selection: Selection) => Object.fromEntries([...selection].map(([id, set]) => [id, [...set].sort()]));

describe('the matrix selection', () => {
  test('a rectangle spans both corners, whichever way it was drawn', () => {
    const drawn = rectangle(ids, columns, { row: 2, column: 2 }, { row: 1, column: 1 });
    expect(plain(drawn)).toEqual({ 11: ['retention', 'topicsPolicy'], 12: ['retention', 'topicsPolicy'] });
    expect(cellCount(drawn)).toBe(4);
  });

  test('rows, columns and every cell', () => {
    expect(plain(rowCells(12, columns))).toEqual({ 12: [...columns].sort() });
    expect(plain(columnCells(ids, 'privacy'))).toEqual({ 10: ['privacy'], 11: ['privacy'], 12: ['privacy'], 13: ['privacy'] });
    expect(cellCount(everyCell(ids, columns))).toBe(16);
  });

  test('toggle adds what is missing, and removes only when every cell was selected', () => {
    const one = new Map([[10, new Set<SettingColumn>(['privacy'])]]);
    const row = toggle(one, rowCells(10, columns));
    expect(cellCount(row)).toBe(4);
    const off = toggle(row, rowCells(10, columns));
    expect(off.size).toBe(0);
    expect(plain(toggle(union(one, columnCells([11], 'retention')), one))).toEqual({ 11: ['retention'] });
  });

  test('the shown part leaves out rows and columns the search and filters hide', () => {
    const all = everyCell(ids, columns);
    expect(plain(shownPart(all, [11, 99], ['privacy', 'retention']))).toEqual({ 11: ['privacy', 'retention'] });
  });
});
