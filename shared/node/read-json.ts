// Reading a JSON file the program wrote (settings, state): missing is normal, and a file that cannot
// be used (unreadable, not JSON, not the expected shape) is moved aside rather than half-used or lost,
// with the reason in words for the log. The counterpart of atomic-json.ts's writes.
import { readFileSync } from 'node:fs';
import { moveAside } from './move-aside';

export type JsonFile<T> = { kind: 'missing' } | { kind: 'read'; value: T } | { kind: 'set-aside'; reason: string };

/**
 * `check` turns the parsed JSON into the value or throws an Error saying what is wrong with it (a zod
 * schema's `parse` does). A file set aside is renamed `<file>.corrupt-<time>` beside it.
 */
export function readJsonFile<T>(file: string, check: (json: unknown) => T): JsonFile<T> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    return setAside(file, `it cannot be read (${describe(error)})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return setAside(file, `it is not JSON (${describe(error)})`);
  }
  try {
    return { kind: 'read', value: check(json) };
  } catch (error) {
    return setAside(file, `it is not in the expected form (${describe(error)})`);
  }
}

function setAside(file: string, reason: string): JsonFile<never> {
  try {
    return { kind: 'set-aside', reason: `${file} was moved to ${moveAside(file, 'corrupt')} because ${reason}` };
  } catch (error) {
    return { kind: 'set-aside', reason: `${file} is ignored because ${reason}, and it could not be moved aside (${describe(error)})` };
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message.split('\n')[0] ?? error.message : String(error);
}
