// One change to a campaign, as campaign-journal.ts appends it to the journal's log: the campaign's
// fields that changed (the batch in flight, the status and its words) and the addresses whose outcome
// changed, by position. A batch's change is a few kilobytes where the whole campaign is about 1 MB at
// 10,000 addresses. `Written` is what the journal last made durable, to find the change against.
import { z } from 'zod';
import { InviteOutcome } from '../../../shared/ipc';
import type { CampaignRecord } from './campaign-record';

const Change = z
  .object({
    /** The campaign's own fields that changed, whole (never the addresses, nor what names the campaign). */
    set: z.record(z.string(), z.unknown()),
    /** [position, outcome, reason] of each address whose outcome or reason changed. */
    outcomes: z.array(z.tuple([z.int().nonnegative(), InviteOutcome, z.string().nullable()])),
  })
  .strict();
export type CampaignChange = z.infer<typeof Change>;

/** Fixed when the campaign starts: a change that touches them is not one this console wrote. */
const FIXED = new Set(['version', 'id', 'account', 'createdAt', 'addresses', 'resent', 'leftOut']);

/** Kept out of `Written`'s fields: the lists, which would cost a whole rewrite to compare each batch. */
const LISTS = new Set(['addresses', 'resent', 'leftOut']);

/** What the journal on disk says, kept by the writer to find the next change against. */
export interface Written {
  /** Each field but the addresses, as JSON. */
  fields: Map<string, string>;
  emails: string[];
  names: (string | null)[];
  outcomes: InviteOutcome[];
  reasons: (string | null)[];
}

export function writtenOf(record: CampaignRecord): Written {
  const fields = new Map<string, string>();
  for (const [key, value] of Object.entries(record)) if (!LISTS.has(key)) fields.set(key, JSON.stringify(value));
  return {
    fields,
    emails: record.addresses.map((address) => address.email),
    names: record.addresses.map((address) => address.name),
    outcomes: record.addresses.map((address) => address.outcome),
    reasons: record.addresses.map((address) => address.reason),
  };
}

/**
 * The change from `written` to `record`, or null when a change cannot say it (a field appeared or
 * went, the addresses themselves differ): the journal then writes a new snapshot. Comparing every
 * address's outcome is a few thousand string comparisons, far cheaper than writing them all.
 */
export function changeOf(written: Written, record: CampaignRecord): CampaignChange | null {
  const set: Record<string, unknown> = {};
  // The left-out list never changes after the start (FIXED), so it is not compared.
  const keys = Object.keys(record).filter((key) => !LISTS.has(key));
  if (keys.length !== written.fields.size) return null;
  for (const key of keys) {
    const before = written.fields.get(key);
    const value: unknown = record[key as keyof CampaignRecord];
    // A field set to undefined would vanish from the JSON, and the replay would keep its old value.
    if (before === undefined || value === undefined) return null;
    if (JSON.stringify(value) === before) continue;
    if (FIXED.has(key)) return null;
    set[key] = value;
  }
  const { addresses } = record;
  if (addresses.length !== written.emails.length) return null;
  const outcomes: CampaignChange['outcomes'] = [];
  for (const [i, address] of addresses.entries()) {
    if (address.email !== written.emails[i] || address.name !== written.names[i]) return null;
    if (address.outcome !== written.outcomes[i] || address.reason !== written.reasons[i]) outcomes.push([i, address.outcome, address.reason]);
  }
  return { set, outcomes };
}

/** True when the change changes nothing: the journal already says the record. */
export function isEmptyChange(change: CampaignChange): boolean {
  return change.outcomes.length === 0 && Object.keys(change.set).length === 0;
}

/** Brings `written` up to date after `change` was made durable. */
export function applyToWritten(written: Written, change: CampaignChange): void {
  for (const [key, value] of Object.entries(change.set)) written.fields.set(key, JSON.stringify(value));
  for (const [i, outcome, reason] of change.outcomes) {
    written.outcomes[i] = outcome;
    written.reasons[i] = reason;
  }
}

/**
 * Replays one logged change over the campaign (snapshot-log.ts's `apply`). Throws in words when it is
 * not a change this console writes; the final state is checked whole by the journal's schema.
 */
export function applyChange(record: CampaignRecord, line: unknown): void {
  const checked = Change.safeParse(line);
  if (!checked.success) throw new Error(checked.error.issues[0]?.message ?? 'not a change');
  const change = checked.data;
  for (const key of Object.keys(change.set)) {
    if (FIXED.has(key) || !(key in record)) throw new Error(`it sets ${key}, which a change never does`);
  }
  for (const [i] of change.outcomes) {
    if (i >= record.addresses.length) throw new Error(`it names address ${String(i + 1)} of a campaign of ${String(record.addresses.length)}`);
  }
  Object.assign(record, change.set);
  for (const [i, outcome, reason] of change.outcomes) Object.assign(record.addresses[i]!, { outcome, reason });
}
