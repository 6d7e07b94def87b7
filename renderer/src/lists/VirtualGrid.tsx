// A list of records as an ARIA grid: virtualized rows (@tanstack/react-virtual) with react-table's
// columns and sort headers, a checkbox per row, and the keyboard of a file manager. The Users table and
// the channel list are this grid with their own columns. react-table gets only the rows in view as its
// data: its row model costs about a microsecond a row, which on every keystroke over 100,000 users
// would be the slowest part of a search; filtering and sorting over the whole list happen in each
// screen's index (user-index.ts, channel-index.ts) instead.
//
// Keyboard: one tab stop for the rows (the grid itself); arrows, Page Up/Down, Home and End move the
// focused row (with Shift they extend the selection), Space toggles it, Enter opens it, Ctrl/Cmd+A
// selects all shown, Escape clears the selection. The header's sort buttons and "Select all shown" are
// tab stops of their own after it, and keep their own keys. Mouse: lists/selection.ts.
import { createColumnHelper, rowSortingFeature, tableFeatures, useTable, type ColumnDef, type RowData, type SortingState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, type HTMLAttributes, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { GridEmpty } from './GridEmpty';
import { afterNextPaint, mark } from './perf-marks';
import { clickRow, rangeBetween, selectAll, toggleRow, type Selection } from './selection';
import './virtual-grid.css';

const ROW_HEIGHT = 48;
/** The sticky header row inside the scrolling box (virtual-grid.css .vgrid-head-row). */
const HEADER_HEIGHT = 36;

const features = tableFeatures({ rowSortingFeature });
/** Columns for a grid of `T`: what each cell shows; a column's id is its sort key when it sorts. */
export const gridColumns = <T extends RowData>() => createColumnHelper<typeof features, T>();
export type GridColumns<T extends RowData> = ColumnDef<typeof features, T, unknown>[];

export interface GridSort<K extends string> {
  key: K;
  descending: boolean;
}

/** Marks the benchmarks read (lists/perf-marks.ts): the first painted grid, and each repaint after a search. */
export interface GridMarks {
  painted: string;
  searchPainted: string;
}

/** What a screen's list state gives the grid: its rows, search, sort, selection, focus and opened row. */
export interface GridState<T extends RowData, K extends string> {
  rows: readonly T[];
  /** The search the rows are for: the painted mark names it, for the benchmark. */
  query: string;
  /** Sorting runs over the whole list in the screen's index; the grid holds the header controls. */
  sort: GridSort<K>;
  onSort(sort: GridSort<K>): void;
  selection: Selection;
  onSelection(selection: Selection): void;
  focused: number | null;
  onFocus(id: number | null): void;
  opened: number | null;
  onOpen(id: number): void;
  /** Shown instead of rows when none match. */
  empty: ReactNode;
}

export interface VirtualGridProps<T extends RowData, K extends string> extends GridState<T, K> {
  /** The grid's accessible name ("Users"). */
  label: string;
  /** The scrolling box's classes, after `vgrid`: where each screen sets its columns' widths. */
  className: string;
  idOf(row: T): number;
  /** The DOM id of a row (aria-activedescendant points at it). */
  rowDomId(id: number): string;
  columns: GridColumns<T>;
  sortKeys: readonly K[];
  marks: GridMarks;
  /**
   * Whether a plain click also selects the row (the Users table, whose selection is what the bulk
   * buttons act on), or only opens it (the channel list, whose selection is what is dragged).
   */
  clickSelects: boolean;
  /** Whether the header holds a "Select all shown" checkbox (the channel list has it in its toolbar). */
  selectAllInHeader: boolean;
  /** The row checkbox's accessible name: "Select Ada Lovelace". */
  selectLabel(row: T): string;
  /** A row's own attributes beside the grid's (data-* marks, dragging). */
  rowAttributes?(row: T, selected: boolean): HTMLAttributes<HTMLDivElement> & Record<`data-${string}`, string | boolean | undefined>;
  /** The box's width before it is measured (and in tests, where nothing has a size). */
  initialWidth: number;
}

export function VirtualGrid<T extends RowData, K extends string>(props: VirtualGridProps<T, K>) {
  const { rows, idOf, rowDomId, query, marks, sort, sortKeys, onSort, selection, onSelection, focused, onFocus, opened, onOpen } = props;
  const scroller = useRef<HTMLDivElement>(null);
  // The shown rows' IDs, listed only when a key or a click needs them: on 100,000 users, listing them
  // at every keystroke cost more than the search.
  const idsOf = useMemo(() => {
    let ids: number[] | null = null;
    return () => (ids ??= rows.map(idOf));
  }, [rows, idOf]);

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render on purpose; nothing here is memoized by the compiler
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    // No getItemKey: rows have one height and are never measured, and a key per row would be read for
    // every one of 100,000 rows at each search (the virtualizer lays out all of them).
    // Each row more laid out per frame costs scrolling at 100,000 users (e2e/bench/users-scaling.ts).
    overscan: 4,
    // The rows start below the header row, which stays on top: scrolling to a row leaves room for it.
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    initialRect: { width: props.initialWidth, height: 720 },
  });
  const items = virtualizer.getVirtualItems();
  const inView = useMemo(() => items.flatMap((item) => rows[item.index] ?? []), [items, rows]);

  const sorting: SortingState = [{ id: sort.key, desc: sort.descending }];
  const table = useTable({
    features,
    columns: props.columns,
    data: inView,
    getRowId: (row) => String(idOf(row)),
    manualSorting: true,
    enableSortingRemoval: false,
    state: { sorting },
    onSortingChange: (updater) => {
      const first = (typeof updater === 'function' ? updater(sorting) : updater)[0];
      const key = sortKeys.find((candidate) => candidate === first?.id);
      if (first && key) onSort({ key, descending: first.desc });
    },
  });

  const firstPaint = useRef(true);
  useEffect(() => {
    if (rows.length === 0 && firstPaint.current) return;
    return afterNextPaint(() => {
      if (firstPaint.current) mark(marks.painted, { rows: rows.length });
      firstPaint.current = false;
      mark(marks.searchPainted, { query, rows: rows.length });
    });
  }, [rows, query, marks]);

  // The opened row is scrolled into view whenever it comes to be shown: opened from elsewhere (the
  // Overview), or listed again after the search or filters hid it ("Show it in the list"). Once shown it
  // is left where the user scrolls. Looked up only while a row is open, and only until it is found.
  const revealed = useRef<number | null>(null);
  useEffect(() => {
    const index = opened === null ? -1 : rows.findIndex((row) => idOf(row) === opened);
    if (index < 0) {
      revealed.current = null;
      return;
    }
    if (revealed.current === opened) return;
    revealed.current = opened;
    virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [opened, rows, idOf, virtualizer]);

  const focusedIndex = focused === null ? -1 : idsOf().indexOf(focused);

  const moveFocus = (index: number, extend: boolean) => {
    const shown = idsOf();
    const target = shown[Math.max(0, Math.min(shown.length - 1, index))];
    if (target === undefined) return;
    onFocus(target);
    if (extend) {
      const ids = new Set(selection.ids);
      for (const id of rangeBetween(shown, selection.anchor ?? focused ?? target, target)) ids.add(id);
      onSelection({ ids, anchor: selection.anchor ?? focused ?? target });
    }
    virtualizer.scrollToIndex(shown.indexOf(target), { align: 'auto' });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // A header control has the focus: Enter and Space are its own, not the focused row's.
    if (event.target !== event.currentTarget) return;
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 480) / ROW_HEIGHT) - 1);
    const from = focusedIndex;
    const moves: Record<string, number> = { ArrowDown: from + 1, ArrowUp: Math.max(0, from - 1), PageDown: from + page, PageUp: Math.max(0, from - page), Home: 0, End: rows.length - 1 };
    const to = moves[event.key];
    if (to !== undefined) {
      event.preventDefault();
      moveFocus(to, event.shiftKey);
    } else if (event.key === ' ' && focused !== null) {
      event.preventDefault();
      onSelection(toggleRow(selection, focused));
    } else if (event.key === 'Enter' && focused !== null) {
      event.preventDefault();
      // As a click: where a click selects, Enter moves a selection of one row (or none) to the row it
      // opens, so the panel and the selection's buttons never name two different people. A selection
      // of several, built with Space, stays.
      if (props.clickSelects && selection.ids.size <= 1) onSelection(clickRow(selection, idsOf(), focused, { shift: false, toggle: false }));
      onOpen(focused);
    } else if (event.key.toLowerCase() === 'a' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onSelection(selectAll(selection, idsOf()));
    } else if (event.key === 'Escape' && selection.ids.size > 0) {
      event.preventDefault();
      onSelection({ ids: new Set(), anchor: null });
    }
  };

  // The grid takes the focus first: its focus handler, which puts a grid with no focused row on the
  // first, would otherwise run after the clicked row became the focused one and move it back there.
  const onRowClick = (event: MouseEvent, id: number) => {
    scroller.current?.focus({ preventScroll: true });
    const keys = { shift: event.shiftKey, toggle: event.ctrlKey || event.metaKey };
    onFocus(id);
    if (keys.shift || keys.toggle || props.clickSelects) onSelection(clickRow(selection, idsOf(), id, keys));
    if (!keys.shift && !keys.toggle) onOpen(id);
  };

  const onCheckbox = (event: MouseEvent, id: number) => {
    event.stopPropagation();
    scroller.current?.focus({ preventScroll: true });
    onSelection(event.shiftKey ? clickRow(selection, idsOf(), id, { shift: true, toggle: false }) : toggleRow(selection, id));
    onFocus(id);
  };

  const shownSelected = useMemo(() => (selection.ids.size === 0 ? 0 : idsOf().reduce((n, id) => n + (selection.ids.has(id) ? 1 : 0), 0)), [idsOf, selection]);
  const allShown = shownSelected > 0 && shownSelected === rows.length;
  const toggleAllShown = () => {
    if (allShown) {
      const ids = new Set(selection.ids);
      for (const id of idsOf()) ids.delete(id);
      onSelection({ ids, anchor: selection.anchor });
    } else onSelection(selectAll(selection, idsOf()));
  };

  const tableRows = table.getRowModel().rows;
  return (
    <div
      ref={scroller}
      className={`vgrid ${props.className}`}
      role="grid"
      aria-label={props.label}
      aria-multiselectable="true"
      aria-rowcount={rows.length === 0 ? 2 : rows.length + 1}
      aria-activedescendant={focused !== null && focusedIndex >= 0 ? rowDomId(focused) : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        const first = rows[0];
        if (event.target === event.currentTarget && focusedIndex < 0 && first !== undefined) onFocus(idOf(first));
      }}
    >
      {table.getHeaderGroups().map((group) => (
        <div key={group.id} role="row" aria-rowindex={1} className="vgrid-row vgrid-head-row">
          <div role="columnheader" className="cell-select">
            {props.selectAllInHeader ? (
              <SelectAllBox checked={allShown} indeterminate={shownSelected > 0 && !allShown} onToggle={toggleAllShown} />
            ) : (
              <span className="visually-hidden">Selected</span>
            )}
          </div>
          {group.headers.map((header) => {
            const sorted = header.column.getIsSorted();
            return (
              <div key={header.id} role="columnheader" className={`cell-${header.column.id}`} aria-sort={sorted ? (sorted === 'desc' ? 'descending' : 'ascending') : undefined}>
                {header.column.getCanSort() ? (
                  <button type="button" className="plain-button sort-button" onClick={header.column.getToggleSortingHandler()}>
                    <table.FlexRender header={header} />
                    <span className="sort-mark" aria-hidden="true">
                      {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                    </span>
                  </button>
                ) : (
                  <table.FlexRender header={header} />
                )}
              </div>
            );
          })}
        </div>
      ))}
      {rows.length === 0 ? (
        <GridEmpty columns={props.columns.length + 1}>{props.empty}</GridEmpty>
      ) : (
        <div className="vgrid-body" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item, position) => {
            const row = tableRows[position];
            const record = rows[item.index];
            if (!row || record === undefined) return null;
            const id = idOf(record);
            const selected = selection.ids.has(id);
            return (
              <div
                key={id}
                {...props.rowAttributes?.(record, selected)}
                id={rowDomId(id)}
                role="row"
                aria-rowindex={item.index + 2}
                aria-selected={selected}
                className="vgrid-row"
                data-focused={id === focused || undefined}
                data-opened={id === opened || undefined}
                style={{ transform: `translateY(${item.start - HEADER_HEIGHT}px)` }}
                onMouseDown={(event) => {
                  // Shift-click selects rows, not the text between them.
                  if (event.shiftKey) event.preventDefault();
                }}
                onClick={(event) => onRowClick(event, id)}
              >
                <div role="gridcell" className="cell-select">
                  <input type="checkbox" tabIndex={-1} checked={selected} aria-label={props.selectLabel(record)} onClick={(event) => onCheckbox(event, id)} onChange={() => undefined} />
                </div>
                {row.getAllCells().map((cell) => (
                  <div key={cell.id} role="gridcell" className={`cell-${cell.column.id}`}>
                    <table.FlexRender cell={cell} />
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}

function SelectAllBox({ checked, indeterminate, onToggle }: { checked: boolean; indeterminate: boolean; onToggle(): void }) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return <input ref={box} type="checkbox" checked={checked} aria-label="Select all shown" onChange={onToggle} />;
}
