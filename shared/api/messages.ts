// Messages: spec endpoints 7 (get messages), 13 (mark a topic as read) and 20 (render), the spec's
// message object, and upstream's POST /messages (https://zulip.com/api/send-message; one of the upstream
// endpoints the sandbox serves, docs/server.md).
// Upstream documents them: https://zulip.com/api/get-messages, https://zulip.com/api/mark-topic-as-read,
// https://zulip.com/api/render-message.
//
// Rules between parameters are zod refinements on the params object. In zod 4 a refined z.object is
// still a ZodObject, so `endpoint()` takes it and every user of the endpoint (client, server, contract
// tests) gets the rule. But `.pick()`/`.partial()` throw on a refined object, so each refined params
// schema also has its plain `...Base` object (for forms) and its rule as an exported function.
import { z } from 'zod';
import { EmptySuccess, endpoint, successEnvelope } from './envelope';
import {
  ChannelId,
  MessageId,
  MessageType,
  Narrow,
  ReportedReactionType,
  RecipientType,
  Timestamp,
  UserId,
} from './common';

/** One recipient of a direct message in `display_recipient`. */
export const DisplayRecipientUser = z.looseObject({
  id: UserId,
  email: z.string(),
  full_name: z.string(),
  is_mirror_dummy: z.boolean(),
});

/** One entry of `edit_history`: `user_id` and `timestamp` always, the rest for what the edit changed. */
export const EditHistoryEntry = z.looseObject({
  /** Null only for edits before March 2017. */
  user_id: UserId.nullable(),
  timestamp: Timestamp,
  prev_content: z.string().optional(),
  prev_rendered_content: z.string().optional(),
  prev_stream: ChannelId.optional(),
  stream: ChannelId.optional(),
  /** Older servers send it as `prev_subject` (kept, as an unknown field). */
  prev_topic: z.string().optional(),
  topic: z.string().optional(),
});
export type EditHistoryEntry = z.infer<typeof EditHistoryEntry>;

/** An emoji reaction. The spec's third kind is `service_extra_emoji`; upstream sends `zulip_extra_emoji`. */
export const Reaction = z.looseObject({
  emoji_name: z.string(),
  emoji_code: z.string(),
  reaction_type: ReportedReactionType,
  user_id: UserId,
});
export type Reaction = z.infer<typeof Reaction>;

export const Submessage = z.looseObject({
  msg_type: z.string(),
  content: z.string(),
  message_id: MessageId,
  sender_id: UserId,
  id: z.int(),
});

export const TopicLink = z.looseObject({ text: z.string(), url: z.string() });

/** Spec "Message object" (get-messages results; the outgoing webhook's `message` too). */
export const Message = z.looseObject({
  id: MessageId,
  /** Null only if the viewer may see the sender's real email and sent `client_gravatar: true`. */
  avatar_url: z.string().nullable(),
  /** Name of the client that sent the message. */
  client: z.string(),
  /** HTML with `apply_markdown`, else Markdown. */
  content: z.string(),
  content_type: z.enum(['text/html', 'text/x-markdown']),
  /** Channel name, or the participants of a direct message. */
  display_recipient: z.union([z.string(), z.array(DisplayRecipientUser)]),
  /** Newest first; absent if never edited or moved, or if viewing edit history is not allowed. */
  edit_history: z.array(EditHistoryEntry).optional(),
  is_me_message: z.boolean(),
  /** Absent if the content was never edited (moves excluded since feature level 365). */
  last_edit_timestamp: Timestamp.optional(),
  /** Absent if never moved, or only resolved and unresolved. */
  last_moved_timestamp: Timestamp.optional(),
  reactions: z.array(Reaction),
  recipient_id: z.int(),
  sender_email: z.string(),
  sender_full_name: z.string(),
  sender_id: UserId,
  sender_realm_str: z.string(),
  /** Only on channel messages. */
  stream_id: ChannelId.optional(),
  /** The topic; always empty for direct messages. */
  subject: z.string(),
  submessages: z.array(Submessage),
  timestamp: Timestamp,
  topic_links: z.array(TopicLink),
  type: MessageType,
  /** HTML rendering; present in the outgoing webhook payload. */
  rendered_content: z.string().optional(),
});
export type Message = z.infer<typeof Message>;

/** A message as GET /messages returns it: upstream adds the viewer's flags and search highlights. */
export const FetchedMessage = Message.extend({
  flags: z.array(z.string()).optional(),
  /** Only for keyword searches. */
  match_content: z.string().optional(),
  match_subject: z.string().optional(),
});
export type FetchedMessage = z.infer<typeof FetchedMessage>;

/** spec Limits: more than this many messages in one request is an error. */
export const MAX_MESSAGES_PER_FETCH = 5000;
/** spec Limits: what clients should ask for at most, to keep replies small. */
export const RECOMMENDED_MESSAGES_PER_FETCH = 1000;

export const ANCHOR_KEYWORDS = ['newest', 'oldest', 'first_unread'] as const;
/** A message ID (as a number or a decimal string), or a keyword the server resolves. */
export const Anchor = z.union([MessageId, z.enum(ANCHOR_KEYWORDS), z.string().regex(/^\d+$/)]);
export type Anchor = z.infer<typeof Anchor>;

