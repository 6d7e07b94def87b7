import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { z } from 'zod';
import { writeJsonAtomic } from './atomic-json';
import { appendJsonLine, readSnapshotLog, type SnapshotLogKind } from './snapshot-log';

const State = z.object({ version: z.literal(1), items: z.array(z.int()) });
type State = z.infer<typeof State>;

let dir: string;
let file: string;
let logged: string[];
let kind: SnapshotLogKind<State>;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'snapshot-log-'));
  file = path.join(dir, 'state.json');
  logged = [];
  kind = {
    name: 'state file',
    schema: State,
    asideTag: 'unreadable',
    log: (message) => logged.push(message),
    apply: (state, change) => {
      if (typeof change !== 'object' || change === null || !('push' in change)) throw new Error('no push');
      state.items.push(change.push as number);
    },
  };
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const asideNames = () => readdirSync(dir).filter((name) => name.startsWith('state.json.unreadable-'));

test('the changes appended after a snapshot are replayed over it, in order', () => {
  const snapshotSize = writeJsonAtomic(file, { version: 1, items: [1] });
  const logSize = appendJsonLine(file, { push: 2 }) + appendJsonLine(file, { push: 3 });
  expect(readSnapshotLog(file, kind)).toEqual({ value: { version: 1, items: [1, 2, 3] }, snapshotSize, logSize });
  expect(readFileSync(file, 'utf8').split('\n')).toHaveLength(4);
  expect(logged).toEqual([]);
});

test('a torn last line, as a crash mid-append leaves, is ignored and nothing is said', () => {
  writeJsonAtomic(file, { version: 1, items: [1] });
  appendJsonLine(file, { push: 2 });
  appendFileSync(file, '{"push":');
  expect(readSnapshotLog(file, kind)?.value).toEqual({ version: 1, items: [1, 2] });
  expect(logged).toEqual([]);
  expect(asideNames()).toEqual([]);
});

test('a line that is not JSON before the last one sets the whole file aside, said: later changes are not applied without it', () => {
  writeJsonAtomic(file, { version: 1, items: [1] });
  appendFileSync(file, 'garbage\n');
  appendJsonLine(file, { push: 3 });
  const whole = readFileSync(file, 'utf8');
  expect(readSnapshotLog(file, kind)).toBeNull();
  expect(logged.join('\n')).toMatch(/The state file .*state\.json was moved to .*unreadable-.* because its line 2 is not JSON/);
  expect(asideNames().map((name) => readFileSync(path.join(dir, name), 'utf8'))).toEqual([whole]);
});

test('a whole line that is JSON but not a change, or a result the schema refuses, sets the file aside', () => {
  writeJsonAtomic(file, { version: 1, items: [1] });
  appendJsonLine(file, { pop: 1 });
  expect(readSnapshotLog(file, kind)).toBeNull();
  expect(logged.at(-1)).toMatch(/because its line 2 is not a change this console understands \(no push\)/);

  writeJsonAtomic(file, { version: 1, items: [1] });
  appendJsonLine(file, { push: 'two' });
  expect(readSnapshotLog(file, kind)).toBeNull();
  expect(logged.at(-1)).toMatch(/because the state its changes lead to is not in a shape this console understands \(items\.1: /);
});

test('a torn snapshot is damage, not a torn append: the file is set aside', () => {
  writeFileSync(file, '{"version":1,"ite');
  expect(readSnapshotLog(file, kind)).toBeNull();
  expect(logged.at(-1)).toMatch(/because it is not JSON/);
});

test('a missing file is null and nothing is said; appending never creates one without its snapshot', () => {
  expect(readSnapshotLog(file, kind)).toBeNull();
  expect(() => appendJsonLine(file, { push: 1 })).toThrow(/ENOENT/);
  expect(readdirSync(dir)).toEqual([]);
  expect(logged).toEqual([]);
});
