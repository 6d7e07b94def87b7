// What a grid shows when no row is left to show (no match, nothing yet). A grid may hold only rows, so
// the message (and any button in it, "Clear filters") sits in a row of one cell across every column:
// a screen reader reads it as part of the grid, and the grid stays valid (axe's aria-required-children).
import type { ReactNode } from 'react';

export function GridEmpty({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <div role="row" aria-rowindex={2} className="vgrid-empty-row">
      <div role="gridcell" aria-colspan={columns} className="vgrid-empty">
        {children}
      </div>
    </div>
  );
}
