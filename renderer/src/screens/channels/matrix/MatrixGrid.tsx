// The permission matrix: channels (rows, virtualized) × settings (columns), each cell a value in words,
// as an ARIA grid (https://www.w3.org/WAI/ARIA/apg/patterns/grid/) with one tab stop. Arrows, Home/End,
// Page Up/Down and Ctrl+Home/End move the active cell; Shift with them extends a rectangle from where
// it started; Space selects or unselects the active cell, Shift+Space its row, Ctrl+Space its column;
// Ctrl/Cmd-A selects every shown cell and Escape none. The mouse does the same: a click selects a cell,
// Shift-click a rectangle, Ctrl/Cmd-click adds or removes; a column's or a row's header selects it.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { settingLabel, type SettingColumn } from '../../../../../shared/domain/channel-settings';
import type { ChannelEntry } from '../../../../../shared/ipc';
import { GridEmpty } from '../../../lists/GridEmpty';
import { afterNextPaint, mark } from '../../../lists/perf-marks';
import { useSubscriberLists } from '../../../queries/channel-subscribers';
import type { RulesContext } from '../editor/rules-context';
import { MATRIX_MARKS } from '../channel-marks';
import { cellWords } from './matrix-cells';
import { columnCells, everyCell, isSelected, rectangle, rowCells, toggle, union, type CellPosition, type Selection } from './matrix-selection';
import '../../../lists/virtual-grid.css';

const ROW_HEIGHT = 44;
const HEADER_HEIGHT = 52;

export interface MatrixGridProps {
  /** The account, for the shown channels' subscribers (who can use a permission depends on them). */
  account: string;
  rows: readonly ChannelEntry[];
  columns: readonly SettingColumn[];
  rules: RulesContext;
  selection: Selection;
  onSelection(selection: Selection): void;
  /** The search the rows are for (the painted mark names it, for the benchmark). */
  query: string;
  empty: ReactNode;
}

export const matrixCellId = (id: number, column: SettingColumn) => `matrix-cell-${id}-${column}`;

