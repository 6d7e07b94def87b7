// A campaign's journal: <dataDir>/campaigns/<account>/<campaignId>.json, the whole campaign (options,
// every address and its outcome, the batch in flight) in one file, a snapshot plus an append-only log
// of changes (shared/node/snapshot-log.ts). The first line is the campaign as it was at the last
// snapshot, written atomically (shared/node/atomic-json.ts: a temporary file, fsync, rename, fsync of
// the folder); each later line is one change (campaign-changes.ts: the fields that changed, such as
// the batch in flight or the status, and the addresses whose outcome changed), appended with one
// write and fdatasync. Either way, what `write` was given is on disk when it returns, and a crash
// leaves the journal as of the last write that returned: a torn last line is an append that never
// returned, and reading ignores it.
//
// Why not rewrite the whole file each time: at 10,000 addresses the campaign is about 1 MB, and its
// runner writes once per batch (campaign-runner.ts), so whole rewrites made the console, not the
// server, the slower side of a campaign (e2e/bench/campaign-throughput.ts). A batch's change is a
// few kilobytes. A new snapshot replaces the log when the campaign is not running (finished, paused:
// the file is then one line, as before), when the log has grown as large as the snapshot and past
// 64 kB (so the file stays under about twice the campaign's size, rewrites cost at most as much as
// the appends did, and a small campaign is not rewritten mid-run), and whenever this journal did not
// write the file's end itself: its first write after a start, a pause or a failed write. So nothing
// is ever appended after a torn line; a crash's is replaced.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { writeJsonAtomic } from '../../../shared/node/atomic-json';
import { errorMessage } from '../../../shared/node/error-message';
import { appendJsonLine, readSnapshotLog } from '../../../shared/node/snapshot-log';
import { ConsoleError } from '../errors';
import { applyChange, applyToWritten, changeOf, isEmptyChange, writtenOf, type Written } from './campaign-changes';
import { CampaignRecord } from './campaign-record';

const SUFFIX = '.json';
/** The code of the error a journal that cannot be written throws: the campaign pauses on it. */
export const JOURNAL_NOT_SAVED = 'JOURNAL_NOT_SAVED';
/** A log smaller than this never forces a new snapshot: small campaigns need no rewriting mid-run. */
const MIN_LOG_BEFORE_SNAPSHOT = 64 * 1024;

/** What this journal last made durable in a file, to append only what changed since. */
interface OnDisk {
  written: Written;
  snapshotSize: number;
  logSize: number;
}

export class CampaignJournal {
  readonly root: string;
  /** Per file; absent until this journal has written it (the next write is then a snapshot). */
  private readonly onDisk = new Map<string, OnDisk>();

  constructor(
    dataDir: string,
    private readonly log: (message: string) => void = (message) => console.warn(message),
  ) {
    this.root = path.join(dataDir, 'campaigns');
  }

  folder(account: string): string {
    return path.join(this.root, safeName(account));
  }

  file(account: string, campaignId: string): string {
    return path.join(this.folder(account), `${safeName(campaignId)}${SUFFIX}`);
  }

  /**
   * Makes the journal say `record`: a change appended, or a new snapshot (see the top of this file).
   * Throws a ConsoleError with code JOURNAL_NOT_SAVED, in words, when the file cannot be written.
   */
  write(record: CampaignRecord): void {
    const file = this.file(record.account, record.id);
    const last = this.onDisk.get(file);
    try {
      const change = last ? changeOf(last.written, record) : null;
      if (last && change && isEmptyChange(change)) return;
      const snapshotDue = record.status !== 'running' || (last !== undefined && last.logSize >= Math.max(last.snapshotSize, MIN_LOG_BEFORE_SNAPSHOT));
      if (!last || !change || snapshotDue) {
        try {
          return this.snapshot(file, record);
        } catch (error) {
          // A failed snapshot leaves the file as it was (atomic-json.ts), so a change can still go
          // after it: a disk too full for 1 MB may still take a few kilobytes.
          if (!last || !change) throw error;
        }
      }
      last.logSize += appendJsonLine(file, change);
      applyToWritten(last.written, change);
    } catch (error) {
      // What the file ends with is not known now (a torn line?): the next write is a snapshot.
      this.onDisk.delete(file);
      throw new ConsoleError(
        JOURNAL_NOT_SAVED,
        `The invitation campaign's journal ${file} could not be saved (${errorMessage(error)}). Nothing more is sent until it can be: check that the console may write to ${path.dirname(file)} and that the disk is not full, then choose Resume. Nothing is lost, and no address is sent twice.`,
      );
    }
  }

  private snapshot(file: string, record: CampaignRecord): void {
    const snapshotSize = writeJsonAtomic(file, record);
    // Only a running campaign writes often enough to append; the others are not kept in memory, and
    // their next write (a resume, a retry) is a snapshot.
    if (record.status === 'running') this.onDisk.set(file, { written: writtenOf(record), snapshotSize, logSize: 0 });
    else this.onDisk.delete(file);
  }

  /** Every readable campaign of the account, in no particular order. */
  list(account: string): CampaignRecord[] {
    return this.ids(account).flatMap((id) => this.read(account, id) ?? []);
  }

  /** The accounts that have a journal folder. */
  accounts(): string[] {
    return readNames(this.root).map((name) => decodeURIComponent(name));
  }

  ids(account: string): string[] {
    return readNames(this.folder(account))
      .filter((name) => name.endsWith(SUFFIX))
      .map((name) => decodeURIComponent(name.slice(0, -SUFFIX.length)));
  }

  /**
   * The journal (its snapshot with the logged changes replayed), or null if there is none; one that
   * cannot be read, or whose log holds a line that is not a whole change this console wrote, is moved
   * aside and said, never half-used. A torn last line (a crash mid-append) is ignored.
   */
  read(account: string, campaignId: string): CampaignRecord | null {
    const content = readSnapshotLog(this.file(account, campaignId), {
      name: 'invitation campaign journal',
      schema: CampaignRecord,
      apply: applyChange,
      asideTag: 'unreadable',
      log: this.log,
    });
    return content?.value ?? null;
  }
}

/**
 * Names come from the renderer (untrusted): encoded so that no name is a path, and dots too, so that
 * an "account" of `..` cannot climb out of the journal folder.
 */
export function safeName(name: string): string {
  return encodeURIComponent(name).replaceAll('.', '%2E');
}

export function readNames(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}
