// Channels of the Moderation screen: the moderation request channel as an inbox of parsed reports,
// each with its context, and a triage state kept per realm by the main process.
import { z } from 'zod';
import { AccountId } from './push';

const Person = z.object({ id: z.int(), name: z.string() });

export const ReportedWhere = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('channel'), channelId: z.int().nullable(), channelName: z.string(), topic: z.string() }),
  z.object({ kind: z.literal('dm') }),
  z.object({ kind: z.literal('group_dm'), participants: z.array(Person) }),
]);
export type ReportedWhere = z.infer<typeof ReportedWhere>;

export const Report = z.object({
  /** The report's own message ID in the moderation channel. */
  id: z.int(),
  /** UTC seconds the report was posted. */
  time: z.int(),
  status: z.enum(['new', 'reviewed']),
  /** False when the message does not follow upstream's template: only `raw` is meaningful then. */
  parsed: z.boolean(),
  /** The report message's Markdown, as posted. */
  raw: z.string(),
  reportType: z.string().nullable(),
  reporter: Person.nullable(),
  reportedUser: Person.nullable(),
  reportedMessageId: z.int().nullable(),
  where: ReportedWhere.nullable(),
  notes: z.string().nullable(),
  /** The reported message's content (Markdown) as quoted in the report. */
  content: z.string().nullable(),
  truncated: z.boolean(),
});
export type Report = z.infer<typeof Report>;

export const ModerationInbox = z.object({
  /** spec register `moderation_request_channel`: null means reporting is off in this organization. */
  channel: z.object({ id: z.int(), name: z.string() }).nullable(),
  /** False when the signed-in user cannot read the channel (not subscribed to a private channel). */
  readable: z.boolean(),
  reports: z.array(Report),
});
export type ModerationInbox = z.infer<typeof ModerationInbox>;

export const ContextMessage = z.object({
  id: z.int(),
  senderId: z.int(),
  senderName: z.string(),
  /** Rendered HTML, as the server sends it. */
  html: z.string(),
  time: z.int(),
  isReported: z.boolean(),
});

export const ReportContext = z.object({
  /** False when the signed-in user cannot see the reported message; `explanation` says why. */
  available: z.boolean(),
  explanation: z.string().nullable(),
  /**
   * True when the reported message is known to be deleted (from this console, or by anyone: the event
   * queue's `delete_message`); `available` is false then, and `explanation` says so.
   */
  deleted: z.boolean(),
  messages: z.array(ContextMessage),
});
export type ReportContext = z.infer<typeof ReportContext>;

/**
 * `moderation.deleteMessage`'s code when the server no longer has the reported message (upstream's
 * "Invalid message(s)"): deleted already, or moved where the user cannot reach it. Nothing to delete.
 */
export const MESSAGE_GONE = 'MESSAGE_GONE';

export const moderationChannels = {
  'moderation.inbox': { input: z.object({ account: AccountId }).strict(), output: ModerationInbox },
  'moderation.context': { input: z.object({ account: AccountId, reportId: z.int() }).strict(), output: ReportContext },
  /** Marks reports reviewed (or new again) and their topics read on the server (spec 13). */
  'moderation.markReviewed': {
    input: z.object({ account: AccountId, reportIds: z.array(z.int()).min(1).max(10_000), reviewed: z.boolean() }).strict(),
    output: z.null(),
  },
  /**
   * Deletes the reported message on the server (upstream DELETE /messages/{message_id}). `messageId` is
   * the message the screen showed as the reported one; the core refuses it unless it is the message the
   * report is about. Refused in the server's words (a moderator the channel does not let delete it);
   * MESSAGE_GONE when the server no longer has it. The report itself stays. Logged, never undoable.
   */
  'moderation.deleteMessage': {
    input: z.object({ account: AccountId, reportId: z.int(), messageId: z.int() }).strict(),
    output: z.null(),
  },
} as const;
