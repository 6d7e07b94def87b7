// A bulk subscriber job's journal: <dataDir>/subscriber-jobs/<account>/<jobId>.json, the whole job
// (every user and channel and its outcome) plus the batches whose reply was not recorded, in one file
// rewritten atomically (shared/node/atomic-json.ts) before each request and after each reply. (An
// invitation campaign's journal appends each change instead, ../invitations/campaign-journal.ts, as
// whole rewrites of 10,000 addresses made the console the slower side; shared/node/snapshot-log.ts
// would serve here too if this journal's rewrites ever show in a profile.) A crash leaves the old
// journal or the new one; a batch the journal shows as sent without an answer is looked up on the
// server (GET /streams/{id}/members) before anything else is sent, so nothing is done twice and every
// result is true.
import path from 'node:path';
import { z } from 'zod';
import { SubscriberJob } from '../../../shared/ipc';
import { writeJsonAtomic } from '../../../shared/node/atomic-json';
import { errorMessage } from '../../../shared/node/error-message';
import { readJsonFile } from '../../../shared/node/read-json-file';
import { ConsoleError } from '../errors';
import { readNames, safeName } from '../invitations/campaign-journal';

/** A request whose answer is not recorded: about to go, sent, or its fate unknown after a failure. */
export const Unsettled = z.object({
  channelId: z.int(),
  userIds: z.array(z.int()),
  /** Which of them the console saw subscribed just before sending: what "already" means if the reply is lost. */
  subscribedBefore: z.array(z.int()),
});
export type Unsettled = z.infer<typeof Unsettled>;

export const SubscriberJobRecord = SubscriberJob.extend({
  version: z.literal(1),
  /** The signed-in user who started it, in words, for the activity log. */
  actor: z.string(),
  /** Non-empty on disk after a crash or a lost reply: checked on the server before anything is sent. */
  unsettled: z.array(Unsettled),
});
export type SubscriberJobRecord = z.infer<typeof SubscriberJobRecord>;

const SUFFIX = '.json';

export class SubscriberJournal {
  readonly root: string;

  constructor(
    dataDir: string,
    private readonly log: (message: string) => void = (message) => console.warn(message),
  ) {
    this.root = path.join(dataDir, 'subscriber-jobs');
  }

  file(account: string, jobId: string): string {
    return path.join(this.root, safeName(account), `${safeName(jobId)}${SUFFIX}`);
  }

  /** Throws a ConsoleError (JOURNAL_NOT_SAVED) in words when the file cannot be written: nothing is sent then. */
  write(record: SubscriberJobRecord): void {
    const file = this.file(record.account, record.id);
    try {
      writeJsonAtomic(file, record);
    } catch (error) {
      throw new ConsoleError(
        'JOURNAL_NOT_SAVED',
        `The subscriber job's journal ${file} could not be saved (${errorMessage(error)}), so nothing more was sent. Check that the console may write to ${path.dirname(file)} and that the disk is not full, then choose Retry failed: nothing is lost, and nothing is sent twice.`,
      );
    }
  }

  accounts(): string[] {
    return readNames(this.root).map((name) => decodeURIComponent(name));
  }

  ids(account: string): string[] {
    return readNames(path.join(this.root, safeName(account)))
      .filter((name) => name.endsWith(SUFFIX))
      .map((name) => decodeURIComponent(name.slice(0, -SUFFIX.length)));
  }

  /** The journal, or null if there is none; one that cannot be read is moved aside, never half-used. */
  read(account: string, jobId: string): SubscriberJobRecord | null {
    return readJsonFile(this.file(account, jobId), { name: 'subscriber job journal', schema: SubscriberJobRecord, asideTag: 'unreadable', log: this.log });
  }
}
