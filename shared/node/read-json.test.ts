import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { readJsonFile } from './read-json';

const dirs: string[] = [];
function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'read-json-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const numberOf = (json: unknown) => {
  if (typeof (json as { n?: unknown }).n !== 'number') throw new Error('n must be a number');
  return (json as { n: number }).n;
};

test('a missing file is missing, and nothing is created', () => {
  const dir = folder();
  expect(readJsonFile(path.join(dir, 'x.json'), numberOf)).toEqual({ kind: 'missing' });
  expect(readdirSync(dir)).toEqual([]);
});

test('a good file is read through the check', () => {
  const file = path.join(folder(), 'x.json');
  writeFileSync(file, '{"n": 3}');
  expect(readJsonFile(file, numberOf)).toEqual({ kind: 'read', value: 3 });
});

test.each([
  ['not JSON', '{"n": 3', /because it is not JSON/],
  ['another shape', '{"n": "three"}', /because it is not in the expected form \(n must be a number\)/],
])('a file that is %s is moved aside, kept, and the reason given', (_name, contents, reason) => {
  const dir = folder();
  const file = path.join(dir, 'x.json');
  writeFileSync(file, contents);
  const result = readJsonFile(file, numberOf);
  expect(result).toEqual({ kind: 'set-aside', reason: expect.stringMatching(reason) });
  const aside = readdirSync(dir);
  expect(aside).toEqual([expect.stringMatching(/^x\.json\.corrupt-/)]);
  expect(readFileSync(path.join(dir, aside[0] ?? ''), 'utf8')).toBe(contents);
});
