import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { writeJsonAtomic } from './atomic-json';

describe('writeJsonAtomic', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'atomic-json-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test('writes the JSON, indented when asked, into a folder it creates, readable by the owner only', () => {
    const file = path.join(dir, 'nested', 'state.json');
    writeJsonAtomic(file, { version: 1, items: [1, 2] }, { space: 2 });
    expect(readFileSync(file, 'utf8')).toBe('{\n  "version": 1,\n  "items": [\n    1,\n    2\n  ]\n}\n');
    if (process.platform !== 'win32') {
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    }
  });

  test('replaces the old file whole and leaves nothing else in the folder', () => {
    const file = path.join(dir, 'state.json');
    writeJsonAtomic(file, { old: true });
    writeJsonAtomic(file, { new: true });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ new: true });
    expect(readdirSync(dir)).toEqual(['state.json']);
  });

  test('a failed rename leaves what was there and removes its temporary file', () => {
    // A folder where the file should go: the file system refuses to rename a file over it.
    const file = path.join(dir, 'state.json');
    mkdirSync(file);
    writeFileSync(path.join(file, 'inside'), 'kept');
    expect(() => writeJsonAtomic(file, { new: true })).toThrow(/EISDIR|EPERM|ENOTEMPTY|EEXIST/);
    expect(readdirSync(dir)).toEqual(['state.json']);
    expect(readFileSync(path.join(file, 'inside'), 'utf8')).toBe('kept');
  });

  test('a value that is not JSON fails before anything is written', () => {
    const file = path.join(dir, 'state.json');
    writeJsonAtomic(file, { old: true });
    expect(() => writeJsonAtomic(file, { id: 1n })).toThrow(TypeError);
    expect(() => writeJsonAtomic(file, undefined)).toThrow(TypeError);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ old: true });
    expect(readdirSync(dir)).toEqual(['state.json']);
  });

  test('a reader on another thread never sees a half-written file', async () => {
    const file = path.join(dir, 'state.json');
    // Big enough that a plain overwrite is caught in the middle: a reader then sees a torn or empty file.
    const version = (n: number) => ({ n, filler: Array.from({ length: 20_000 }, () => n) });
    writeJsonAtomic(file, version(0));
    const stop = new Int32Array(new SharedArrayBuffer(4));
    const reader = new Worker(READER, { eval: true, workerData: { file, stop } });
    const result = new Promise<{ reads: number; bad: string[] }>((resolve, reject) => {
      reader.on('message', (message: { reads: number; bad: string[] } | 'reading') => {
        if (message !== 'reading') resolve(message);
      });
      reader.once('error', reject);
    });
    await new Promise<void>((resolve) => reader.once('message', () => resolve()));
    for (let n = 1; n <= 150; n++) writeJsonAtomic(file, version(n));
    Atomics.store(stop, 0, 1);
    const { reads, bad } = await result;
    expect(bad).toEqual([]);
    expect(reads).toBeGreaterThan(0);
  });
});

/** Reads and checks the file until told to stop; a file is whole when every filler entry equals its `n`. */
const READER = `
const { readFileSync } = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const { file, stop } = workerData;
let reads = 0;
const bad = [];
parentPort.postMessage('reading');
while (Atomics.load(stop, 0) === 0 && bad.length < 5) {
  try {
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    if (!doc.filler.every((value) => value === doc.n)) bad.push('mixed versions');
  } catch (error) {
    bad.push(String(error.message).slice(0, 80));
  }
  reads += 1;
}
parentPort.postMessage({ reads, bad });
`;
