// Reading a JSON file the program keeps (the accounts file, the moderation review state, a campaign
// journal): a missing file is simply not there yet, and a file it cannot use (unreadable, not JSON, a
// shape it does not understand) is moved aside (move-aside.ts) and said in one log line, never
// half-used nor lost. The caller then starts afresh, as the log line says.
import { readFileSync } from 'node:fs';
import { errorMessage } from './error-message';
import { moveAside } from './move-aside';

/** What a zod schema's safeParse returns, written out so that shared/node needs no zod. */
export type ShapeCheck<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

export interface JsonFileKind<T> {
  /** The file in words, for the log: "accounts file", "invitation campaign journal". */
  name: string;
  /** Checks the parsed JSON, as a zod schema does. */
  schema: { safeParse(value: unknown): ShapeCheck<T> };
  /** The tag of the name the file is moved aside to (`<file>.<tag>-<UTC time>`). */
  asideTag: string;
  /** What the program does without the file, said after the reason: "Every report shows as new." */
  consequence?: string;
  log: (message: string) => void;
}

/**
 * The file's content, checked by `kind.schema`; null when there is no file, or when it could not be
 * used and was moved aside (said through `kind.log`). Never throws.
 */
export function readJsonFile<T>(file: string, kind: JsonFileKind<T>): T | null {
  const text = readKeptFile(file, kind);
  if (text === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return setAside(file, kind, `it is not JSON (${errorMessage(error)})`);
  }
  const checked = kind.schema.safeParse(json);
  if (checked.success) return checked.data;
  const issue = checked.error.issues[0];
  const where = issue ? `${issue.path.map(String).join('.') || 'the file'}: ${issue.message}` : 'unknown shape';
  return setAside(file, kind, `it is not in a shape this console understands (${where})`);
}

/**
 * The text of a file the program keeps; null when there is none yet, or when it cannot be read (then
 * it is moved aside and said through `kind.log`, as setAside does). Never throws.
 */
export function readKeptFile(file: string, kind: Omit<JsonFileKind<unknown>, 'schema'>): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    return setAside(file, kind, `it cannot be read (${errorMessage(error)})`);
  }
}

/** Moves `file` aside (or, failing that, leaves it ignored) and says so through `kind.log`; returns null. */
export function setAside(file: string, kind: Omit<JsonFileKind<unknown>, 'schema'>, reason: string): null {
  const then = kind.consequence ? ` ${kind.consequence}` : '';
  try {
    const aside = moveAside(file, kind.asideTag);
    kind.log(`The ${kind.name} ${file} was moved to ${aside} because ${reason}.${then}`);
  } catch (error) {
    kind.log(`The ${kind.name} ${file} is ignored because ${reason}, and it could not be moved aside (${errorMessage(error)}).${then}`);
  }
  return null;
}
