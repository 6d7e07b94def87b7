// The channel list: virtualized rows (@tanstack/react-virtual) with react-table's columns and sort
// headers, given only the rows in view (as the users table does: search and sort run over every channel
// in channel-index.ts). One tab stop: arrows, Page Up/Down, Home and End move the focused row, Enter
// opens it in the editor. Rows are selected for a bulk move as file managers do it (lists/selection.ts):
// Ctrl/Cmd-click toggles, Shift-click adds a range, the checkbox toggles; dragging a selected row
// carries the whole selection, to drop on a folder.
import { useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import type { ChannelEntry } from '../../../../shared/ipc';
import { clickRow, toggleRow, type Selection } from '../../lists/selection';
import { afterNextPaint, mark } from '../../lists/perf-marks';
import { writeDraggedChannels } from './channel-drag';
import { CHANNEL_MARKS } from './channel-marks';
import { channelColumns, features, fromSorting, toSorting } from './channel-columns';
import type { SortOrder } from './channel-index';
import type { CellContext } from './channel-words';

const ROW_HEIGHT = 48;
/** The sticky header row inside the scrolling box (channels.css .channels-head-row). */
const HEADER_HEIGHT = 36;

export interface ChannelsTableProps {
  rows: ChannelEntry[];
  /** The search the rows are for (the painted mark names it, for the benchmark). */
  query: string;
  context: CellContext;
  sort: SortOrder;
  onSort(sort: SortOrder): void;
  focused: number | null;
  onFocus(id: number | null): void;
  opened: number | null;
  onOpen(id: number): void;
  selection: Selection;
  onSelection(selection: Selection): void;
  empty: ReactNode;
}

export const channelRowId = (id: number) => `channels-row-${id}`;

export function ChannelsTable({ rows, query, context, sort, onSort, focused, onFocus, opened, onOpen, selection, onSelection, empty }: ChannelsTableProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const ids = useMemo(() => rows.map((entry) => entry.channel.stream_id), [rows]);
  const getItemKey = useCallback((index: number) => rows[index]?.channel.stream_id ?? index, [rows]);
  const columns = useMemo(() => channelColumns(context), [context]);

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render on purpose; nothing here is memoized by the compiler
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey,
    overscan: 10,
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    initialRect: { width: 1200, height: 720 },
  });
  const items = virtualizer.getVirtualItems();
  const inView = useMemo(() => items.flatMap((item) => rows[item.index] ?? []), [items, rows]);

  const table = useTable({
    features,
    columns,
    data: inView,
    getRowId: (entry) => String(entry.channel.stream_id),
    manualSorting: true,
    enableSortingRemoval: false,
    state: { sorting: toSorting(sort) },
    onSortingChange: (updater) => onSort(fromSorting(typeof updater === 'function' ? updater(toSorting(sort)) : updater, sort)),
  });

  // The first painted list, and every repaint after a search, for the benchmark's marks.
  const firstPaint = useRef(true);
  useEffect(() => {
    if (rows.length === 0 && firstPaint.current) return;
    return afterNextPaint(() => {
      if (firstPaint.current) mark(CHANNEL_MARKS.painted, { rows: rows.length });
      firstPaint.current = false;
      mark(CHANNEL_MARKS.searchPainted, { query, rows: rows.length });
    });
  }, [rows, query]);

  const focusedIndex = focused === null ? -1 : ids.indexOf(focused);
  const moveFocus = (index: number) => {
    const target = ids[Math.max(0, Math.min(ids.length - 1, index))];
    if (target === undefined) return;
    onFocus(target);
    virtualizer.scrollToIndex(ids.indexOf(target), { align: 'auto' });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 480) / ROW_HEIGHT) - 1);
    const from = focusedIndex;
    const moves: Record<string, number> = { ArrowDown: from + 1, ArrowUp: Math.max(0, from - 1), PageDown: from + page, PageUp: Math.max(0, from - page), Home: 0, End: ids.length - 1 };
    const to = moves[event.key];
    if (to !== undefined) {
      event.preventDefault();
      moveFocus(to);
    } else if (event.key === 'Enter' && focused !== null) {
      event.preventDefault();
      onOpen(focused);
    }
  };

  const onRowClick = (event: MouseEvent, id: number) => {
    const keys = { shift: event.shiftKey, toggle: event.ctrlKey || event.metaKey };
    onFocus(id);
    if (keys.shift || keys.toggle) onSelection(clickRow(selection, ids, id, keys));
    else onOpen(id);
    scroller.current?.focus({ preventScroll: true });
  };

  const onCheckbox = (event: MouseEvent, id: number) => {
    event.stopPropagation();
    onSelection(event.shiftKey ? clickRow(selection, ids, id, { shift: true, toggle: false }) : toggleRow(selection, id));
    onFocus(id);
  };

  const tableRows = table.getRowModel().rows;
  return (
    <div
      ref={scroller}
      className="channels-table"
      role="grid"
      aria-label="Channels"
      aria-rowcount={rows.length + 1}
      aria-activedescendant={focused !== null && focusedIndex >= 0 ? channelRowId(focused) : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        if (event.target === event.currentTarget && focusedIndex < 0 && ids[0] !== undefined) onFocus(ids[0]);
      }}
    >
      {table.getHeaderGroups().map((group) => (
        <div key={group.id} role="row" aria-rowindex={1} className="channels-row channels-head-row">
          <div role="columnheader" className="cell-select">
            <span className="visually-hidden">Selected</span>
          </div>
          {group.headers.map((header) => {
            const sorted = header.column.getIsSorted();
            return (
              <div key={header.id} role="columnheader" className={`cell-${header.column.id}`} aria-sort={sorted ? (sorted === 'desc' ? 'descending' : 'ascending') : undefined}>
                <button type="button" className="plain-button sort-button" tabIndex={-1} onClick={header.column.getToggleSortingHandler()}>
                  <table.FlexRender header={header} />
                  <span className="sort-mark" aria-hidden="true">
                    {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                  </span>
                </button>
              </div>
            );
          })}
        </div>
      ))}
      {rows.length === 0 ? (
        <div className="channels-empty">{empty}</div>
      ) : (
        <div className="channels-body" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item, position) => {
            const row = tableRows[position];
            const entry = rows[item.index];
            if (!row || !entry) return null;
            const id = entry.channel.stream_id;
            const selected = selection.ids.has(id);
            return (
              <div
                key={id}
                id={channelRowId(id)}
                role="row"
                aria-rowindex={item.index + 2}
                aria-selected={selected}
                className="channels-row"
                data-opened={id === opened || undefined}
                draggable={selected}
                onDragStart={(event) => writeDraggedChannels(event.dataTransfer, [...selection.ids])}
                onMouseDown={(event) => {
                  // Shift-click selects rows, not the text between them.
                  if (event.shiftKey) event.preventDefault();
                }}
                data-focused={id === focused || undefined}
                data-archived={entry.channel.is_archived || undefined}
                style={{ transform: `translateY(${item.start - HEADER_HEIGHT}px)` }}
                onClick={(event) => onRowClick(event, id)}
              >
                <div role="gridcell" className="cell-select">
                  <input type="checkbox" tabIndex={-1} checked={selected} aria-label={`Select #${entry.channel.name}`} onClick={(event) => onCheckbox(event, id)} onChange={() => undefined} />
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
