// Which rows (users, channels) are selected for a bulk change, as file managers do it: a click selects one row,
// Ctrl/Cmd-click toggles one, Shift-click adds the range from the last clicked row, in the order the
// table shows now. Selected users stay selected when a search hides them, so narrowing the search
// between Ctrl-clicks builds up a selection; "select all filtered" adds everything the table shows.

export interface Selection {
  readonly ids: ReadonlySet<number>;
  /** Where a Shift range starts: the last row clicked or toggled. */
  readonly anchor: number | null;
}

export const EMPTY_SELECTION: Selection = { ids: new Set(), anchor: null };

export interface ClickKeys {
  shift: boolean;
  /** Ctrl, or Cmd on macOS. */
  toggle: boolean;
}

/** The IDs from one row to another (either order) in the table's current order; [to] when `from` is not shown. */
export function rangeBetween(visible: readonly number[], from: number | null, to: number): number[] {
  const end = visible.indexOf(to);
  const start = from === null ? -1 : visible.indexOf(from);
  if (end < 0) return [];
  if (start < 0) return [to];
  return visible.slice(Math.min(start, end), Math.max(start, end) + 1);
}

export function clickRow(selection: Selection, visible: readonly number[], id: number, keys: ClickKeys): Selection {
  if (keys.shift) {
    const ids = new Set(selection.ids);
    for (const each of rangeBetween(visible, selection.anchor, id)) ids.add(each);
    // The anchor stays, so a second Shift-click extends from the same row.
    return { ids, anchor: selection.anchor ?? id };
  }
  if (keys.toggle) return toggleRow(selection, id);
  return { ids: new Set([id]), anchor: id };
}

export function toggleRow(selection: Selection, id: number): Selection {
  const ids = new Set(selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, anchor: id };
}

export function selectAll(selection: Selection, visible: readonly number[]): Selection {
  const ids = new Set(selection.ids);
  for (const id of visible) ids.add(id);
  return { ids, anchor: selection.anchor };
}

/** Drops IDs no longer in the realm (a user removed by an event). */
export function keepKnown(selection: Selection, known: (id: number) => boolean): Selection {
  let changed = false;
  const ids = new Set<number>();
  for (const id of selection.ids) {
    if (known(id)) ids.add(id);
    else changed = true;
  }
  return changed ? { ids, anchor: selection.anchor !== null && known(selection.anchor) ? selection.anchor : null } : selection;
}

/** How many selected rows the search and filters hide: a bulk action takes them too, so the list says so. */
export function hiddenCount(selection: Selection, visible: readonly number[]): number {
  let shown = 0;
  if (selection.ids.size > 0) for (const id of visible) if (selection.ids.has(id)) shown += 1;
  return selection.ids.size - shown;
}
