// The activity log: every change made from this console, per account (a realm and the user signed in
// to it), kept on disk by the main process so the record survives restarts. One append-only JSON-lines
// file per account: appending one line is one write(2) with O_APPEND, so entries are never rewritten
// and a crash can at worst leave a torn last line, which reading skips. The file is the only record:
// what queries run over is an index in memory (activity-index.ts) built from it and grown by reading
// only the bytes appended since, so nothing else on disk can go stale or disagree with it.
import { appendFileSync, closeSync, fstatSync, mkdirSync, openSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { toCsv } from '../../../shared/domain/csv';
import { ActivityEntry, type ActivityFilters, type ActivityPage } from '../../../shared/ipc';
import { ActivityIndex } from './activity-index';
import { ConsoleError } from '../errors';
import { errorMessage } from '../../../shared/node/error-message';

export interface ActivityLogOptions {
  now?: () => number;
  /** Where a failed write or a skipped line is reported; console.warn by default. */
  log?: (message: string) => void;
  /** The signed-in user's ID in an account's realm: who acted, for entries recorded without it. */
  actorIdOf?: (account: string) => number | undefined;
  /** Told (at most once per `appendedDelayMs`) that an account's log grew, so an open log can follow. */
  appended?: (account: string) => void;
  appendedDelayMs?: number;
}

export type NewActivityEntry = Omit<ActivityEntry, 'at'> & { at?: number };

/** What has been read of one account's file: its index, and the bytes consumed. */
interface ReadCache {
  offset: number;
  index: ActivityIndex;
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
  private readonly options: ActivityLogOptions;
  /** Accounts whose growth is about to be told (coalesced: a bulk job records hundreds of entries). */
  private readonly pendingAppended = new Set<string>();

  constructor(dataDir: string, options: ActivityLogOptions = {}) {
    this.dir = path.join(dataDir, 'activity');
    this.now = options.now ?? Date.now;
    this.log = options.log ?? ((message) => console.warn(`[activity] ${message}`));
    this.options = options;
  }

  /**
   * Appends one entry. A failed write is reported, not thrown: the change it describes has already
   * been made on the server, and must not be reported to the user as failed because the log could
   * not be written.
   */
  record(account: string, entry: NewActivityEntry): void {
    const file = this.fileOf(account);
    const actorId = entry.actorId ?? this.options.actorIdOf?.(account);
    const line = JSON.stringify({ ...entry, at: entry.at ?? this.now(), ...(actorId === undefined ? {} : { actorId }) }) + '\n';
    try {
      mkdirSync(this.dir, { recursive: true });
      // A torn line left by a crash has no newline; without one first, this entry would be glued to it.
      const prefix = this.tailChecked.has(file) || endsWithNewline(file) ? '' : '\n';
      appendFileSync(file, prefix + line, { encoding: 'utf8', mode: 0o600 });
      this.tailChecked.add(file);
      this.tellAppended(account);
    } catch (error) {
      this.log(`could not write to ${file}: ${errorMessage(error)}`);
    }
  }

  /** One page of the entries matching `filters`, newest first, with the total and the filters' choices. */
  query(account: string, filters: ActivityFilters, offset: number, limit: number): ActivityPage {
    return this.read(account).query(filters, offset, limit);
  }

  /** The newest `limit` entries, newest first; with `channelId`, only those about that channel. */
  list(account: string, limit: number, channelId?: number): ActivityEntry[] {
    const all = this.read(account).entries;
    const entries = channelId === undefined ? all : all.filter((entry) => entry.channelIds?.includes(channelId));
    return entries.slice(Math.max(0, entries.length - limit)).reverse();
  }

  /**
   * The whole log, oldest first as a log reads, as CSV for a spreadsheet. It starts with a byte order
   * mark: Excel reads a CSV file as UTF-8 only with one, and the details hold arrows and names.
   */
  exportCsv(account: string, label = 'realm'): { filename: string; csv: string } {
    const rows = this.read(account).entries.map((entry) => [
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

  private tellAppended(account: string): void {
    const appended = this.options.appended;
    if (!appended || this.pendingAppended.has(account)) return;
    this.pendingAppended.add(account);
    const timer = setTimeout(() => {
      this.pendingAppended.delete(account);
      appended(account);
    }, this.options.appendedDelayMs ?? 150);
    timer.unref?.();
  }

  /** Reads what was appended since the last read; only complete lines are consumed. */
  private read(account: string): ActivityIndex {
    const file = this.fileOf(account);
    let cache = this.cache.get(file) ?? { offset: 0, index: new ActivityIndex() };
    let fd: number;
    try {
      fd = openSync(file, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new ActivityIndex();
      throw new ConsoleError('ACTIVITY_UNREADABLE', `The activity log at ${file} could not be read: ${(error as Error).message}`);
    }
    try {
      const size = fstatSync(fd).size;
      // Smaller than what was read: the file was replaced (restored from a backup); start over.
      if (size < cache.offset) cache = { offset: 0, index: new ActivityIndex() };
      if (size > cache.offset) {
        const bytes = Buffer.alloc(size - cache.offset);
        const read = readSync(fd, bytes, 0, bytes.length, cache.offset);
        // A newline byte never occurs inside a multi-byte UTF-8 character, so this cut is safe.
        const end = bytes.subarray(0, read).lastIndexOf(NEWLINE) + 1;
        if (end > 0) {
          cache.index.append(this.parseLines(file, bytes.subarray(0, end).toString('utf8')));
          cache = { offset: cache.offset + end, index: cache.index };
        }
      }
      this.cache.set(file, cache);
      return cache.index;
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
