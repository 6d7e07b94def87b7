import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { moveAside } from './move-aside';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'move-aside-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('the file keeps its content under a name with the tag and a time any file system accepts', () => {
  const file = path.join(dir, 'state.json');
  writeFileSync(file, '{ half');
  const aside = moveAside(file, 'unreadable', new Date('2025-03-04T05:06:07.089Z'));
  expect(path.basename(aside)).toBe('state.json.unreadable-2025-03-04T05-06-07-089Z');
  expect(readdirSync(dir)).toEqual([path.basename(aside)]);
  expect(readFileSync(aside, 'utf8')).toBe('{ half');
});

test('a file that cannot be moved is the file system’s error', () => {
  expect(() => moveAside(path.join(dir, 'missing.json'), 'corrupt')).toThrow(/ENOENT/);
});
