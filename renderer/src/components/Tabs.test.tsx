import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, expect, test, vi } from 'vitest';
import { TabPanel, Tabs, type Tab } from './Tabs';

afterEach(cleanup);

type Id = 'one' | 'two' | 'three';
const TABS: Tab<Id>[] = [
  { id: 'one', label: 'One' },
  { id: 'two', label: 'Two', badge: 3 },
  { id: 'three', label: 'Three' },
];

function Screen({ onSelect }: { onSelect?: (id: Id, via: 'click' | 'key') => void }) {
  const [selected, setSelected] = useState<Id>('one');
  return (
    <>
      <Tabs
        prefix="demo"
        label="Demo"
        tabs={TABS}
        selected={selected}
        onSelect={(id, via) => {
          setSelected(id);
          onSelect?.(id, via);
        }}
      />
      <TabPanel prefix="demo" selected={selected}>
        Content of {selected}
      </TabPanel>
    </>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });
const selectedName = () => screen.getAllByRole('tab').find((element) => element.getAttribute('aria-selected') === 'true')?.textContent;

test('a tab list named after the screen, one tab in the Tab order, and the panel labelled by its tab', () => {
  render(<Screen />);
  expect(screen.getByRole('tablist', { name: 'Demo' })).toBeTruthy();
  // A badge is read with its label.
  expect(screen.getAllByRole('tab').map((element) => [element.textContent, element.tabIndex])).toEqual([
    ['One', 0],
    ['Two3', -1],
    ['Three', -1],
  ]);
  const panel = screen.getByRole('tabpanel', { name: 'One' });
  expect(panel.textContent).toBe('Content of one');
  expect(tab('One').getAttribute('aria-controls')).toBe(panel.id);

  fireEvent.click(tab('Three'));
  expect(screen.getByRole('tabpanel', { name: 'Three' }).textContent).toBe('Content of three');
  expect(tab('Three').tabIndex).toBe(0);
  expect(tab('One').tabIndex).toBe(-1);
});

test('arrow keys move and select, wrapping around; Home and End go to the ends; other keys do nothing', () => {
  const onSelect = vi.fn();
  render(<Screen onSelect={onSelect} />);
  const press = (key: string) => fireEvent.keyDown(document.activeElement ?? document.body, { key });
  tab('One').focus();
  press('ArrowLeft');
  expect([selectedName(), document.activeElement?.textContent]).toEqual(['Three', 'Three']);
  press('ArrowRight');
  expect([selectedName(), document.activeElement?.textContent]).toEqual(['One', 'One']);
  press('ArrowRight');
  expect(selectedName()).toBe('Two3');
  press('End');
  expect(selectedName()).toBe('Three');
  press('Home');
  expect(selectedName()).toBe('One');
  press('ArrowDown');
  press('a');
  expect(selectedName()).toBe('One');
  expect(onSelect.mock.calls).toEqual([
    ['three', 'key'],
    ['one', 'key'],
    ['two', 'key'],
    ['three', 'key'],
    ['one', 'key'],
  ]);
  fireEvent.click(tab('Two 3'));
  expect(onSelect).toHaveBeenLastCalledWith('two', 'click');
});
