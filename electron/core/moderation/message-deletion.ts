// Deleting the message a report is about, with upstream's DELETE /messages/{message_id}
// (https://zulip.com/api/delete-message): administrators may delete any message; anyone else only what
// the organization's or the channel's can_delete_any_message_group lets them (or their own messages).
// The server judges, and its refusal comes back in its words with what to do. "Invalid message(s)" means
// the server has no such message for this user any more (deleted already, or moved out of reach):
// MESSAGE_GONE, so the screen can say there is nothing left to delete. A reply lost on the way is checked
// on the server before anything is said. Every attempt goes to the activity log, with no undo: a
// deleted message cannot be brought back.
import { deleteMessage, REPORT_TYPES, ReportType, type Narrow } from '../../../shared/api';
import { listWords } from '../../../shared/domain/list-words';
import { readableMarkdown, shortQuote, whereWords } from '../../../shared/domain/report-words';
import { MESSAGE_GONE, type Report } from '../../../shared/ipc';
import type { NewActivityEntry } from '../activity/activity-log';
import type { ApiClient } from '../client/api-client';
import { ConsoleError } from '../errors';
import { mayHaveBeenApplied, type CheckedFate } from '../request-fate';
import type { RealmState } from '../session/realm-state';
import { adviceForFailure, sentence } from '../users/change-words';
import { fetchOne } from './report-fetch';

export interface DeletionContext {
  client: ApiClient;
  state: RealmState;
  /** Who deletes, as the activity log names them. */
  actor: string;
  record(entry: NewActivityEntry): void;
}

/** What to do after the server's refusal, by upstream's texts (delete_message_backend, validate_can_delete_message). */
const ADVICE_BY_MESSAGE: [RegExp, string | null][] = [
  [
    /permission to delete/i,
    'Administrators can delete any message; others only where the organization or the channel lets them delete any message. Ask an administrator to delete it.',
  ],
  [/time limit/i, 'Ask an administrator to delete it.'],
];

/** upstream's refusal for a message the user cannot reach (zerver/lib/message.py access_message). */
const INVALID_MESSAGE = /^Invalid message\(s\)/i;

/** The report's channel, if the message was sent in one the state knows (by ID, else by name). */
export function channelOf(state: RealmState, report: Report): number | null {
  const where = report.where;
  if (where?.kind !== 'channel') return null;
  if (where.channelId !== null) return where.channelId;
  return [...state.channels.values()].find((channel) => channel.name === where.channelName)?.stream_id ?? null;
}

/** "from Nora Quinn in #general › lunch plans", "from Gina Guest in a direct message to Mark Member": which message, mid-sentence. */
function fromWhom(report: Report): string {
  const where = report.where;
  const words =
    where?.kind === 'dm'
      ? `a direct message${report.reporter ? ` to ${report.reporter.name}` : ''}`
      : where?.kind === 'group_dm'
        ? `a group direct message with ${listWords(where.participants.map((person) => person.name), 'nobody')}`
        : whereWords(where, report);
  return `from ${report.reportedUser?.name ?? 'an unknown user'} in ${words}`;
}

/** The activity log's entry for a deletion, before its result is known. */
function entryFor(context: DeletionContext, report: Report, messageId: number): Omit<NewActivityEntry, 'result' | 'error'> {
  const type = ReportType.safeParse(report.reportType);
  const why = type.success ? REPORT_TYPES[type.data] : (report.reportType ?? 'an unknown reason');
  const quote = shortQuote(readableMarkdown(report.content ?? ''), 80);
  const channelId = channelOf(context.state, report);
  return {
    actor: context.actor,
    action: 'Deleted message',
    kind: 'moderation',
    target: `Message ${fromWhom(report)}`,
    details: `Message ${messageId}${quote ? `: “${quote}”` : ''} · reported by ${report.reporter?.name ?? 'someone'} as ${why}`,
    ...(report.reportedUser ? { userIds: [report.reportedUser.id] } : {}),
    ...(channelId !== null ? { channelIds: [channelId] } : {}),
  };
}

/** Deletes the message on the server, records the attempt, and words its failure. */
export async function deleteReportedMessage(context: DeletionContext, report: Report, messageId: number): Promise<void> {
  const entry = entryFor(context, report, messageId);
  const subject = `The message ${fromWhom(report)} could not be deleted`;
  try {
    await context.client.call(deleteMessage, { message_id: messageId });
  } catch (error) {
    if (!(error instanceof ConsoleError)) throw error;
    const fate = mayHaveBeenApplied(error) ? await fateOf(context.client, context.state, report, messageId) : null;
    if (fate === 'applied') {
      context.record({ ...entry, details: `${entry.details} (the reply was lost; the server no longer shows the message)`, result: 'ok', error: null });
      return;
    }
    const worded = deletionFailed(report, subject, error, fate);
    context.record({ ...entry, result: 'failed', error: worded.message });
    throw worded;
  }
  context.record({ ...entry, result: 'ok', error: null });
}

/**
 * A message the server no longer has (or the console saw deleted), said plainly: there is nothing left
 * to delete. `answer` is the server's own words, when it gave them.
 */
export function messageGone(report: Report, answer: ConsoleError | null = null): ConsoleError {
  const said = answer ? ` (the server answered “${answer.message}”)` : '';
  return new ConsoleError(
    MESSAGE_GONE,
    `The message ${fromWhom(report)} is already gone${said}: it was deleted, or moved where you cannot reach it. There is nothing left to delete; the report stays.`,
    answer?.extra ?? {},
  );
}

function deletionFailed(report: Report, subject: string, error: ConsoleError, fate: CheckedFate | null): ConsoleError {
  if (error.code === 'BAD_REQUEST' && INVALID_MESSAGE.test(error.message)) return messageGone(report, error);
  const advice = adviceForFailure(error, ADVICE_BY_MESSAGE, 'the report’s conversation', fate);
  return new ConsoleError(error.code, advice ? `${subject}: ${sentence(error.message)} ${advice}` : `${subject}: ${sentence(error.message)}`, error.extra);
}

/** After a lost reply: the message still found means not deleted; not found any more, deleted. */
async function fateOf(client: ApiClient, state: RealmState, report: Report, messageId: number): Promise<CheckedFate> {
  const channelId = channelOf(state, report);
  const within: Narrow = channelId === null ? [] : [{ operator: 'channel', operand: channelId }];
  try {
    const found = (await fetchOne(client, messageId, within)) ?? (within.length > 0 ? await fetchOne(client, messageId) : undefined);
    return found ? 'not-applied' : 'applied';
  } catch {
    return 'unknown';
  }
}
