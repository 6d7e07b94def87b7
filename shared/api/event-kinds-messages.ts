// Event kinds about messages and composing: `message`, `delete_message`, `typing`,
// `typing_edit_message`, the user's `drafts`, `saved_snippets` and `scheduled_messages`, and the queue's
// `heartbeat`. Shapes from upstream's https://zulip.com/api/get-events (typing: https://zulip.com/api/set-typing-status).
import { z } from 'zod';
import { ChannelId, Id, MessageId, MessageType, UserId } from './common';
import { Message } from './messages';
import { Draft } from './drafts';
import { SavedSnippet } from './snippets';
import { ScheduledMessage } from './scheduled';
import { TypingOp } from './typing';
import { eventOf, opEventOf } from './event-kinds-base';

/** spec Events 3: sent when nothing else happened for a while, so a silent connection is known dead. */
export const HeartbeatEvent = eventOf('heartbeat', {});
export type HeartbeatEvent = z.infer<typeof HeartbeatEvent>;

/** Filtered by the queue's `narrow` and `all_public_streams` (spec Events). */
export const MessageEvent = eventOf('message', {
  message: Message,
  /** The receiving user's flags for the message (`read`, `mentioned`, ...). */
  flags: z.array(z.string()),
  /** Only to the sending client, echoing the `local_id` it sent. */
  local_message_id: z.string().optional(),
});
export type MessageEvent = z.infer<typeof MessageEvent>;

const deletedFrom = {
  message_type: MessageType.optional(),
  /** Channel messages only. */
  stream_id: ChannelId.optional(),
  topic: z.string().optional(),
};
/** For clients with `bulk_message_deletion`. */
export const BulkDeleteMessageEvent = eventOf('delete_message', { message_ids: z.array(MessageId), ...deletedFrom });
/** For clients without it: one event per message. */
export const SingleDeleteMessageEvent = eventOf('delete_message', { message_id: MessageId, ...deletedFrom });
export const DeleteMessageEvent = z.union([BulkDeleteMessageEvent, SingleDeleteMessageEvent]);
export type DeleteMessageEvent = z.infer<typeof DeleteMessageEvent>;

const TypingUser = z.looseObject({ user_id: UserId, email: z.string() });
/**
 * Direct-message typing; `recipients` includes the sender. Servers before feature level 215 say
 * `private` where newer ones say `direct`, so both are read.
 */
export const DirectTypingEvent = eventOf('typing', {
  op: TypingOp,
  message_type: z.literal(['direct', 'private']),
  sender: TypingUser,
  recipients: z.array(TypingUser),
});
/** Channel typing: only to clients with `stream_typing_notifications`. */
export const ChannelTypingEvent = eventOf('typing', {
  op: TypingOp,
  message_type: z.literal('stream'),
  sender: TypingUser,
  stream_id: ChannelId,
  topic: z.string(),
});
/** spec States: show on `start`, hide on `stop` or after `server_typing_started_expiry_period_milliseconds`. */
export const TypingEvent = z.discriminatedUnion('message_type', [DirectTypingEvent, ChannelTypingEvent]);
export type TypingEvent = z.infer<typeof TypingEvent>;

/** Someone is editing a message (spec 2; feature level 351). */
export const TypingEditMessageEvent = eventOf('typing_edit_message', {
  op: TypingOp,
  sender_id: UserId,
  message_id: MessageId,
  recipient: z.discriminatedUnion('type', [
    z.looseObject({ type: z.literal('channel'), channel_id: ChannelId, topic: z.string() }),
    z.looseObject({ type: z.literal('direct'), user_ids: z.array(UserId) }),
  ]),
});
export type TypingEditMessageEvent = z.infer<typeof TypingEditMessageEvent>;

export const DraftsAddEvent = opEventOf('drafts', 'add', { drafts: z.array(Draft) });
export const DraftsUpdateEvent = opEventOf('drafts', 'update', { draft: Draft });
export const DraftsRemoveEvent = opEventOf('drafts', 'remove', { draft_id: Id });
export const DraftsEvent = z.discriminatedUnion('op', [DraftsAddEvent, DraftsUpdateEvent, DraftsRemoveEvent]);
export type DraftsEvent = z.infer<typeof DraftsEvent>;

export const SavedSnippetsAddEvent = opEventOf('saved_snippets', 'add', { saved_snippet: SavedSnippet });
export const SavedSnippetsUpdateEvent = opEventOf('saved_snippets', 'update', { saved_snippet: SavedSnippet });
export const SavedSnippetsRemoveEvent = opEventOf('saved_snippets', 'remove', { saved_snippet_id: Id });
export const SavedSnippetsEvent = z.discriminatedUnion('op', [
  SavedSnippetsAddEvent,
  SavedSnippetsUpdateEvent,
  SavedSnippetsRemoveEvent,
]);
export type SavedSnippetsEvent = z.infer<typeof SavedSnippetsEvent>;

export const ScheduledMessagesAddEvent = opEventOf('scheduled_messages', 'add', {
  scheduled_messages: z.array(ScheduledMessage),
});
export const ScheduledMessagesUpdateEvent = opEventOf('scheduled_messages', 'update', {
  scheduled_message: ScheduledMessage,
});
export const ScheduledMessagesRemoveEvent = opEventOf('scheduled_messages', 'remove', { scheduled_message_id: Id });
export const ScheduledMessagesEvent = z.discriminatedUnion('op', [
  ScheduledMessagesAddEvent,
  ScheduledMessagesUpdateEvent,
  ScheduledMessagesRemoveEvent,
]);
export type ScheduledMessagesEvent = z.infer<typeof ScheduledMessagesEvent>;
