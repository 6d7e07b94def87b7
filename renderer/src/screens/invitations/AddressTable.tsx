// A table of addresses that stays quick at 100,000 rows: up to a few hundred rows it is a plain
// table; beyond that only the rows in view are in the page (@tanstack/react-virtual), with spacer
// rows above and below so the scroll bar and the table's semantics stay right.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type ReactNode } from 'react';
import '../../components/data-table.css';

/** Below this a plain table is fast enough, and every row is in the page (find in page, screen readers). */
export const VIRTUALIZE_ABOVE = 300;
const ROW_HEIGHT = 34;

export interface Column<T> {
  header: string;
  cell(row: T): ReactNode;
  className?: string;
  /** A share of the width, e.g. '30%': a virtual table's columns must not resize as rows scroll by. */
  width?: string;
}

export interface AddressTableProps<T> {
  caption: string;
  rows: readonly T[];
  columns: Column<T>[];
  rowKey(row: T, index: number): string;
  /** What an empty table says (a filter that matches nothing, say). */
  empty: string;
}

export function AddressTable<T>({ caption, rows, columns, rowKey, empty }: AddressTableProps<T>) {
  if (rows.length === 0) return <p className="muted inv-table-empty">{empty}</p>;
  return rows.length > VIRTUALIZE_ABOVE ? (
    <VirtualTable caption={caption} rows={rows} columns={columns} rowKey={rowKey} empty={empty} />
  ) : (
    <div className="panel table-scroll address-table" tabIndex={0} role="region" aria-label={caption}>
      <table className="data-table">
        <Head caption={caption} columns={columns} />
        <tbody>
          {rows.map((row, index) => (
            <Row key={rowKey(row, index)} row={row} columns={columns} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function VirtualTable<T>({ caption, rows, columns, rowKey }: AddressTableProps<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer's functions are read only during this render
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 15 });
  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  return (
    <div ref={scroller} className="panel table-scroll address-table" tabIndex={0} role="region" aria-label={caption}>
      <table className="data-table table-fixed" aria-rowcount={rows.length + 1}>
        <Head caption={caption} columns={columns} />
        <tbody>
          {top > 0 && <tr aria-hidden="true" style={{ height: top }} />}
          {items.map((item) => {
            const row = rows[item.index] as T;
            // Measured once shown: a long reason wraps onto a second line.
            return <Row key={rowKey(row, item.index)} row={row} columns={columns} rowIndex={item.index + 2} measure={virtualizer.measureElement} />;
          })}
          {bottom > 0 && <tr aria-hidden="true" style={{ height: bottom }} />}
        </tbody>
      </table>
    </div>
  );
}

function Head<T>({ caption, columns }: { caption: string; columns: Column<T>[] }) {
  return (
    <>
      <caption className="visually-hidden">{caption}</caption>
      <colgroup>
        {columns.map((column) => (
          <col key={column.header} style={column.width ? { width: column.width } : undefined} />
        ))}
      </colgroup>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col" className={column.className}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
    </>
  );
}

interface RowProps<T> {
  row: T;
  columns: Column<T>[];
  /** In a virtual table: the row's place (1 is the header row), for assistive technology. */
  rowIndex?: number;
  measure?(element: HTMLTableRowElement | null): void;
}

function Row<T>({ row, columns, rowIndex, measure }: RowProps<T>) {
  return (
    <tr aria-rowindex={rowIndex} data-index={rowIndex === undefined ? undefined : rowIndex - 2} ref={measure}>
      {columns.map((column) => (
        <td key={column.header} className={column.className}>
          {column.cell(row)}
        </td>
      ))}
    </tr>
  );
}