export function MatrixGrid({ account, rows, columns, rules, selection, onSelection, query, empty }: MatrixGridProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const ids = useMemo(() => rows.map((entry) => entry.channel.stream_id), [rows]);
  const [active, setActive] = useState<{ id: number; column: SettingColumn } | null>(null);
  // Where a Shift range started, and the selection it adds to.
  const range = useRef<{ anchor: CellPosition; base: Selection } | null>(null);

  const getItemKey = useCallback((index: number) => ids[index] ?? index, [ids]);
  // eslint-disable-next-line react-hooks/incompatible-library -- read during render on purpose, as in ChannelsTable
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey,
    overscan: 8,
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    initialRect: { width: 1200, height: 720 },
  });

  // The shown rows' subscribers, for the cells' titles: read as rows come into view, kept in the cache.
  const shownKey = virtualizer
    .getVirtualItems()
    .map((item) => ids[item.index])
    .join(',');
  const shownIds = useMemo(() => (shownKey ? shownKey.split(',').map(Number) : []), [shownKey]);
  const subscribers = useSubscriberLists(account, shownIds);

  const firstPaint = useRef(true);
  useEffect(() => {
    if (rows.length === 0 && firstPaint.current) return;
    return afterNextPaint(() => {
      if (firstPaint.current) mark(MATRIX_MARKS.painted, { rows: rows.length });
      firstPaint.current = false;
      mark(MATRIX_MARKS.searchPainted, { query, rows: rows.length });
    });
  }, [rows, query]);

  const position = (cell: { id: number; column: SettingColumn } | null): CellPosition | null => {
    if (!cell) return null;
    const row = ids.indexOf(cell.id);
    const column = columns.indexOf(cell.column);
    return row < 0 || column < 0 ? null : { row, column };
  };
  const current = position(active);
  const cellAt = (at: CellPosition) => {
    const id = ids[Math.max(0, Math.min(ids.length - 1, at.row))];
    const column = columns[Math.max(0, Math.min(columns.length - 1, at.column))];
    return id === undefined || column === undefined ? null : { id, column };
  };

  const moveTo = (at: CellPosition, extend: boolean) => {
    const cell = cellAt(at);
    if (!cell) return;
    setActive(cell);
    virtualizer.scrollToIndex(ids.indexOf(cell.id), { align: 'auto' });
    document.getElementById(matrixCellId(cell.id, cell.column))?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    if (!extend) {
      range.current = null;
      return;
    }
    const from = range.current ?? { anchor: current ?? at, base: selection };
    range.current = from;
    onSelection(union(from.base, rectangle(ids, columns, from.anchor, position(cell) ?? at)));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const at = current ?? { row: 0, column: 0 };
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 480) / ROW_HEIGHT) - 2);
    const ctrl = event.ctrlKey || event.metaKey;
    const moves: Record<string, CellPosition> = {
      ArrowDown: { row: at.row + 1, column: at.column },
      ArrowUp: { row: at.row - 1, column: at.column },
      ArrowRight: { row: at.row, column: at.column + 1 },
      ArrowLeft: { row: at.row, column: at.column - 1 },
      PageDown: { row: at.row + page, column: at.column },
      PageUp: { row: at.row - page, column: at.column },
      Home: ctrl ? { row: 0, column: 0 } : { row: at.row, column: 0 },
      End: ctrl ? { row: ids.length - 1, column: columns.length - 1 } : { row: at.row, column: columns.length - 1 },
    };
    const to = moves[event.key];
    if (to) {
      event.preventDefault();
      moveTo(to, event.shiftKey);
      return;
    }
    const cell = cellAt(at);
    if (event.key === ' ' && cell) {
      event.preventDefault();
      if (!active) setActive(cell);
      range.current = null;
      const part = event.shiftKey ? rowCells(cell.id, columns) : ctrl ? columnCells(ids, cell.column) : new Map([[cell.id, new Set([cell.column])]]);
      onSelection(toggle(selection, part));
    } else if (ctrl && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      onSelection(everyCell(ids, columns));
    } else if (event.key === 'Escape' && selection.size > 0) {
      event.preventDefault();
      range.current = null;
      onSelection(new Map());
    }
  };

  const onCellClick = (event: MouseEvent, id: number, column: SettingColumn) => {
    const cell = { id, column };
    const at = position(cell);
    scroller.current?.focus({ preventScroll: true });
    if (event.shiftKey && at) {
      const from = range.current ?? { anchor: current ?? at, base: new Map() };
      range.current = from;
      onSelection(union(from.base, rectangle(ids, columns, from.anchor, at)));
    } else if (event.ctrlKey || event.metaKey) {
      range.current = null;
      onSelection(toggle(selection, new Map([[id, new Set([column])]])));
    } else {
      range.current = null;
      onSelection(new Map([[id, new Set([column])]]));
    }
    setActive(cell);
  };

  const pick = (event: MouseEvent, part: Selection) => {
    range.current = null;
    onSelection(event.ctrlKey || event.metaKey ? toggle(selection, part) : part);
  };

  // Fixed widths: every row (each its own grid) must line up with the header.
  const template = `220px repeat(${columns.length}, 180px)`;
  return (
    <div
      ref={scroller}
      className="matrix-grid"
      role="grid"
      aria-label="Permission matrix"
      aria-multiselectable="true"
      aria-rowcount={rows.length === 0 ? 2 : rows.length + 1}
      aria-colcount={columns.length + 1}
      aria-activedescendant={active && current ? matrixCellId(active.id, active.column) : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        if (event.target === event.currentTarget && !current) {
          const first = cellAt({ row: 0, column: 0 });
          if (first) setActive(first);
        }
      }}
    >
      <div role="row" aria-rowindex={1} className="matrix-row matrix-head-row" style={{ gridTemplateColumns: template }}>
        <div role="columnheader" aria-colindex={1} className="matrix-corner">
          Channel
        </div>
        {columns.map((column, index) => (
          <div key={column} role="columnheader" aria-colindex={index + 2}>
            <button type="button" className="matrix-head-button" tabIndex={-1} title={`Select the column ${settingLabel(column)}`} onClick={(event) => pick(event, columnCells(ids, column))}>
              {settingLabel(column)}
            </button>
          </div>
        ))}
      </div>
      {rows.length === 0 ? (
        <GridEmpty columns={columns.length + 1}>{empty}</GridEmpty>
      ) : (
        <div className="matrix-body" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const entry = rows[item.index];
            if (!entry) return null;
            const { channel } = entry;
            const id = channel.stream_id;
            return (
              <div
                key={id}
                role="row"
                aria-rowindex={item.index + 2}
                className="matrix-row"
                data-archived={channel.is_archived || undefined}
                style={{ gridTemplateColumns: template, transform: `translateY(${item.start - HEADER_HEIGHT}px)` }}
              >
                <div role="rowheader" aria-colindex={1} className="matrix-channel">
                  <button type="button" className="matrix-row-button" tabIndex={-1} title={`Select the row #${channel.name}`} onClick={(event) => pick(event, rowCells(id, columns))}>
                    #{channel.name}
                  </button>
                </div>
                {columns.map((column, index) => {
                  const words = cellWords(channel, column, rules, subscribers.get(id) ?? null);
                  const selected = isSelected(selection, id, column);
                  return (
                    <div
                      key={column}
                      id={matrixCellId(id, column)}
                      role="gridcell"
                      aria-colindex={index + 2}
                      aria-selected={selected}
                      className="matrix-cell"
                      data-active={(active?.id === id && active.column === column) || undefined}
                      title={words.title}
                      onClick={(event) => onCellClick(event, id, column)}
                    >
                      {words.text}
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
