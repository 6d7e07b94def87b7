// spec 22: the outgoing webhook. Not an endpoint of the API but a payload the service POSTs to an
// integrator's server, so it is a descriptor rather than an `endpoint()`.
// Upstream documents them: https://zulip.com/api/outgoing-webhooks,
// https://zulip.com/api/outgoing-webhook-payload.
import { z } from 'zod';
import { Message } from './messages';

/** Triggers the spec names. The set is open ("includes"); `private_message` is the name before level 201. */
export const WEBHOOK_TRIGGERS = ['direct_message', 'mention'] as const;

/** The webhook's message: the spec's message object, where `rendered_content` is always present. */
export const OutgoingWebhookMessage = Message.extend({ rendered_content: z.string() });

// The upstream example leaves out `content_type`; the spec says the message has the same format as
// get-messages, so it is required here.
export const OutgoingWebhookPayload = z.looseObject({
  bot_email: z.string(),
  bot_full_name: z.string(),
  /** The message's raw Markdown. */
  data: z.string(),
  trigger: z.string(),
  /** Fixed per bot: lets the receiver authenticate the request (spec Authentication 5). */
  token: z.string(),
  message: OutgoingWebhookMessage,
});
export type OutgoingWebhookPayload = z.infer<typeof OutgoingWebhookPayload>;

/** What the integrator may answer (upstream): `content` is posted as the bot's reply. */
export const OutgoingWebhookReply = z.looseObject({
  content: z.string().optional(),
  /** True: the bot sends no reply. */
  response_not_required: z.boolean().optional(),
});
export type OutgoingWebhookReply = z.infer<typeof OutgoingWebhookReply>;

export interface WebhookDescriptor<P extends z.ZodType, R extends z.ZodType> {
  readonly spec: number;
  /** The service POSTs `payload` as JSON to the address configured for the bot. */
  readonly method: 'POST';
  readonly payload: P;
  readonly reply: R;
}

export const outgoingWebhook: WebhookDescriptor<typeof OutgoingWebhookPayload, typeof OutgoingWebhookReply> = {
  spec: 22,
  method: 'POST',
  payload: OutgoingWebhookPayload,
  reply: OutgoingWebhookReply,
};
