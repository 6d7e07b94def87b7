// The activity log: every change made from this console, per account (a realm and the user signed in
// to it), kept on disk by the main process so the record survives restarts. One append-only JSON-lines
// file per account: appending one line is one write(2) with O_APPEND, so entries are never rewritten
// and a crash can at worst leave a torn last line, which reading skips. The file is the only record:
// what queries run over is an index in memory (activity-index.ts) built from it and grown by reading
// only the bytes appended since, so nothing else on disk can go stale or disagree with it. Each signed-in
// account's index is warmed in the background soon after start, so the log's first open is fast too.
import { appendFileSync, closeSync, fstatSync, mkdirSync, openSync, readSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
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
  /** How warming lets the event loop run between chunks of lines: `setImmediate` by default. */
  pause?: () => Promise<void>;
  /** Lines parsed per chunk while warming. */
  warmChunkLines?: number;
}

export type NewActivityEntry = Omit<ActivityEntry, 'at'> & { at?: number };

/** What has been read of one account's file: its index, and the bytes consumed. */
interface ReadCache {
  offset: number;
  index: ActivityIndex;
  /** Lines consumed but not parsed yet (a warm-up under way): whoever reads next parses them, once. */
  unparsed?: Unparsed;
}

interface Unparsed {
  lines: string[];
  next: number;
  skipped: number;
}

/** Account IDs are hex hashes (accounts.ts); anything else must not become a path. */
const SAFE_ACCOUNT = /^[A-Za-z0-9_-]{1,64}$/;
const NEWLINE = 0x0a;
/** About a few milliseconds of parsing: short enough that IPC and pushes are never kept waiting. */
const WARM_CHUNK_LINES = 2000;
const WARM_DELAY_MS = 1000;

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

  /**
   * Reads and indexes the accounts' logs ahead of their first query, `delayMs` after now so start-up
   * goes first. Errors are reported, never thrown: a query would meet and report them again anyway.
   */
  warmSoon(accounts: readonly string[], delayMs = WARM_DELAY_MS): void {
    const timer = setTimeout(() => {
      void (async () => {
        for (const account of accounts) {
          try {
            await this.warm(account);
          } catch (error) {
            this.log(`could not read the log of ${account} ahead of time: ${errorMessage(error)}`);
          }
        }
      })();
    }, delayMs);
    timer.unref?.();
  }

  /**
   * Reads one account's file and parses it a chunk of lines at a time, letting the event loop run in
   * between. A query arriving meanwhile does not parse the file again: it parses the lines left (each
   * line is parsed once, and a damaged one reported once) and this warm-up stops there.
   */
  async warm(account: string): Promise<void> {
    const file = this.fileOf(account);
    if (this.cache.has(file)) return;
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    if (this.cache.has(file)) return; // a query read the file while this one was reading it
    const end = bytes.lastIndexOf(NEWLINE) + 1;
    const cache: ReadCache = { offset: end, index: new ActivityIndex(), unparsed: unparsed(bytes.subarray(0, end)) };
    this.cache.set(file, cache);
    const pause = this.options.pause ?? (() => new Promise<void>((resolve) => setImmediate(resolve)));
    while (cache.unparsed && this.cache.get(file) === cache) {
      this.parseSome(file, cache, this.options.warmChunkLines ?? WARM_CHUNK_LINES);
      if (cache.unparsed) await pause();
    }
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
    let cache: ReadCache = this.cache.get(file) ?? { offset: 0, index: new ActivityIndex() };
    if (cache.unparsed) this.parseSome(file, cache, Infinity);
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
          cache.offset += end;
          cache.unparsed = unparsed(bytes.subarray(0, end));
          this.parseSome(file, cache, Infinity);
        }
      }
      this.cache.set(file, cache);
      return cache.index;
    } finally {
      closeSync(fd);
    }
  }

  /** Parses up to `max` of the cache's unparsed lines into its index. */
  private parseSome(file: string, cache: ReadCache, max: number): void {
    const work = cache.unparsed;
    if (!work) return;
    const entries: ActivityEntry[] = [];
    const stop = Math.min(work.lines.length, work.next + max);
    for (; work.next < stop; work.next++) {
      const line = work.lines[work.next] as string;
      if (line.trim() === '') continue;
      let parsed;
      try {
        parsed = ActivityEntry.safeParse(JSON.parse(line));
      } catch {
        parsed = null;
      }
      if (parsed?.success) entries.push(parsed.data);
      else work.skipped += 1;
    }
    cache.index.append(entries);
    if (work.next < work.lines.length) return;
    delete cache.unparsed;
    // A torn line from a crash is expected now and then; say so, never fail over it.
    const { skipped } = work;
    if (skipped > 0) this.log(`skipped ${skipped} unreadable line${skipped === 1 ? '' : 's'} in ${file}`);
  }

  private fileOf(account: string): string {
    if (!SAFE_ACCOUNT.test(account)) {
      throw new ConsoleError('UNKNOWN_ACCOUNT', 'That organization is not signed in any more. Pick another one, or sign in again.', { account });
    }
    return path.join(this.dir, `${account}.jsonl`);
  }
}

/** Complete lines (ending with a newline byte), which never cut a multi-byte UTF-8 character. */
function unparsed(bytes: Buffer): Unparsed {
  return { lines: bytes.toString('utf8').split('\n'), next: 0, skipped: 0 };
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
