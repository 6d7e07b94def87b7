// The activity log: every change made from this console, per account (a realm and the user signed in
// to it), kept on disk by the main process so the record survives restarts. One append-only JSON-lines
// file per account: appending one line is one write(2) with O_APPEND, so entries are never rewritten
// and a crash can at worst leave a torn last line, which reading skips.
import { appendFileSync, closeSync, fstatSync, mkdirSync, openSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { toCsv } from '../../../shared/domain/csv';
import { ActivityEntry } from '../../../shared/ipc';
import { ConsoleError } from '../errors';
import { errorMessage } from '../../../shared/node/error-message';

export interface ActivityLogOptions {
  now?: () => number;
  /** Where a failed write or a skipped line is reported; console.warn by default. */
  log?: (message: string) => void;
}

export type NewActivityEntry = Omit<ActivityEntry, 'at'> & { at?: number };

/** What has been read of one account's file: entries in file order, and the bytes consumed. */
interface ReadCache {
  offset: number;
  entries: ActivityEntry[];
}

/** Account IDs are hex hashes (accounts.ts); anything else must not become a path. */
const SAFE_ACCOUNT = /^[A-Za-z0-9_-]{1,64}$/;
const NEWLINE = 0x0a;

export const ACTIVITY_CSV_HEADER = ['Time (UTC)', 'Actor', 'Action', 'Target', 'Details', 'Result', 'Error'];

export class ActivityLog {
  private readonly dir: string;
  private readonly now: () => number;
  private readonly log: (message: string) => void;
  private readonly cache = new Map<string, ReadCache>();
  /** Files whose ending this process has checked before its first append to them. */
  private readonly tailChecked = new Set<string>();

  constructor(dataDir: string, options: ActivityLogOptions = {}) {
    this.dir = path.join(dataDir, 'activity');
    this.now = options.now ?? Date.now;
    this.log = options.log ?? ((message) => console.warn(`[activity] ${message}`));
  }

  /**
   * Appends one entry. A failed write is reported, not thrown: the change it describes has already
   * been made on the server, and must not be reported to the user as failed because the log could
   * not be written.
   */
  record(account: string, entry: NewActivityEntry): void {
    const file = this.fileOf(account);
    const line = JSON.stringify({ ...entry, at: entry.at ?? this.now() }) + '\n';
    try {
      mkdirSync(this.dir, { recursive: true });
      // A torn line left by a crash has no newline; without one first, this entry would be glued to it.
      const prefix = this.tailChecked.has(file) || endsWithNewline(file) ? '' : '\n';
      appendFileSync(file, prefix + line, { encoding: 'utf8', mode: 0o600 });
      this.tailChecked.add(file);
    } catch (error) {
      this.log(`could not write to ${file}: ${errorMessage(error)}`);
    }
  }

  /** The newest `limit` entries, newest first; with `channelId`, only those about that channel. */
  list(account: string, limit: number, channelId?: number): ActivityEntry[] {
    const all = this.read(account);
    const entries = channelId === undefined ? all : all.filter((entry) => entry.channelId === channelId);
    return entries.slice(Math.max(0, entries.length - limit)).reverse();
  }

  /**
   * The whole log, oldest first as a log reads, as CSV for a spreadsheet. It starts with a byte order
   * mark: Excel reads a CSV file as UTF-8 only with one, and the details hold arrows and names.
   */
  exportCsv(account: string, label = 'realm'): { filename: string; csv: string } {
    const rows = this.read(account).map((entry) => [
      spreadsheetTime(entry.at),
      entry.actor,
      entry.action,
      entry.target,
      entry.details,
      entry.result,
      entry.error,
    ]);
    const date = new Date(this.now()).toISOString().slice(0, 10);
    return { filename: `activity-${slug(label)}-${date}.csv`, csv: '\uFEFF' + toCsv(ACTIVITY_CSV_HEADER, rows) };
  }

  /** Reads what was appended since the last read; only complete lines are consumed. */
  private read(account: string): ActivityEntry[] {
    const file = this.fileOf(account);
    let cache = this.cache.get(file) ?? { offset: 0, entries: [] };
    let fd: number;
    try {
      fd = openSync(file, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw new ConsoleError('ACTIVITY_UNREADABLE', `The activity log at ${file} could not be read: ${(error as Error).message}`);
    }
    try {
      const size = fstatSync(fd).size;
      // Smaller than what was read: the file was replaced (restored from a backup); start over.
      if (size < cache.offset) cache = { offset: 0, entries: [] };
      if (size > cache.offset) {
        const bytes = Buffer.alloc(size - cache.offset);
        const read = readSync(fd, bytes, 0, bytes.length, cache.offset);
        // A newline byte never occurs inside a multi-byte UTF-8 character, so this cut is safe.
        const end = bytes.subarray(0, read).lastIndexOf(NEWLINE) + 1;
        if (end > 0) {
          const fresh = this.parseLines(file, bytes.subarray(0, end).toString('utf8'));
          cache = { offset: cache.offset + end, entries: fresh.length ? [...cache.entries, ...fresh] : cache.entries };
        }
      }
      this.cache.set(file, cache);
      return cache.entries;
    } finally {
      closeSync(fd);
    }
  }

  private parseLines(file: string, text: string): ActivityEntry[] {
    const entries: ActivityEntry[] = [];
    let skipped = 0;
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      let parsed;
      try {
        parsed = ActivityEntry.safeParse(JSON.parse(line));
      } catch {
        parsed = null;
      }
      if (parsed?.success) entries.push(parsed.data);
      else skipped += 1;
    }
    // A torn line from a crash is expected now and then; say so, never fail over it.
    if (skipped > 0) this.log(`skipped ${skipped} unreadable line${skipped === 1 ? '' : 's'} in ${file}`);
    return entries;
  }

  private fileOf(account: string): string {
    if (!SAFE_ACCOUNT.test(account)) {
      throw new ConsoleError('UNKNOWN_ACCOUNT', 'That organization is not signed in any more. Pick another one, or sign in again.', { account });
    }
    return path.join(this.dir, `${account}.jsonl`);
  }
}

function endsWithNewline(file: string): boolean {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    return true; // no file yet: nothing to glue to
  }
  if (size === 0) return true;
  const fd = openSync(file, 'r');
  try {
    const last = Buffer.alloc(1);
    readSync(fd, last, 0, 1, size - 1);
    return last[0] === NEWLINE;
  } finally {
    closeSync(fd);
  }
}

/** "2025-03-01 14:05:09": spreadsheets read this as a date and time, unlike ISO's "T…Z" form. */
function spreadsheetTime(at: number): string {
  return new Date(at).toISOString().slice(0, 19).replace('T', ' ');
}

function slug(label: string): string {
  return (
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'realm'
  );
}
