// The users table: virtualized rows (@tanstack/react-virtual) with react-table's columns and sort
// headers. react-table gets only the rows in view as its data: its row model costs about a microsecond
// a row, which on every keystroke over 20,000 users would be the slowest part of a search; filtering
// and sorting over the whole realm happen in user-index.ts instead.
//
// Keyboard: one tab stop (the grid); arrows, Page Up/Down, Home and End move the focused row (with
// Shift they extend the selection), Space toggles it, Enter opens it, Ctrl/Cmd+A selects all shown,
// Escape clears the selection.
import { useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import type { User } from '../../../../shared/api/users';
import { columns, features, fromSorting, toSorting } from './columns';
import { afterNextPaint, mark } from '../../lists/perf-marks';
import { MARKS } from './user-marks';
import { clickRow, rangeBetween, selectAll, toggleRow, type Selection } from '../../lists/selection';
import type { SortOrder } from './user-index';

export const ROW_HEIGHT = 48;
/** The sticky header row inside the scrolling box (users.css .users-head-row). */
const HEADER_HEIGHT = 36;

export interface UsersTableProps {
  rows: User[];
  /** The search the rows are for (the painted mark names it, for the benchmark). */
  query: string;
  sort: SortOrder;
  onSort(sort: SortOrder): void;
  selection: Selection;
  onSelection(selection: Selection): void;
  focused: number | null;
  onFocus(id: number | null): void;
  opened: number | null;
  onOpen(id: number): void;
  empty: ReactNode;
}

export const rowDomId = (id: number) => `users-row-${id}`;

export function UsersTable(props: UsersTableProps) {
  const { rows, query, sort, onSort, selection, onSelection, focused, onFocus, opened, onOpen } = props;
  const scroller = useRef<HTMLDivElement>(null);
  // The shown users' IDs, listed only when a key or a click needs them: on 100,000 users, listing them
  // at every keystroke cost more than the search.
  const idsOf = useMemo(() => {
    let ids: number[] | null = null;
    return () => (ids ??= rows.map((user) => user.user_id));
  }, [rows]);

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render on purpose; nothing here is memoized by the compiler
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 4,
    // The rows start below the header row, which stays on top: scrolling to a row leaves room for it.
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    // Before the first measurement (and in tests, where nothing has a size): a screenful.
    initialRect: { width: 960, height: 720 },
  });
  const items = virtualizer.getVirtualItems();
  const inView = useMemo(() => items.flatMap((item) => rows[item.index] ?? []), [items, rows]);

  const table = useTable({
    features,
    columns,
    data: inView,
    getRowId: (user) => String(user.user_id),
    manualSorting: true,
    enableSortingRemoval: false,
    state: { sorting: toSorting(sort) },
    onSortingChange: (updater) => onSort(fromSorting(typeof updater === 'function' ? updater(toSorting(sort)) : updater, sort)),
  });

  // The first table with data, and every repaint after a search, for the benchmark's marks.
  const firstPaint = useRef(true);
  useEffect(() => {
    if (rows.length === 0 && firstPaint.current) return;
    return afterNextPaint(() => {
      if (firstPaint.current) mark(MARKS.painted, { rows: rows.length });
      firstPaint.current = false;
      mark(MARKS.searchPainted, { query, rows: rows.length });
    });
  }, [rows, query]);

  const focusedIndex = focused === null ? -1 : idsOf().indexOf(focused);

  const moveFocus = (index: number, extend: boolean) => {
    const visibleIds = idsOf();
    const target = visibleIds[Math.max(0, Math.min(visibleIds.length - 1, index))];
    if (target === undefined) return;
    onFocus(target);
    if (extend) {
      const ids = new Set(selection.ids);
      for (const id of rangeBetween(visibleIds, selection.anchor ?? focused ?? target, target)) ids.add(id);
      onSelection({ ids, anchor: selection.anchor ?? focused ?? target });
    }
    virtualizer.scrollToIndex(visibleIds.indexOf(target), { align: 'auto' });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 480) / ROW_HEIGHT) - 1);
    const from = focusedIndex < 0 ? -1 : focusedIndex;
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
      onOpen(focused);
    } else if (event.key.toLowerCase() === 'a' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onSelection(selectAll(selection, idsOf()));
    } else if (event.key === 'Escape' && selection.ids.size > 0) {
      event.preventDefault();
      onSelection({ ids: new Set(), anchor: null });
    }
  };

  const onRowClick = (event: MouseEvent, id: number) => {
    const keys = { shift: event.shiftKey, toggle: event.ctrlKey || event.metaKey };
    onSelection(clickRow(selection, idsOf(), id, keys));
    onFocus(id);
    if (!keys.shift && !keys.toggle) onOpen(id);
    scroller.current?.focus({ preventScroll: true });
  };

  const onCheckbox = (event: MouseEvent, id: number) => {
    event.stopPropagation();
    onSelection(event.shiftKey ? clickRow(selection, idsOf(), id, { shift: true, toggle: false }) : toggleRow(selection, id));
    onFocus(id);
    scroller.current?.focus({ preventScroll: true });
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
      className="panel users-table"
      role="grid"
      aria-label="Users"
      aria-multiselectable="true"
      aria-rowcount={rows.length + 1}
      aria-activedescendant={focused !== null && focusedIndex >= 0 ? rowDomId(focused) : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        if (event.target === event.currentTarget && focusedIndex < 0 && rows[0] !== undefined) onFocus(rows[0].user_id);
      }}
    >
      {table.getHeaderGroups().map((group) => (
        <div key={group.id} role="row" aria-rowindex={1} className="users-row users-head-row">
          <div role="columnheader" className="cell-select">
            <SelectAllBox checked={allShown} indeterminate={shownSelected > 0 && !allShown} onToggle={toggleAllShown} />
          </div>
          {group.headers.map((header) => {
            const sorted = header.column.getIsSorted();
            return (
              <div key={header.id} role="columnheader" className={`cell-${header.column.id}`} aria-sort={sorted ? (sorted === 'desc' ? 'descending' : 'ascending') : undefined}>
                {header.column.getCanSort() ? (
                  <button type="button" className="plain-button sort-button" tabIndex={-1} onClick={header.column.getToggleSortingHandler()}>
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
        <div className="users-empty">{props.empty}</div>
      ) : (
        <div className="users-body" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item, position) => {
            const row = tableRows[position];
            const user = rows[item.index];
            if (!row || !user) return null;
            const selected = selection.ids.has(user.user_id);
            return (
              <div
                key={user.user_id}
                id={rowDomId(user.user_id)}
                role="row"
                aria-rowindex={item.index + 2}
                aria-selected={selected}
                className="users-row"
                data-focused={user.user_id === focused || undefined}
                data-opened={user.user_id === opened || undefined}
                data-inactive={!user.is_active || undefined}
                style={{ transform: `translateY(${item.start - HEADER_HEIGHT}px)` }}
                onMouseDown={(event) => {
                  // Shift-click selects rows, not the text between them.
                  if (event.shiftKey) event.preventDefault();
                }}
                onClick={(event) => onRowClick(event, user.user_id)}
              >
                <div role="gridcell" className="cell-select">
                  <input type="checkbox" tabIndex={-1} checked={selected} aria-label={`Select ${user.full_name}`} onClick={(event) => onCheckbox(event, user.user_id)} onChange={() => undefined} />
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
  return <input ref={box} type="checkbox" tabIndex={-1} checked={checked} aria-label="Select all shown" onChange={onToggle} />;
}
