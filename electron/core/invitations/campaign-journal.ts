// A campaign's journal: <dataDir>/campaigns/<account>/<campaignId>.json, the whole campaign (options,
// every address and its outcome, the batch in flight) in one file. It is rewritten before each
// request (which addresses are in flight, and since when) and after each reply (each address's
// outcome), always atomically (shared/node/atomic-json.ts: a temporary file, fsync, rename, fsync of
// the folder). A crash leaves the old journal or the new one, never half of either, and what the
// journal says is on disk.
//
// One file rewritten whole keeps reading trivial and the format obviously consistent. Its cost grows
// with the campaign: a 10,000-address journal is about 1 MB, a few milliseconds per write, twice per
// batch. Campaigns beyond tens of thousands of addresses are not what upstream's daily limits allow.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { CampaignAddress, CampaignOptions, CampaignSummary } from '../../../shared/ipc';
import { writeJsonAtomic } from '../../../shared/node/atomic-json';
import { errorMessage } from '../../../shared/node/error-message';
import { readJsonFile } from '../../../shared/node/read-json-file';
import { ConsoleError } from '../errors';

/** The batch whose reply has not been recorded: sent, or about to be. */
export const InFlight = z.object({
  /** The addresses of the request, as sent. */
  emails: z.array(z.string()),
  /** When the request was about to go out, by this computer's clock (UTC milliseconds). */
  startedAt: z.int(),
});
export type InFlight = z.infer<typeof InFlight>;

export const CampaignRecord = CampaignSummary.omit({ etaSeconds: true, counts: true, total: true }).extend({
  version: z.literal(1),
  /** The signed-in user who started it, in words, for the activity log. */
  actor: z.string(),
  /** Their user ID: only their own invitations count when finding out what an interrupted batch did. */
  inviterId: z.int(),
  options: CampaignOptions,
  addresses: z.array(CampaignAddress),
  /** Null between batches. Non-null on disk after a crash: that batch's fate is unknown until checked. */
  inFlight: InFlight.nullable(),
});
export type CampaignRecord = z.infer<typeof CampaignRecord>;

const SUFFIX = '.json';
/** The code of the error a journal that cannot be written throws: the campaign pauses on it. */
export const JOURNAL_NOT_SAVED = 'JOURNAL_NOT_SAVED';

export class CampaignJournal {
  readonly root: string;

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

  /** Throws a ConsoleError with code JOURNAL_NOT_SAVED, in words, when the file cannot be written. */
  write(record: CampaignRecord): void {
    const file = this.file(record.account, record.id);
    try {
      writeJsonAtomic(file, record);
    } catch (error) {
      throw new ConsoleError(
        JOURNAL_NOT_SAVED,
        `The invitation campaign's journal ${file} could not be saved (${errorMessage(error)}). Nothing more is sent until it can be: check that the console may write to ${path.dirname(file)} and that the disk is not full, then choose Resume. Nothing is lost, and no address is sent twice.`,
      );
    }
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

  /** The journal, or null if there is none; one that cannot be read is moved aside, never half-used. */
  read(account: string, campaignId: string): CampaignRecord | null {
    return readJsonFile(this.file(account, campaignId), {
      name: 'invitation campaign journal',
      schema: CampaignRecord,
      asideTag: 'unreadable',
      log: this.log,
    });
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
