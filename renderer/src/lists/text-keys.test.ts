import { describe, expect, test } from 'vitest';
import { searchWords, sortKey } from './text-keys';

// The full folding every name once went through; sortKey skips steps that cannot change a name.
const folded = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\d+/g, (digits) => digits.padStart(12, '0'));

describe('sortKey', () => {
  test('folds every kind of name as the full folding does', () => {
    const names = ['Ava Kowalski', 'Ava Kowalski 12', 'Émile Zola', 'ZOË 2', 'a^b`c', 'Ångström', '李小龍', 'Ólafur 07', '', 'x_y-z.0', 'tab\there', '~{|}'];
    expect(names.map(sortKey)).toEqual(names.map(folded));
  });

  test('ignores case and accents, and orders numbers by value', () => {
    expect(sortKey('Émile')).toBe(sortKey('emile'));
    expect(sortKey('User 2') < sortKey('user 10')).toBe(true);
  });
});

describe('searchWords', () => {
  test('splits on any space and lowercases', () => {
    expect(searchWords('  Ava\tKOWAL  ')).toEqual(['ava', 'kowal']);
    expect(searchWords('   ')).toEqual([]);
  });
});
