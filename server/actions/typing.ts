// spec 1 and 2: typing notifications while composing or editing. The server keeps no typing state
// (spec 1 rule 5): each request is checked and becomes one event. Whether a recipient gets it
// (receives_typing_notifications, spec 1 rule 6) and whether a client wants channel typing
// (stream_typing_notifications, rule 7) is decided per queue by server/events/delivery.ts.
// upstream: zerver/views/typing.py and zerver/actions/typing.py.
import type { z } from 'zod';
import type { setTypingStatusParams, TypingOp } from '../../shared/api';
import { seconds } from '../lib/clock';
import type { ServerContext } from '../context';
import type { Db } from '../db/connection';
import { canViewMessage, dmParticipants, getMessageRow, type MessageRow } from '../db/message-queries';
import { getStream, getSubscription, hasContentAccess, subscriberIds, type StreamRow } from '../db/stream-queries';
import { getUser, userSettings, type UserRow } from '../db/users';
import { badRequest } from '../lib/errors';
import { checkPostingPermission, readTopicName } from './messages';

type TypingParams = z.output<typeof setTypingStatusParams>;

/** upstream MAX_STREAM_SIZE_FOR_TYPING_NOTIFICATIONS: bigger channels get no typing events. */
export const MAX_CHANNEL_SIZE_FOR_TYPING = 100;
/**
 * upstream's defaults for the organization's message editing (allow_message_editing on, a ten-minute
 * content edit limit): the sandbox's organization has no such settings, so these stand for them.
 */
export const MESSAGE_CONTENT_EDIT_LIMIT_SECONDS = 600;

const person = (user: Pick<UserRow, 'id' | 'email'>) => ({ user_id: user.id, email: user.email });

/** spec 1 rule 6: the sender's own settings decide whether they may send typing notifications. */
function checkSenderSetting(sender: UserRow, kind: 'channel' | 'direct'): void {
  const settings = userSettings(sender);
  if (kind === 'channel' && settings.send_stream_typing_notifications === false) {
    throw badRequest('User has disabled typing notifications for channel messages');
  }
  if (kind === 'direct' && settings.send_private_typing_notifications === false) {
    throw badRequest('User has disabled typing notifications for direct messages');
  }
}

/**
 * upstream access_stream_by_id_for_message, then access_stream_for_send_message's group check: the
 * channel must be one the sender can read and post to; unknown, archived and unreadable channels
 * look alike.
 */
function channelForTyping(db: Db, sender: UserRow, streamId: number): StreamRow {
  const stream = getStream(db, streamId);
  if (!stream || stream.is_archived || !hasContentAccess(db, sender, stream, getSubscription(db, streamId, sender.id) !== undefined)) {
    throw badRequest('Invalid channel ID');
  }
  checkPostingPermission(db, sender, stream);
  return stream;
}

/** upstream: a channel's subscribers (sender included), or nobody when the channel is too big. */
function channelAudience(db: Db, streamId: number): number[] {
  const subscribers = subscriberIds(db, streamId);
  return subscribers.length > MAX_CHANNEL_SIZE_FOR_TYPING ? [] : subscribers;
}

/** spec 1. The schema has already required stream_id and topic, or a non-empty `to`. */
export function setTyping(ctx: ServerContext, sender: UserRow, p: TypingParams): void {
  if (p.type === 'stream' || p.type === 'channel') setChannelTyping(ctx, sender, p.op, p.stream_id as number, p.topic as string);
  else setDirectTyping(ctx, sender, p.op, p.to as number[]);
}

function setChannelTyping(ctx: ServerContext, sender: UserRow, op: TypingOp, streamId: number, rawTopic: string): void {
  checkSenderSetting(sender, 'channel');
  const stream = channelForTyping(ctx.db, sender, streamId);
  // Conventions 4: "(no topic)" and the realm's display name of the empty topic mean the empty topic.
  const topic = readTopicName(ctx.db, rawTopic.trim());
  ctx.events.publish(channelAudience(ctx.db, stream.id), {
    type: 'typing',
    message_type: 'stream',
    op,
    sender: person(sender),
    stream_id: stream.id,
    topic,
  });
}

/** upstream check_send_typing_notification: every recipient must exist, and the sender is one of them. */
function setDirectTyping(ctx: ServerContext, sender: UserRow, op: TypingOp, to: number[]): void {
  checkSenderSetting(sender, 'direct');
  const ids = to.includes(sender.id) ? to : [...to, sender.id];
  const users = ids.map((id) => {
    const user = getUser(ctx.db, id);
    if (!user) throw badRequest(`Invalid user ID ${id}`);
    return user;
  });
  ctx.events.publish(
    users.filter((user) => user.is_active).map((user) => user.id),
    { type: 'typing', message_type: 'direct', op, sender: person(sender), recipients: users.map(person) },
  );
}

/**
 * upstream validate_user_can_edit_message with no grace period: only the sender may edit a message's
 * content, and only within the edit limit.
 */
function checkCanEdit(ctx: ServerContext, editor: UserRow, message: MessageRow): void {
  if (message.sender_id !== editor.id) throw badRequest("You don't have permission to edit this message");
  if (seconds(ctx.clock) - message.date_sent > MESSAGE_CONTENT_EDIT_LIMIT_SECONDS) {
    throw badRequest('The time limit for editing this message has passed');
  }
}

/** spec 2: someone is editing a message they could save. */
export function setEditTyping(ctx: ServerContext, editor: UserRow, messageId: number, op: TypingOp): void {
  const message = getMessageRow(ctx.db, messageId);
  if (!message || !canViewMessage(ctx.db, editor, message)) throw badRequest('Invalid message(s)');
  checkCanEdit(ctx, editor, message);
  if (message.type === 'stream' && message.stream_id !== null) {
    checkSenderSetting(editor, 'channel');
    ctx.events.publish(channelAudience(ctx.db, message.stream_id), {
      type: 'typing_edit_message',
      op,
      sender_id: editor.id,
      message_id: message.id,
      recipient: { type: 'channel', channel_id: message.stream_id, topic: message.topic },
    });
    return;
  }
  checkSenderSetting(editor, 'direct');
  // upstream names the conversation by the participants who would be told: active, and wanting typing
  const participants = dmParticipants(message);
  const ordered = [editor.id, ...participants.filter((id) => id !== editor.id)];
  const userIds = ordered.filter((id) => {
    const user = getUser(ctx.db, id);
    return user !== undefined && user.is_active === 1 && userSettings(user).receives_typing_notifications !== false;
  });
  ctx.events.publish(userIds, {
    type: 'typing_edit_message',
    op,
    sender_id: editor.id,
    message_id: message.id,
    recipient: { type: 'direct', user_ids: userIds },
  });
}
