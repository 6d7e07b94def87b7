import { describe, expect, test } from 'vitest';
import { plural } from './plural';

describe('plural', () => {
  test('one takes the singular, every other count the plural, the number grouped', () => {
    expect(plural(1, 'user', 'users')).toBe('1 user');
    expect(plural(0, 'user', 'users')).toBe('0 users');
    expect(plural(2048, 'channel', 'channels')).toBe(`${new Intl.NumberFormat().format(2048)} channels`);
  });
});
