// Scheduled messages: spec endpoint 5 (edit), plus upstream's list, create and delete (feature level
// 173 onward). A scheduled message's ID is not the ID the message gets once sent.
// Upstream documents them: https://zulip.com/api/update-scheduled-message,
// https://zulip.com/api/get-scheduled-messages, https://zulip.com/api/create-scheduled-message,
// https://zulip.com/api/delete-scheduled-message.
import { z } from 'zod';
import { EmptySuccess, endpoint, successEnvelope } from './envelope';
import { ChannelId, EMPTY_TOPIC_LITERAL, Id, MessageType, RecipientType, Timestamp, UserId } from './common';

/** A channel ID for channel messages, the recipients' user IDs for direct messages. */
export const ScheduledMessageTo = z.union([ChannelId, z.array(UserId)]);

/** Upstream's scheduled message object (GET /scheduled_messages); the spec does not show it. */
export const ScheduledMessage = z.looseObject({
  scheduled_message_id: Id,
  type: MessageType,
  to: ScheduledMessageTo,
  /** Only for channel messages. */
  topic: z.string().optional(),
  /** Markdown. */
  content: z.string(),
  rendered_content: z.string(),
  scheduled_delivery_timestamp: Timestamp,
  /** The server tried to send it and failed; editing it then needs a new delivery time. */
  failed: z.boolean(),
});
export type ScheduledMessage = z.infer<typeof ScheduledMessage>;

const isChannelType = (type: string | undefined) => type === 'stream' || type === 'channel';

// spec 5
export const editScheduledMessageParamsBase = z.object({
  scheduled_message_id: Id,
  /** `private` is still accepted, `direct` preferred. */
  type: RecipientType.optional(),
  /** Required when `type` changes. */
  to: ScheduledMessageTo.optional(),
  /** Limit: the register response's `max_message_length`. */
  content: z.string().optional(),
  /** Required when `type` changes to a channel type; ignored for direct messages; limit `max_topic_length`. */
  topic: z.string().optional(),
  /** Required when the message has `failed: true` (the server checks: it depends on the message's state). */
  scheduled_delivery_timestamp: Timestamp.optional(),
});
type EditScheduledMessageFields = z.output<typeof editScheduledMessageParamsBase>;

/** spec 5's rules between parameters. */
export function checkEditScheduledMessageParams(p: EditScheduledMessageFields, ctx: z.RefinementCtx): void {
  if (p.type === undefined) return;
  if (p.to === undefined) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'to is required when the type changes' });
  }
  // Conventions 4: where the topic is required here, the empty-topic spellings are rejected, not mapped.
  // The server also rejects its own `realm_empty_topic_display_name`, which a schema cannot know.
  if (isChannelType(p.type) && (p.topic === undefined || p.topic === '' || p.topic === EMPTY_TOPIC_LITERAL)) {
    ctx.addIssue({ code: 'custom', path: ['topic'], message: 'A topic is required when the type changes to a channel message' });
  }
}

export const editScheduledMessageParams = editScheduledMessageParamsBase.superRefine(checkEditScheduledMessageParams);
export type EditScheduledMessageParams = z.input<typeof editScheduledMessageParams>;
export const editScheduledMessage = endpoint(
  'PATCH',
  '/scheduled_messages/{scheduled_message_id}',
  editScheduledMessageParams,
  EmptySuccess,
  { spec: 5 },
);

// upstream GET /scheduled_messages: undelivered ones, earliest delivery first.
export const getScheduledMessages = endpoint(
  'GET',
  '/scheduled_messages',
  z.object({}),
  successEnvelope({ scheduled_messages: z.array(ScheduledMessage) }),
);

// upstream POST /scheduled_messages
export const createScheduledMessageParams = z.object({
  /** `channel` since feature level 248 (spec Versioning). */
  type: RecipientType,
  to: ScheduledMessageTo,
  /** Limit: `max_message_length`. */
  content: z.string(),
  /** Channel messages only; limit `max_topic_length`. */
  topic: z.string().optional(),
  scheduled_delivery_timestamp: Timestamp,
  /** Unset: the server guesses from the client and the recipient. */
  read_by_sender: z.boolean().optional(),
});
export type CreateScheduledMessageParams = z.input<typeof createScheduledMessageParams>;
export const createScheduledMessage = endpoint(
  'POST',
  '/scheduled_messages',
  createScheduledMessageParams,
  successEnvelope({ scheduled_message_id: Id }),
);

// upstream DELETE /scheduled_messages/{scheduled_message_id}: cancels sending.
export const deleteScheduledMessage = endpoint(
  'DELETE',
  '/scheduled_messages/{scheduled_message_id}',
  z.object({ scheduled_message_id: Id }),
  EmptySuccess,
);
