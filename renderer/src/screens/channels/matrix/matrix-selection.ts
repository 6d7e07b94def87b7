// Which cells of the permission matrix are selected: by channel ID and setting, so a selection survives
// the rows moving (a live change re-sorting them) and is read against the rows shown when acted on.
// Ranges are rectangles between two positions of the shown rows and columns, as in a spreadsheet.
import type { SettingColumn } from '../../../../../shared/domain/channel-settings';

export type Selection = ReadonlyMap<number, ReadonlySet<SettingColumn>>;

/** A cell's place among the shown rows and columns. */
export interface CellPosition {
  row: number;
  column: number;
}

export const NO_SELECTION: Selection = new Map();

/** The cells between two positions, both included. */
export function rectangle(ids: readonly number[], columns: readonly SettingColumn[], a: CellPosition, b: CellPosition): Selection {
  const out = new Map<number, Set<SettingColumn>>();
  const chosen = columns.slice(Math.min(a.column, b.column), Math.max(a.column, b.column) + 1);
  for (const id of ids.slice(Math.min(a.row, b.row), Math.max(a.row, b.row) + 1)) out.set(id, new Set(chosen));
  return out;
}

/** Every shown cell (Ctrl/Cmd-A). */
export function everyCell(ids: readonly number[], columns: readonly SettingColumn[]): Selection {
  return new Map(ids.map((id) => [id, new Set(columns)]));
}

/** A whole row or column among those shown. */
export function rowCells(id: number, columns: readonly SettingColumn[]): Selection {
  return new Map([[id, new Set(columns)]]);
}

export function columnCells(ids: readonly number[], column: SettingColumn): Selection {
  return new Map(ids.map((id) => [id, new Set([column])]));
}

export function isSelected(selection: Selection, id: number, column: SettingColumn): boolean {
  return selection.get(id)?.has(column) ?? false;
}

/** Both selections' cells. */
export function union(a: Selection, b: Selection): Selection {
  const out = new Map<number, Set<SettingColumn>>([...a].map(([id, columns]) => [id, new Set(columns)]));
  for (const [id, columns] of b) {
    const set = out.get(id) ?? new Set<SettingColumn>();
    for (const column of columns) set.add(column);
    out.set(id, set);
  }
  return out;
}

/** The cells of `b` added, or removed when every one of them is selected already (Space, Ctrl-click). */
export function toggle(selection: Selection, b: Selection): Selection {
  const all = [...b].every(([id, columns]) => [...columns].every((column) => isSelected(selection, id, column)));
  if (!all) return union(selection, b);
  const out = new Map<number, Set<SettingColumn>>();
  for (const [id, columns] of selection) {
    const left = new Set([...columns].filter((column) => !b.get(id)?.has(column)));
    if (left.size > 0) out.set(id, left);
  }
  return out;
}

/** The selection restricted to the shown rows and columns: what a change or a count is about. */
export function shownPart(selection: Selection, ids: readonly number[], columns: readonly SettingColumn[]): Map<number, Set<SettingColumn>> {
  const shownColumns = new Set(columns);
  const out = new Map<number, Set<SettingColumn>>();
  for (const id of ids) {
    const chosen = selection.get(id);
    if (!chosen) continue;
    const kept = new Set([...chosen].filter((column) => shownColumns.has(column)));
    if (kept.size > 0) out.set(id, kept);
  }
  return out;
}

export function cellCount(selection: Selection): number {
  let n = 0;
  for (const columns of selection.values()) n += columns.size;
  return n;
}
