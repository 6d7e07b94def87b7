import { expect, test } from 'vitest';
import { SCREENS, screenById } from './catalogue';
import { SCREEN_IDS } from './screen-ids';

test('the routing table has one entry per screen ID, in the order of the IDs', () => {
  expect(SCREENS.map((screen) => screen.id)).toEqual(SCREEN_IDS);
});

test('an ID no longer in the table opens the first screen', () => {
  expect(screenById('reports').id).toBe('overview');
});