// spec 7
export const getMessagesParamsBase = z.object({
  anchor: Anchor.optional(),
  /** Default true. */
  include_anchor: z.boolean().optional(),
  /** Required unless `message_ids` is given. */
  num_before: z.int().nonnegative().optional(),
  /** Required unless `message_ids` is given. */
  num_after: z.int().nonnegative().optional(),
  /** Default empty: the combined feed. Operator `channels` with operand `public` searches all public channels. */
  narrow: Narrow.optional(),
  /** Default true. */
  client_gravatar: z.boolean().optional(),
  /** Default true. */
  apply_markdown: z.boolean().optional(),
  /** Specific messages (feature level 300); excludes the anchor and range parameters. */
  message_ids: z.array(MessageId).optional(),
  /** Default false: the empty topic comes back as `realm_empty_topic_display_name`. */
  allow_empty_topic_name: z.boolean().optional(),
  /** Deprecated (use `anchor: "first_unread"`); default false; excludes `anchor`. */
  use_first_unread_anchor: z.boolean().optional(),
});
type GetMessagesFields = z.output<typeof getMessagesParamsBase>;

const EXCLUDED_BY_MESSAGE_IDS = ['anchor', 'include_anchor', 'use_first_unread_anchor', 'num_before', 'num_after'] as const;

/** How many messages a get-messages request asks for: the range plus the anchor, or the listed IDs. */
export function messagesRequested(p: GetMessagesFields): number {
  if (p.message_ids !== undefined) return p.message_ids.length;
  return (p.num_before ?? 0) + (p.num_after ?? 0) + (p.include_anchor === false ? 0 : 1);
}

/** spec 7's rules between parameters. */
export function checkGetMessagesParams(p: GetMessagesFields, ctx: z.RefinementCtx): void {
  if (p.message_ids !== undefined) {
    // Upstream tolerates zero counts and `include_anchor` beside message_ids; the spec forbids any of them.
    for (const key of EXCLUDED_BY_MESSAGE_IDS) {
      if (p[key] !== undefined) {
        ctx.addIssue({ code: 'custom', path: [key], message: `${key} cannot be combined with message_ids` });
      }
    }
  } else {
    for (const key of ['num_before', 'num_after'] as const) {
      if (p[key] === undefined) {
        ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required unless message_ids is given` });
      }
    }
  }
  if (p.use_first_unread_anchor === true && p.anchor !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['anchor'], message: 'anchor cannot be combined with use_first_unread_anchor' });
  }
  // The spec caps the messages a request can return, so the anchor counts; upstream counts only the range.
  if (messagesRequested(p) > MAX_MESSAGES_PER_FETCH) {
    ctx.addIssue({
      code: 'custom',
      path: [],
      message: `Too many messages requested (maximum ${MAX_MESSAGES_PER_FETCH}).`,
    });
  }
  // upstream: an excluded anchor must be at an end of the range
  if ((p.num_before ?? 0) > 0 && (p.num_after ?? 0) > 0 && p.include_anchor === false) {
    ctx.addIssue({
      code: 'custom',
      path: ['include_anchor'],
      message: 'The anchor can only be excluded at an end of the range',
    });
  }
}

export const getMessagesParams = getMessagesParamsBase.superRefine(checkGetMessagesParams);
export type GetMessagesParams = z.input<typeof getMessagesParams>;

export const getMessagesReply = successEnvelope({
  /** The anchor used (computed for keywords); absent when `message_ids` was given. */
  anchor: MessageId.optional(),
  found_newest: z.boolean(),
  found_oldest: z.boolean(),
  found_anchor: z.boolean(),
  /** True only when the oldest matching messages were fetched and history was cut by the plan. */
  history_limited: z.boolean(),
  /** Sorted by ID. */
  messages: z.array(FetchedMessage),
});
export const getMessages = endpoint('GET', '/messages', getMessagesParams, getMessagesReply, { spec: 7 });

// spec 13: deprecated in favour of the update-personal-message-flags-for-narrow endpoint.
export const markTopicAsReadParams = z.object({
  stream_id: ChannelId,
  /** `(no topic)` and `realm_empty_topic_display_name` mean the empty topic. */
  topic_name: z.string(),
});
export const markTopicAsRead = endpoint('POST', '/mark_topic_as_read', markTopicAsReadParams, EmptySuccess, {
  spec: 13,
});

// spec 20
export const renderMessageParams = z.object({
  /** Markdown; limit: the register response's `max_message_length`. */
  content: z.string(),
});
export const renderMessage = endpoint(
  'POST',
  '/messages/render',
  renderMessageParams,
  successEnvelope({ rendered: z.string() }),
  { spec: 20 },
);

// upstream POST /messages
export const sendMessageParams = z.object({
  /** `direct` and `channel` are the current names; `private` and `stream` the older ones. */
  type: RecipientType,
  /** A channel's ID or name, or the recipients' user IDs (or emails) for a direct message. */
  to: z.union([ChannelId, z.string(), z.array(UserId), z.array(z.string())]),
  /** Channel messages only; limit: `max_topic_length`. */
  topic: z.string().optional(),
  /** Limit: `max_message_length`. */
  content: z.string(),
  /** For local echo: the sender's event queue; `local_id` is then required. */
  queue_id: z.string().optional(),
  local_id: z.string().optional(),
  /** Unset: the server guesses from the client and the recipient. */
  read_by_sender: z.boolean().optional(),
});
export type SendMessageParams = z.input<typeof sendMessageParams>;
export const sendMessage = endpoint(
  'POST',
  '/messages',
  sendMessageParams,
  successEnvelope({
    id: MessageId,
    /** Present only when sending changed the sender's visibility policy for the topic (2 unmuted, 3 followed). */
    automatic_new_visibility_policy: z.int().optional(),
  }),
);

// upstream DELETE /messages/{message_id}: administrators, holders of the channel's
// can_delete_any_message_group, or the sender within the realm's rules.
export const deleteMessage = endpoint('DELETE', '/messages/{message_id}', z.object({ message_id: MessageId }), EmptySuccess);
