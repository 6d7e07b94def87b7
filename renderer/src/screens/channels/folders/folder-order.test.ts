import { describe, expect, test } from 'vitest';
import type { ChannelFolder } from '../../../../../shared/api/folders';
import { orderAfterMove } from './folder-order';

const folder = (id: number, is_archived = false): ChannelFolder => ({ id, name: `F${id}`, description: '', rendered_description: '', creator_id: null, date_created: 0, is_archived });

describe('orderAfterMove', () => {
  const active = [folder(1), folder(2), folder(3)];
  const archived = [folder(9, true)];

  test('moves a folder among the unarchived ones and keeps the archived ones after them', () => {
    expect(orderAfterMove(active, archived, 3, 0)).toEqual([3, 1, 2, 9]);
    expect(orderAfterMove(active, archived, 1, 2)).toEqual([2, 3, 1, 9]);
  });

  test('a move past either end stops there; no move, or an unknown folder, is nothing to send', () => {
    expect(orderAfterMove(active, archived, 2, 99)).toEqual([1, 3, 2, 9]);
    expect(orderAfterMove(active, archived, 1, -1)).toBeNull();
    expect(orderAfterMove(active, archived, 42, 0)).toBeNull();
  });
});
