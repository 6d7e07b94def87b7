// Which reports an account has reviewed, kept by the main process in <dataDir>/moderation/<account>.json
// (the server has no such state: upstream moderators only read a channel). Writes are atomic
// (shared/node/atomic-json.ts), so a crash leaves the old file or the new one; a file that cannot be
// read is moved aside and the inbox starts with every report new, rather than not at all.
import path from 'node:path';
import { z } from 'zod';
import { writeJsonAtomic } from '../../../shared/node/atomic-json';
import { errorMessage } from '../../../shared/node/error-message';
import { readJsonFile } from '../../../shared/node/read-json-file';
import { ConsoleError } from '../errors';

const Entry = z.object({
  /** UTC seconds. */
  reviewedAt: z.int(),
  /** False while the report's topic still has to be marked read on the server (spec 13); retried later. */
  serverRead: z.boolean(),
});
type Entry = z.infer<typeof Entry>;

const TriageFile = z.object({ version: z.literal(1), reviewed: z.record(z.string().regex(/^\d+$/), Entry) });

export class TriageStore {
  readonly file: string;
  private entries: Map<number, Entry> | null = null;

  constructor(
    private readonly dir: string,
    accountId: string,
    private readonly log: (message: string) => void = (message) => console.warn(message),
  ) {
    // Account IDs are hex hashes (accounts.ts accountId); anything else is kept out of the path anyway.
    this.file = path.join(dir, `${accountId.replace(/[^A-Za-z0-9_-]/g, '_')}.json`);
  }

  isReviewed(reportId: number): boolean {
    return this.load().has(reportId);
  }

  /** Reviewed reports whose topic the server has not yet marked read. */
  unsyncedReads(): number[] {
    return [...this.load()].filter(([, entry]) => !entry.serverRead).map(([id]) => id);
  }

  /** Marks reports reviewed (serverRead false until markServerRead) or new again; saves at once. */
  setReviewed(reportIds: readonly number[], reviewed: boolean, nowSeconds: number): void {
    this.update((entries) => {
      for (const id of reportIds) {
        if (!reviewed) entries.delete(id);
        else if (!entries.has(id)) entries.set(id, { reviewedAt: nowSeconds, serverRead: false });
      }
    });
  }

  markServerRead(reportIds: readonly number[]): void {
    this.update((entries) => {
      for (const id of reportIds) {
        const entry = entries.get(id);
        if (entry && !entry.serverRead) entries.set(id, { ...entry, serverRead: true });
      }
    });
  }

  /** Applies a change to a copy, saves it, and only then makes it the state: a failed save changes nothing. */
  private update(change: (entries: Map<number, Entry>) => void): void {
    const next = new Map(this.load());
    change(next);
    this.save(next);
    this.entries = next;
  }

  private load(): Map<number, Entry> {
    if (this.entries) return this.entries;
    this.entries = this.read();
    return this.entries;
  }

  private read(): Map<number, Entry> {
    const saved = readJsonFile(this.file, {
      name: 'moderation review file',
      schema: TriageFile,
      asideTag: 'unreadable',
      consequence: 'Every report shows as new.',
      log: this.log,
    });
    return new Map(Object.entries(saved?.reviewed ?? {}).map(([id, entry]) => [Number(id), entry]));
  }

  private save(entries: Map<number, Entry>): void {
    const reviewed = Object.fromEntries([...entries].sort(([a], [b]) => a - b).map(([id, entry]) => [String(id), entry]));
    try {
      writeJsonAtomic(this.file, { version: 1, reviewed }, { space: 2 });
    } catch (error) {
      throw new ConsoleError('TRIAGE_NOT_SAVED', `The review state could not be saved to ${this.file} (${errorMessage(error)}). Check that the console may write to ${this.dir}, then try again.`);
    }
  }
}
