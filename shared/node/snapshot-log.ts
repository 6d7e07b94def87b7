// A JSON file that is a snapshot plus an append-only log of changes, for state written often and in
// small pieces (an invitation campaign's journal: a few addresses' outcomes per batch, against a
// snapshot of every address). Rewriting the whole file for each change costs time in proportion to
// the whole state; appending a change costs time in proportion to the change.
//
// The file's first line is the snapshot, written atomically (atomic-json.ts: that writer emits one
// line, so a file it wrote is a snapshot with an empty log). Each later line is one change, appended
// with one write and made durable with fdatasync before `appendJsonLine` returns. Reading replays the
// changes over the snapshot in order:
//   - a last line without its newline is an append a crash cut short: it never returned, so nothing
//     relied on it, and it is ignored (as the activity log ignores its torn last line);
//   - any other line that is not JSON, or that the caller cannot apply, means the file is not what
//     this program wrote. The changes after it cannot be trusted without it, and a state from before
//     it could repeat work already done (a campaign would invite again addresses whose outcomes were
//     in the lost lines), so the whole file is moved aside and said, as read-json-file.ts does for a
//     file it cannot use: never half-used.
// A writer appends only after a snapshot it wrote itself, or after appends of its own that succeeded:
// a torn line left by a crash or a failed append is then always replaced by the next snapshot before
// anything is appended after it.
import { closeSync, constants, fdatasyncSync, openSync, writeSync } from 'node:fs';
import { errorMessage } from './error-message';
import { readKeptFile, setAside, type JsonFileKind } from './read-json-file';

export interface SnapshotLogKind<T> extends JsonFileKind<T> {
  /**
   * Applies one logged change (parsed JSON, unchecked) to the state, in place. Throws an Error saying
   * what does not fit when it is not a change it understands. `schema` checks the snapshot before
   * the first change and the state after the last one.
   */
  apply(state: T, change: unknown): void;
}

export interface SnapshotLogContent<T> {
  value: T;
  /** The snapshot's length and the log's (characters): when to write a new snapshot is the caller's choice. */
  snapshotSize: number;
  logSize: number;
}

/**
 * The snapshot with every whole logged change applied; null when there is no file, or when it could
 * not be used and was moved aside (said through `kind.log`). Never throws.
 */
export function readSnapshotLog<T>(file: string, kind: SnapshotLogKind<T>): SnapshotLogContent<T> | null {
  const text = readKeptFile(file, kind);
  if (text === null) return null;
  const lines = text.split('\n');
  // The snapshot was written atomically: even without its newline, it is whole or the file is damaged.
  const snapshotText = lines[0] ?? '';
  // After the last newline: '' when the last append finished, else the torn rest of one that did not.
  const changes = lines.slice(1, -1);
  const snapshot = parse(snapshotText);
  if (!snapshot.ok) return setAside(file, kind, `it is not JSON (${snapshot.reason})`);
  const checked = check(kind, snapshot.value, 'the snapshot');
  if (typeof checked === 'string') return setAside(file, kind, checked);
  const state = checked.value;
  for (const [index, line] of changes.entries()) {
    // Line numbers as an editor shows them: the snapshot is line 1.
    const where = `line ${String(index + 2)}`;
    const change = parse(line);
    if (!change.ok) return setAside(file, kind, `its ${where} is not JSON (${change.reason})`);
    try {
      kind.apply(state, change.value);
    } catch (error) {
      return setAside(file, kind, `its ${where} is not a change this console understands (${errorMessage(error)})`);
    }
  }
  if (changes.length === 0) return { value: state, snapshotSize: snapshotText.length + 1, logSize: 0 };
  const replayed = check(kind, state, 'the state its changes lead to');
  if (typeof replayed === 'string') return setAside(file, kind, replayed);
  const logSize = changes.reduce((sum, line) => sum + line.length + 1, 0);
  return { value: replayed.value, snapshotSize: snapshotText.length + 1, logSize };
}

/**
 * Appends `value` as one JSON line to `file` with a single write, durable (fdatasync) when this
 * returns; returns the length appended. Throws the file system's error: the file may then end in a
 * torn line, which readers ignore and which the caller must replace with a new snapshot before
 * appending again (see the top of this file).
 */
export function appendJsonLine(file: string, value: unknown): number {
  const line = `${JSON.stringify(value)}\n`;
  // Appending, but never creating: a log without its snapshot would be a file no reader can use.
  const fd = openSync(file, constants.O_WRONLY | constants.O_APPEND);
  try {
    const bytes = Buffer.from(line);
    // One write, unless it was short (the disk filled mid-way): writing the rest then fails with the
    // system's own reason (ENOSPC), which is what the user needs to read.
    for (let done = 0; done < bytes.length; ) {
      const written = writeSync(fd, bytes, done);
      if (written === 0) throw new Error(`only ${String(done)} of ${String(bytes.length)} bytes could be written`);
      done += written;
    }
    // fdatasync: the data and the file's new length, which is all a reader needs after a crash.
    fdatasyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return line.length;
}

function parse(line: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  try {
    return { ok: true, value: JSON.parse(line) };
  } catch (error) {
    return { ok: false, reason: errorMessage(error) };
  }
}

/** The checked state, or the reason it does not fit, in words. */
function check<T>(kind: SnapshotLogKind<T>, value: unknown, what: string): { value: T } | string {
  const checked = kind.schema.safeParse(value);
  if (checked.success) return { value: checked.data };
  const issue = checked.error.issues[0];
  const where = issue ? `${issue.path.map(String).join('.') || 'the file'}: ${issue.message}` : 'unknown shape';
  return `${what} is not in a shape this console understands (${where})`;
}
