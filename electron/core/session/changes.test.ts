import { expect, test } from 'vitest';
import { mergeChanges } from './changes';

test('changes merge into one entry per collection, IDs sorted and unique', () => {
  expect(
    mergeChanges(
      [{ collection: 'users', ids: [5, 2] }, { collection: 'groups', ids: [3] }],
      [{ collection: 'users', ids: [2, 9] }],
    ),
  ).toEqual([
    { collection: 'users', ids: [2, 5, 9] },
    { collection: 'groups', ids: [3] },
  ]);
});

test('a collection-wide change (no IDs) absorbs the IDs of the same collection', () => {
  expect(mergeChanges([{ collection: 'realm', ids: [] }], [{ collection: 'users', ids: [1] }, { collection: 'users', ids: [] }, { collection: 'users', ids: [4] }])).toEqual([
    { collection: 'realm', ids: [] },
    { collection: 'users', ids: [] },
  ]);
});
