// The shared grid as the channel list uses it (a plain click opens without selecting), driven by the
// keyboard alone: the Users table's tests (screens/users) cover the grid whose click also selects.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { EMPTY_SELECTION, type Selection } from './selection';
import { gridColumns, VirtualGrid, type GridSort } from './VirtualGrid';

interface Fruit {
  id: number;
  name: string;
}

const helper = gridColumns<Fruit>();
const columns = helper.columns([helper.accessor('name', { id: 'name', header: 'Name', cell: ({ row }) => row.original.name })]);
const fruits: Fruit[] = ['apple', 'banana', 'cherry', 'damson', 'elder'].map((name, index) => ({ id: index + 1, name }));

/** What the grid told its screen, for the assertions. */
const told = { opened: [] as number[], sorts: [] as GridSort<'name'>[], selection: EMPTY_SELECTION as Selection };

function Harness() {
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [focused, setFocused] = useState<number | null>(null);
  return (
    <VirtualGrid
      label="Fruit"
      className="fruit-grid"
      rows={fruits}
      idOf={(fruit) => fruit.id}
      rowDomId={(id) => `fruit-${String(id)}`}
      columns={columns}
      sort={{ key: 'name', descending: false }}
      sortKeys={['name']}
      onSort={(sort) => told.sorts.push(sort)}
      query=""
      marks={{ painted: 'fruit:painted', searchPainted: 'fruit:search-painted' }}
      selection={selection}
      onSelection={(next) => {
        told.selection = next;
        setSelection(next);
      }}
      focused={focused}
      onFocus={setFocused}
      opened={null}
      onOpen={(id) => told.opened.push(id)}
      clickSelects={false}
      selectAllInHeader={false}
      selectLabel={(fruit) => `Select ${fruit.name}`}
      empty={<p>No fruit.</p>}
      initialWidth={800}
    />
  );
}

const selected = () => [...told.selection.ids].sort((a, b) => a - b);

beforeAll(() => {
  // happy-dom lays nothing out: the grid gets a screenful, as in a window.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 720 });
});

afterEach(() => {
  cleanup();
  told.opened = [];
  told.sorts = [];
  told.selection = EMPTY_SELECTION;
});

describe('the virtual grid', () => {
  test('the keyboard alone selects a range, toggles a row, selects all shown and clears', () => {
    render(<Harness />);
    const grid = screen.getByRole('grid', { name: 'Fruit' });
    act(() => grid.focus());
    // Focusing the grid focuses its first row.
    expect(grid.getAttribute('aria-activedescendant')).toBe('fruit-1');
    fireEvent.keyDown(grid, { key: ' ' });
    fireEvent.keyDown(grid, { key: 'ArrowDown', shiftKey: true });
    fireEvent.keyDown(grid, { key: 'ArrowDown', shiftKey: true });
    expect(selected()).toEqual([1, 2, 3]);
    expect(grid.getAttribute('aria-activedescendant')).toBe('fruit-3');
    fireEvent.keyDown(grid, { key: ' ' });
    expect(selected()).toEqual([1, 2]);
    expect(within(grid).getByRole('checkbox', { name: 'Select banana' })).toHaveProperty('checked', true);
    fireEvent.keyDown(grid, { key: 'a', ctrlKey: true });
    expect(selected()).toEqual([1, 2, 3, 4, 5]);
    fireEvent.keyDown(grid, { key: 'Escape' });
    expect(selected()).toEqual([]);
    fireEvent.keyDown(grid, { key: 'End' });
    fireEvent.keyDown(grid, { key: 'Enter' });
    expect(told.opened).toEqual([5]);
  });

  test('a plain click opens a row without selecting it; Ctrl-click and the checkbox select', () => {
    render(<Harness />);
    const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
    fireEvent.click(row('cherry'));
    expect(told.opened).toEqual([3]);
    expect(selected()).toEqual([]);
    fireEvent.click(row('apple'), { ctrlKey: true });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select elder' }));
    expect(selected()).toEqual([1, 5]);
    expect(told.opened).toEqual([3]);
    // The header names the checkbox column instead of a second "Select all shown".
    expect(screen.queryByRole('checkbox', { name: 'Select all shown' })).toBeNull();
  });

  test('a sort header asks for the other direction of its key', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(told.sorts).toEqual([{ key: 'name', descending: true }]);
  });

  test('the sort header is a tab stop of its own, and its keys do not reach the rows', () => {
    render(<Harness />);
    const sortButton = screen.getByRole('button', { name: /Name/ });
    expect(sortButton.tabIndex).toBe(0);
    act(() => screen.getByRole('grid', { name: 'Fruit' }).focus());
    act(() => sortButton.focus());
    // Space and Enter on the button press it (the browser's click); the focused row is neither toggled nor opened.
    fireEvent.keyDown(sortButton, { key: ' ' });
    fireEvent.keyDown(sortButton, { key: 'Enter' });
    fireEvent.keyDown(sortButton, { key: 'ArrowDown' });
    expect(selected()).toEqual([]);
    expect(told.opened).toEqual([]);
    expect(screen.getByRole('grid', { name: 'Fruit' }).getAttribute('aria-activedescendant')).toBe('fruit-1');
  });
});
