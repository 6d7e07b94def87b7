import { expect, test } from 'vitest';
import { IdMap } from './id-map';

const named = (ids: number[]) => IdMap.of(ids.map((id) => ({ id, name: `n${id}` })), (entry) => entry.id);

test('entries come out in ascending ID order, whatever order they went in', () => {
  const map = named([700, 3, 256, 1, 512_000_001]);
  expect(map.ids()).toEqual([1, 3, 256, 700, 512_000_001]);
  expect([...map.values()].map((entry) => entry.id)).toEqual([1, 3, 256, 700, 512_000_001]);
  expect(map.size).toBe(5);
});

test('set and delete give a new map and leave the old one as it was', () => {
  const before = named([1, 2, 3]);
  const added = before.set(4, { id: 4, name: 'four' });
  const removed = added.delete(2);
  expect(before.ids()).toEqual([1, 2, 3]);
  expect(added.ids()).toEqual([1, 2, 3, 4]);
  expect(removed.ids()).toEqual([1, 3, 4]);
  expect(removed.size).toBe(3);
  expect(before.get(2)?.name).toBe('n2');
});

test('replacing an entry keeps the size', () => {
  const map = named([1, 2]).set(2, { id: 2, name: 'two' });
  expect(map.size).toBe(2);
  expect(map.get(2)?.name).toBe('two');
});

test('a change that changes nothing returns the same map', () => {
  const map = named([1, 2]);
  expect(map.delete(9)).toBe(map);
  expect(map.update(9, (entry) => entry)).toBe(map);
  expect(map.withMutations(() => undefined)).toBe(map);
});

test('withMutations applies several changes at once', () => {
  const map = named([1, 2, 3]).withMutations((draft) => {
    draft.delete(1);
    draft.set(2, { id: 2, name: 'two' });
    draft.set(257, { id: 257, name: 'new' });
    expect(draft.get(2)?.name).toBe('two');
  });
  expect([...map].map(([id, entry]) => [id, entry.name])).toEqual([
    [2, 'two'],
    [3, 'n3'],
    [257, 'new'],
  ]);
});
