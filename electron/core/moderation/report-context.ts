// The reported message in its conversation, when the signed-in user can see it: a few messages either
// side of it (GET /messages around it, spec 7). When they cannot (a DM between others, a private channel
// they are not in), say so in words: administrators cannot read other people's direct messages or private
// channels in upstream either. (The screen adds that the report itself quotes the message.)
import type { Message, Narrow } from '../../../shared/api';
import type { Report, ReportContext } from '../../../shared/ipc';
import type { ApiClient } from '../client/api-client';
import { ConsoleError } from '../errors';
import type { RealmState } from '../session/realm-state';
import { fetchAround, fetchBefore, fetchOne } from './report-fetch';
import { listWords } from '../../../shared/domain/list-words';

/** Messages shown on each side of the reported one. */
export const CONTEXT_SIZE = 5;
/** How far back a reported DM is looked for by its text (its report names no message ID). */
const DM_SEARCH_DEPTH = 1000;

const unavailable = (explanation: string): ReportContext => ({ available: false, explanation, deleted: false, messages: [] });

/** A reported message the console knows was deleted (moderation/reported-messages.ts). */
export const deletedContext = (): ReportContext => ({ available: false, explanation: 'The reported message was deleted.', deleted: true, messages: [] });

export async function reportContext(client: ApiClient, state: RealmState, report: Report): Promise<ReportContext> {
  if (!report.parsed || !report.where || !report.reportedUser) {
    return unavailable('This report is not in the format the console reads, so it cannot tell which message it is about.');
  }
  try {
    if (report.where.kind === 'channel') return await channelContext(client, state, report, report.where);
    return await directContext(client, state, report);
  } catch (error) {
    // A narrow the server refuses (a channel or user it no longer knows) means the message cannot be
    // reached; anything else (the network) is an error the screen shows with a retry.
    if (error instanceof ConsoleError && (error.code === 'BAD_NARROW' || error.code === 'BAD_REQUEST')) {
      return unavailable(`The server would not show the reported message: ${error.message}`);
    }
    throw error;
  }
}

type ChannelWhere = Extract<NonNullable<Report['where']>, { kind: 'channel' }>;

async function channelContext(client: ApiClient, state: RealmState, report: Report, where: ChannelWhere): Promise<ReportContext> {
  const channel = where.channelId !== null ? state.channels.get(where.channelId) : [...state.channels.values()].find((candidate) => candidate.name === where.channelName);
  const name = channel?.name ?? where.channelName;
  if (!channel) {
    return unavailable(`The message was sent in #${name}, a channel you cannot see: a private channel you are not subscribed to, or one that was deleted.`);
  }
  if (channel.invite_only && !state.subscriptions.has(channel.stream_id)) {
    return unavailable(`#${name} is a private channel you are not subscribed to, so you cannot read its messages. Ask one of its subscribers to add you to see the message in context.`);
  }
  const id = report.reportedMessageId;
  // Looked up by ID to find its conversation now: in the channel first (upstream searches a public
  // channel's history only for a narrow naming it), then anywhere the user received it, as after a move.
  const message = id === null ? undefined : ((await fetchOne(client, id, [{ operator: 'channel', operand: channel.stream_id }])) ?? (await fetchOne(client, id)));
  if (!message || message.stream_id === undefined) {
    return unavailable(`The reported message is no longer in #${name}: it was deleted, or moved where you cannot read it.`);
  }
  return around(client, [{ operator: 'channel', operand: message.stream_id }, { operator: 'topic', operand: message.subject }], message.id);
}

async function directContext(client: ApiClient, state: RealmState, report: Report): Promise<ReportContext> {
  const reportedUser = report.reportedUser as NonNullable<Report['reportedUser']>;
  const where = report.where as NonNullable<Report['where']>;
  const people = where.kind === 'group_dm' ? where.participants : [report.reporter, reportedUser].flatMap((person) => (person ? [person] : []));
  const participants = [...new Map(people.map((person) => [person.id, person])).values()];
  const kind = where.kind === 'group_dm' ? 'a group direct message among' : 'a direct message between';
  if (!participants.some((person) => person.id === state.ownUserId)) {
    return unavailable(
      `This was ${kind} ${listWords(participants.map((person) => person.name), 'nobody')}. Only the people in a conversation can read its messages, so you cannot see it in context.`,
    );
  }
  const others = participants.filter((person) => person.id !== state.ownUserId).map((person) => person.id);
  if (others.length === 0) {
    return unavailable('The report does not say who else was in this direct message, so the console cannot find the conversation.');
  }
  // The DM forms of the template name no message: find the reported user's message with the quoted text,
  // the newest one before the report.
  const narrow: Narrow = [{ operator: 'dm', operand: others }];
  const candidates = await fetchBefore(client, narrow, report.id, DM_SEARCH_DEPTH);
  const found = candidates.reverse().find((message) => message.sender_id === reportedUser.id && sameText(message, report));
  if (!found) {
    return unavailable(`The reported message is no longer in your conversation with ${listWords(participants.filter((person) => person.id !== state.ownUserId).map((person) => person.name), 'nobody')}: it was edited or deleted.`);
  }
  return around(client, narrow, found.id);
}

async function around(client: ApiClient, narrow: Narrow, id: number): Promise<ReportContext> {
  const reply = await fetchAround(client, narrow, id, CONTEXT_SIZE);
  if (!reply.found_anchor) return unavailable('The reported message could not be found in its conversation any more.');
  return {
    available: true,
    explanation: null,
    deleted: false,
    messages: reply.messages.map((message) => ({
      id: message.id,
      senderId: message.sender_id,
      senderName: message.sender_full_name,
      html: message.content,
      time: message.timestamp,
      isReported: message.id === id,
    })),
  };
}

/** The report quotes the content as stored (maybe truncated, with its marker removed by the parser). */
function sameText(message: Message, report: Report): boolean {
  const quoted = report.content ?? '';
  return report.truncated ? message.content.startsWith(quoted) : message.content.trim() === quoted.trim();
}

