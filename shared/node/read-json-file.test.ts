import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { z } from 'zod';
import { readJsonFile, type JsonFileKind } from './read-json-file';

const State = z.object({ version: z.literal(1), items: z.array(z.int()) });

let dir: string;
let logged: string[];
let kind: JsonFileKind<z.infer<typeof State>>;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'read-json-file-'));
  logged = [];
  kind = { name: 'state file', schema: State, asideTag: 'unreadable', consequence: 'Starting empty.', log: (message) => logged.push(message) };
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const asideNames = () => readdirSync(dir).filter((name) => name.startsWith('state.json.unreadable-'));

test('a file of the expected shape is its content, and nothing is said', () => {
  const file = path.join(dir, 'state.json');
  writeFileSync(file, '{"version": 1, "items": [1, 2]}');
  expect(readJsonFile(file, kind)).toEqual({ version: 1, items: [1, 2] });
  expect(logged).toEqual([]);
  expect(readdirSync(dir)).toEqual(['state.json']);
});

test('a missing file is null, and nothing is said', () => {
  expect(readJsonFile(path.join(dir, 'state.json'), kind)).toBeNull();
  expect(logged).toEqual([]);
});

test('a file that is not JSON is moved aside with its content, and the log says why and what happens now', () => {
  const file = path.join(dir, 'state.json');
  writeFileSync(file, '{"version": 1, "ite');
  expect(readJsonFile(file, kind)).toBeNull();
  expect(asideNames()).toHaveLength(1);
  expect(readFileSync(path.join(dir, asideNames()[0] ?? ''), 'utf8')).toBe('{"version": 1, "ite');
  expect(logged).toEqual([expect.stringMatching(/^The state file .*state\.json was moved to .*state\.json\.unreadable-\S+ because it is not JSON \(.+\)\. Starting empty\.$/)]);
  // The next read finds no file: nothing more to say.
  expect(readJsonFile(file, kind)).toBeNull();
  expect(logged).toHaveLength(1);
});

test('a file of another shape is moved aside, naming the first field that is wrong', () => {
  const file = path.join(dir, 'state.json');
  writeFileSync(file, '{"version": 1, "items": [1, "two"]}');
  expect(readJsonFile(file, kind)).toBeNull();
  expect(asideNames()).toHaveLength(1);
  expect(logged).toEqual([expect.stringContaining('because it is not in a shape this console understands (items.1: ')]);
});

test('a file that cannot be read is moved aside too', () => {
  // A folder where the file should be: reading it fails, whoever runs the test.
  const file = path.join(dir, 'state.json');
  mkdirSync(file);
  expect(readJsonFile(file, kind)).toBeNull();
  expect(asideNames()).toHaveLength(1);
  expect(logged).toEqual([expect.stringMatching(/was moved to .* because it cannot be read \(.*EISDIR.*\)\. Starting empty\.$/)]);
});

test('a file that cannot be moved aside is ignored, and the log says so', () => {
  // A name so long that the aside name would pass the file system's limit: the rename fails.
  const file = path.join(dir, `${'s'.repeat(240)}.json`);
  writeFileSync(file, 'not JSON');
  expect(readJsonFile(file, kind)).toBeNull();
  expect(readdirSync(dir)).toEqual([path.basename(file)]);
  expect(logged).toEqual([expect.stringMatching(/is ignored because it is not JSON \(.+\), and it could not be moved aside \(.*ENAMETOOLONG.*\)\. Starting empty\.$/)]);
});
