// spec 16: report a message. The notification bot posts upstream's template (report-template.ts) to the
// realm's moderation request channel, in a topic named after the reported user
// (https://zulip.com/api/report-message; upstream's
// https://github.com/zulip/zulip/blob/main/zerver/views/message_report.py).
import type { ReportType } from '../../shared/api';
import type { ServerContext } from '../context';
import { canViewMessage, dmParticipants, getMessageRow } from '../db/message-queries';
import { getStream } from '../db/stream-queries';
import { getNotificationBot, getUser, type UserRow } from '../db/users';
import { badRequest } from '../lib/errors';
import { deliverMessage, effectiveTopicsPolicy, truncateTopic } from './messages';
import { reportContent, reportTopic, type ReportedMessageWhere, type ReportParty } from '../lib/report-template';

export function reportMessage(ctx: ServerContext, reporter: UserRow, messageId: number, reportType: ReportType, description: string): void {
  const { db } = ctx;
  const channelId = db.prepare('SELECT moderation_request_channel_id FROM realm').pluck().get() as number | null;
  const channel = channelId === null ? undefined : getStream(db, channelId);
  if (!channel) throw badRequest('Message reporting is not enabled in this organization.');
  // shared/api checks this too; kept here so the rule holds for every caller
  if (reportType === 'other' && !description) throw badRequest('An explanation is required.');
  const message = getMessageRow(db, messageId);
  if (!message || !canViewMessage(db, reporter, message)) throw badRequest('Invalid message(s)');

  const party = (id: number): ReportParty => {
    const user = getUser(db, id);
    return { id, full_name: user?.full_name ?? '' };
  };
  const reportedUser = party(message.sender_id);
  let where: ReportedMessageWhere;
  if (message.type === 'stream' && message.stream_id !== null) {
    const reportedIn = getStream(db, message.stream_id);
    where = { kind: 'channel', channelId: message.stream_id, channelName: reportedIn?.name ?? '', topic: message.topic };
  } else {
    const participants = dmParticipants(message);
    // upstream: a conversation of two (or with oneself) is a personal DM, more is a group DM
    where = participants.length > 2 ? { kind: 'group_dm', participants: participants.map(party) } : { kind: 'dm' };
  }
  const content = reportContent({ reporter: party(reporter.id), reportedUser, messageId, where, reportType, description, content: message.content });
  const bot = getNotificationBot(db);
  if (!bot) throw new Error('The notification bot is missing from this organization.');
  // upstream (later versions): a channel that allows only the empty topic gets the report there
  const topic = effectiveTopicsPolicy(db, channel) === 'empty_topic_only' ? '' : truncateTopic(reportTopic(reportedUser));
  deliverMessage(ctx, bot, { kind: 'channel', stream: channel, topic }, content, { client: 'Internal', readBySender: false });
}
