// What a campaign's journal holds (campaign-journal.ts): the campaign's options, every address and its
// outcome, and the batch in flight. Its own file, so the journal and the changes it logs
// (campaign-changes.ts) both read it without importing each other.
import { z } from 'zod';
import { CampaignAddress, CampaignOptions, CampaignSummary, LeftOutAddress, ResentAddress } from '../../../shared/ipc';

/** The batch whose reply has not been recorded: sent, or about to be. */
export const InFlight = z.object({
  /** The addresses of the request, as sent. */
  emails: z.array(z.string()),
  /** When the request was about to go out, by this computer's clock (UTC milliseconds). */
  startedAt: z.int(),
});
export type InFlight = z.infer<typeof InFlight>;

export const CampaignRecord = CampaignSummary.omit({ etaSeconds: true, counts: true, total: true, resent: true, leftOut: true }).extend({
  version: z.literal(1),
  /** The signed-in user who started it, in words, for the activity log. */
  actor: z.string(),
  /** Their user ID: only their own invitations count when finding out what an interrupted batch did. */
  inviterId: z.int(),
  options: CampaignOptions,
  addresses: z.array(CampaignAddress),
  /**
   * The pending invitations resent while composing: fixed at the start, never sent by the campaign. A
   * journal written before the console recorded them has none.
   */
  resent: z.array(ResentAddress).default([]),
  /**
   * What compose left out, with why: fixed at the start and never sent. A journal written before the
   * console recorded them has none, and reads as an empty list.
   */
  leftOut: z.array(LeftOutAddress).default([]),
  /** Null between batches. Non-null on disk after a crash: that batch's fate is unknown until checked. */
  inFlight: InFlight.nullable(),
});
export type CampaignRecord = z.infer<typeof CampaignRecord>;
